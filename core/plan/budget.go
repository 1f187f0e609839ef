package plan

import (
	"context"
	"math"
	"sort"

	"github.com/freshplan/freshplan/core/schedule"
	"github.com/freshplan/freshplan/core/staleness"
)

// The budget decisions a front end asks of the planner: the budgets around
// a chosen one at which to compare every policy (a sweep), a plan's
// parameters moved to another budget, and the smallest budget at which psp
// reaches a target freshness. They live here, not in the app or the CLI,
// so that both plan the same budgets the same way.

// SweepFactors are a sweep's budgets relative to the chosen one: ⅛× to 4×.
var SweepFactors = []float64{0.125, 0.25, 0.5, 1, 2, 4}

// MaxSweepBudget keeps a sweep inside what every policy plans: Azar's
// carousel builds at most this many slots.
const MaxSweepBudget = schedule.MaxCarouselSlots

// SweepBudgets returns the budgets of the sweep around b (SweepFactors),
// ascending and without repeats, without b itself when skip is set; a
// budget above MaxSweepBudget, or above both b and maxAbove, is returned
// in tooBig instead (maxAbove ≤ 0 for no such limit).
func SweepBudgets(b int, skip bool, maxAbove int) (budgets, tooBig []int) {
	for _, f := range SweepFactors {
		x := int(math.Round(f * float64(b)))
		switch {
		case x < 1 || (skip && f == 1) || len(budgets) > 0 && budgets[len(budgets)-1] == x:
		case x > MaxSweepBudget || maxAbove > 0 && x > b && x > maxAbove:
			tooBig = append(tooBig, x)
		default:
			budgets = append(budgets, x)
		}
	}
	return budgets, tooBig
}

// AtBudget returns p planned at x visits per horizon: with crawlers given,
// the same crawlers, each as fast as x needs (x = C·r·T, SPEC §5, solved
// for r).
func AtBudget(p Params, x int) Params {
	p.Budget = x
	if p.Crawlers > 0 {
		p.Rate = float64(x) / (float64(p.Crawlers) * p.Horizon.Seconds())
	}
	return p
}

// BudgetTarget is the outcome of a search for the smallest budget at which
// psp reaches a target freshness.
type BudgetTarget struct {
	Target    float64 // freshness aimed at, in (0, 1)
	Budget    int     // the smallest budget found that reaches it (0 if none)
	Freshness float64 // psp's freshness at Budget (or at MaxBudget when unreachable)
	// Unreachable says politeness caps freshness below the target: even
	// MaxBudget visits, every host's cap filled, do not reach it.
	Unreachable bool
	MaxBudget   int // Σ of the hosts' caps, when unreachable
	Runs        int // plans computed to find it
	// Age says the objective is not staleness (age, harmonic): a target
	// is a freshness, and none is searched.
	Age bool
}

// TargetTolerance is how close the search brackets the budget: the budget
// returned reaches the target, and one 5% smaller is known not to.
const TargetTolerance = 0.05

// FindBudget searches the smallest budget at which psp's freshness reaches
// target, to within TargetTolerance: from the budgets already planned
// (known, budget → psp's freshness; it is added to), doubling or halving
// to bracket it, then bisecting geometrically. fresh plans one budget and
// returns psp's freshness there and the hosts' caps summed (maxUseful, the
// most visits a polite schedule makes; 0 when not known yet). Freshness
// is taken to grow with the budget, as psp's does (seed 003 §4: each
// extra visit goes where it gains most).
func FindBudget(ctx context.Context, p Params, target float64, known map[int]float64, maxUseful int,
	fresh func(ctx context.Context, p Params) (freshness float64, maxUseful int, err error)) (*BudgetTarget, error) {
	t := &BudgetTarget{Target: target}
	if p.Objective != staleness.Stale {
		t.Age = true
		return t, nil
	}
	if known == nil {
		known = map[int]float64{}
	}
	at := func(b int) (float64, error) {
		if f, ok := known[b]; ok {
			return f, nil
		}
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		f, caps, err := fresh(ctx, AtBudget(p, b))
		if err != nil {
			return 0, err
		}
		t.Runs++
		if maxUseful == 0 {
			maxUseful = caps
		}
		known[b] = f
		return f, nil
	}
	if len(known) == 0 {
		b, err := p.Visits()
		if err != nil {
			return nil, err
		}
		if _, err := at(max(1, b)); err != nil {
			return nil, err
		}
	}
	// Bracket: lo below the target, hi reaching it.
	lo, hi := 0, 0
	budgets := make([]int, 0, len(known))
	for b := range known {
		budgets = append(budgets, b)
	}
	sort.Ints(budgets)
	for _, b := range budgets {
		if known[b] >= target {
			hi = b
			break
		}
		lo = b
	}
	probe := func(b int) error {
		f, err := at(b)
		if err != nil {
			return err
		}
		if f >= target {
			hi = b
		} else {
			lo = b
		}
		return nil
	}
	for hi == 0 {
		// The hosts' caps bound the search; until a plan has said what
		// they are, the most visits freshplan schedules does.
		limit := MaxBudget
		if maxUseful > 0 {
			limit = min(math.MaxInt32, maxUseful)
		}
		next := min(2*lo, limit)
		if next <= lo {
			f, err := at(limit)
			if err != nil {
				return nil, err
			}
			t.Unreachable, t.MaxBudget, t.Freshness = true, limit, f
			return t, nil
		}
		if err := probe(next); err != nil {
			return nil, err
		}
	}
	for lo == 0 && hi > 1 {
		if err := probe(max(1, hi/2)); err != nil {
			return nil, err
		}
	}
	for lo > 0 && float64(hi) > (1+TargetTolerance)*float64(lo) && hi-lo > 1 {
		mid := int(math.Round(math.Sqrt(float64(lo) * float64(hi))))
		if err := probe(min(max(mid, lo+1), hi-1)); err != nil {
			return nil, err
		}
	}
	t.Budget, t.Freshness = hi, known[hi]
	return t, nil
}

// PSPFreshness plans the pages of t at p's budget for psp and the bounds alone,
// keeping no schedule and no per-page figures, and returns psp's
// freshness (1 − its staleness) and the hosts' caps summed: what
// FindBudget asks of each budget it tries.
func PSPFreshness(ctx context.Context, t Table, p Params) (float64, int, error) {
	p.Policy, p.Compare, p.PerPage = None, []Policy{}, []Policy{}
	pl, err := RunTable(ctx, t, p)
	if err != nil {
		return 0, 0, err
	}
	caps := 0
	for _, h := range pl.Hosts {
		caps += h.Cap
	}
	return 1 - pl.Result(PSP).Value, caps, nil
}
