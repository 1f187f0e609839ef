package backtest

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/freshplan/freshplan/core/observe"
	"github.com/freshplan/freshplan/core/plan"
)

// replan replays psp re-planned at the start of every horizon of the test
// period from everything observed so far: the training crawl and the
// visits this policy itself has made since the split.
func replan(ctx context.Context, pages []observe.Changes, training []observe.History, cfg Config) (Row, error) {
	T := cfg.Params.Horizon.Seconds()
	visits := make([][]float64, len(pages))
	histories := make([]observe.History, len(training))
	for i, h := range training {
		histories[i] = h
		histories[i].Fetches = slices.Clone(h.Fetches)
	}
	for a := cfg.Split; a < cfg.Until; a += T {
		in, err := plan.FromHistories(ctx, histories, plan.LoadOptions{Prior: cfg.Prior, Now: a, HalfLife: cfg.HalfLife})
		if err != nil {
			return Row{}, err
		}
		params := cfg.Params
		params.Policy = "psp"
		params.Compare = []string{}
		pl, err := plan.Run(ctx, in.Pages, params)
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
			h := &histories[i]
			seen := append([]float64{h.Fetches[len(h.Fetches)-1].At}, m...)
			h.Fetches = append(h.Fetches, observe.Crawl(pages[i].Times, seen)[1:]...)
			visits[i] = append(visits[i], m...)
		}
	}
	return replay("psp-replan", pages, cfg, func(i int) []float64 { return visits[i] }), nil
}
