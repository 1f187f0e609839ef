package export

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strconv"

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
	T := p.Params.Horizon.Seconds()
	bw := bufio.NewWriterSize(w, 1<<16)
	if format == "csv" {
		bw.WriteString("url,host,interval_seconds,visits\n")
	}
	for i, pg := range p.Pages {
		secs := float64(Unvisited)
		if s, ok := Interval(r.Visits[i], T); ok {
			secs = s
		}
		whole := int64(math.Max(1, math.Round(secs)))
		switch format {
		case "nutch":
			line := pg.URL + "\tnutch.fetchInterval=" + strconv.FormatInt(whole, 10) + "\tnutch.fetchInterval.fixed=true"
			if pg.Weight != 1 {
				line += "\tnutch.score=" + num(pg.Weight)
			}
			bw.WriteString(line + "\n")
		case "stormcrawler":
			mins := int64(math.Max(1, math.Round(secs/60)))
			bw.WriteString(pg.URL + "\tscheduler.delay.mins=" + strconv.FormatInt(mins, 10) + "\n")
		case "csv":
			bw.WriteString(csvField(pg.URL) + "," + csvField(pg.Host) + "," + strconv.FormatInt(whole, 10) + "," + num(r.Visits[i]) + "\n")
		default:
			return fmt.Errorf("unknown export format %q: want nutch, stormcrawler or csv", format)
		}
	}
	return bw.Flush()
}
