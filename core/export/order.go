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
	for i, pg := range pages {
		switch format {
		case "nutch":
			bw.WriteString(pg.URL + "\tnutch.score=" + strconv.FormatFloat(1-float64(i)/n, 'g', 8, 64) + "\n")
		case "stormcrawler":
			bw.WriteString(pg.URL + "\n")
		case "csv":
			bw.WriteString(strconv.Itoa(i+1) + "," + csvField(pg.URL) + "," + csvField(pg.Host) + "," + num(delay) + "\n")
		default:
			return fmt.Errorf("unknown export format %q: want nutch, stormcrawler or csv", format)
		}
	}
	return bw.Flush()
}
