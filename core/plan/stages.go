package plan

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"runtime"
	"slices"

	"github.com/freshplan/freshplan/core/allocate"
	"github.com/freshplan/freshplan/core/internal/par"
	"github.com/freshplan/freshplan/core/schedule"
	"github.com/freshplan/freshplan/core/simulate"
	"github.com/freshplan/freshplan/core/staleness"
)

// allocation is the outcome of the allocation stage.
type allocation struct {
	polite    []int     // problem S with caps: psp's and mp2's visits
	nonpolite []int     // without caps: mwolf's visits
	whole     [][]int   // integer visits of uniform, proportional, cho (for their schedules), nil when not computed
	azar      []float64 // Azar's crawl rates per second
	results   []*Result
}

// wantsCho reports whether the plan computes Cho's policy: its Lagrange
// solution is derived for staleness and age only (seed 001 §5.5.4).
// Both it and Azar's policy assume Poisson pages.
func (in *instance) wantsCho() bool {
	return in.wants(Cho) && in.params.Objective != staleness.Harmonic && !in.modelled() && in.changing()
}

// wantsAzar reports whether the plan computes Azar's policy: its optimum
// (seed 002 eqs. 9–11) is for Poisson pages, and its carousel needs a
// page that changes.
func (in *instance) wantsAzar() bool { return in.wants(Azar) && !in.modelled() && in.changing() }

// changing reports whether any page changes. Cho's and Azar's policies
// share the budget out by what the rates make of it; with every rate 0
// there is nothing to share it by (and every policy keeps every copy
// fresh).
func (in *instance) changing() bool {
	return slices.ContainsFunc(in.rates, func(r float64) bool { return r > 0 })
}

// wants reports whether the plan computes the named policy.
func (in *instance) wants(name Policy) bool { return in.params.Wants(name) }

// allocate computes problem S with caps (psp's and mp2's visits; the
// bound wp) and uniform; with nonpolite also problem S without caps
// (mwolf's visits; the bound nonpolite), else allocateNonPolite must
// follow; with rates also the other rate policies (proportional, cho,
// azar), else rateAllocations must follow.
func (in *instance) allocate(ctx context.Context, nonpolite, rates bool) (*allocation, error) {
	a := &allocation{whole: make([][]int, 3)}
	var np *Result
	err := par.Do(
		func() (err error) {
			p := in.problem(true)
			a.polite, err = allocate.Greedy(p)
			return err
		},
		// Beside the capped GREEDY, the longer of the two.
		func() (err error) {
			if nonpolite {
				if np, err = in.allocateNonPolite(a); err != nil {
					return err
				}
			}
			if rates {
				return in.rateAllocations(a)
			}
			return nil
		},
	)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	first := []*Result{in.analytic(WP, floats(a.polite))}
	if np != nil {
		first = append(first, np)
	}
	a.results = append(first, a.results...)
	if in.wants(Uniform) {
		a.whole[0] = in.shares(func(i int) float64 { return in.weights[i] })
		a.results = append(a.results, in.analytic(Uniform, floats(a.whole[0])))
		in.dropWhole(a, 0)
	}
	return a, nil
}

// allocateNonPolite computes problem S without caps into a (mwolf's
// visits) and returns the bound nonpolite.
func (in *instance) allocateNonPolite(a *allocation) (*Result, error) {
	x, err := allocate.Greedy(in.problem(false))
	if err != nil {
		return nil, err
	}
	a.nonpolite = x
	return in.analytic(NonPolite, floats(x)), nil
}

// shares apportions the budget among the pages in proportion to share(i).
func (in *instance) shares(share func(i int) float64) []int {
	s := make([]float64, len(in.rates))
	for i := range s {
		s[i] = share(i)
	}
	if len(s) > pulsePages {
		in.pulse.say("apportioning", func() string { return "apportioning" })
	}
	return allocate.Apportion(in.params.Budget, s)
}

