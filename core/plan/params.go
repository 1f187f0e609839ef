package plan

import (
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/freshplan/freshplan/core/staleness"
)

// Params are the planning parameters of SPEC §5.
type Params struct {
	Horizon    time.Duration       // T; default 24h
	Budget     int                 // R, visits per horizon; 0 means Crawlers × Rate × T
	Crawlers   int                 // C; 0 means one crawler at Budget/T pages per second
	Rate       float64             // pages per second per crawler
	Politeness time.Duration       // P, default delay between requests to one host
	Objective  staleness.Objective // staleness (default) or age
	Model      staleness.Model     // steady (default) or horizon
	// Cycle is how many horizons the plan spans: at Cycle × the budget
	// over Cycle × T, at the same crawl rate, so that a budget below one
	// visit per page per horizon can visit every page every few horizons
	// while each horizon stays within its budget (the crawler's slots are
	// equally spaced). 0 or 1 plans one horizon, as the papers do; Run
	// resolves it into Horizon and Budget, and keeps it to say so.
	Cycle     int
	MinVisits int    // per page, seed 003 §2.1
	MaxVisits int    // per page, 0 for no limit
	Policy    Policy // whose schedule the Plan keeps (default PSP); None keeps none
	// Compare names the policies to compute besides Policy and the bounds;
	// nil means every policy of Policies.
	Compare []Policy
	// Simulate, when positive, replays every schedule that many times
	// against Poisson changes sampled at the pages' rates (core/simulate)
	// and gives each result its simulated counterpart (Result.Sim); Seed
	// makes the runs repeatable.
	Simulate int
	Seed     uint64
	// Progress, if set, is told each stage as it starts ("allocating",
	// "scheduling"), and from inside the long loops — GREEDY's passes
	// ("allocating psp: pass 3, 40%"), the assignments, replays and Azar's
	// carousel ("scheduling psp 40%") — at least every 250 ms how far each
	// has got, from one goroutine at a time: the app's worker shows it.
	// Run's context is checked inside those loops too, so that a cancelled
	// plan stops within a few thousand pages or visits.
	Progress func(stage string) `json:"-"`
	// Early, if set, is given the plan as soon as psp, the bound wp and
	// uniform are planned, before the bound nonpolite and the other
	// policies (mp2, mwolf, mwolf-exact, proportional, cho, azar): at a
	// million pages they take as long again, and nonpolite's GREEDY, on
	// one thread, would hold psp's figure back. The bound infcrawlers is
	// among the first when the programme is held whole (a change model, a
	// simulation), its schedule and psp's sharing MERGE's programme;
	// otherwise it follows, through Scored. Early must not keep the plan:
	// Run goes on filling it.
	Early func(*Plan) `json:"-"`
	// Allocated, if set with Early, is given the plan once psp's
	// allocation is made, before any schedule: the bound wp and uniform,
	// figures of allocations, are scored; psp is not — its figure is its
	// schedule's, which comes with Early — and wp bounds it (no polite
	// schedule is fresher). At a million pages the schedules take twice as
	// long as the allocations. Like Early, it must not keep the plan.
	Allocated func(*Plan) `json:"-"`
	// Scored, if set with Early, is given the plan again each time more
	// policies are scored after Early: the bound nonpolite, then the rate
	// policies together (proportional, cho, azar's rates), then each of
	// infcrawlers (when not in Early), mp2, mwolf, mwolf-exact and azar's
	// carousel as its schedule is scored — from one goroutine at a time.
	// Like Early, it must not keep the plan.
	Scored func(*Plan) `json:"-"`
	// Stream, if set, is given the schedule of Policy visit by visit, in
	// time order, as it is made, and the Plan holds none (Plan.Schedule is
	// nil, Plan.Scheduled counts them): a plan of Poisson pages then holds
	// no programme or schedule, only per-page and per-host figures — at
	// paper scale the schedule alone is 138 MB. Run calls it from one
	// goroutine at a time.
	Stream func(Visit) `json:"-"`
	// PerPage names the results whose per-page Visits and Page the Plan
	// keeps; nil keeps every result's. Each other result keeps its Value
	// only: at a million pages each result's two arrays take 16 MB, and
	// the app and a sweep need one or two of a dozen.
	PerPage []Policy `json:"-"`
}

// DefaultParams returns SPEC §5's defaults: T = 24 h, P = 15 s, staleness,
// steady model; the budget is left for the caller to give.
func DefaultParams() Params {
	return Params{Horizon: 24 * time.Hour, Politeness: 15 * time.Second}
}

// MaxBudget is the most visits per horizon a plan schedules: 2^26. Until
// issue 21 every visit of a schedule was held in memory — about 28 bytes
// each at psp's step, and a policy without politeness caps (mwolf)
// programmes the whole budget; a plan of Poisson pages now holds none but
// the kept schedule (none with Stream), and tables with change models
// still hold each programme. Planning the sample at 2^26 visits takes 1.6 GB and 17–36 s
// (peak RSS; 2 cores shared, Nov 2026); at Azar's carousel's longest, 2^28
// (schedule.MaxCarouselSlots), the limit until issue 22, it took more
// than 6 GB.
const MaxBudget = 1 << 26

