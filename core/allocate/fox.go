package allocate

import (
	"container/heap"
	"fmt"
	"math"
)

// FoxProblem is a discrete, separable, convex resource allocation problem
// (seed 003 §2.1 eqs. 5–7 with the bounds m_i, M_i, and §2.4 eqs. 19–21):
// minimise Σ w_i F_i(x_i) over whole x_i with Σ x_i = R (or ≤ R) and
// m_i ≤ x_i ≤ M_i, each F_i convex: its first differences
// F_i(x+1) − F_i(x) do not decrease.
type FoxProblem struct {
	// Costs are the F_i, such as a page's staleness A_i(x) after x visits
	// (core/renewal.Cost, QuasiPlan.Cost, core/staleness.Equal). Each must
	// be convex on [m_i, M_i]; it may be +Inf at its low end (an unvisited
	// page under the steady age objective), never NaN.
	Costs []func(x int) float64
	// Weights are the w_i ≥ 0 (nil: all 1), such as seed 003 eq. 8's
	// embarrassment weights.
	Weights []float64
	// Budget is R ≥ 0, the visits to hand out.
	Budget int
	// Min and Max are the per-page bounds m_i and M_i (nil: 0 and no
	// upper bound beyond the budget).
	Min, Max []int
	// AtMost relaxes Σ x_i = R to Σ x_i ≤ R: a visit is made only while it
	// lowers the objective, as seed 000's GREEDY (HeapGreedy) does.
	AtMost bool
}

// foxSlack is the relative amount by which a first difference may fall
// below the one before it before Fox reports a cost as not convex: costs
// computed numerically (quadrature, incomplete gamma functions) wobble by
// a few units of 1e-15, and a wobble is harmless.
const foxSlack = 1e-9

// Fox returns the optimal allocation of a FoxProblem by Fox's greedy
// (seed 003 §2.4, after Fox 1966): start every page at m_i, then give the
// next visit to the page whose next first difference w_i[F_i(x_i+1) −
// F_i(x_i)] is smallest (largest gain; ties to the lowest page), among
// pages below M_i, until R visits are placed — or, with AtMost, until no
// visit lowers the objective. Convexity makes each page's differences
// non-decreasing, so the greedy is exact; a heap of the pages' next gains
// makes it O(N + R log N), with one evaluation of F_i per visit.
//
// It returns an error for mismatched lengths, negative or non-finite
// weights, m_i > M_i, Σ m_i > R, Σ M_i < R when the budget must be spent
// (the paper's "no feasible solution"), and a cost that is NaN or
// detectably not convex.
func Fox(p FoxProblem) ([]int, error) {
	if err := p.validate(); err != nil {
		return nil, err
	}
	n := len(p.Costs)
	x := make([]int, n)
	last := make([]float64, n) // per page, its weighted cost at x[i]
	prev := make([]float64, n) // per page, the gain of its last visit (for the convexity check)
	h := make(foxHeap, 0, n)
	left := p.Budget
	for i := range n {
		x[i] = p.lower(i)
		left -= x[i]
		c, err := p.cost(i, x[i])
		if err != nil {
			return nil, err
		}
		last[i], prev[i] = c, math.Inf(1)
		if x[i] < p.upper(i) {
			g, err := p.gain(i, x[i], c)
			if err != nil {
				return nil, err
			}
			h = append(h, foxCandidate{gain: g.gain, next: g.next, page: i})
		}
	}
	heap.Init(&h)
	for left > 0 && len(h) > 0 {
		top := h[0]
		if p.AtMost && !(top.gain > 0) {
			break
		}
		i := top.page
		x[i]++
		left--
		last[i], prev[i] = top.next, top.gain
		if x[i] >= p.upper(i) {
			heap.Pop(&h)
			continue
		}
		g, err := p.gain(i, x[i], last[i])
		if err != nil {
			return nil, err
		}
		if g.gain > prev[i]+foxSlack*(math.Abs(prev[i])+math.Abs(last[i])+math.Abs(g.next)) {
			return nil, fmt.Errorf("allocate: fox: the cost of page %d is not convex: visit %d would lower it by %v, more than visit %d did (%v)", i, x[i]+1, g.gain, x[i], prev[i])
		}
		h[0] = foxCandidate{gain: g.gain, next: g.next, page: i}
		heap.Fix(&h, 0)
	}
	if left > 0 && !p.AtMost {
		return nil, fmt.Errorf("allocate: fox: the pages' maximum visits allow only %d of the budget's %d visits", p.Budget-left, p.Budget)
	}
	return x, nil
}

// foxGain is the gain of a page's next visit and its weighted cost after it.
type foxGain struct{ gain, next float64 }

