package plan

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/freshplan/freshplan/core/allocate"
	"github.com/freshplan/freshplan/core/internal/inputerr"
	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/core/schedule"
	"github.com/freshplan/freshplan/core/simulate"
	"github.com/freshplan/freshplan/core/staleness"
)

// day converts the pages table's changes per day to changes per second.
const day = 86400.0

// Bounds on the inputs that keep every computation inside the range of
// float64 with room to spare: a change every millisecond, and weights
// spanning fifteen decades.
const (
	MaxRate   = inputerr.MaxRate   // changes per day
	MaxWeight = inputerr.MaxWeight // importance
)

// Host is one server of the plan.
type Host struct {
	Name   string
	Pages  int
	Delay  float64 // seconds between requests: the politeness or the largest crawl_delay asked
	Cap    int     // ⌊T/Delay⌋, the most visits politeness allows per horizon
	Visits int     // visits the kept schedule makes (psp's by default)
}

// Result is one policy's or bound's outcome.
type Result struct {
	Name      Policy
	Value     float64   // weighted average staleness (or age in seconds) under the model
	Visits    []float64 // per page, visits per horizon (fractional for cho and azar's rates)
	Page      []float64 // per page staleness (or age in seconds)
	Simulated bool      // Value comes from replaying a schedule, not a closed form
	// Sim is, with Params.Simulate, the same figure from replaying the
	// result's visits against sampled changes (core/simulate); nil for a
	// rate policy with no schedule (cho, azar_random) or without Simulate.
	Sim        *simulate.Estimate
	Dropped    int // programmed visits no crawler could make inside the horizon
	Violations int // validator findings (polite policies only; always 0 when correct)
}

// Seconds is where the planning time went.
type Seconds struct {
	Estimate float64 `json:"estimate"`
	Allocate float64 `json:"allocate"`
	Schedule float64 `json:"schedule"`
}

// Plan is every policy and bound computed on one pages table.
type Plan struct {
	Params Params // resolved: Budget, Crawlers and Rate all set
	Table  Table  // the pages planned, read a page at a time (a List from Run)
	Hosts  []Host
	HostOf []int32 // host index of each page
	// Results are the policies' and bounds' outcomes, with AzarRandom
	// beside them; Result looks one up.
	Results  map[Policy]*Result
	Schedule []schedule.Visit // the schedule of Params.Policy, in time order; nil with Params.Stream
	// Scheduled is how many visits the schedule of Params.Policy makes,
	// held in Schedule or passed to Params.Stream.
	Scheduled int
	Seconds   Seconds
	// Omitted says why policies asked for have no result: Cho's and
	// Azar's optima assume Poisson pages, and Cho's is derived for
	// staleness and age only.
	Omitted map[Policy]string
}

// Run plans pages under params: every policy of Policies and every bound
// of Bounds. It returns an error when the input cannot be planned. Each
// URL must appear once, as pages.Read ensures; Run does not check again.
func Run(ctx context.Context, pg []pages.Page, params Params) (*Plan, error) {
	return run(ctx, pages.List(pg), params, nil)
}

// RunTable plans the pages of a table as Run does, the table read a page
// at a time, never made a []Page; the plan's Table is t, from which the
// exports write the pages.
func RunTable(ctx context.Context, t Table, params Params) (*Plan, error) {
	return run(ctx, t, params, nil)
}

// warmStart holds the allocations of a plan of the same pages at another
// budget, from which a sweep starts the next budget's search.
type warmStart struct {
	polite, nonpolite []int
}

