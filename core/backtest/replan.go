package backtest

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/freshplan/freshplan/core/observe"
	"github.com/freshplan/freshplan/core/plan"
)

// replan replays psp re-planned at the start of every cycle of the test
// period (Config.Cycle horizons) from everything observed so far: the
// training crawl and the visits this policy itself has made since the
// split. Re-planned every horizon, a cycle longer than one would start
// over each time and never reach its later visits.
//
// A page's estimate changes only with its fetches (estimate.Of looks at
// the planning time only to drop Last-Modified dates after it, and every
// date a fetch reports precedes it), so only the pages visited since are
// estimated again — all of them when estimates weigh by recency.
func replan(ctx context.Context, pages []observe.Changes, training *observe.Crawled, start *plan.Input, cfg Config) (Row, error) {
	params := cfg.cycled()
	params.Policy = plan.PSP
	T := params.Horizon.Seconds() * float64(cfg.Cycle) // a cycle
	// This policy's visits to each page, and for each how many of the
	// page's changes came at or before it: what the visit saw, as the
	// training crawl keeps it (observe.Crawled). A page's history is the
	// training crawl's and these, made in one buffer when it is
	// estimated again — not a copy of every training history grown by
	// doubling as fetches joined it (on a 4.07M-change history, 290 of
	// the backtest's 550 MB of live data).
	visits := make([][]float64, len(pages))
	seen := make([][]int32, len(pages))
	var joined []observe.Fetch
	ests := slices.Clone(start.Estimates)
	planned := start.Pages
	dirty := make([]bool, len(pages))
	for a := cfg.Split; a < cfg.Until; a += T {
		if a > cfg.Split {
			for i := range ests {
				if dirty[i] || cfg.HalfLife > 0 {
					h := training.History(i, joined)
					h.Fetches = observe.AppendSeen(h.Fetches, pages[i].Times, visits[i], seen[i])
					joined = h.Fetches
					ests[i] = plan.EstimateOf(h, a, cfg.HalfLife)
					dirty[i] = false
				}
			}
			planned = slices.Clone(start.Pages)
			if cfg.Prior {
				planned, _ = plan.Rated(planned, ests)
			} else {
				for i := range planned {
					planned[i].Rate = ests[i].Rate
				}
			}
		}
		pl, err := plan.Run(ctx, planned, params)
		if err != nil {
			return Row{}, fmt.Errorf("backtest: re-planning at %v: %w", a, err)
		}
		b := math.Min(a+T, cfg.Until)
		made := make([][]float64, len(pages))
		for _, v := range pl.Schedule {
			if t := a + offset(v.Time, T); t < b {
				made[v.Page] = append(made[v.Page], t)
			}
		}
		for i, m := range made {
			if len(m) == 0 {
				continue
			}
			slices.Sort(m)
			// What these visits observe joins the history for the next plan.
			for _, t := range m {
				seen[i] = append(seen[i], int32(observe.ChangesBy(pages[i].Times, t)))
			}
			visits[i] = append(visits[i], m...)
			dirty[i] = true
		}
	}
	return replay("psp-replan", pages, cfg, func(i int) []float64 { return visits[i] }), nil
}