// gain returns w_i[F_i(k) − F_i(k+1)] given c = w_i F_i(k), as the largest
// finite number when F_i(k) is infinite (that visit must come first).
func (p *FoxProblem) gain(i, k int, c float64) (foxGain, error) {
	next, err := p.cost(i, k+1)
	if err != nil {
		return foxGain{}, err
	}
	if math.IsInf(c, 1) {
		return foxGain{gain: math.MaxFloat64, next: next}, nil
	}
	if math.IsInf(next, 1) {
		return foxGain{}, fmt.Errorf("allocate: fox: the cost of page %d is infinite at %d visits but finite at %d: it is not convex", i, k+1, k)
	}
	return foxGain{gain: c - next, next: next}, nil
}

// cost returns w_i·F_i(k) (0 when w_i = 0, whatever F_i says).
func (p *FoxProblem) cost(i, k int) (float64, error) {
	w := 1.0
	if p.Weights != nil {
		w = p.Weights[i]
	}
	if w == 0 {
		return 0, nil
	}
	v := p.Costs[i](k)
	if math.IsNaN(v) || math.IsInf(v, -1) {
		return 0, fmt.Errorf("allocate: fox: the cost of page %d at %d visits is %v; want a number or +Inf", i, k, v)
	}
	return w * v, nil
}

func (p *FoxProblem) lower(i int) int {
	if p.Min == nil {
		return 0
	}
	return p.Min[i]
}

// upper returns M_i, at most the budget.
func (p *FoxProblem) upper(i int) int {
	if p.Max == nil || p.Max[i] > p.Budget {
		return p.Budget
	}
	return p.Max[i]
}

// validate reports the first thing that makes p unsolvable.
func (p *FoxProblem) validate() error {
	n := len(p.Costs)
	switch {
	case p.Weights != nil && len(p.Weights) != n:
		return fmt.Errorf("allocate: fox: %d costs but %d weights", n, len(p.Weights))
	case p.Min != nil && len(p.Min) != n:
		return fmt.Errorf("allocate: fox: %d costs but %d minimum visits", n, len(p.Min))
	case p.Max != nil && len(p.Max) != n:
		return fmt.Errorf("allocate: fox: %d costs but %d maximum visits", n, len(p.Max))
	case p.Budget < 0:
		return fmt.Errorf("allocate: fox: budget %d is negative", p.Budget)
	}
	var sumMin, sumMax int64
	for i := range n {
		if p.Costs[i] == nil {
			return fmt.Errorf("allocate: fox: page %d has no cost function", i)
		}
		if p.Weights != nil {
			if w := p.Weights[i]; !(w >= 0) || math.IsInf(w, 1) {
				return fmt.Errorf("allocate: fox: page %d: weight %v is not a finite non-negative number", i, w)
			}
		}
		lo, hi := p.lower(i), p.Budget
		if p.Max != nil {
			hi = p.Max[i]
		}
		if lo < 0 || hi < 0 {
			return fmt.Errorf("allocate: fox: page %d: visit bounds [%d, %d] must not be negative", i, lo, hi)
		}
		if lo > hi {
			return fmt.Errorf("allocate: fox: page %d: minimum visits %d exceed maximum visits %d", i, lo, hi)
		}
		sumMin += int64(lo)
		sumMax += int64(min(hi, p.Budget))
	}
	if sumMin > int64(p.Budget) {
		return fmt.Errorf("allocate: fox: the pages' minimum visits add up to %d, more than the budget %d", sumMin, p.Budget)
	}
	if !p.AtMost && sumMax < int64(p.Budget) {
		return fmt.Errorf("allocate: fox: the pages' maximum visits add up to %d, less than the budget %d that must be spent (set AtMost to spend less)", sumMax, p.Budget)
	}
	return nil
}

// foxCandidate is a page's next visit: its gain and the weighted cost after it.
type foxCandidate struct {
	gain, next float64
	page       int
}

// foxHeap is a max-heap of candidates, largest gain first, ties to the
// lowest page (as HeapGreedy breaks them).
type foxHeap []foxCandidate

func (h foxHeap) Len() int { return len(h) }
func (h foxHeap) Less(a, b int) bool {
	if h[a].gain != h[b].gain {
		return h[a].gain > h[b].gain
	}
	return h[a].page < h[b].page
}
func (h foxHeap) Swap(a, b int) { h[a], h[b] = h[b], h[a] }
func (h *foxHeap) Push(x any)   { *h = append(*h, x.(foxCandidate)) }
func (h *foxHeap) Pop() any {
	old := *h
	c := old[len(old)-1]
	*h = old[:len(old)-1]
	return c
}
