package allocate

import (
	"errors"
	"fmt"
	"math"

	"github.com/freshplan/freshplan/core/staleness"
)

// Problem is an instance of seed 000 §2.1's problem S: choose the number of
// visits x_i of every page so as to minimise Σ w_i A_i(x_i) subject to
// Σ x_i ≤ R (constraint 1) and, per host s, Σ_{i∈s} x_i ≤ ⌊T/P_s⌋
// (constraint 2), with Min ≤ x_i ≤ Max (seed 003 §2.1).
type Problem struct {
	Rates     []float64           // change rate λ_i of each page, changes per second
	Weights   []float64           // importance w_i ≥ 0 of each page
	Hosts     []int32             // host of each page, an index into Caps; ignored when Caps is nil
	Caps      []int               // visits each host allows per horizon, ⌊T/P_s⌋; nil means no caps
	Budget    int                 // R, visits per horizon
	Horizon   float64             // T, seconds
	Model     staleness.Model     // how A_i(x) is computed
	Objective staleness.Objective // staleness or age
	MinVisits int                 // every page gets at least this many visits
	MaxVisits int                 // no page gets more; 0 means no limit
	// Costs, if not nil, gives A_i(x) for the pages whose changes are not
	// Poisson (a renewal or quasi-deterministic page, core/renewal); a nil
	// entry, or nil Costs, means the Poisson A_i of staleness.Equal. Each
	// must be convex and non-increasing in x (seed 003 §2.4).
	Costs []func(x int) float64
	// Start, if not nil, is an allocation to start the search from, such as
	// the optimum of the same pages at another budget. It changes only how
	// fast Greedy finds the optimum, never which optimum.
	Start []int
	// Progress, if not nil, is told from inside Greedy's passes over the
	// pages, every ProgressEvery pages counted (over all passes): the pass
	// (from 1), and how far through its pages it is. An error it returns stops
	// Greedy, which returns it (a caller's cancellation).
	Progress func(pass, done, total int) error
}

// ProgressEvery is how many pages Greedy counts between two calls of
// Problem.Progress: a few milliseconds' work even in WebAssembly, and too
// few calls to cost anything beside the counting.
const ProgressEvery = 1 << 13

// maxBudget keeps per-page counts inside int32.
const maxBudget = math.MaxInt32

// Validate reports the first thing that makes p unsolvable.
func (p *Problem) Validate() error {
	n := len(p.Rates)
	switch {
	case len(p.Weights) != n:
		return fmt.Errorf("allocate: %d rates but %d weights", n, len(p.Weights))
	case p.Caps != nil && len(p.Hosts) != n:
		return fmt.Errorf("allocate: %d rates but %d hosts", n, len(p.Hosts))
	case p.Budget <= 0 || p.Budget > maxBudget:
		return fmt.Errorf("allocate: budget %d is not in [1, %d]", p.Budget, maxBudget)
	case !(p.Horizon > 0) || math.IsInf(p.Horizon, 1):
		return fmt.Errorf("allocate: horizon %v is not a positive number of seconds", p.Horizon)
	case p.MinVisits < 0 || p.MaxVisits < 0:
		return errors.New("allocate: min and max visits must not be negative")
	case p.MaxVisits > 0 && p.MinVisits > p.MaxVisits:
		return fmt.Errorf("allocate: min visits %d exceed max visits %d", p.MinVisits, p.MaxVisits)
	case p.Costs != nil && len(p.Costs) != n:
		return fmt.Errorf("allocate: %d rates but %d cost functions", n, len(p.Costs))
	case p.Start != nil && len(p.Start) != n:
		return fmt.Errorf("allocate: %d rates but a start of %d pages", n, len(p.Start))
	}
	for i := range n {
		if r := p.Rates[i]; !(r >= 0) || math.IsInf(r, 1) {
			return fmt.Errorf("allocate: page %d: rate %v is not a finite non-negative number", i, r)
		}
		if w := p.Weights[i]; !(w >= 0) || math.IsInf(w, 1) {
			return fmt.Errorf("allocate: page %d: weight %v is not a finite non-negative number", i, w)
		}
	}
	if int64(p.MinVisits)*int64(n) > int64(p.Budget) {
		return fmt.Errorf("allocate: %d pages × min visits %d exceed the budget %d", n, p.MinVisits, p.Budget)
	}
	if p.Caps == nil {
		return nil
	}
	perHost := make([]int64, len(p.Caps))
	for i, h := range p.Hosts {
		if h < 0 || int(h) >= len(p.Caps) {
			return fmt.Errorf("allocate: page %d: host %d out of range", i, h)
		}
		perHost[h] += int64(p.MinVisits)
	}
	for s, c := range p.Caps {
		if c < 0 {
			return fmt.Errorf("allocate: host %d: negative cap %d", s, c)
		}
		if perHost[s] > int64(c) {
			return fmt.Errorf("allocate: host %d: min visits need %d visits but politeness allows %d", s, perHost[s], c)
		}
	}
	return nil
}

// pageCost returns w_i·A_i(x): the weighted staleness or age of page i
// visited x times at equally spaced times.
func (p *Problem) pageCost(i int, x int) float64 {
	w := p.Weights[i]
	if w == 0 {
		return 0
	}
	if p.Costs != nil && p.Costs[i] != nil {
		return w * p.Costs[i](x)
	}
	return w * staleness.Equal(p.Model, p.Objective, p.Rates[i], p.Horizon, float64(x))
}

// gain returns the reduction w_i[A_i(k) − A_i(k+1)] of the (k+1)-th visit
// (seed 000 §2.1 GREEDY step 2a). It is non-increasing in k because A_i is
// convex (seed 003 §2.4). An infinite cost (an unvisited page under the
// steady age objective) gives the largest finite gain so that comparisons
// stay well defined.
func (p *Problem) gain(i int, k int) float64 {
	a := p.pageCost(i, k)
	if math.IsInf(a, 1) {
		return math.MaxFloat64
	}
	return a - p.pageCost(i, k+1)
}

// maxVisits returns the most visits page i can usefully take.
func (p *Problem) maxVisits(i int) int {
	m := p.Budget
	if p.MaxVisits > 0 && p.MaxVisits < m {
		m = p.MaxVisits
	}
	if p.Caps != nil {
		if c := p.Caps[p.Hosts[i]]; c < m {
			m = c
		}
	}
	return m
}

// Cost returns the weighted average Σ w_i A_i(x_i) / Σ w_i of an
// allocation: the repository's staleness (or age) under the model, with
// every page's visits equally spaced.
func (p *Problem) Cost(x []int) float64 {
	var sum, wsum float64
	for i := range p.Rates {
		sum += p.pageCost(i, x[i])
		wsum += p.Weights[i]
	}
	if wsum == 0 {
		return 0
	}
	return sum / wsum
}
