package backtest

import (
	"math"
	"sort"

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
