package observe

import (
	"hash/fnv"
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
	prev := -1
	for k, t := range visits {
		j := ChangesBy(changes, t)
		out[k] = seenFetch(changes, t, prev, j)
		prev = j
	}
	return out
}

// ChangesBy is how many of changes (sorted) are at or before t: what a
// visit at t has seen.
func ChangesBy(changes []float64, t float64) int {
	return sort.SearchFloat64s(changes, math.Nextafter(t, math.Inf(1)))
}

// seenFetch is Crawl's fetch at t, after j of changes and prev of them
// by the visit before (−1 for none: the baseline): changed when a change
// came in (previous visit, t], its Last-Modified the latest change by t.
func seenFetch(changes []float64, t float64, prev, j int) Fetch {
	f := Fetch{At: t, LastModified: math.NaN(), Changed: prev >= 0 && prev < j}
	if j > 0 {
		f.LastModified = changes[j-1]
	}
	return f
}

// AppendSeen appends to fs, a page's fetches so far, those of its visits
// at times ts after them, seen[k] of its changes by ts[k] (ChangesBy):
// what Crawl logs of all the visits, kept in 4 bytes a visit until asked
// for. The first is the baseline when fs is empty.
func AppendSeen(fs []Fetch, changes, ts []float64, seen []int32) []Fetch {
	prev := -1
	if n := len(fs); n > 0 {
		prev = ChangesBy(changes, fs[n-1].At)
	}
	for k, t := range ts {
		j := int(seen[k])
		fs = append(fs, seenFetch(changes, t, prev, j))
		prev = j
	}
	return fs
}

// CrawlEvery returns what a crawler visiting every page every interval
// seconds would have logged from start until before end (CrawlPage, page
// by page), each page at its own phase of the interval (CrawlPhase, on
// the pages' clock tick).
func CrawlEvery(pages []Changes, start, interval, end float64) []History {
	tick := CrawlTick(pages)
	out := make([]History, len(pages))
	for i, p := range pages {
		out[i] = CrawlPage(p, start, CrawlPhase(p.URL, tick, interval), interval, end)
	}
	return out
}

// CrawlPage returns what a crawler visiting a page every interval seconds
// would have logged, its visits at start + phase + k·interval until
// before end, from the first after the page appears (its first change):
// the history its rate is estimated from when what is known is its
// complete change history (a backtest's training; a change history
// planned as it is). A page appearing after start is found at the
// crawl's next round, as a real crawler finds a new page.
func CrawlPage(p Changes, start, phase, interval, end float64) History {
	first := firstVisit(p, start, phase, interval)
	return History{URL: p.URL, Host: p.Host, Weight: p.Weight, CrawlDelay: p.CrawlDelay, Fetches: Crawl(p.Times, every(first, interval, end))}
}

// firstVisit is CrawlPage's first visit to p: the first round at or
// after the page appears.
func firstVisit(p Changes, start, phase, interval float64) float64 {
	first := start + phase
	if len(p.Times) > 0 && p.Times[0] > first {
		first += math.Ceil((p.Times[0]-first)/interval) * interval
	}
	return first
}

// CrawlTick returns the clock tick of pages' change times: the coarsest
// of a day, an hour, a minute and a second that every change time is a
// whole multiple of (Unix seconds), 0 when none is.
func CrawlTick(pages []Changes) float64 {
	for _, tick := range []float64{86400, 3600, 60, 1} {
		if onClock(pages, tick) {
			return tick
		}
	}
	return 0
}

// CrawlPhase returns when in each interval a simulated crawl visits the
// page at url: half a tick of the history's clock in, plus a whole number
// of ticks drawn from the URL (its FNV-1a hash, mixed), so that the
// crawl's visits spread over the interval as a real crawler's do.
//
// Half a tick, so that no visit falls on a change: a change at a visit's
// very time is seen by it with a Last-Modified equal to the fetch time,
// which estimators rightly distrust in a real log (a server stamping its
// responses) and ignore; in a history of dates, where every change is at
// midnight, a crawl at midnight would meet every change so, leaving the
// last-modified estimator only the visits that saw none: every page would
// look as if it never changed. A phase of its own, so that no page's
// visits are locked to its changes: a page published at 06:00 every day,
// its crawl starting half an hour after its first change, was met 30
// minutes after every change and estimated at 48 changes a day. With a
// tick of a day and a daily crawl every page is visited at noon.
func CrawlPhase(url string, tick, interval float64) float64 {
	h := fnv.New64a()
	h.Write([]byte(url))
	// FNV's high bits barely move between URLs that differ at the end:
	// MurmurHash3's finaliser spreads every bit over all of them.
	x := h.Sum64()
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	x *= 0xc4ceb9fe1a85ec53
	x ^= x >> 33
	u := float64(x>>11) / (1 << 53) // in [0, 1)
	if !(tick > 0) {
		return u * interval
	}
	return tick/2 + math.Floor(u*math.Floor(interval/tick))*tick
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
