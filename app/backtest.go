package app

import (
	"bytes"
	"context"
	"errors"
	"io"
	"time"

	"github.com/freshplan/freshplan/core/backtest"
)

// BacktestResult is every policy replayed against what happened after
// the split (core/backtest) at each of the panel's budgets, as
// `freshplan backtest --budgets 0.25,0.5,1,2,4` reports it.
type BacktestResult struct {
	Split, Until, TrainStart float64 // Unix seconds
	Horizon                  float64 // seconds
	Pages                    int     // pages that appear before the split
	Budgets                  []BacktestBudget
}

// BacktestBudget is every policy's outcome at one budget.
type BacktestBudget struct {
	PerPageWeek float64 // visits per page per week
	Budget      int     // visits per horizon
	Cycle       int     // horizons a static plan spans
	Rows        []BacktestRow
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

// backtestPerPageWeek are the budgets the panel replays, in visits per
// page per week: a quarter of the usual to four times it.
var backtestPerPageWeek = []float64{0.25, 0.5, 1, 2, 4}

// runBacktest backtests the input the page kept (an observation log or a
// change history) with the CLI's defaults: a year of simulated daily
// training crawl before the split, a year of test after it, host priors,
// psp re-planned every horizon, the learning policy, psp in hindsight and
// the adaptive schedulers tuned to psp's visits — at each of
// backtestPerPageWeek's budgets, one at a time, saying which to progress.
func runBacktest(ctx context.Context, q Request, progress func(string)) (*BacktestResult, error) {
	var in io.Reader
	switch {
	case len(q.Raw) > 0:
		in = bytes.NewReader(q.Raw)
	case q.File != nil:
		in = &sizedAs{r: newContentReader(ctx, q.File), size: q.Size, name: q.Name}
	default:
		return nil, errors.New("nothing to backtest: the input was not kept (it is bigger than the page keeps) or is empty")
	}
	progress("backtesting: reading the history")
	changes, _, err := backtest.Load(ctx, in, backtest.LoadOptions{Name: q.Name, SkipBad: q.SkipBad, MaxMemory: maxReadMemory})
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
	start, until := backtest.Window(time.Unix(int64(split), 0).UTC())
	params, err := q.params()
	if err != nil {
		return nil, err
	}
	params.Budget, params.Crawlers, params.Rate = 0, 0, 0
	params.Horizon = backtest.DefaultHorizon
	progress("backtesting: crawling the training year and estimating from it")
	// The budgets share the training crawl and its estimates; replayed one
	// at a time (a worker has one processor anyway), the panel can say
	// which it is at.
	prep, err := backtest.Prepare(ctx, changes, backtest.Config{Params: params, TrainStart: float64(start.Unix()), Split: split, Until: float64(until.Unix()),
		CrawlInterval: backtest.DefaultCrawlInterval.Seconds(), Prior: true, Replan: true, Adaptive: true, Learn: true, Hindsight: true})
	if err != nil {
		return nil, err
	}
	r := &BacktestResult{Split: split, Until: float64(until.Unix()), TrainStart: float64(start.Unix()), Horizon: backtest.DefaultHorizon.Seconds(), Pages: prep.Pages()}
	for k, per := range backtestPerPageWeek {
		b := backtest.PerPageWeek(per, r.Pages, backtest.DefaultHorizon)
		progress(sprintf("backtesting: replaying every policy at %s (%s a week), %d of %d",
			perPageWeek(per), fmtInt(int64(b)), k+1, len(backtestPerPageWeek)))
		res, err := prep.At(ctx, b)
		if err != nil {
			return nil, err
		}
		bb := BacktestBudget{PerPageWeek: per, Budget: res.Budget, Cycle: res.Cycle}
		for _, row := range res.Rows {
			bb.Rows = append(bb.Rows, BacktestRow{Policy: row.Policy, Staleness: row.Staleness, Visits: row.Visits,
				ChangesDetected: row.ChangesDetected, PerHorizon: row.PerHorizon, NotPlanned: row.NotPlanned})
		}
		r.Budgets = append(r.Budgets, bb)
	}
	return r, nil
}

// perHorizon is every row's staleness horizon by horizon, budget by
// budget: what the wire sends raw.
func (r *BacktestResult) perHorizon() [][]float64 {
	var out [][]float64
	for _, b := range r.Budgets {
		for _, row := range b.Rows {
			out = append(out, row.PerHorizon)
		}
	}
	return out
}

// setPerHorizon puts perHorizon's arrays back, reporting whether there
// was one for every row.
func (r *BacktestResult) setPerHorizon(a [][]float64) bool {
	for _, b := range r.Budgets {
		for k := range b.Rows {
			if len(a) == 0 {
				return false
			}
			b.Rows[k].PerHorizon, a = a[0], a[1:]
		}
	}
	return len(a) == 0
}

// sizedAs reads a file read before, again, and fails at its end if it no
// longer has the size it had then: the person changed it on disk, and
// its backtest would not be of the data on the page.
type sizedAs struct {
	r    io.Reader
	size int64 // what it had
	n    int64
	name string
}

func (s *sizedAs) Read(p []byte) (int, error) {
	n, err := s.r.Read(p)
	s.n += int64(n)
	if s.n > s.size || err == io.EOF && s.n != s.size {
		return n, errors.New(s.name + " changed since it was read: choose it again")
	}
	return n, err
}
