package backtest

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/freshplan/freshplan/core/estimate"
	"github.com/freshplan/freshplan/core/internal/par"
	"github.com/freshplan/freshplan/core/observe"
	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/core/plan"
	"github.com/freshplan/freshplan/core/schedule"
	"github.com/freshplan/freshplan/core/staleness"
)

// Config sets up a backtest.
type Config struct {
	Params        plan.Params   // planning parameters; a Budget of 0 means one visit per page per week
	TrainStart    float64       // Unix seconds: the simulated training crawl starts here
	Split         float64       // Unix seconds: plans are made from what came before, replayed on what comes after
	Until         float64       // Unix seconds: the end of the test period
	CrawlInterval float64       // seconds between the training crawl's visits (default one day)
	Policies      []plan.Policy // static policies to replay (default psp, uniform, cho, azar)
	Prior         bool          // smooth estimates towards each host's prior (estimate.Smooth)
	HalfLife      float64       // days: weight observations by recency (estimate.Recent); 0 for none
	Replan        bool          // also replay psp re-planned every cycle from everything observed so far
	Adaptive      bool          // also replay Nutch's and StormCrawler's adaptive schedulers, tuned to the static plans' visits
	Learn         bool          // also replay the policy that learns as it crawls (core/learn)
	Hindsight     bool          // also replay psp planned from the test period's own rates: the headroom a static plan had
	// Cycle is how many horizons a static plan spans, at that many times
	// the budget, so that a budget below one visit per page per horizon
	// can still reach every page (every m-th horizon); 0 chooses it
	// (plan.AutoCycle), 1 is the papers' single horizon.
	Cycle int
}

// Row is one policy's outcome over the test period.
type Row struct {
	Policy          string
	Staleness       float64 // time-average fraction of pages whose copy is out of date, each page counting by its weight
	Visits          int     // visits made in the test period
	ChangesDetected int     // visits that found the page changed
	PerHorizon      []float64
	// NotPlanned says why the policy could not be planned for these pages
	// (plan.NotPlannedError: Cho's policy for the harmonic penalty); the
	// row has no figures then.
	NotPlanned string
}

// DefaultPolicies are the static policies a backtest replays.
var DefaultPolicies = []plan.Policy{plan.PSP, plan.Uniform, plan.Cho, plan.Azar}

const day = 86400.0

// Run backtests plans on pages' complete change histories (sorted times,
// the first being when the page appeared). Pages that appear at or after
// the split are left out: nothing could have been planned for them.
func Run(ctx context.Context, all []observe.Changes, cfg Config) ([]Row, error) {
	out, err := RunBudgets(ctx, all, cfg, nil)
	if err != nil {
		return nil, err
	}
	return out[0].Rows, nil
}

// Result is a backtest at one budget.
type Result struct {
	Budget int   // visits per horizon
	Pages  int   // pages replayed: those that appear before the split
	Cycle  int   // horizons a static plan spans (Config.Cycle as chosen)
	Rows   []Row // in Run's order
}

// RunBudgets backtests at each budget (visits per horizon; nil for the
// one cfg.Params gives), sharing what does not depend on it — the
// training crawl, its estimates, the learning policy's start — and
// running the budgets side by side on the machine's processors.
func RunBudgets(ctx context.Context, all []observe.Changes, cfg Config, budgets []int) ([]Result, error) {
	prep, err := Prepare(ctx, all, cfg)
	if err != nil {
		return nil, err
	}
	if budgets == nil {
		b, err := prep.DefaultBudget()
		if err != nil {
			return nil, err
		}
		budgets = []int{b}
	}
	out := make([]Result, len(budgets))
	errs := make([]error, len(budgets))
	var wg sync.WaitGroup
	sem := make(chan struct{}, runtime.GOMAXPROCS(0))
	// The largest budgets take longest: started first, they leave the
	// small ones to fill the processors at the end.
	order := make([]int, len(budgets))
	for k := range order {
		order[k] = k
	}
	slices.SortStableFunc(order, func(a, b int) int { return budgets[b] - budgets[a] })
	for _, k := range order {
		b := budgets[k]
		wg.Add(1)
		go func() {
			defer wg.Done()
			sem <- struct{}{}
			defer func() { <-sem }()
			out[k], errs[k] = prep.At(ctx, b)
		}()
	}
	wg.Wait()
	if err := errors.Join(errs...); err != nil {
		return nil, err
	}
	return out, nil
}