// wholeNames are the rate policies of allocation.whole, in its order.
var wholeNames = []Policy{Uniform, Proportional, Cho}

// dropWhole lets go of a rate policy's whole visits once its result is
// made, unless its schedule is the one kept (8 MB each at paper scale).
func (in *instance) dropWhole(a *allocation, k int) {
	if in.params.Policy != wholeNames[k] {
		a.whole[k] = nil
	}
}

// rateAllocations computes the rate policies but uniform: proportional,
// cho and azar, adding their results to a. It tells the pulse as it goes
// and stops when the plan's context ends.
func (in *instance) rateAllocations(a *allocation) (err error) {
	n := len(in.rates)
	R := in.params.Budget
	cho := make([]float64, n)
	a.azar = make([]float64, n)
	if in.wantsCho() {
		if cho, err = allocate.ChoTicked(in.rates, in.weights, float64(R)/in.T, in.params.Objective, in.ticking("allocating cho")); err != nil {
			return fmt.Errorf("cho: %w", err)
		}
	}
	if in.wantsAzar() {
		if a.azar, err = allocate.AzarTicked(in.rates, in.weights, float64(R)/in.T, in.ticking("allocating azar")); err != nil {
			return fmt.Errorf("azar: %w", err)
		}
	}
	if err := in.ctx.Err(); err != nil {
		return err
	}
	if in.wants(Proportional) {
		a.whole[1] = in.shares(func(i int) float64 { return in.weights[i] * in.rates[i] })
		a.results = append(a.results, in.analytic(Proportional, floats(a.whole[1])))
		in.dropWhole(a, 1)
		if err := in.ctx.Err(); err != nil {
			return err
		}
	}
	if in.wantsCho() {
		a.whole[2] = in.shares(func(i int) float64 { return cho[i] })
		choVisits := make([]float64, n)
		for i := range n {
			choVisits[i] = cho[i] * in.T
		}
		a.results = append(a.results, in.analytic(Cho, choVisits))
		in.dropWhole(a, 2)
		if err := in.ctx.Err(); err != nil {
			return err
		}
	}
	// Azar et al. optimise freshness; no closed-form age is offered.
	if in.wantsAzar() && in.params.Objective == staleness.Stale {
		azarVisits := make([]float64, n)
		for i := range n {
			azarVisits[i] = a.azar[i] * in.T
		}
		a.results = append(a.results, in.result(AzarRandom, azarVisits, false, func(i int) float64 {
			if in.params.Model == staleness.Horizon {
				return allocate.AzarHorizonStaleness(in.rates[i], a.azar[i], in.T)
			}
			return allocate.AzarStaleness(in.rates[i], a.azar[i])
		}))
	}
	return nil
}

// scheduling is the outcome of the scheduling stage (the kept schedule
// goes to the instance's sink).
type scheduling struct {
	results []*Result
	omitted string // why mwolf-exact, asked for, was not computed
}

func (in *instance) fleet() schedule.Fleet {
	return schedule.Fleet{Crawlers: in.params.Crawlers, Rate: in.params.Rate}
}

// programme returns x's visits equally spaced, each host's sorted by time.
func (in *instance) programme(x []int) *schedule.Programme {
	p := schedule.EquallySpaced(in.params.Model, x, in.hostOf, len(in.hosts), in.T)
	in.quasiTimes(p, x)
	return p
}

// polite assigns a programme to the crawlers and replays and validates
// it, giving its visits to the plan's sink if the plan keeps it.
func (in *instance) polite(name Policy, src schedule.Source, x []int) (*Result, error) {
	if l, ok := src.(*schedule.Lazy); ok {
		return in.streamed(name, l, x)
	}
	prog := src.(*schedule.Programme)
	return in.assigned(name, prog, x, func(emit func(k int, v schedule.Visit)) (int, error) {
		return schedule.AssignContext(in.ctx, in.params.Model, prog, in.delay, in.fleet(), in.T, emit)
	})
}

