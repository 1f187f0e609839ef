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
// seconds, offset seconds after start (or after the page's appearance, if
// later), until before end, would have logged (CrawlPage, page by page).
func CrawlEvery(pages []Changes, start, offset, interval, end float64) []History {
	out := make([]History, len(pages))
	for i, p := range pages {
		out[i] = CrawlPage(p, start, offset, interval, end)
	}
	return out
}

// CrawlPage returns what a crawler visiting a page every interval seconds,
// offset seconds after start (or after the page's appearance, if later),
// until before end, would have logged: the history its rate is estimated
// from when what is known is its complete change history (a backtest's
// training; a change history planned as it is).
func CrawlPage(p Changes, start, offset, interval, end float64) History {
	first := start
	if len(p.Times) > 0 {
		first = math.Max(start, p.Times[0])
	}
	return History{URL: p.URL, Host: p.Host, Weight: 1, Fetches: Crawl(p.Times, every(first+offset, interval, end))}
}

// CrawlOffset is the offset a simulated crawl of pages' histories wants:
// half their clock's tick — the coarsest of a day, an hour, a minute and a
// second that every change time is a whole multiple of (Unix seconds), 0
// when none is — so that no visit falls on a change. A change at a
// visit's very time is seen by it with a Last-Modified equal to the fetch
// time, which estimators rightly distrust in a real log (a server stamping
// its responses) and ignore; in a history of dates, where every change is
// at midnight, a crawl from midnight would meet every change so, leaving
// the last-modified estimator only the visits that saw none: every page
// would look as if it never changed.
func CrawlOffset(pages []Changes) float64 {
	for _, tick := range []float64{86400, 3600, 60, 1} {
		if onClock(pages, tick) {
			return tick / 2
		}
	}
	return 0
}

// onClock reports whether every change time of pages is a whole multiple
// of tick seconds.
func onClock(pages []Changes, tick float64) bool {
	for _, p := range pages {
		for _, t := range p.Times {
			if math.Mod(t, tick) != 0 {
				return false
			}
		}
	}
	return true
}

// every returns the times every step seconds from first while before end.
func every(first, step, end float64) []float64 {
	var out []float64
	for t := first; t < end; t += step {
		out = append(out, t)
	}
	return out
}
