package learn

import (
	"cmp"
	"slices"

	"github.com/freshplan/freshplan/core/observe"
)

// Replay takes in what a crawl already saw, as Run would have while
// making it: each page's fetches (fetches[i], in time order), taken
// across all pages in time order, fold into the page's posterior
// (Posterior.Observe at halfLife days) and, with burst, into its host's
// change events. pages gives each page's host, weight and prior (its
// Posterior's evidence is replaced); hosts is how many hosts there are.
// It returns the pages as of their last fetches (Last the last fetch's
// time; a page never fetched keeps its Last) and each host's events, to
// start Run from (Config.Events).
func Replay(pages []Page, fetches [][]observe.Fetch, hosts int, halfLife float64, burst *Burst) ([]Page, [][]Event) {
	out := slices.Clone(pages)
	type seen struct {
		at      float64
		page, k int
	}
	var order []seen
	for i, fs := range fetches {
		out[i].Posterior.Changes, out[i].Posterior.Days = 0, 0
		if len(fs) == 0 {
			continue
		}
		out[i].Posterior.At, out[i].Last = fs[0].At, fs[0].At
		for k := 1; k < len(fs); k++ {
			if fs[k].At > fs[k-1].At {
				order = append(order, seen{fs[k].At, i, k})
			}
		}
	}
	slices.SortStableFunc(order, func(a, b seen) int { return cmp.Compare(a.at, b.at) })
	var b *burstState
	if burst != nil {
		b = newBurstState(*burst, hosts, nil)
	}
	for _, s := range order {
		p, f := &out[s.page], fetches[s.page][s.k]
		if b != nil {
			b.seen(p, f.At, f.Changed, f.LastModified)
		}
		p.Posterior.Observe(p.Last, f.At, f.Changed, f.LastModified, halfLife)
		p.Last = f.At
	}
	if b == nil {
		return out, nil
	}
	return out, b.events()
}