// source returns x's equally spaced programme (merged: MERGE's) for the
// assignment: made as it is consumed, or held whole when the plan needs
// it so (see whole).
func (in *instance) source(name Policy, x []int, merge bool) schedule.Source {
	if !in.whole() {
		return in.lazy(name, x, merge)
	}
	in.announce(name)
	if merge {
		return schedule.Merge(in.params.Model, in.programme(x), in.T)
	}
	return in.programme(x)
}

// assigned carries out a programme held whole with an assignment of its
// visits to crawlers (assign emits each visit made, in time order, and
// returns how many it dropped), replays and validates it, and gives its
// visits to the plan's sink if the plan keeps it.
//
// The programme's times become the times its visits were made at (NaN for
// a visit dropped): the assignment reads a visit's programmed time only
// before it emits it (schedule.Assign and schedule.Transport say so), and
// a second array of times would be 69 MB at paper scale. Each time stays
// beside its place in the programme, so the replay walks host by host:
// one host's pages at a time stay in cache, where walking the schedule in
// time order would not.
func (in *instance) assigned(name Policy, prog *schedule.Programme, x []int,
	assign func(emit func(k int, v schedule.Visit)) (int, error)) (*Result, error) {
	m := in.params.Model
	check := schedule.NewValidator(m, in.hostOf, in.delay, in.fleet(), in.T)
	keep := in.keeps(name)
	if keep != nil {
		keep.reserve(prog.Len())
	}
	made := newBitset(prog.Len())
	stage, n := "scheduling "+string(name), 0
	dropped, err := assign(func(k int, v schedule.Visit) {
		if n++; n%pulseSlots == 0 {
			in.pulse.tell(stage, n, prog.Len())
		}
		prog.Times[k] = v.Time
		made.set(k)
		check.CheckTime(v)
		if keep != nil {
			keep.add(v)
		}
	})
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	// Host by host, each host's visits in time order: replay, and check
	// politeness against the pages' own hosts.
	tr := staleness.NewTracker(m, in.params.Objective, in.rates, in.T)
	visits := make([]float64, len(x))
	for s := 0; s+1 < len(prog.Start); s++ {
		in.replayHost(prog, prog.Start[s], prog.Start[s+1], made, tr, check, visits)
	}
	if keep != nil {
		keep.counted(visits)
	}
	r := in.tracked(name, tr, visits)
	r.Dropped = dropped
	r.Violations, _ = check.Finish()
	if in.modelled() || in.params.Simulate > 0 {
		v := madeVisits(len(x), prog)
		if err := in.remodel(r, v); err != nil {
			return nil, err
		}
		if err := in.simulated(r, v); err != nil {
			return nil, err
		}
	}
	return r, nil
}

// pagesPerRun is how many pages one call of replaySlots replays.
const pagesPerRun = 1 << 12

// replaySlots replays the carousel's slots of pages lo to hi−1. It is a
// function of its own, called a few thousand pages at a time, so that a
// WebAssembly engine optimises it after a few calls (see schedule's
// ticksPerRun).
//
//go:noinline
func replaySlots(lo, hi int, start, slots []int32, R int, T float64, tr *staleness.Tracker, made []float64, sim *simulate.Visits) {
	for i := lo; i < hi; i++ {
		for j, k := range slots[start[i]:start[i+1]] {
			t := slotTime(int(k), R, T)
			tr.Visit(i, t)
			if sim != nil {
				sim.Times[int(start[i])+j] = t
			}
		}
		made[i] = float64(start[i+1] - start[i])
		if sim != nil {
			sim.Start[i+1] = int(start[i+1])
		}
	}
}

// replayHost replays the visits made of one host's, a to b−1 in the
// programme, and marks the others dropped (NaN). It is a function of its
// own, called host by host, so that a WebAssembly engine optimises it
// after a few calls (see schedule's ticksPerRun).
//
//go:noinline
func (in *instance) replayHost(prog *schedule.Programme, a, b int, made bitset, tr *staleness.Tracker, check *schedule.Validator, visits []float64) {
	for k := a; k < b; k++ {
		if !made.has(k) {
			prog.Times[k] = math.NaN()
			continue
		}
		i, t := prog.Pages[k], prog.Times[k]
		tr.Visit(int(i), t)
		check.CheckHost(in.hostOf[i], t)
		visits[i]++
	}
}

