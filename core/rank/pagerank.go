package rank

import (
	"fmt"
	"math"
	"runtime"
	"sync"

	"github.com/freshplan/freshplan/core/graph"
)

// Damping is the probability that the random surfer follows a link
// rather than jumping to a random page. Seed 001 §2.5.2 used 0.9; 0.85
// is the usual value since Brin and Page, and seed 004 does not give its
// own.
const Damping = 0.85

// Tolerance is the L1 change between two iterations at which the power
// iteration stops: the error left in a rank vector summing to 1 is then
// below Tolerance·d/(1−d) (the iteration contracts by d in L1); measured
// on the 1M-page synthetic graph, 3·10⁻⁷ in 47 iterations, far below the
// third decimal the cumulative-PageRank curves are read to.
const Tolerance = 1e-7

// MaxIterations bounds the iteration: d^200 < 1e-14 for d = 0.85.
const MaxIterations = 200

// PageRank returns every page's PageRank, summing to 1, and the number
// of iterations taken: seed 001 §2.2's
//
//	IR(p) = (1 − d) + d·[IR(t₁)/c₁ + … + IR(tₙ)/cₙ]
//
// over the pages t₁…tₙ linking to p, cᵢ their out-link counts, a page
// without out-links taken to link to every page, divided by the number
// of pages N (the IR values sum to N) — the random surfer's stationary
// distribution. Solved by the power iteration the text describes
// ("iteratively, starting with all IR values equal"), pulling each page's
// rank over its in-links, the pages split over the processors.
func PageRank(g *graph.Graph, d, tol float64) ([]float64, int, error) {
	if d < 0 || d >= 1 || math.IsNaN(d) {
		return nil, 0, fmt.Errorf("damping %g: want 0 ≤ d < 1", d)
	}
	n := g.Pages()
	if n == 0 {
		return nil, 0, nil
	}
	inOff, inSrc := transpose(g)
	pr := make([]float64, n)
	next := make([]float64, n)
	share := make([]float64, n) // pr/c for pages with out-links
	for i := range pr {
		pr[i] = 1 / float64(n)
	}
	workers := max(1, min(runtime.GOMAXPROCS(0), n/50000))
	iter := 0
	for iter < MaxIterations {
		iter++
		dangling := 0.0
		for p := range n {
			if c := g.Off[p+1] - g.Off[p]; c > 0 {
				share[p] = pr[p] / float64(c)
			} else {
				share[p] = 0
				dangling += pr[p]
			}
		}
		base := (1-d)/float64(n) + d*dangling/float64(n)
		diffs := make([]float64, workers)
		var wg sync.WaitGroup
		for w := range workers {
			lo, hi := n*w/workers, n*(w+1)/workers
			wg.Add(1)
			go func() {
				defer wg.Done()
				diff := 0.0
				for v := lo; v < hi; v++ {
					sum := 0.0
					for _, u := range inSrc[inOff[v]:inOff[v+1]] {
						sum += share[u]
					}
					x := base + d*sum
					diff += math.Abs(x - pr[v])
					next[v] = x
				}
				diffs[w] = diff
			}()
		}
		wg.Wait()
		pr, next = next, pr
		diff := 0.0
		for _, x := range diffs {
			diff += x
		}
		if diff < tol {
			break
		}
	}
	normalize(pr)
	return pr, iter, nil
}

// transpose returns g's in-links in compressed sparse rows: page v is
// linked from inSrc[inOff[v]:inOff[v+1]].
func transpose(g *graph.Graph) (inOff, inSrc []int32) {
	n := g.Pages()
	inOff = make([]int32, n+1)
	for _, q := range g.Out {
		inOff[q+1]++
	}
	for v := range n {
		inOff[v+1] += inOff[v]
	}
	inSrc = make([]int32, len(g.Out))
	fill := make([]int32, n)
	copy(fill, inOff[:n])
	for u := range int32(n) {
		for _, v := range g.OutOf(u) {
			inSrc[fill[v]] = u
			fill[v]++
		}
	}
	return inOff, inSrc
}

// normalize scales x to sum to 1, taking away the rounding the
// iteration accumulates.
func normalize(x []float64) {
	s := 0.0
	for _, v := range x {
		s += v
	}
	if s > 0 {
		for i := range x {
			x[i] /= s
		}
	}
}