// Prepared is what a backtest's budgets share. Prepare makes it once and
// At replays every policy at one budget, so that a caller can replay the
// budgets one at a time and say which it is at (the app, which in
// WebAssembly has one processor anyway). At may be called concurrently.
type Prepared struct {
	cfg      Config             // with its defaults filled in
	pages    []observe.Changes  // those that appear before the split
	training *observe.Crawled   // what the training crawl saw of each
	in       *plan.Input        // the static plans' pages, estimated from the training crawl
	learn    func() *learnStart // the learning policy's start, with Config.Learn, made once when first asked
}

// Pages is the number of pages replayed: those that appear before the split.
func (prep *Prepared) Pages() int { return len(prep.pages) }

// DefaultBudget is the budget the Config's Params give, in visits per
// horizon: one visit per page per week when they give none.
func (prep *Prepared) DefaultBudget() (int, error) {
	p := prep.cfg.Params
	if p.Budget == 0 && p.Crawlers == 0 {
		return WeeklyBudget(len(prep.pages), p.Horizon), nil
	}
	b, err := p.Visits()
	if err != nil {
		return 0, fmt.Errorf("backtest: %w", err)
	}
	return b, nil
}

// Prepare simulates the training crawl over pages' complete change
// histories (sorted times, the first being when the page appeared),
// estimates from it and starts the learning policy: what every budget
// shares. Pages that appear at or after the split are left out: nothing
// could have been planned for them.
func Prepare(ctx context.Context, all []observe.Changes, cfg Config) (*Prepared, error) {
	// validate checks the dates' order and the horizon, among the rest.
	if err := validate(all, cfg); err != nil {
		return nil, fmt.Errorf("backtest: %w", err)
	}
	if cfg.CrawlInterval <= 0 {
		cfg.CrawlInterval = DefaultCrawlInterval.Seconds()
	}
	if cfg.Policies == nil {
		cfg.Policies = DefaultPolicies
	}
	if cfg.Cycle < 0 {
		return nil, fmt.Errorf("backtest: cycle %d: want 0 (chosen) or a number of horizons", cfg.Cycle)
	}
	var pages []observe.Changes
	for _, p := range all {
		if appearsBefore(p, cfg.Split) {
			pages = append(pages, p)
		}
	}
	if len(pages) == 0 {
		return nil, errors.New("backtest: no page appears before the split")
	}
	var wsum float64
	for _, p := range pages {
		if !(p.Weight >= 0 && p.Weight <= plan.MaxWeight) {
			return nil, fmt.Errorf("backtest: %s: weight %v is not between 0 and %g", p.URL, p.Weight, plan.MaxWeight)
		}
		wsum += p.Weight
	}
	if wsum == 0 {
		return nil, errors.New("backtest: every page that appears before the split has weight 0: there is no staleness to average")
	}
	prep := &Prepared{cfg: cfg, pages: pages}
	prep.training = observe.CrawlEveryKept(pages, cfg.TrainStart, cfg.CrawlInterval, cfg.Split)
	var err error
	prep.in, err = plan.FromEach(ctx, len(pages), prep.training.Each(), plan.LoadOptions{Prior: cfg.Prior, Now: cfg.Split, HalfLife: cfg.HalfLife})
	if err != nil {
		return nil, err
	}
	if cfg.Learn {
		// Made when the learning policy's row first needs it, beside the
		// other rows (At).
		prep.learn = sync.OnceValue(func() *learnStart {
			// The priors are fitted on estimates over the whole history:
			// the plans' own, unless they weigh by recency.
			ests := prep.in.Estimates
			if cfg.HalfLife > 0 {
				ests = make([]estimate.Estimate, len(pages))
				history := prep.training.Each()
				for i := range pages {
					ests[i] = estimate.Of(history(i), cfg.Split)
				}
			}
			return newLearnStart(pages, prep.training, ests, cfg)
		})
	}
	return prep, nil
}

