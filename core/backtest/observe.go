package backtest

import (
	"math"
	"sort"
	"time"

	"github.com/freshplan/freshplan/core/observe"
)

// crawl returns what a crawler visiting a page at the given times would
// have observed: at each visit, whether the content changed since the
// previous visit, and the Last-Modified a server reports, the latest
// change at or before the visit (NaN before the first). The first visit
// is the baseline.
func crawl(changes, visits []float64) []observe.Fetch {
	out := make([]observe.Fetch, len(visits))
	for k, t := range visits {
		// changes ≤ t
		j := sort.SearchFloat64s(changes, math.Nextafter(t, math.Inf(1)))
		lm := math.NaN()
		if j > 0 {
			lm = changes[j-1]
		}
		out[k] = observe.Fetch{At: t, LastModified: lm}
		if k > 0 {
			i := sort.SearchFloat64s(changes, math.Nextafter(visits[k-1], math.Inf(1)))
			out[k].Changed = i < j // a change in (previous visit, this visit]
		}
	}
	return out
}

// regular returns the visits every step seconds from first while before end.
func regular(first, step, end float64) []float64 {
	var out []float64
	for t := first; t < end; t += step {
		out = append(out, t)
	}
	return out
}

// Observed returns what a crawler visiting every page every interval
// seconds, from start (or the page's appearance, if later) until before
// end, would have logged: the histories a plan is estimated from.
func Observed(pages []observe.Changes, start, interval, end float64) []observe.History {
	out := make([]observe.History, len(pages))
	for i, p := range pages {
		first := start
		if len(p.Times) > 0 {
			first = math.Max(start, p.Times[0])
		}
		out[i] = observe.History{URL: p.URL, Host: p.Host, Weight: 1,
			Fetches: crawl(p.Times, regular(first, interval, end))}
	}
	return out
}

// DefaultSplit is where a backtest of pages splits when not told: at the
// start of the first month that leaves a year after it, ending at the
// last change seen — so the test covers the last (at most) year.
func DefaultSplit(pages []observe.Changes) (float64, bool) {
	last := math.Inf(-1)
	for _, p := range pages {
		if n := len(p.Times); n > 0 {
			last = math.Max(last, p.Times[n-1])
		}
	}
	if math.IsInf(last, -1) {
		return 0, false
	}
	t := time.Unix(int64(last), 0).UTC().AddDate(-1, 0, 0)
	return float64(time.Date(t.Year(), t.Month()+1, 1, 0, 0, 0, 0, time.UTC).Unix()), true
}