// followed returns the infcrawlers bound: MERGE's programme followed
// exactly.
func (in *instance) followed(merged *schedule.Programme, x []int) (*Result, error) {
	tr := merged.Realized(in.params.Model, in.params.Objective, in.rates, in.T)
	inf := in.tracked(InfCrawlers, tr, floats(x))
	inf.Simulated = false
	if in.modelled() || in.params.Simulate > 0 {
		v, err := simulate.FromProgramme(len(x), merged)
		if err != nil {
			return nil, err
		}
		if err := in.remodel(inf, v); err != nil {
			return nil, err
		}
		if err := in.simulated(inf, v); err != nil {
			return nil, err
		}
	}
	return inf, nil
}

// slotTime returns the time of the carousel's slot k (from 0) of R: slots
// are T/R apart, centred, so the crawlers taking them in turn never exceed
// their rate and the carousel repeats evenly across horizons.
func slotTime(k, R int, T float64) float64 {
	return (float64(k) + 0.5) * T / float64(R)
}

// carouselEach runs Azar's EDF carousel of R slots, giving each slot's
// page to slot in order, telling the pulse and looking at the plan's
// context every pulseSlots slots.
func (in *instance) carouselEach(rates []float64, R int, slot func(k int, i int32)) error {
	var stop error
	tick := func() { in.pulse.tell("scheduling azar", 0, R) }
	err := schedule.CarouselEachTicked(rates, R, tick, func(k int, i int32) bool {
		slot(k, i)
		if (k+1)%pulseSlots == 0 {
			in.pulse.tell("scheduling azar", k+1, R)
			stop = in.ctx.Err()
		}
		return stop == nil
	})
	if err != nil {
		return fmt.Errorf("azar: %w", err)
	}
	return stop
}

// carousel replays Azar's EDF carousel: one crawl per slot, R slots
// equally spaced over the horizon, crawlers taking slots in turn.
func (in *instance) carousel(rates []float64) (*Result, error) {
	in.announce(Azar)
	R := in.params.Budget
	if !in.whole() {
		return in.carouselInOrder(rates)
	}
	seq := make([]int32, 0, R)
	if err := in.carouselEach(rates, R, func(_ int, i int32) { seq = append(seq, i) }); err != nil {
		return nil, err
	}
	m := in.params.Model
	n := len(rates)
	// Group the slots by page (a counting sort, slots ascending within a
	// page) so the replay reads each page's visits together, and the
	// simulator gets each page's times.
	start := make([]int32, n+1)
	for _, i := range seq {
		if i >= 0 {
			start[i+1]++
		}
	}
	for i := range n {
		start[i+1] += start[i]
	}
	slots := make([]int32, start[n])
	fill := slices.Clone(start[:n])
	for k, i := range seq {
		if i >= 0 {
			slots[fill[i]] = int32(k)
			fill[i]++
		}
	}
	tr := staleness.NewTracker(m, in.params.Objective, in.rates, in.T)
	made := make([]float64, n)
	var sim *simulate.Visits
	if in.params.Simulate > 0 {
		sim = &simulate.Visits{Start: make([]int, n+1), Times: make([]float64, len(slots))}
	}
	for lo := 0; lo < n; lo += pagesPerRun {
		replaySlots(lo, min(lo+pagesPerRun, n), start, slots, R, in.T, tr, made, sim)
	}
	if keep := in.keeps(Azar); keep != nil {
		C := int32(in.params.Crawlers)
		keep.reserve(len(slots))
		for k, i := range seq {
			if i >= 0 {
				keep.add(schedule.Visit{Time: slotTime(k, R, in.T), Page: int32(i), Crawler: int32(k) % C})
			}
		}
		keep.counted(made)
	}
	r := in.tracked(Azar, tr, made)
	if err := in.simulated(r, sim); err != nil {
		return nil, err
	}
	return r, nil
}