func run(ctx context.Context, t Table, params Params, warm *warmStart) (*Plan, error) {
	params, err := params.resolve()
	if err != nil {
		return nil, err
	}
	if t.Len() == 0 {
		return nil, errors.New("no pages to plan")
	}
	in, err := newInstance(t, params)
	if err != nil {
		return nil, err
	}
	in.warm, in.ctx = warm, ctx
	in.out = &sink{hostOf: in.hostOf, hosts: in.hosts, stream: params.Stream}
	in.pulse = &pulse{fn: params.Progress}
	pl := &Plan{Params: params, Table: t, Hosts: in.hosts, HostOf: in.hostOf, Results: map[Policy]*Result{}}

	progress := func(stage string) {
		if params.Progress != nil {
			params.Progress(stage)
		}
	}
	progress("allocating")
	start := time.Now()
	// A plan shown early leaves the rate policies but uniform for later,
	// and the bound nonpolite for after psp's schedule: on one thread (the
	// browser's) its GREEDY would hold psp's figure back (at paper scale in
	// WebAssembly 0.7 s of the 4.4 s to it).
	alloc, err := in.allocate(ctx, params.Early == nil, params.Early == nil)
	if err != nil {
		return nil, err
	}
	if params.Early == nil {
		in.warm = nil // the allocations' start, done with
	}
	keep := func(results []*Result) error {
		for _, r := range results {
			// Rate policies (cho, azar_random) have no schedule to replay.
			if params.Simulate > 0 && r.Name != Cho && r.Name != AzarRandom {
				if err := in.simulated(r, in.equalVisits(r.Visits)); err != nil {
					return err
				}
			}
			pl.store(r)
		}
		return nil
	}
	if err := keep(alloc.results); err != nil {
		return nil, err
	}
	pl.Seconds.Allocate = time.Since(start).Seconds()
	if params.Early != nil && params.Allocated != nil {
		params.Allocated(pl)
	}

	if err := ctx.Err(); err != nil {
		return nil, err
	}
	progress("scheduling")
	start = time.Now()
	var early func([]*Result) error
	// scored stores results scored after early and gives Params.Scored the
	// plan; the schedules after early are scored on several goroutines.
	var scored func(...*Result)
	if params.Early != nil {
		if params.Scored != nil {
			var mu sync.Mutex
			scored = func(rs ...*Result) {
				mu.Lock()
				defer mu.Unlock()
				for _, r := range rs {
					pl.store(r)
				}
				params.Scored(pl)
			}
		}
		early = func(done []*Result) error {
			for _, r := range done {
				pl.store(r)
			}
			params.Early(pl)
			progress("planning the other policies")
			np, err := in.allocateNonPolite(alloc)
			if err != nil {
				return err
			}
			in.warm = nil // the allocations' start, done with
			if err := keep([]*Result{np}); err != nil {
				return err
			}
			if scored != nil {
				scored() // stored by keep
			}
			alloc.results = nil
			if err := in.rateAllocations(alloc); err != nil {
				return err
			}
			if err := keep(alloc.results); err != nil {
				return err
			}
			if scored != nil && len(alloc.results) > 0 {
				scored() // stored by keep, simulated figures and all
			}
			return nil
		}
	}
	sched, err := in.schedule(ctx, alloc, early, scored)
	if err != nil {
		return nil, err
	}
	for _, r := range sched.results {
		pl.store(r)
	}
	pl.Schedule, pl.Scheduled = in.out.kept, in.out.n
	pl.Seconds.Schedule = time.Since(start).Seconds()
	for _, name := range []Policy{Cho, Azar, MWolfExact} {
		if _, ok := pl.Results[name]; ok || !in.wants(name) {
			continue
		}
		if pl.Omitted == nil {
			pl.Omitted = map[Policy]string{}
		}
		switch {
		case name == MWolfExact:
			pl.Omitted[name] = sched.omitted
		case in.modelled():
			pl.Omitted[name] = "its optimum assumes every page is Poisson"
		case !in.changing():
			pl.Omitted[name] = "no page changes (every rate is 0), so there is nothing to share the budget out by; every policy keeps every copy fresh"
		default:
			pl.Omitted[name] = "its Lagrange solution is for staleness and age"
		}
	}
	if why, ok := pl.Omitted[params.Policy]; ok {
		// The schedule asked for cannot be made: an empty one would look
		// like a plan.
		return nil, &NotPlannedError{Policy: params.Policy, Why: why}
	}
	return pl, nil
}

// Result returns the result of the policy or bound p, nil when the plan
// has none.
func (pl *Plan) Result(p Policy) *Result { return pl.Results[p] }

// NotPlannedError is Run's error when Params.Policy cannot be planned for
// the pages (Plan.Omitted says the same of a policy only compared).
type NotPlannedError struct {
	Policy Policy
	Why    string // e.g. "its optimum assumes every page is Poisson"
}

