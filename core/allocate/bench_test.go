package allocate

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/freshplan/freshplan/core/staleness"
)

// paperProblem is problem S at seed 000 §4's scale: 1M pages on 2000
// servers by a Zipf law of parameter θ = 1, λ uniform in [0.01, 1] per
// hour, T = 24 h, R = 8.64M, caps ⌊T/15 s⌋ = 5760.
func paperProblem(capped bool) Problem {
	const n, m = 1_000_000, 2000
	rng := rand.New(rand.NewPCG(1, 1))
	shares := make([]float64, m)
	for s := range shares {
		shares[s] = 1 / float64(s+1)
	}
	sizes := Apportion(n, shares)
	p := Problem{Rates: make([]float64, n), Weights: make([]float64, n), Budget: 8_640_000,
		Horizon: 86400, Model: staleness.Horizon}
	if capped {
		p.Hosts = make([]int32, n)
		p.Caps = make([]int, m)
		for s := range p.Caps {
			p.Caps[s] = 5760
		}
	}
	i := 0
	for s, k := range sizes {
		for range k {
			p.Rates[i] = (0.01 + 0.99*rng.Float64()) / 3600
			p.Weights[i] = 1
			if capped {
				p.Hosts[i] = int32(s)
			}
			i++
		}
	}
	return p
}

func benchmarkGreedy(b *testing.B, capped bool) {
	p := paperProblem(capped)
	b.ResetTimer()
	for b.Loop() {
		if _, err := Greedy(p); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGreedyPaperCapped is psp's allocation (and the wp bound).
func BenchmarkGreedyPaperCapped(b *testing.B) { benchmarkGreedy(b, true) }

// BenchmarkGreedyPaperNonPolite is the nonpolite bound's allocation.
func BenchmarkGreedyPaperNonPolite(b *testing.B) { benchmarkGreedy(b, false) }

// BenchmarkHeapGreedyPaperCapped is the paper's O(R log n) heap GREEDY, the
// baseline Greedy is measured against.
func BenchmarkHeapGreedyPaperCapped(b *testing.B) {
	p := paperProblem(true)
	b.ResetTimer()
	for b.Loop() {
		if _, err := HeapGreedy(p); err != nil {
			b.Fatal(err)
		}
	}
}

// TestGreedyPaperScaleMatchesHeap checks the fast Greedy against the heap
// GREEDY at full paper scale (about 10 s).
func TestGreedyPaperScaleMatchesHeap(t *testing.T) {
	for _, capped := range []bool{true, false} {
		p := paperProblem(capped)
		want, _ := HeapGreedy(p)
		got, err := Greedy(p)
		if err != nil {
			t.Fatal(err)
		}
		if a, b := p.Cost(got), p.Cost(want); math.Abs(a-b) > 1e-12 {
			t.Errorf("capped=%v: cost %.15g, heap GREEDY %.15g", capped, a, b)
		}
	}
}
