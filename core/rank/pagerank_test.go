package rank

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/freshplan/freshplan/core/graph"
	"gonum.org/v1/gonum/graph/network"
	"gonum.org/v1/gonum/graph/simple"
	"gonum.org/v1/gonum/mat"
)

func build(t testing.TB, n int, edges []graph.Edge) *graph.Graph {
	t.Helper()
	host := make([]int32, n)
	g, err := graph.Build(nil, host, []string{"h.example"}, edges)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// dense solves seed 001 §2.2's equations directly: (I − dM)·x = (1−d)/N,
// M[v][u] = 1/c_u for a link u→v and 1/N for every v when u has no link.
func dense(g *graph.Graph, d float64) []float64 {
	n := g.Pages()
	a := mat.NewDense(n, n, nil)
	b := mat.NewVecDense(n, nil)
	for v := range n {
		a.Set(v, v, 1)
		b.SetVec(v, (1-d)/float64(n))
	}
	for u := range int32(n) {
		out := g.OutOf(u)
		if len(out) == 0 {
			for v := range n {
				a.Set(v, int(u), a.At(v, int(u))-d/float64(n))
			}
		}
		for _, v := range out {
			a.Set(int(v), int(u), a.At(int(v), int(u))-d/float64(len(out)))
		}
	}
	var x mat.VecDense
	if err := x.SolveVec(a, b); err != nil {
		panic(err)
	}
	return x.RawVector().Data
}

func randomGraph(rng *rand.Rand, n, m int) []graph.Edge {
	e := make([]graph.Edge, m)
	for i := range e {
		e[i] = graph.Edge{From: rng.Int32N(int32(n)), To: rng.Int32N(int32(n))}
	}
	return e
}

// Hand-checked: a cycle has uniform rank; in a→c, b→c with c dangling,
// x_a = x_b = (1−d)/3 + d·x_c/3 and x_c = x_a + 2·d·x_a·... solved below.
func TestPageRankHand(t *testing.T) {
	pr, _, _ := PageRank(build(t, 3, []graph.Edge{{From: 0, To: 1}, {From: 1, To: 2}, {From: 2, To: 0}}), 0.85, 1e-12)
	for _, x := range pr {
		if math.Abs(x-1.0/3) > 1e-12 {
			t.Fatalf("cycle: %v", pr)
		}
	}
	// a, b → c; c dangling. With s = x_c: x_a = (1−d)/3 + d·s/3,
	// x_c = (1−d)/3 + d·s/3 + 2d·x_a, and 2x_a + s = 1. For d = 0.5:
	// x_a = 1/6 + s/6, s = 1/6 + s/6 + (1/6 + s/6)·1 → s(1 − 1/3) = 1/3 → s = 1/2.
	pr, _, _ = PageRank(build(t, 3, []graph.Edge{{From: 0, To: 2}, {From: 1, To: 2}}), 0.5, 1e-14)
	if math.Abs(pr[2]-0.5) > 1e-12 || math.Abs(pr[0]-0.25) > 1e-12 {
		t.Fatalf("star: %v; want [0.25 0.25 0.5]", pr)
	}
	pr, _, _ = PageRank(build(t, 1, nil), 0.85, 1e-12)
	if len(pr) != 1 || pr[0] != 1 {
		t.Fatalf("one page: %v", pr)
	}
	if _, _, err := PageRank(build(t, 1, nil), 1, 1e-12); err == nil {
		t.Fatal("d = 1 accepted")
	}
}

// Against the dense solution and gonum's PageRankSparse on random graphs
// with dangling pages. The power iteration stops at an L1 step below tol,
// so its L1 error is below tol·d/(1−d); 1e-9 leaves room for rounding.
func TestPageRankBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 20 {
		n := 2 + rng.IntN(60)
		g := build(t, n, randomGraph(rng, n, rng.IntN(4*n)))
		d := 0.5 + 0.45*rng.Float64()
		pr, _, err := PageRank(g, d, 1e-13)
		if err != nil {
			t.Fatal(err)
		}
		want := dense(g, d)
		l1 := 0.0
		for i := range pr {
			l1 += math.Abs(pr[i] - want[i])
		}
		if l1 > 1e-9 {
			t.Fatalf("trial %d: L1 error %g against the dense solution", trial, l1)
		}
		gg := simple.NewDirectedGraph()
		for v := range n {
			gg.AddNode(simple.Node(v))
		}
		for u := range int32(n) {
			for _, v := range g.OutOf(u) {
				gg.SetEdge(simple.Edge{F: simple.Node(u), T: simple.Node(v)})
			}
		}
		gon := network.PageRankSparse(gg, d, 1e-13)
		for v := range n {
			if math.Abs(gon[int64(v)]-pr[v]) > 1e-8 {
				t.Fatalf("trial %d page %d: %g, gonum %g", trial, v, pr[v], gon[int64(v)])
			}
		}
		// Partial with everything seen and fetched is PageRank.
		all := make([]bool, n)
		for i := range all {
			all[i] = true
		}
		part, _ := Partial(g, all, all, d, 1e-13, nil)
		for v := range n {
			if math.Abs(part[v]-pr[v]) > 1e-10 {
				t.Fatalf("trial %d: Partial %v, PageRank %v", trial, part, pr)
			}
		}
	}
}

// Partial is PageRank on the graph a crawl knows: seen pages, with the
// links of the fetched ones — checked against PageRank of that graph
// built by hand (fetched pages' links, unseen pages left out).
func TestPartial(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 20 {
		n := 3 + rng.IntN(40)
		g := build(t, n, randomGraph(rng, n, 3*n))
		fetched := make([]bool, n)
		seen := make([]bool, n)
		for p := range int32(n) {
			if rng.IntN(2) == 0 {
				fetched[p], seen[p] = true, true
				for _, q := range g.OutOf(p) {
					seen[q] = true
				}
			}
		}
		id := make([]int32, n)
		m := int32(0)
		for p := range n {
			if seen[p] {
				id[p] = m
				m++
			}
		}
		if m == 0 {
			continue
		}
		var edges []graph.Edge
		for p := range int32(n) {
			if fetched[p] {
				for _, q := range g.OutOf(p) {
					edges = append(edges, graph.Edge{From: id[p], To: id[q]})
				}
			}
		}
		want, _, _ := PageRank(build(t, int(m), edges), 0.85, 1e-13)
		var start []float64
		if trial%2 == 1 {
			start = make([]float64, n)
			for i := range start {
				start[i] = rng.Float64()
			}
		}
		got, _ := Partial(g, seen, fetched, 0.85, 1e-13, start)
		for p := range n {
			w := 0.0
			if seen[p] {
				w = want[id[p]]
			}
			if math.Abs(got[p]-w) > 1e-10 {
				t.Fatalf("trial %d page %d: %g, want %g", trial, p, got[p], w)
			}
		}
	}
}

func TestMetrics(t *testing.T) {
	g, err := graph.Read(strings.NewReader("https://a.example/,https://a.example/x/y\nhttps://a.example/x/y,https://a.example/\nhttps://b.example/,https://a.example/x/y\n"), "g.csv")
	if err != nil {
		t.Fatal(err)
	}
	ib, f, l := Backlinks(g), ForwardLinks(g), Location(g)
	if ib[1] != 2 || ib[0] != 1 || ib[2] != 0 || f[2] != 1 || l[0] != -1 || l[1] != -2 {
		t.Fatalf("IB %v IF %v IL %v", ib, f, l)
	}
}