func (e *NotPlannedError) Error() string {
	return fmt.Sprintf("policy %s cannot be planned here: %s; choose another policy", e.Policy, e.Why)
}

// store adds a finished result to the plan, without its per-page arrays
// unless Params.PerPage names it.
func (pl *Plan) store(r *Result) {
	if !pl.Params.keepsPerPage(r.Name) {
		r.Visits, r.Page = nil, nil
	}
	pl.Results[r.Name] = r
}

// pageName names page i (from 0) of a table for a message: its row
// number, and its URL when it has one (the app's planner gets pages
// without their URLs).
func pageName(i int, p pages.Page) string {
	if p.URL == "" {
		return fmt.Sprintf("page %d", i+1)
	}
	return fmt.Sprintf("page %d (%s)", i+1, p.URL)
}

// instance is a pages table turned into the engine's arrays.
type instance struct {
	ctx     context.Context
	params  Params
	T       float64
	rates   []float64 // per second
	weights []float64
	hostOf  []int32
	hosts   []Host
	delay   []float64
	caps    []int
	warm    *warmStart
	out     *sink  // where the kept policy's schedule goes
	pulse   *pulse // Params.Progress from inside long stages

	procs     []simulate.Process // each page's changes, for the simulator, made on first use
	procsOnce sync.Once

	models  []*pageModel // per page, its change model when not Poisson; nil when every page is Poisson
	costFns []func(int) float64
}

func newInstance(t Table, params Params) (*instance, error) {
	n := t.Len()
	in := &instance{ctx: context.Background(), params: params, T: params.Horizon.Seconds(),
		rates: make([]float64, n), weights: make([]float64, n)}
	hostOf, names := t.Hosts()
	in.hostOf = hostOf
	in.hosts = make([]Host, len(names))
	for h, name := range names {
		in.hosts[h] = Host{Name: name, Delay: params.Politeness.Seconds()}
	}
	var wsum float64
	for i := range n {
		p := t.Page(i)
		if !(p.Rate >= 0 && p.Rate <= MaxRate) {
			return nil, fmt.Errorf("%s: change rate %v is not a number of changes per day between 0 and %g", pageName(i, p), p.Rate, MaxRate)
		}
		if !(p.Weight >= 0 && p.Weight <= MaxWeight) {
			return nil, fmt.Errorf("%s: weight %v is not between 0 and %g", pageName(i, p), p.Weight, MaxWeight)
		}
		if !(p.CrawlDelay >= 0) || math.IsInf(p.CrawlDelay, 1) {
			// Longer than the horizon is allowed: the host's cap is 0 (see Unvisitable).
			return nil, fmt.Errorf("%s: crawl delay %v s is not a finite non-negative number of seconds", pageName(i, p), p.CrawlDelay)
		}
		h := hostOf[i]
		in.hosts[h].Pages++
		// A host asks for one delay; rows that disagree get the most polite.
		in.hosts[h].Delay = math.Max(in.hosts[h].Delay, p.CrawlDelay)
		in.rates[i] = p.Rate / day
		in.weights[i] = p.Weight
		wsum += p.Weight
	}
	if !(wsum > 0) {
		return nil, errors.New("every page has weight 0: nothing to plan")
	}
	for i := range n {
		p := t.Page(i)
		if p.Change == nil {
			continue
		}
		if in.models == nil {
			in.models = make([]*pageModel, n)
		}
		pm, err := newModel(i, p, params, in.T)
		if err != nil {
			return nil, err
		}
		in.models[i], in.rates[i] = pm, pm.rate
	}
	in.costFns = in.costs()
	in.delay = make([]float64, len(in.hosts))
	in.caps = make([]int, len(in.hosts))
	for s := range in.hosts {
		d := in.hosts[s].Delay
		c := params.Budget
		if d > 0 {
			// seed 000 §2.1 constraint (2): ⌊T/P⌋ (the 1e-9 absorbs T/P computed just below an integer).
			c = int(min(math.Floor(in.T/d+1e-9), float64(params.Budget)))
		}
		in.hosts[s].Cap, in.delay[s], in.caps[s] = c, d, c
	}
	return in, nil
}

