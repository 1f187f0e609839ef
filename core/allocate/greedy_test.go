package allocate

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/freshplan/freshplan/core/staleness"
)

// randomProblem returns a problem with n pages on m hosts, rates spanning
// three decades, and caps that bind on some hosts.
func randomProblem(rng *rand.Rand, n, m int, model staleness.Model, obj staleness.Objective) Problem {
	const day = 86400.0
	p := Problem{
		Rates:     make([]float64, n),
		Weights:   make([]float64, n),
		Hosts:     make([]int32, n),
		Caps:      make([]int, m),
		Horizon:   day,
		Model:     model,
		Objective: obj,
	}
	for i := range n {
		p.Rates[i] = math.Pow(10, -3*rng.Float64()) / 3600 // 0.001 to 1 per hour
		p.Weights[i] = 0.1 + rng.Float64()
		p.Hosts[i] = int32(rng.IntN(m))
	}
	for s := range p.Caps {
		p.Caps[s] = 1 + rng.IntN(3*n/m+2)
	}
	p.Budget = 1 + rng.IntN(4*n)
	return p
}

func TestGreedyMatchesHeapGreedy(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 400 {
		model := staleness.Model(trial % 2)
		obj := staleness.Objective((trial / 2) % 2)
		n := 1 + rng.IntN(300)
		p := randomProblem(rng, n, 1+rng.IntN(12), model, obj)
		switch trial % 5 {
		case 1:
			p.Caps, p.Hosts = nil, nil
		case 2:
			p.MinVisits = rng.IntN(2)
			p.MaxVisits = p.MinVisits + 1 + rng.IntN(5)
		}
		if p.Validate() != nil {
			continue
		}
		want, err := HeapGreedy(p)
		if err != nil {
			t.Fatalf("trial %d: HeapGreedy: %v", trial, err)
		}
		got, err := Greedy(p)
		if err != nil {
			t.Fatalf("trial %d: Greedy: %v", trial, err)
		}
		// Random real rates make ties improbable, so the allocations
		// themselves must agree, not just their cost.
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("trial %d (%v, %v, n=%d, R=%d): page %d gets %d visits, GREEDY gives %d",
					trial, model, obj, n, p.Budget, i, got[i], want[i])
				break
			}
		}
	}
}

func TestGreedyTiesKeepTheOptimum(t *testing.T) {
	// Identical pages: every split of the last visits is optimal, and the
	// budget must be used exactly.
	const n = 1000
	p := Problem{Rates: make([]float64, n), Weights: make([]float64, n), Hosts: make([]int32, n),
		Caps: []int{1200, 5000}, Budget: 2500, Horizon: 86400, Model: staleness.Steady}
	for i := range n {
		p.Rates[i], p.Weights[i], p.Hosts[i] = 1.0/3600, 1, int32(i%2)
	}
	want, _ := HeapGreedy(p)
	got, err := Greedy(p)
	if err != nil {
		t.Fatal(err)
	}
	if a, b := p.Cost(got), p.Cost(want); math.Abs(a-b) > 1e-12 {
		t.Errorf("cost %v, GREEDY's %v", a, b)
	}
	if s := sum(got); s != sum(want) {
		t.Errorf("%d visits, GREEDY makes %d", s, sum(want))
	}
}

func sum(x []int) int {
	s := 0
	for _, v := range x {
		s += v
	}
	return s
}

// bruteForce enumerates every allocation of at most budget visits.
func bruteForce(p Problem) float64 {
	n := len(p.Rates)
	x := make([]int, n)
	best := math.Inf(1)
	var rec func(i, left int)
	rec = func(i, left int) {
		if i == n {
			if p.Caps != nil {
				used := make([]int, len(p.Caps))
				for j, v := range x {
					used[p.Hosts[j]] += v
				}
				for s := range used {
					if used[s] > p.Caps[s] {
						return
					}
				}
			}
			best = math.Min(best, p.Cost(x))
			return
		}
		for v := 0; v <= left; v++ {
			x[i] = v
			rec(i+1, left-v)
		}
	}
	rec(0, p.Budget)
	return best
}

func TestGreedyIsOptimalByBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 200 {
		model := staleness.Model(trial % 2)
		p := randomProblem(rng, 1+rng.IntN(4), 1+rng.IntN(2), model, staleness.Stale)
		p.Budget = 1 + rng.IntN(7)
		got, err := Greedy(p)
		if err != nil {
			t.Fatal(err)
		}
		// 1e-12: the costs are sums of a few numbers of order 1.
		if c, b := p.Cost(got), bruteForce(p); c > b+1e-12 {
			t.Errorf("trial %d: cost %v, brute force finds %v", trial, c, b)
		}
	}
}

func TestValidateRejects(t *testing.T) {
	good := Problem{Rates: []float64{1e-4}, Weights: []float64{1}, Budget: 3, Horizon: 10}
	cases := map[string]func(p *Problem){
		"budget 0":       func(p *Problem) { p.Budget = 0 },
		"NaN rate":       func(p *Problem) { p.Rates = []float64{math.NaN()} },
		"negative rate":  func(p *Problem) { p.Rates = []float64{-1} },
		"infinite rate":  func(p *Problem) { p.Rates = []float64{math.Inf(1)} },
		"weights length": func(p *Problem) { p.Weights = nil },
		"zero horizon":   func(p *Problem) { p.Horizon = 0 },
		"min over max":   func(p *Problem) { p.MinVisits, p.MaxVisits = 3, 2 },
		"min over cap":   func(p *Problem) { p.MinVisits, p.Caps, p.Hosts = 2, []int{1}, []int32{0} },
		"host range":     func(p *Problem) { p.Caps, p.Hosts = []int{1}, []int32{3} },
	}
	for name, mutate := range cases {
		p := good
		mutate(&p)
		if _, err := Greedy(p); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if _, err := Greedy(good); err != nil {
		t.Errorf("good problem: %v", err)
	}
}

// TestGreedyStartChangesNothing: starting from another budget's optimum
// (as sweeps do) or from nonsense gives the same allocation.
func TestGreedyStartChangesNothing(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	for trial := range 100 {
		p := randomProblem(rng, 1+rng.IntN(200), 1+rng.IntN(8), staleness.Model(trial%2), staleness.Stale)
		if trial%3 == 0 {
			p.Caps, p.Hosts = nil, nil
		}
		want, err := Greedy(p)
		if err != nil {
			t.Fatal(err)
		}
		other := p
		other.Budget = 1 + rng.IntN(4*len(p.Rates))
		p.Start, _ = Greedy(other)
		if trial%4 == 0 {
			for i := range p.Start {
				p.Start[i] = rng.IntN(50)
			}
		}
		got, err := Greedy(p)
		if err != nil {
			t.Fatal(err)
		}
		for i := range want {
			if got[i] != want[i] {
				t.Errorf("trial %d: page %d gets %d visits from a start, %d without", trial, i, got[i], want[i])
				break
			}
		}
	}
}
