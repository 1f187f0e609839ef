package backtest

import (
	"context"
	"fmt"

	"github.com/freshplan/freshplan/core/observe"
	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/core/plan"
)

// hindsight replays psp planned from the test period's own rates — each
// page's changes in [split, until) over its length — at the same budget
// and cycle: the best a static plan could have done had it known the
// year's average rates. It is the headroom of static planning, not a
// bound on every policy: a policy that follows bursts within the year can
// beat it, and on bursty pages it does.
func hindsight(ctx context.Context, truth []observe.Changes, cfg Config, params plan.Params) (Row, error) {
	days := (cfg.Until - cfg.Split) / day
	known := make([]pages.Page, len(truth))
	for i, p := range truth {
		n := 0
		for _, t := range p.Times {
			if t > cfg.Split && t < cfg.Until {
				n++
			}
		}
		known[i] = pages.Page{URL: p.URL, Host: p.Host, Rate: float64(n) / days, Weight: p.Weight, CrawlDelay: p.CrawlDelay}
	}
	params.Policy = plan.PSP
	pl, err := plan.Run(ctx, known, params)
	if err != nil {
		return Row{}, fmt.Errorf("backtest: planning in hindsight: %w", err)
	}
	return replaySchedule("hindsight", pl.Schedule, truth, cfg, pl.Params.Horizon.Seconds()), nil
}