// At replays every policy the Config asks for at budget visits per horizon.
func (prep *Prepared) At(ctx context.Context, budget int) (Result, error) {
	cfg := prep.cfg
	T := cfg.Params.Horizon.Seconds()
	cfg.Params.Budget, cfg.Params.Crawlers, cfg.Params.Rate = budget, 0, 0
	if _, err := cfg.Params.Visits(); err != nil {
		return Result{}, fmt.Errorf("backtest: %w", err)
	}
	if cfg.Cycle == 0 {
		cfg.Cycle = plan.AutoCycle(len(prep.pages), budget)
	}
	// Check (validate) counted the budget cfg gives; RunBudgets' others
	// are counted here, against the same limit.
	if v := float64(budget) * math.Ceil((cfg.Until-cfg.Split)/T); v > MaxVisits {
		return Result{}, fmt.Errorf("backtest: %d visits per horizon over the test period make %.4g visits to replay; want at most %d", budget, v, MaxVisits)
	}
	if budget > plan.MaxBudget/cfg.Cycle {
		return Result{}, fmt.Errorf("backtest: %d visits per horizon over a cycle of %d horizons: more than the %d visits a plan schedules", budget, cfg.Cycle, plan.MaxBudget)
	}
	res := Result{Budget: budget, Pages: len(prep.pages), Cycle: cfg.Cycle}
	pages := prep.pages
	cycled := cfg.cycled()
	var staticVisits int
	for _, name := range cfg.Policies {
		row, err := static(ctx, name, prep.in.Pages, pages, cfg, cycled)
		if err != nil {
			return Result{}, err
		}
		if row.NotPlanned == "" && (name == plan.PSP || staticVisits == 0) {
			staticVisits = row.Visits
		}
		res.Rows = append(res.Rows, row)
	}
	if staticVisits == 0 {
		staticVisits = int(float64(budget) * (cfg.Until - cfg.Split) / T)
	}
	// The other rows at once, on the machine's threads (each as it would
	// be alone: they share nothing they write), the costliest first; then
	// in their order.
	var replanned, learned, hindsighted []Row
	var adapted [2][]Row
	var jobs []func() error
	if cfg.Replan {
		jobs = append(jobs, func() error {
			row, err := replan(ctx, pages, prep.training, prep.in, cfg)
			replanned = []Row{row}
			return err
		})
	}
	if cfg.Learn {
		jobs = append(jobs, func() error {
			row, err := prep.learn().row(ctx, pages, cfg, staticVisits)
			learned = []Row{row}
			return err
		})
	}
	if cfg.Adaptive {
		for k := range adapted {
			jobs = append(jobs, func() error {
				adapted[k] = []Row{adaptiveRow(k, pages, cfg, staticVisits)}
				return nil
			})
		}
	}
	if cfg.Hindsight {
		jobs = append(jobs, func() error {
			row, err := hindsight(ctx, pages, cfg, cycled)
			hindsighted = []Row{row}
			return err
		})
	}
	if err := par.Do(jobs...); err != nil {
		return Result{}, err
	}
	for _, rows := range [][]Row{replanned, learned, hindsighted, adapted[0], adapted[1]} {
		res.Rows = append(res.Rows, rows...)
	}
	return res, nil
}

// WeeklyBudget is a backtest's default budget: one visit per page per
// week, in visits per horizon (at least 1).
func WeeklyBudget(pages int, horizon time.Duration) int {
	return PerPageWeek(1, pages, horizon)
}

// PerPageWeek is k visits per page per week as visits per horizon for
// pages: round(k × pages × horizon / week), at least 1 — the budgets of
// the CLI's backtest and of the app's, made here once. A budget
// too big for an int is math.MaxInt, more than any plan schedules.
func PerPageWeek(k float64, pages int, horizon time.Duration) int {
	b := math.Round(k * float64(pages) * horizon.Seconds() / (7 * day))
	switch {
	case b >= math.MaxInt:
		return math.MaxInt
	case !(b >= 1): // and NaN
		return 1
	}
	return int(b)
}

