package allocate

import (
	"math/rand/v2"
	"testing"

	"github.com/freshplan/freshplan/core/staleness"
)

// TestCountBruteForce checks Count against counting the gains above a
// threshold one visit at a time, from every hint.
func TestCountBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 300 {
		n := 1 + rng.IntN(5)
		p := Problem{Rates: make([]float64, n), Weights: make([]float64, n), Budget: 1 + rng.IntN(200),
			Horizon: 86400, Model: staleness.Model(rng.IntN(2)), Objective: staleness.Objective(rng.IntN(2)),
			MinVisits: rng.IntN(2), MaxVisits: rng.IntN(3) * 30}
		for i := range n {
			p.Rates[i] = rng.ExpFloat64() / 86400 * 5
			p.Weights[i] = rng.Float64() * 3
		}
		for i := range n {
			mu := rng.ExpFloat64() * 1e-3
			if p.Objective == staleness.Age {
				mu *= 1000
			}
			want := p.MinVisits
			for k := p.MinVisits; k < p.maxVisits(i) && p.gain(i, k) > mu; k++ {
				want++
			}
			for _, hint := range []int{0, want, want + 7, 1000} {
				if got := Count(&p, i, mu, hint); got != want {
					t.Fatalf("trial %d page %d mu %g hint %d: Count %d, brute force %d", trial, i, mu, hint, got, want)
				}
			}
		}
	}
}
