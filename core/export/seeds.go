package export

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"slices"

	"github.com/freshplan/freshplan/core/plan"
)

// Unvisited is the revisit interval written for a page the plan does not
// visit: one year, so the crawler keeps the URL without spending budget.
const Unvisited = 365 * 86400

// Formats are the seed-list formats Seeds writes.
var Formats = []string{"nutch", "stormcrawler", "csv"}

// Seeds writes a seed list for the plan's policy, one URL per line with
// its revisit interval (T divided by its visits per horizon):
//
//	nutch:        URL<TAB>nutch.fetchInterval=SECONDS<TAB>nutch.fetchInterval.fixed=true[<TAB>nutch.score=W]
//	stormcrawler: URL<TAB>scheduler.delay.mins=MINUTES
//	csv:          url,host,interval_seconds,visits
//
// Nutch's injector reads per-URL metadata after a tab; fixed=true keeps
// its adaptive schedule from changing the interval, and the score is
// written when the weight is not 1. StormCrawler's DefaultScheduler reads
// scheduler.delay.mins from a URL's metadata. Intervals are whole seconds
// (whole minutes, at least 1, for StormCrawler).
func Seeds(w io.Writer, p *plan.Plan, format string) error {
	r, err := policyResult(p)
	if err != nil {
		return err
	}
	if !slices.Contains(Formats, format) {
		return fmt.Errorf("unknown export format %q: want nutch, stormcrawler or csv", format)
	}
	T := p.Params.Horizon.Seconds()
	bw := bufio.NewWriterSize(w, 1<<16)
	if format == "csv" {
		bw.WriteString("url,host,interval_seconds,visits\n")
	}
	var ln row
	for i := range p.Table.Len() {
		pg := p.Table.Page(i)
		secs := float64(Unvisited)
		if s, ok := Interval(r.Visits[i], T); ok {
			secs = s
		}
		whole := int64(math.Max(1, math.Round(secs)))
		switch format {
		case "nutch":
			ln.raw(pg.URL).raw("\tnutch.fetchInterval=").int(whole).raw("\tnutch.fetchInterval.fixed=true")
			if pg.Weight != 1 {
				ln.raw("\tnutch.score=").num(pg.Weight)
			}
		case "stormcrawler":
			ln.raw(pg.URL).raw("\tscheduler.delay.mins=").int(int64(math.Max(1, math.Round(secs/60))))
		case "csv":
			ln.field(pg.URL).comma().field(pg.Host).comma().int(whole).comma().num(r.Visits[i])
		}
		ln.end(bw)
	}
	return bw.Flush()
}
