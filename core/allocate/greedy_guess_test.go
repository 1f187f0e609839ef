package allocate

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/freshplan/freshplan/core/staleness"
)

// TestPhiInverse: φ(φ⁻¹(c)) = c across fifteen decades of c, to the
// accuracy of a 4096-point linear interpolation of a smooth function
// (relative error below 1e-6; far better than a count's guess needs).
func TestPhiInverse(t *testing.T) {
	for e := -15.0; e < 0; e += 0.01 {
		for _, c := range []float64{math.Pow(10, e), 1 - math.Pow(10, e)} {
			y := phiInverse(c)
			if got := phi(y); math.Abs(got-c) > 1e-6*c {
				t.Fatalf("φ(φ⁻¹(%g)) = %g", c, got)
			}
		}
	}
}

// TestGuessNearCount: on pages whose counts span 0 to 10⁴ visits, both
// models, the guess is within one of the exact count (the midpoint rule
// errs by a relative 1/(4n(n+1)) in the gain of a visit between n and n+1
// gaps: 1/8 at most), and count started from 0 finds the exact count.
func TestGuessNearCount(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	tried := 0
	for trial := range 8000 {
		model := staleness.Model(trial % 2)
		p := Problem{Rates: []float64{math.Pow(10, 6*rng.Float64()-4) / 3600}, Weights: []float64{0.01 + 10*rng.Float64()},
			Budget: maxBudget, Horizon: 86400, Model: model}
		sv := newSolver(&p)
		// A threshold between two gains of a count drawn up to 10⁴.
		k := int(math.Pow(10, 4*rng.Float64()))
		mu := p.gain(0, k)
		if k > 0 {
			mu += rng.Float64() * (p.gain(0, k-1) - mu)
		}
		if !(mu > 0) || p.Rates[0]*p.Horizon/float64(k+1) > 20 {
			// Gains below double precision, or equal to it: while λT/n > 20 a
			// visit's gain is w/λT to within e^{−20} (s(y) = 1 − 1/y + e^{−y}/y),
			// so rounding, not the page, orders them.
			continue
		}
		tried++
		want := 0
		for want < p.maxVisits(0) && p.gain(0, want) > mu {
			want++
			if want > 2e4 {
				t.Fatalf("trial %d: runaway count", trial)
			}
		}
		if g, ok := sv.guess(0, mu); !ok || g < want-1 || g > want+1 {
			t.Errorf("trial %d (%v, λT %.4g, w %.3g): guess %d (%v), count %d", trial, model, p.Rates[0]*p.Horizon, p.Weights[0], g, ok, want)
		}
		if got := sv.count(0, mu, 0); got != want {
			t.Fatalf("trial %d: count %d, want %d", trial, got, want)
		}
	}
	if tried < 4000 {
		t.Errorf("only %d of 8000 trials tried", tried)
	}
}