// Visits returns the visits per horizon the parameters give: Budget, or
// Crawlers × Rate × T rounded down (SPEC §5), checked as Run checks it.
func (p Params) Visits() (int, error) {
	p.Cycle, p.Policy, p.Compare = 1, "", nil
	r, err := p.resolve()
	if err != nil {
		return 0, err
	}
	return r.Budget, nil
}

// resolve fills Budget, Crawlers and Rate from each other and checks the
// parameters, returning an error a user can act on.
func (p Params) resolve() (Params, error) {
	T := p.Horizon.Seconds()
	switch {
	case !(T > 0):
		return p, fmt.Errorf("horizon %v must be positive", p.Horizon)
	case p.Politeness < 0:
		return p, fmt.Errorf("politeness %v must not be negative", p.Politeness)
	case p.Politeness > p.Horizon:
		return p, fmt.Errorf("politeness %v is longer than the horizon %v: no host could be visited twice", p.Politeness, p.Horizon)
	case p.Budget < 0:
		return p, fmt.Errorf("budget %d must be positive", p.Budget)
	case p.Crawlers < 0:
		return p, fmt.Errorf("crawlers %d must be positive", p.Crawlers)
	case p.Crawlers > 0 && !(p.Rate > 0 && !math.IsInf(p.Rate, 1)):
		return p, fmt.Errorf("rate %v pages per second per crawler must be positive", p.Rate)
	case p.MinVisits < 0 || p.MaxVisits < 0:
		return p, fmt.Errorf("min and max visits must not be negative")
	case p.Simulate < 0 || p.Simulate > MaxSimulateRuns:
		return p, fmt.Errorf("simulate %d runs: want 0 (none) to %d", p.Simulate, MaxSimulateRuns)
	case p.MaxVisits > 0 && p.MinVisits > p.MaxVisits:
		return p, fmt.Errorf("min visits %d exceed max visits %d", p.MinVisits, p.MaxVisits)
	}
	if p.Policy == "" {
		p.Policy = PSP
	}
	if p.Policy != None && !p.Policy.IsPolicy() {
		return p, fmt.Errorf("unknown policy %q: want one of %v", p.Policy, Policies())
	}
	for _, c := range p.Compare {
		if !c.IsPolicy() {
			return p, fmt.Errorf("unknown policy %q to compare: want one of %v", c, Policies())
		}
	}
	if p.Crawlers == 0 && p.Budget == 0 {
		return p, &ParamError{Field: "Budget", Msg: "a budget (visits per horizon), or crawlers and their rate"}
	}
	if p.Budget == 0 {
		b := math.Floor(float64(p.Crawlers) * p.Rate * T)
		if b < 1 {
			return p, fmt.Errorf("%d crawlers at %v pages per second make no visit in %v", p.Crawlers, p.Rate, p.Horizon)
		}
		if b > MaxBudget {
			return p, fmt.Errorf("%d crawlers at %v pages per second make %g visits per horizon, more than the %d freshplan schedules", p.Crawlers, p.Rate, b, MaxBudget)
		}
		p.Budget = int(b)
	}
	if p.Budget > MaxBudget {
		return p, fmt.Errorf("budget %d is more than the %d visits per horizon freshplan schedules", p.Budget, MaxBudget)
	}
	if p.Crawlers == 0 {
		p.Crawlers, p.Rate = 1, float64(p.Budget)/T
	}
	switch {
	case p.Cycle < 0:
		return p, fmt.Errorf("cycle %d: want a number of horizons", p.Cycle)
	case p.Cycle > 1:
		if p.Budget > MaxBudget/p.Cycle {
			return p, fmt.Errorf("budget %d over a cycle of %d horizons is more than the %d visits freshplan schedules", p.Budget, p.Cycle, MaxBudget)
		}
		p.Horizon *= time.Duration(p.Cycle)
		p.Budget *= p.Cycle
	default:
		p.Cycle = 1
	}
	return p, nil
}

// PerHorizon returns resolved parameters' horizon and budget per horizon:
// Horizon and Budget over the cycle they span.
func (p Params) PerHorizon() (time.Duration, int) {
	m := max(p.Cycle, 1)
	return p.Horizon / time.Duration(m), p.Budget / m
}

// AutoCycle is the cycle a plan of pages at budget visits per horizon
// spans when not told: the fewest horizons in which the budget can visit
// every page once, ⌈pages/budget⌉ — 1, the papers' single horizon,
// whenever the budget reaches every page in one.
func AutoCycle(pages, budget int) int {
	if budget <= 0 || pages <= budget {
		return 1
	}
	return (pages + budget - 1) / budget
}

// Wants reports whether a plan under p computes the named policy: the
// policy chosen, and those compared (every one when Compare is nil).
func (p Params) Wants(name Policy) bool {
	return p.Policy == name || p.Compare == nil || slices.Contains(p.Compare, name)
}

// keepsPerPage reports whether a plan under p keeps the named policy's
// per-page arrays (Params.PerPage: every policy's when nil).
func (p Params) keepsPerPage(name Policy) bool {
	return p.PerPage == nil || slices.Contains(p.PerPage, name)
}
