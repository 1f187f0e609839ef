package observe

import (
	"math"
	"sort"
)

// Crawl returns what a crawler visiting a page at the given times (sorted)
// would have logged of its change history: at each visit, whether the
// content changed since the previous visit, and the Last-Modified a server
// reports, the latest change at or before the visit (NaN before the
// first). The first visit is the baseline.
func Crawl(changes, visits []float64) []Fetch {
	out := make([]Fetch, len(visits))
	for k, t := range visits {
		// changes ≤ t
		j := sort.SearchFloat64s(changes, math.Nextafter(t, math.Inf(1)))
		lm := math.NaN()
		if j > 0 {
			lm = changes[j-1]
		}
		out[k] = Fetch{At: t, LastModified: lm}
		if k > 0 {
			i := sort.SearchFloat64s(changes, math.Nextafter(visits[k-1], math.Inf(1)))
			out[k].Changed = i < j // a change in (previous visit, this visit]
		}
	}
	return out
}

// CrawlEvery returns what a crawler visiting every page every interval
// seconds, from start (or the page's appearance, if later) until before
// end, would have logged (CrawlPage, page by page, offset 0).
func CrawlEvery(pages []Changes, start, interval, end float64) []History {
	out := make([]History, len(pages))
	for i, p := range pages {
		out[i] = CrawlPage(p, start, 0, interval, end)
	}
	return out
}

// CrawlPage returns what a crawler visiting a page every interval seconds,
// offset seconds after start (or after the page's appearance, if later),
// until before end, would have logged: the history its rate is estimated
// from when what is known is its complete change history (a backtest's
// training; a change history planned as it is).
//
// A change at a visit's very time is seen by it, with a Last-Modified
// equal to the fetch time, which estimators rightly distrust in a real log
// (a server stamping its responses) and ignore; an offset keeps the visits
// off the changes of a history whose times share a clock (dates alone:
// every change at midnight) — else only the visits that saw no change
// would tell the last-modified estimator anything, and every page would
// look as if it never changed.
func CrawlPage(p Changes, start, offset, interval, end float64) History {
	first := start
	if len(p.Times) > 0 {
		first = math.Max(start, p.Times[0])
	}
	return History{URL: p.URL, Host: p.Host, Weight: 1, Fetches: Crawl(p.Times, every(first+offset, interval, end))}
}

// every returns the times every step seconds from first while before end.
func every(first, step, end float64) []float64 {
	var out []float64
	for t := first; t < end; t += step {
		out = append(out, t)
	}
	return out
}
