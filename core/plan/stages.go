package plan

import (
	"cmp"
	"context"
	"fmt"
	"slices"
	"sync"

	"github.com/freshplan/freshplan/core/allocate"
	"github.com/freshplan/freshplan/core/schedule"
	"github.com/freshplan/freshplan/core/staleness"
)

// allocation is the outcome of the allocation stage.
type allocation struct {
	polite    []int     // problem S with caps: psp's and mp2's visits
	nonpolite []int     // without caps: mwolf's visits
	whole     [][]int   // integer visits of uniform, proportional, cho (for their schedules)
	azar      []float64 // Azar's crawl rates per second
	results   []*Result
}

// parallel runs the functions on separate goroutines and returns the first error.
func parallel(fns ...func() error) error {
	errs := make([]error, len(fns))
	var wg sync.WaitGroup
	for k, f := range fns {
		wg.Go(func() { errs[k] = f() })
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}

func (in *instance) allocate(ctx context.Context) (*allocation, error) {
	a := &allocation{}
	R := in.params.Budget
	var cho []float64
	err := parallel(
		func() (err error) {
			p := in.problem(true)
			a.polite, err = allocate.Greedy(p)
			return err
		},
		func() (err error) {
			p := in.problem(false)
			if a.nonpolite, err = allocate.Greedy(p); err != nil {
				return err
			}
			if cho, err = allocate.Cho(in.rates, in.weights, float64(R)/in.T, in.params.Objective); err != nil {
				return fmt.Errorf("cho: %w", err)
			}
			if a.azar, err = allocate.Azar(in.rates, in.weights, float64(R)/in.T); err != nil {
				return fmt.Errorf("azar: %w", err)
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
	wp := in.analytic("wp", floats(a.polite))
	np := in.analytic("nonpolite", floats(a.nonpolite))
	n := len(in.rates)
	uniform := make([]float64, n)
	prop := make([]float64, n)
	for i := range n {
		uniform[i] = in.weights[i]
		prop[i] = in.weights[i] * in.rates[i]
	}
	uni := allocate.Apportion(R, uniform)
	pro := allocate.Apportion(R, prop)
	choVisits := make([]float64, n)
	azarVisits := make([]float64, n)
	for i := range n {
		choVisits[i] = cho[i] * in.T
		azarVisits[i] = a.azar[i] * in.T
	}
	a.whole = [][]int{uni, pro, allocate.Apportion(R, choVisits)}
	random := &Result{Name: "azar_random", Visits: azarVisits, Page: make([]float64, n)}
	var sum, wsum float64
	for i := range n {
		if in.params.Model == staleness.Horizon {
			random.Page[i] = allocate.AzarHorizonStaleness(in.rates[i], a.azar[i], in.T)
		} else {
			random.Page[i] = allocate.AzarStaleness(in.rates[i], a.azar[i])
		}
		sum += in.weights[i] * random.Page[i]
		wsum += in.weights[i]
	}
	random.Value = sum / wsum
	if in.params.Objective == staleness.Age {
		random.Value = 0 // Azar et al. optimise freshness; no closed-form age is offered
		random.Page = nil
	}
	a.results = []*Result{wp, np,
		in.analytic("uniform", floats(uni)),
		in.analytic("proportional", floats(pro)),
		in.analytic("cho", choVisits),
		random}
	return a, nil
}

// scheduling is the outcome of the scheduling stage.
type scheduling struct {
	results []*Result
	kept    []schedule.Visit
}

func (in *instance) fleet() schedule.Fleet {
	return schedule.Fleet{Crawlers: in.params.Crawlers, Rate: in.params.Rate}
}

// polite programmes x, assigns it to the crawlers (merged first for psp)
// and replays it.
func (in *instance) polite(name string, x []int, merge bool) (*Result, *Result, []schedule.Visit, error) {
	m := in.params.Model
	prog := schedule.EquallySpaced(m, x, in.hostOf, len(in.hosts), in.T)
	var inf *Result
	if merge {
		prog = schedule.Merge(m, prog, in.T)
		tr, _ := prog.Realized(m, in.params.Objective, in.rates, in.weights, in.T)
		inf = in.tracked("infcrawlers", tr, floats(x))
		inf.Simulated = false
	}
	asg, err := schedule.Assign(m, prog, in.delay, in.fleet(), in.T)
	if err != nil {
		return nil, nil, nil, fmt.Errorf("%s: %w", name, err)
	}
	tr := staleness.NewTracker(m, in.params.Objective, in.rates, in.T)
	made := make([]float64, len(x))
	for _, v := range asg.Visits {
		tr.Visit(int(v.Page), v.Time)
		made[v.Page]++
	}
	r := in.tracked(name, tr, made)
	r.Dropped = asg.Dropped
	r.Violations, _ = schedule.Validate(m, asg.Visits, in.hostOf, in.delay, in.fleet(), in.T)
	return r, inf, asg.Visits, nil
}

// carousel replays Azar's EDF carousel: one crawl per slot, R slots
// equally spaced over the horizon, crawlers taking slots in turn.
func (in *instance) carousel(rates []float64) (*Result, []schedule.Visit, error) {
	R := in.params.Budget
	seq, err := schedule.Carousel(rates, R)
	if err != nil {
		return nil, nil, fmt.Errorf("azar: %w", err)
	}
	m := in.params.Model
	tr := staleness.NewTracker(m, in.params.Objective, in.rates, in.T)
	made := make([]float64, len(rates))
	var visits []schedule.Visit
	keep := in.params.Policy == "azar"
	if keep {
		visits = make([]schedule.Visit, 0, len(seq))
	}
	C := int32(in.params.Crawlers)
	for k, i := range seq {
		if i < 0 {
			continue
		}
		t := schedule.EqualTime(m, k+1, R, in.T)
		tr.Visit(i, t)
		made[i]++
		if keep {
			visits = append(visits, schedule.Visit{Time: t, Page: int32(i), Crawler: int32(k) % C})
		}
	}
	return in.tracked("azar", tr, made), visits, nil
}

func (in *instance) schedule(ctx context.Context, a *allocation) (*scheduling, error) {
	s := &scheduling{}
	var psp, inf, mp2, mwolf, azar *Result
	var keptPSP, keptMP2, keptWolf, keptAzar []schedule.Visit
	err := parallel(
		func() (err error) {
			psp, inf, keptPSP, err = in.polite("psp", a.polite, true)
			return err
		},
		func() (err error) {
			if mp2, _, keptMP2, err = in.polite("mp2", a.polite, false); err != nil {
				return err
			}
			if err := ctx.Err(); err != nil {
				return err
			}
			if mwolf, _, keptWolf, err = in.polite("mwolf", a.nonpolite, false); err != nil {
				return err
			}
			if err := ctx.Err(); err != nil {
				return err
			}
			azar, keptAzar, err = in.carousel(a.azar)
			return err
		},
	)
	if err != nil {
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	s.results = []*Result{psp, inf, mp2, mwolf, azar}
	switch in.params.Policy {
	case "psp":
		s.kept = keptPSP
	case "mp2":
		s.kept = keptMP2
	case "mwolf":
		s.kept = keptWolf
	case "azar":
		s.kept = keptAzar
	case "uniform", "proportional", "cho":
		// Rate policies have no schedule of their own: their whole visits,
		// equally spaced and made polite by psp's crawler assignment.
		k := slices.Index([]string{"uniform", "proportional", "cho"}, in.params.Policy)
		_, _, visits, err := in.polite(in.params.Policy, a.whole[k], false)
		if err != nil {
			return nil, err
		}
		s.kept = visits
	}
	slices.SortStableFunc(s.kept, func(a, b schedule.Visit) int { return cmp.Compare(a.Time, b.Time) })
	return s, nil
}