// problem returns problem S for the instance, with or without caps.
func (in *instance) problem(capped bool) allocate.Problem {
	p := allocate.Problem{Rates: in.rates, Weights: in.weights, Budget: in.params.Budget,
		Horizon: in.T, Model: in.params.Model, Objective: in.params.Objective,
		MinVisits: in.params.MinVisits, MaxVisits: in.params.MaxVisits, Costs: in.costFns}
	searched := NonPolite
	if capped {
		p.Hosts, p.Caps = in.hostOf, in.caps
		searched = PSP
	}
	p.Progress = in.searching(searched)
	if in.warm != nil {
		p.Start = in.warm.nonpolite
		if capped {
			p.Start = in.warm.polite
		}
	}
	return p
}

// searching returns GREEDY's Problem.Progress for the allocation of
// name: each pass of its search told to Params.Progress ("allocating psp:
// pass 3, 40%"), and the plan's context checked.
func (in *instance) searching(name Policy) func(pass, done, total int) error {
	stage := "allocating " + string(name)
	return func(pass, done, total int) error {
		in.pulse.say(stage, func() string { return fmt.Sprintf("%s: pass %d, %d%%", stage, pass, 100*done/max(total, 1)) })
		return in.ctx.Err()
	}
}

// result returns a policy's result: each page's value from page, and
// their weighted average (pages of weight 0 left out even when infinite).
func (in *instance) result(name Policy, visits []float64, simulated bool, page func(i int) float64) *Result {
	stage := "scoring " + string(name)
	if !in.whole() && !in.params.keepsPerPage(name) {
		// Its per-page figures would be dropped (store): the average
		// without them.
		return &Result{Name: name, Value: in.average(stage, page), Simulated: simulated}
	}
	r := &Result{Name: name, Visits: visits, Page: make([]float64, len(visits)), Simulated: simulated}
	for i := range visits {
		if i%pulsePages == 0 && i > 0 {
			in.pulse.tell(stage, i, len(visits))
		}
		r.Page[i] = page(i)
	}
	r.Value = in.average("", func(i int) float64 { return r.Page[i] })
	return r
}

// pulsePages is how many pages a loop over them scores between two looks
// at the pulse: some milliseconds' work in WebAssembly (a smaller table
// is scored without a look).
const pulsePages = 1 << 15

// average returns the pages' weighted average of per-page values,
// normalised by Σw; pages of weight 0 are left out even when infinite.
// A stage named tells the pulse as it goes (page may be slow).
func (in *instance) average(stage string, page func(i int) float64) float64 {
	var sum, wsum float64
	for i, w := range in.weights {
		if stage != "" && i%pulsePages == 0 && i > 0 {
			in.pulse.tell(stage, i, len(in.weights))
		}
		if w != 0 {
			sum += w * page(i)
		}
		wsum += w
	}
	return sum / wsum
}

// ticking returns the tick of a long computation of stage outside this
// package (allocate.ChoTicked, AzarTicked): Params.Progress told, when it
// is time to, and the plan's context's error returned, which stops it.
// A table of up to pulsePages pages is computed without (nil).
func (in *instance) ticking(stage string) func() error {
	if len(in.rates) <= pulsePages {
		return nil
	}
	return func() error {
		in.pulse.say(stage, func() string { return stage })
		return in.ctx.Err()
	}
}

// analytic returns the result of visiting page i visits[i] times per
// horizon at equally spaced times.
func (in *instance) analytic(name Policy, visits []float64) *Result {
	return in.result(name, visits, false, func(i int) float64 {
		if in.modelled() && in.models[i] != nil {
			return in.models[i].cost(int(visits[i]))
		}
		return staleness.Equal(in.params.Model, in.params.Objective, in.rates[i], in.T, visits[i])
	})
}

// tracked returns the result of a replayed schedule.
func (in *instance) tracked(name Policy, tr *staleness.Tracker, visits []float64) *Result {
	return in.result(name, visits, true, tr.Page)
}

func floats(x []int) []float64 {
	f := make([]float64, len(x))
	for i, v := range x {
		f[i] = float64(v)
	}
	return f
}
