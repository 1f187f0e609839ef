package renewal

import (
	"container/heap"
	"math"
	"slices"

	"github.com/freshplan/freshplan/core/staleness"
)

// QuasiPlan is the outcome of seed 003 §2.3.3's greedy on one
// quasi-deterministic page: the order in which it turns fetch positions
// on, and the staleness A(x) after each step.
type QuasiPlan struct {
	// Order lists all Q + 1 fetch positions (see Quasi) in the order the
	// greedy takes them.
	Order []int
	// At[i] is the time of the fetch at Order[i]: 0 for position 0, u_j
	// for position j (the fetch just after that potential update; the
	// scheduler must not make it earlier, seed 003 eq. 22).
	At []float64
	// Stale[x] is A(x), the staleness with the first x positions of Order
	// fetched, x = 0 … Q + 1.
	Stale []float64
}

// Cost returns A(x) = Stale[x], and A(Q + 1) for x > Q + 1 (more fetches
// than positions gain nothing, seed 003 §2.3.3) and A(0) for x < 0. It is
// convex in x, so it can be handed to allocate.Fox. A zero QuasiPlan
// gives NaN, which Fox rejects.
func (p QuasiPlan) Cost(x int) float64 {
	if len(p.Stale) == 0 {
		return math.NaN()
	}
	return p.Stale[min(max(x, 0), len(p.Stale)-1)]
}

// Times returns the times of the first x fetches the greedy takes, sorted.
func (p QuasiPlan) Times(x int) []float64 {
	x = min(max(x, 0), len(p.At))
	out := slices.Clone(p.At[:x])
	slices.Sort(out)
	return out
}

// Greedy runs seed 003 §2.3.3's greedy: starting from no fetch, it turns
// on, one at a time, the fetch position that lowers Staleness the most
// (ties to the lowest position), until all Q + 1 are on. The paper notes
// that freshness is submodular in the set of fetches, so the gains fall
// step by step (A is convex) and the greedy's freshness is at least
// 1 − 1/e of the best x fetches' (seed 003 §2.3.3, citing [18]).
//
// A fetch at j splits the gap between its neighbouring fetches a < j < b
// and changes only the gains of the positions in that gap, so each step
// recomputes one gap: the gain of j is (1 − ∏_{k=a+1}^{j}(1 − k_k))·W_j with
// W_j = Σ_{m=j}^{b−1} len_m ∏_{k=j+1}^{m}(1 − k_k), taken from b down by
// W_j = len_j + (1 − k_{j+1})W_{j+1}.
func (q Quasi) Greedy(m staleness.Model, T float64) (QuasiPlan, error) {
	if err := q.Validate(T); err != nil {
		return QuasiPlan{}, err
	}
	if err := checkHorizon(m, T); err != nil {
		return QuasiPlan{}, err
	}
	plan := newQuasiGreedy(q, m, T).run()
	plan.At = make([]float64, len(plan.Order))
	for i, j := range plan.Order {
		if j > 0 {
			plan.At[i] = q.Times[j-1]
		}
	}
	return plan, nil
}

// quasiGreedy is the state of one Greedy run. Positions are unrolled
// under the steady model (position j + n is j in the next horizon), so a
// gap between fetches is always a < j < b.
type quasiGreedy struct {
	m          staleness.Model
	T          float64
	n          int
	lens, keep []float64
	stale      float64 // stale time of the gaps now open
	dirty      int     // open gaps with positive stale time
	gaps       gapHeap
	pre        []float64
}

// quasiGap is a gap between two fetches a < b (unrolled; a = −1 is the
// horizon model's virtual fetch before 0, after which products start at
// k = 0), its stale time, and its best position to fetch next.
type quasiGap struct {
	a, b  int
	stale float64
	best  int     // unrolled
	pos   int     // best's position, in 0 … Q
	gain  float64 // the fresh time a fetch at best adds
}

func newQuasiGreedy(q Quasi, m staleness.Model, T float64) *quasiGreedy {
	lens, keep := q.pieces(m, T)
	return &quasiGreedy{m: m, T: T, n: len(lens), lens: lens, keep: keep, pre: make([]float64, len(lens))}
}

func (g *quasiGreedy) idx(j int) int { return j % g.n }

// before reports whether candidate (gain, j) beats (bestGain, best): a
// larger gain, or an equal gain at a lower position.
func (g *quasiGreedy) before(gain float64, j int, bestGain float64, best int) bool {
	return gain > bestGain || gain == bestGain && g.idx(j) < g.idx(best)
}