// schedule makes the scheduled policies and bounds: all together on
// several cores; else psp and infcrawlers first — then early (if not nil)
// is given them and makes the rate allocations left (the carousel needs
// Azar's) — then the others, each given to scored (if not nil) as it is
// scored.
func (in *instance) schedule(ctx context.Context, a *allocation, early func([]*Result) error, scored func(...*Result)) (*scheduling, error) {
	tell := func(r *Result) {
		if scored != nil && r != nil {
			scored(r)
		}
	}
	s := &scheduling{}
	var psp, inf, mp2, mwolf, azar *Result
	// MERGE starts from the equally spaced programme and spreads each
	// host's visits evenly. Held whole (see whole), a quasi page's visits
	// belong just after its potential changes (seed 003 §2.3.3), so they go
	// back; MERGE rewrites the equally spaced programme in place, and
	// quasiTimes reorders it: mp2 makes its programme again rather than
	// keep a copy. Made as consumed (schedule.Lazy), each programme holds
	// a few visits a host at a time.
	var merged *schedule.Programme
	if in.whole() {
		merged = schedule.Merge(in.params.Model, in.programme(a.polite), in.T)
		in.quasiTimes(merged, a.polite)
	}
	// infcrawlers follows MERGE's times, which psp's assignment then
	// replaces with the times its visits are made at: one before the other
	// when the programme is held whole. Made as consumed, each has its
	// own, and infcrawlers, a bound the headline does not need, comes
	// after early (in WebAssembly at paper scale 1.4 s of early's 9 s).
	lateInf := merged == nil && early != nil
	// Made as consumed, psp and infcrawlers share nothing, and run at once
	// on several cores; held whole, they follow one programme in turn.
	var first []func() error
	if merged == nil {
		if !lateInf {
			first = append(first, func() (err error) {
				inf, err = in.followedLazy(a.polite)
				return err
			})
		}
		first = append(first, func() (err error) {
			psp, err = in.polite(PSP, in.lazy(PSP, a.polite, true), a.polite)
			return err
		})
	} else {
		first = append(first, func() (err error) {
			if inf, err = in.followed(merged, a.polite); err != nil {
				return err
			}
			psp, err = in.polite(PSP, merged, a.polite)
			return err
		})
	}
	var jobs []func() error
	if lateInf {
		jobs = append(jobs, func() (err error) {
			inf, err = in.followedLazy(a.polite)
			tell(inf)
			return err
		})
	}
	if in.wants(MP2) {
		jobs = append(jobs, func() (err error) {
			mp2, err = in.polite(MP2, in.source(MP2, a.polite, false), a.polite)
			tell(mp2)
			return err
		})
	}
	if in.wants(MWolf) {
		jobs = append(jobs, func() (err error) {
			mwolf, err = in.polite(MWolf, in.source(MWolf, a.nonpolite, false), a.nonpolite)
			tell(mwolf)
			return err
		})
	}
	var exact *Result
	var exactWhy string
	if in.wants(MWolfExact) {
		jobs = append(jobs, func() (err error) {
			exact, exactWhy = in.transported(a.nonpolite)
			tell(exact)
			return nil
		})
	}
	var carousel func() error // Azar's, apart: see below
	if in.wantsAzar() {
		carousel = func() (err error) {
			if in.params.Budget > schedule.MaxCarouselSlots {
				return fmt.Errorf("azar: a budget of %d visits is more than the %d slots the EDF carousel builds; plan a shorter horizon", in.params.Budget, schedule.MaxCarouselSlots)
			}
			// The carousel keeps each page's share itself: its peak need not
			// hold the rates as well (8 MB at paper scale).
			rates := a.azar
			a.azar = nil
			azar, err = in.carousel(rates)
			tell(azar)
			return err
		}
	}
	if early == nil && runtime.GOMAXPROCS(0) > 1 {
		// All together, on every core.
		if carousel != nil {
			jobs = append(jobs, carousel)
		}
		if err := par.Do(append(first, jobs...)...); err != nil {
			return nil, err
		}
	} else {
		// One after the other (Go in WebAssembly has one thread): psp and
		// infcrawlers first, for early; then nothing holds MERGE's
		// programme (70 MB of times at paper scale when held whole, and in
		// WebAssembly memory once grown is never given back).
		for _, f := range first {
			if err := f(); err != nil {
				return nil, err
			}
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if early != nil {
			done := []*Result{psp}
			if inf != nil {
				done = append(done, inf)
			}
			if err := early(done); err != nil {
				return nil, err
			}
		}
		if err := par.Do(jobs...); err != nil {
			return nil, err
		}
		// Azar's carousel, the plan's largest (its calendars, 30–47 MB at
		// paper scale), last and without the polite and nonpolite
		// allocations, which nothing after needs (16 MB; a rate policy's
		// schedule below takes its own): one thread holds them one after
		// the other, and WebAssembly's memory, once grown, stays.
		a.polite, a.nonpolite = nil, nil
		if carousel != nil {
			if err := carousel(); err != nil {
				return nil, err
			}
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.omitted = exactWhy
	for _, r := range []*Result{psp, inf, mp2, mwolf, exact, azar} {
		if r != nil {
			s.results = append(s.results, r)
		}
	}

	switch in.params.Policy {
	case Uniform, Proportional, Cho:
		// Rate policies have no schedule of their own: their whole visits,
		// spread per host by MERGE and made polite by psp's crawler
		// assignment (equally spaced times would bunch every page visited
		// once at the same instant).
		k := slices.Index(wholeNames, in.params.Policy)
		if a.whole[k] == nil {
			break // cho not planned (Poisson pages, staleness or age only): run says why
		}
		if _, err := in.polite(in.params.Policy, in.source(in.params.Policy, a.whole[k], true), a.whole[k]); err != nil {
			return nil, err
		}
	}
	// Every schedule is made in time order: checked in one pass, and sorted
	// (stably) only if not — a stable sort of sorted visits moves none, but
	// compares each about log n times (0.2 s of psp's at paper scale).
	byTime := func(a, b schedule.Visit) int { return cmp.Compare(a.Time, b.Time) }
	if !slices.IsSortedFunc(in.out.kept, byTime) {
		slices.SortStableFunc(in.out.kept, byTime)
	}
	return s, nil
}

// transported returns mwolf-exact: mwolf's allocation and ideal times
// assigned to the crawlers' slots by the exact transportation problem of
// seed 003 §3 (schedule.Transport), quasi pages not before their ideal
// times (eq. 22). Politeness is not part of that problem: the validator
// counts what the schedule breaks. When it cannot be solved exactly it
// returns why instead.
func (in *instance) transported(x []int) (*Result, string) {
	if n := sum(x); n > schedule.MaxTransportVisits {
		// Said before the programme is built: at paper scale it is 8.64M visits.
		return nil, fmt.Sprintf("solved exactly up to %d visits; this plan has %d (mwolf is its heuristic)", schedule.MaxTransportVisits, n)
	}
	prog := in.programme(x)
	var release []float64
	if in.modelled() {
		release = make([]float64, prog.Len())
		for k, i := range prog.Pages {
			if pm := in.models[i]; pm != nil && pm.quasi != nil {
				release[k] = prog.Times[k]
			}
		}
	}
	r, err := in.assigned(MWolfExact, prog, x, func(emit func(k int, v schedule.Visit)) (int, error) {
		_, err := schedule.Transport(prog, release, in.fleet(), in.T, emit)
		return 0, err
	})
	if err != nil {
		return nil, err.Error()
	}
	return r, ""
}
