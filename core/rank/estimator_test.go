package rank

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/freshplan/freshplan/core/graph"
)

// crawlStates grows a crawl of g: each step fetches a random share of the
// seen pages not yet fetched (at least one), seeing their links, and
// calls f with the state.
func crawlStates(g *graph.Graph, rng *rand.Rand, steps int, f func(seen, fetched []bool)) {
	n := g.Pages()
	seen, fetched := make([]bool, n), make([]bool, n)
	for _, s := range g.Seeds {
		seen[s] = true
	}
	for range steps {
		share := 0.05 + 0.4*rng.Float64()
		var pending []int32
		for p := range int32(n) {
			if seen[p] && !fetched[p] {
				pending = append(pending, p)
			}
		}
		if len(pending) == 0 {
			return
		}
		for i, p := range pending {
			if i == 0 || rng.Float64() < share {
				fetched[p] = true
				for _, q := range g.OutOf(p) {
					seen[q] = true
				}
			}
		}
		f(seen, fetched)
	}
}

// estimatorBound is the Estimator's L1 distance to the exact partial
// PageRank at tolerance tol (its doc): 2·tol·d/(1−d).
func estimatorBound(tol float64) float64 { return 2 * tol * Damping / (1 - Damping) }

func l1(a, b []float64) float64 {
	s := 0.0
	for i := range a {
		s += math.Abs(a[i] - b[i])
	}
	return s
}

// checkEstimate compares an estimate with the exact partial PageRank:
// unseen pages 0, the sum 1, the L1 distance within bound, and every pair
// of pages whose exact values differ by more than twice the bound (no
// page's error can exceed the L1 distance) in the same order.
func checkEstimate(t *testing.T, what string, got, want []float64, seen []bool, bound float64) {
	t.Helper()
	sum := 0.0
	for p, x := range got {
		if !seen[p] && x != 0 {
			t.Fatalf("%s: unseen page %d has %g", what, p, x)
		}
		sum += x
	}
	if math.Abs(sum-1) > 1e-12 {
		t.Fatalf("%s: sums to %v", what, sum)
	}
	if d := l1(got, want); d > bound {
		t.Fatalf("%s: L1 distance %g to the exact partial PageRank, bound %g", what, d, bound)
	}
	for a := range got {
		for b := range got {
			if seen[a] && seen[b] && want[a] > want[b]+2*bound && !(got[a] > got[b]) {
				t.Fatalf("%s: pages %d and %d: exact %g > %g, estimated %g, %g", what, a, b, want[a], want[b], got[a], got[b])
			}
		}
	}
}

// The Estimator, called again and again as a crawl grows (warm, and told
// of fetched pages ahead by Fetched or not) or afresh at each step (cold),
// gives the exact partial PageRank (Partial at
// tolerance 1e-14) within its bound on random graphs of several sites —
// and within 1e-10 when asked for 1e-13.
func TestEstimatorAgainstPartial(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for range 40 {
		n := 2 + rng.IntN(60)
		sites := 1 + rng.IntN(5)
		host := make([]int32, n)
		for p := range host {
			host[p] = int32(rng.IntN(sites))
		}
		g, err := graph.Build(nil, host, make([]string, sites), randomGraph(rng, n, rng.IntN(5*n)))
		if err != nil {
			t.Fatal(err)
		}
		g.Seeds = []int32{0, int32(n - 1)}[:1+rng.IntN(2)]
		warm := NewEstimator(g, Damping, Tolerance)
		tight := NewEstimator(g, Damping, 1e-13)
		// told is a warm estimator told by Fetched of the pages fetched
		// since the last call, in a random order and in random chunks,
		// some left for Estimate to find.
		told, before := NewEstimator(g, Damping, Tolerance), make([]bool, n)
		crawlStates(g, rng, 6, func(seen, fetched []bool) {
			want, _ := Partial(g, seen, fetched, Damping, 1e-14, nil)
			x := make([]float64, n)
			warm.Estimate(seen, fetched, x)
			checkEstimate(t, "warm", x, want, seen, estimatorBound(Tolerance))
			var fresh []int32
			for p := range int32(n) {
				if fetched[p] && !before[p] {
					fresh = append(fresh, p)
				}
			}
			copy(before, fetched)
			rng.Shuffle(len(fresh), func(i, j int) { fresh[i], fresh[j] = fresh[j], fresh[i] })
			fresh = fresh[:rng.IntN(len(fresh)+1)]
			for len(fresh) > 0 {
				k := 1 + rng.IntN(len(fresh))
				told.Fetched(fresh[:k:k])
				fresh = fresh[k:]
			}
			told.Estimate(seen, fetched, x)
			checkEstimate(t, "told", x, want, seen, estimatorBound(Tolerance))
			NewEstimator(g, Damping, Tolerance).Estimate(seen, fetched, x)
			checkEstimate(t, "cold", x, want, seen, estimatorBound(Tolerance))
			tight.Estimate(seen, fetched, x)
			checkEstimate(t, "tight", x, want, seen, 1e-10)
		})
	}
}

// At the scale where the blocks run on two goroutines and the sites'
// rescaling matters (a synthetic web graph, seed 004 §4.1's shape), the
// warm estimates stay within the bound along a crawl, and take fewer
// sweeps than the power iteration from scratch.
func TestEstimatorSynthetic(t *testing.T) {
	g, err := graph.Generate(graph.DefaultSynthetic(20000, 3))
	if err != nil {
		t.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(13, 14))
	e := NewEstimator(g, Damping, Tolerance)
	x := make([]float64, g.Pages())
	sweeps, iterations := 0, 0
	crawlStates(g, rng, 8, func(seen, fetched []bool) {
		want, _ := Partial(g, seen, fetched, Damping, 1e-14, nil)
		sweeps += e.Estimate(seen, fetched, x)
		_, it := Partial(g, seen, fetched, Damping, Tolerance, nil)
		iterations += it
		if d := l1(x, want); d > estimatorBound(Tolerance) {
			t.Fatalf("L1 distance %g, bound %g", d, estimatorBound(Tolerance))
		}
	})
	if sweeps >= iterations {
		t.Errorf("%d sweeps, the power iteration %d", sweeps, iterations)
	}
	t.Logf("%d sweeps against the power iteration's %d", sweeps, iterations)
}

// Pages with the same known in-links get the same estimate to the last
// bit, whatever the order of the sweeps: here b and c are both linked
// from a alone, and d, fetched between them, links to a; the strategies
// then order b and c by when they were seen.
func TestEstimatorTies(t *testing.T) {
	// a=0 → b=1, c=3; d=2 → a; e=4 → d.
	g := build(t, 5, []graph.Edge{{From: 0, To: 1}, {From: 0, To: 3}, {From: 2, To: 0}, {From: 4, To: 2}})
	seen := []bool{true, true, true, true, true}
	fetched := []bool{true, false, true, false, true}
	x := make([]float64, 5)
	NewEstimator(g, Damping, Tolerance).Estimate(seen, fetched, x)
	if x[1] != x[3] {
		t.Fatalf("b %v, c %v: want the same", x[1], x[3])
	}
	want, _ := Partial(g, seen, fetched, Damping, 1e-14, nil)
	checkEstimate(t, "ties", x, want, seen, estimatorBound(Tolerance))
}
