package export

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
)

// Ordered is one page of a first crawl's order (freshplan order).
type Ordered struct{ URL, Host string }

// Order writes a first crawl's order as a seed list, the pages in the
// order to fetch them, delay being the seconds to wait between requests
// to one host (the simulation's w, the same for every host):
//
//	nutch:        URL<TAB>nutch.score=S, S falling from 1 so that Nutch's generator, which takes the best-scored URLs first, keeps the order
//	stormcrawler: URL, in order (its FileSpout emits the lines in turn)
//	csv:          rank,url,host,delay_seconds
//
// Neither crawler reads a per-URL politeness delay: their own setting
// (fetcher.server.delay in both) is to be set to delay; the CSV carries it.
func Order(w io.Writer, pages []Ordered, delay float64, format string) error {
	bw := bufio.NewWriterSize(w, 1<<16)
	if format == "csv" {
		bw.WriteString("rank,url,host,delay_seconds\n")
	}
	n := float64(len(pages))
	var ln row
	for i, pg := range pages {
		switch format {
		case "nutch":
			ln.raw(pg.URL).raw("\tnutch.score=")
			ln.b = strconv.AppendFloat(ln.b, 1-float64(i)/n, 'g', 8, 64)
		case "stormcrawler":
			ln.raw(pg.URL)
		case "csv":
			ln.int(int64(i + 1)).comma().field(pg.URL).comma().field(pg.Host).comma().num(delay)
		default:
			return fmt.Errorf("unknown export format %q: want nutch, stormcrawler or csv", format)
		}
		ln.end(bw)
	}
	return bw.Flush()
}
