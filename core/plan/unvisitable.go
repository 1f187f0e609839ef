package plan

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/freshplan/freshplan/core/pages"
)

// Unvisitable says which hosts ask for a crawl delay longer than the
// horizon, "" when none does. Politeness allows such a host ⌊T/P⌋ = 0
// visits per horizon (seed 000 §2.1, constraint (2)) — under the steady
// model even one visit a horizon comes back after T, sooner than asked —
// so no polite schedule visits its pages, and the policies without
// politeness that do break its delay. A robots.txt may well ask for a day
// between requests; planning the rest and saying so is more use than
// refusing the whole file.
func Unvisitable(pg []pages.Page, horizon time.Duration) string {
	T := horizon.Seconds()
	if !slices.ContainsFunc(pg, func(p pages.Page) bool { return p.CrawlDelay > T }) {
		return "" // the usual case, without numbering the hosts
	}
	hostOf, names := pages.Hosts(pg, nil)
	delay := make([]float64, len(names))
	count := make([]int, len(names))
	for i, p := range pg {
		h := hostOf[i]
		delay[h] = math.Max(delay[h], p.CrawlDelay)
		count[h]++
	}
	return UnvisitableHosts(names, delay, count, horizon)
}

// UnvisitableHosts is Unvisitable for hosts given by their names, the
// longest crawl delay each one's rows ask for and how many pages each has.
func UnvisitableHosts(names []string, delay []float64, count []int, horizon time.Duration) string {
	T := horizon.Seconds()
	first, hosts, n, longest := -1, 0, 0, 0.0
	for h, d := range delay {
		if d > T {
			if first < 0 {
				first = h
			}
			hosts++
			n += count[h]
			longest = math.Max(longest, d)
		}
	}
	// The horizon that would visit them, unless no duration is that long
	// (a crawl_delay of 1e308 once suggested -2562047h47m16s, issue 22).
	hint := func(who string) string {
		if s := math.Ceil(longest); s < float64(math.MaxInt64/int64(time.Second)) {
			return fmt.Sprintf("plan a horizon of at least %v to visit %s", ShortDuration(time.Duration(s)*time.Second), who)
		}
		return fmt.Sprintf("no horizon is that long: the longest is %v", ShortDuration(time.Duration(math.MaxInt64)))
	}
	if hosts == 1 {
		return fmt.Sprintf("host %s asks for a crawl delay of %g s, longer than the horizon (%v): politeness allows it no visit, "+
			"so its %s never visited by the polite policies (%s)",
			names[first], delay[first], ShortDuration(horizon), pagesAre(n), hint(them(n)))
	}
	return fmt.Sprintf("%d hosts ask for crawl delays longer than the horizon (%v), the first %s at %g s: politeness allows them no visit, "+
		"so their %s never visited by the polite policies (%s)",
		hosts, ShortDuration(horizon), names[first], delay[first], pagesAre(n), hint("them"))
}

func pagesAre(n int) string {
	if n == 1 {
		return "page is"
	}
	return fmt.Sprintf("%d pages are", n)
}

func them(n int) string {
	if n == 1 {
		return "it"
	}
	return "them"
}
