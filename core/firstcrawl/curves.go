package firstcrawl

import (
	"bufio"
	"io"
	"strconv"
)

// WriteCurves writes every strategy's curve as CSV,
// strategy,fraction_pages,fraction_pagerank,seconds, a row at every 1% of
// pages: the CLI's curves file and the app's download, the same bytes.
func WriteCurves(w io.Writer, rep *Report) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("strategy,fraction_pages,fraction_pagerank,seconds\n")
	for _, s := range rep.Summaries {
		for _, pt := range s.Curve {
			bw.WriteString(s.Strategy + "," + strconv.FormatFloat(pt.Pages, 'f', 2, 64) + "," +
				strconv.FormatFloat(pt.PageRank, 'f', 6, 64) + "," + strconv.FormatFloat(pt.Seconds, 'f', 3, 64) + "\n")
		}
	}
	return bw.Flush()
}