func (g *quasiGreedy) run() QuasiPlan {
	plan := QuasiPlan{Order: make([]int, 0, g.n), Stale: make([]float64, 0, g.n+1)}
	if g.m == staleness.Horizon {
		g.addGap(-1, g.n)
		plan.Stale = append(plan.Stale, g.current())
	} else {
		a0, j := g.firstSteady()
		plan.Stale = append(plan.Stale, a0)
		plan.Order = append(plan.Order, j)
		g.addGap(j, j+g.n) // one gap around the whole cycle
		plan.Stale = append(plan.Stale, g.current())
	}
	for g.gaps.Len() > 0 {
		gp := heap.Pop(&g.gaps).(quasiGap)
		g.stale -= gp.stale
		if gp.stale > 0 {
			g.dirty--
		}
		j, b := gp.best, gp.b
		g.addGap(gp.a, j)
		if j >= g.n { // keep unrolled positions small
			j, b = j-g.n, b-g.n
		}
		g.addGap(j, b)
		plan.Order = append(plan.Order, g.idx(j))
		plan.Stale = append(plan.Stale, g.current())
	}
	return plan
}

// current returns A for the fetches taken so far; exactly 0 once no gap
// has stale time left.
func (g *quasiGreedy) current() float64 {
	if g.dirty == 0 {
		return 0
	}
	return clamp01(g.stale / g.T)
}

// firstSteady returns A(0) under the steady model with no fetch, 1 if the
// page may change and 0 otherwise, and the greedy's first position: the
// one whose fetch adds the most fresh time over the whole cycle,
// W_j = Σ_{s<n} len_{j+s} ∏_{r=1}^{s}(1 − k_{j+r}), taken from j = n − 1
// down by W_j = len_j(1 − Π) + (1 − k_{j+1})W_{j+1}, Π the product of all
// 1 − k.
func (g *quasiGreedy) firstSteady() (float64, int) {
	n := g.n
	all := 1.0
	for _, k := range g.keep {
		all *= k
	}
	if all == 1 {
		return 0, 0 // nothing can change: every fetch gains 0
	}
	var w float64
	p := 1.0
	for s := range n {
		j := (n - 1 + s) % n
		if s > 0 {
			p *= g.keep[j]
		}
		w += g.lens[j] * p
	}
	best, bestGain := n-1, w
	for j := n - 2; j >= 0; j-- {
		w = g.lens[j]*(1-all) + g.keep[j+1]*w
		if g.before(w, j, bestGain, best) {
			best, bestGain = j, w
		}
	}
	return 1, best
}

// addGap opens the gap between fetches a < b: its stale time
// Σ len_m(1 − ∏_{k=a+1}^{m}(1 − k_k)) and the gain of every position j
// strictly inside, (1 − ∏_{k=a+1}^{j}(1 − k_k))·W_j, of which it keeps
// the best.
func (g *quasiGreedy) addGap(a, b int) {
	gp := quasiGap{a: a, b: b, best: -1}
	p := 1.0
	for j := a + 1; j < b; j++ {
		p *= g.keep[g.idx(j)]
		g.pre[j-a-1] = p
		gp.stale += g.lens[g.idx(j)] * (1 - p)
	}
	var w float64
	for j := b - 1; j > a; j-- {
		i := g.idx(j)
		w = g.lens[i] + g.keep[g.idx(j+1)]*w
		gain := (1 - g.pre[j-a-1]) * w
		if gp.best < 0 || g.before(gain, j, gp.gain, gp.best) {
			gp.best, gp.gain = j, gain
		}
	}
	g.stale += gp.stale
	if gp.stale > 0 {
		g.dirty++
	}
	if gp.best >= 0 {
		gp.pos = g.idx(gp.best)
		heap.Push(&g.gaps, gp)
	}
}

// gapHeap orders open gaps by the gain of their best position, largest
// first, ties to the lowest position.
type gapHeap []quasiGap

func (h gapHeap) Len() int { return len(h) }
func (h gapHeap) Less(a, b int) bool {
	if h[a].gain != h[b].gain {
		return h[a].gain > h[b].gain
	}
	return h[a].pos < h[b].pos
}
func (h gapHeap) Swap(a, b int) { h[a], h[b] = h[b], h[a] }
func (h *gapHeap) Push(x any)   { *h = append(*h, x.(quasiGap)) }
func (h *gapHeap) Pop() any {
	old := *h
	gp := old[len(old)-1]
	*h = old[:len(old)-1]
	return gp
}