// cycled is cfg's planning parameters over a whole cycle (plan.Params.Cycle):
// Cycle horizons at Cycle times the budget — the same crawl rate, so that
// the plan's crawler slots keep every horizon within its budget.
func (cfg Config) cycled() plan.Params {
	p := cfg.Params
	p.Cycle = cfg.Cycle
	p.Compare = []plan.Policy{}
	return p
}

// static plans one policy for the pages as the training crawl saw them
// and replays its schedule repeated every cycle.
func static(ctx context.Context, name plan.Policy, planned []pages.Page, truth []observe.Changes, cfg Config, params plan.Params) (Row, error) {
	params.Policy = name
	pl, err := plan.Run(ctx, planned, params)
	var np *plan.NotPlannedError
	if errors.As(err, &np) {
		return Row{Policy: string(name), NotPlanned: np.Why}, nil
	}
	if err != nil {
		return Row{}, fmt.Errorf("backtest: planning %s: %w", name, err)
	}
	return replaySchedule(string(name), pl.Schedule, truth, cfg, pl.Params.Horizon.Seconds()), nil
}

// replaySchedule replays a schedule of a cycle of length L, repeated from
// the split.
func replaySchedule(name string, sched []schedule.Visit, pages []observe.Changes, cfg Config, L float64) Row {
	offsets := make([][]float64, len(pages))
	for _, v := range sched {
		offsets[v.Page] = append(offsets[v.Page], offset(v.Time, L))
	}
	return replay(name, pages, cfg, func(i int) []float64 { return repeat(offsets[i], cfg.Split, L, cfg.Until) })
}

// offset returns a schedule's visit time as an offset into its horizon,
// [0, T): a schedule's times lie in [0, T], and the plan repeats every
// horizon, so a visit at T — the last crawler tick, where a crawler at one
// visit a horizon makes its only visit — is the next horizon's visit at
// 0. Replayed at T, it fell after the horizon it was planned for (a
// re-planned backtest of one page made no visit at all).
func offset(t, T float64) float64 {
	if t >= T {
		return t - T
	}
	return t
}

// repeat lays a horizon's visit offsets end to end from start until end.
func repeat(offsets []float64, start, T, end float64) []float64 {
	sorted := slices.Clone(offsets)
	sort.Float64s(sorted)
	var out []float64
	for k := 0; start+float64(k)*T < end; k++ {
		for _, o := range sorted {
			if t := start + float64(k)*T + o; t < end {
				out = append(out, t)
			}
		}
	}
	return out
}

// replay scores the visits that visitsOf gives each page against its real
// changes over the test period, overall and horizon by horizon: the
// pages' weighted average, normalised by Σw, as the plans' own figures
// are (SPEC §5) — with every weight 1, the plain average.
func replay(name string, pages []observe.Changes, cfg Config, visitsOf func(i int) []float64) Row {
	T := cfg.Params.Horizon.Seconds()
	windows := int(math.Ceil((cfg.Until - cfg.Split) / T))
	row := Row{Policy: name, PerHorizon: make([]float64, windows)}
	var stale, wsum float64
	for i, p := range pages {
		v := visitsOf(i)
		st, detected := staleness.Replay(p.Times, v, cfg.Split, cfg.Until)
		stale += p.Weight * staleness.Total(st, cfg.Split, cfg.Until)
		wsum += p.Weight
		row.Visits += len(v)
		row.ChangesDetected += detected
		for w := range windows {
			a := cfg.Split + float64(w)*T
			row.PerHorizon[w] += p.Weight * staleness.Total(st, a, math.Min(a+T, cfg.Until)) / (math.Min(a+T, cfg.Until) - a)
		}
	}
	row.Staleness = stale / (cfg.Until - cfg.Split) / wsum
	for w := range row.PerHorizon {
		row.PerHorizon[w] /= wsum
	}
	return row
}
