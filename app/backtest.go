package app

import (
	"bytes"
	"context"
	"errors"
	"math"
	"time"

	"github.com/freshplan/freshplan/core/backtest"
	"github.com/freshplan/freshplan/core/observe"
)

// BacktestResult is every policy replayed against what happened after
// the split (core/backtest), as `freshplan backtest` reports it.
type BacktestResult struct {
	Split, Until, TrainStart float64 // Unix seconds
	Horizon                  float64 // seconds
	Budget                   int     // visits per horizon of the static plans
	Pages                    int     // pages that appear before the split
	Rows                     []BacktestRow
}

// BacktestRow is one policy's outcome over the test period.
type BacktestRow struct {
	Policy          string
	Staleness       float64
	Visits          int
	ChangesDetected int
	PerHorizon      []float64 `json:"-"`          // staleness in each horizon after the split
	NotPlanned      string    `json:",omitempty"` // why the policy could not be planned (no figures then)
}

// backtestHorizon is the horizon of the backtest's plans.
const backtestHorizon = 7 * 24 * time.Hour

// runBacktest backtests the input the page kept (an observation log or a
// change history) with the CLI's defaults: a year of simulated daily
// training crawl before the split, a year of test after it, one visit per
// page per week, host priors, psp re-planned every horizon and the
// adaptive schedulers tuned to psp's visits.
func runBacktest(ctx context.Context, q Request) (*BacktestResult, error) {
	if len(q.Raw) == 0 {
		return nil, errors.New("nothing to backtest: the input was not kept (it is bigger than the page keeps) or is empty")
	}
	changes, _, err := backtest.Load(ctx, bytes.NewReader(q.Raw), observe.Options{Name: q.Name, SkipBad: q.SkipBad, MaxMemory: maxReadMemory})
	if err != nil {
		return nil, err
	}
	split := q.Split
	if split == 0 {
		var ok bool
		if split, ok = backtest.DefaultSplit(changes); !ok {
			return nil, errors.New("the input shows no change to backtest against")
		}
	}
	at := time.Unix(int64(split), 0).UTC()
	until, start := float64(at.AddDate(1, 0, 0).Unix()), float64(at.AddDate(-1, 0, 0).Unix())
	params, err := q.params()
	if err != nil {
		return nil, err
	}
	// One visit per page per week, over a horizon of a week (the CLI's
	// defaults): a shorter plan, repeated, would visit the same few pages
	// every horizon.
	params.Budget, params.Crawlers, params.Rate = 0, 0, 0
	params.Horizon = backtestHorizon
	rows, err := backtest.Run(ctx, changes, backtest.Config{Params: params, TrainStart: start, Split: split, Until: until,
		CrawlInterval: 86400, Prior: true, Replan: true, Adaptive: true})
	if err != nil {
		return nil, err
	}
	r := &BacktestResult{Split: split, Until: until, TrainStart: start, Horizon: backtestHorizon.Seconds()}
	for _, c := range changes {
		if len(c.Times) > 0 && c.Times[0] < split {
			r.Pages++
		}
	}
	r.Budget = int(math.Max(1, math.Round(float64(r.Pages)*r.Horizon/(7*86400))))
	for _, row := range rows {
		r.Rows = append(r.Rows, BacktestRow{Policy: row.Policy, Staleness: row.Staleness, Visits: row.Visits,
			ChangesDetected: row.ChangesDetected, PerHorizon: row.PerHorizon, NotPlanned: row.NotPlanned})
	}
	return r, nil
}
