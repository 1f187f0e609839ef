package staleness

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"gonum.org/v1/gonum/integrate/quad"
)

// TestEqualMatchesSeed000 checks the horizon model against the closed form
// quoted in seed 000 §4: A(x) = 1 + (x+1)/(λT)(e^{−λT/(x+1)} − 1).
func TestEqualMatchesSeed000(t *testing.T) {
	for _, lambda := range []float64{1e-6, 1e-4, 0.01, 1} {
		for _, x := range []float64{0, 1, 2, 7, 100} {
			T := 86400.0
			u := lambda * T
			want := 1 + (x+1)/u*(math.Exp(-u/(x+1))-1)
			got := Equal(Horizon, Stale, lambda, T, x)
			// 1e-9 absolute: the closed form itself cancels for small u.
			if math.Abs(got-want) > 1e-9 {
				t.Errorf("λ=%v x=%v: %v, closed form %v", lambda, x, got, want)
			}
		}
	}
}

// TestRealizedAgainstIntegration integrates P(stale at t) and E[age(t)]
// numerically over random visit lists: between visits the copy is stale
// with probability 1 − e^{−λ(t−last)} and has expected age
// (t−last) − (1 − e^{−λ(t−last)})/λ (seed 001 §5.3); before the first
// visit the last "visit" is time 0 (horizon) or the last visit of the
// previous horizon (steady).
func TestRealizedAgainstIntegration(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	const T = 1000.0
	for trial := range 200 {
		lambda := math.Pow(10, -4+3*rng.Float64())
		times := make([]float64, 1+rng.IntN(6))
		for j := range times {
			times[j] = T * rng.Float64()
		}
		slices.Sort(times)
		for _, m := range []Model{Steady, Horizon} {
			for _, obj := range []Objective{Stale, Age} {
				f := func(s float64) float64 {
					last := 0.0
					if m == Steady {
						last = times[len(times)-1] - T
					}
					for _, v := range times {
						if v <= s {
							last = v
						}
					}
					d := s - last
					if obj == Age {
						return d + math.Expm1(-lambda*d)/lambda
					}
					return -math.Expm1(-lambda * d)
				}
				var want float64
				edges := append(append([]float64{0}, times...), T)
				for k := 0; k+1 < len(edges); k++ {
					want += quad.Fixed(f, edges[k], edges[k+1], 30, nil, 0)
				}
				want /= T
				got := Realized(m, obj, lambda, T, times)
				// Gauss-Legendre of order 30 on each smooth piece is exact to
				// ~1e-12 relative here.
				if math.Abs(got-want) > 1e-9*math.Max(1, math.Abs(want)) {
					t.Errorf("trial %d %v %v: %v, integration %v", trial, m, obj, got, want)
				}
				tr := NewTracker(m, obj, []float64{lambda}, T)
				for _, v := range times {
					tr.Visit(0, v)
				}
				if d := math.Abs(tr.Page(0) - got); d > 1e-12*math.Max(1, got) {
					t.Errorf("trial %d %v %v: tracker %v, Realized %v", trial, m, obj, tr.Page(0), got)
				}
			}
		}
	}
}

// TestEqualIsRealizedOfEqualSpacing: x equally spaced visits give the same
// value through Equal and through Realized.
func TestEqualIsRealizedOfEqualSpacing(t *testing.T) {
	const T = 86400.0
	for _, lambda := range []float64{1e-5, 3e-4} {
		for x := 1; x <= 9; x++ {
			steady := make([]float64, x)
			horizon := make([]float64, x)
			for j := range x {
				steady[j] = (float64(j) + 0.5) * T / float64(x)
				horizon[j] = float64(j+1) * T / float64(x+1)
			}
			for _, obj := range []Objective{Stale, Age} {
				if a, b := Equal(Steady, obj, lambda, T, float64(x)), Realized(Steady, obj, lambda, T, steady); math.Abs(a-b) > 1e-12*math.Max(1, a) {
					t.Errorf("steady %v λ=%v x=%d: Equal %v, Realized %v", obj, lambda, x, a, b)
				}
				if a, b := Equal(Horizon, obj, lambda, T, float64(x)), Realized(Horizon, obj, lambda, T, horizon); math.Abs(a-b) > 1e-12*math.Max(1, a) {
					t.Errorf("horizon %v λ=%v x=%d: Equal %v, Realized %v", obj, lambda, x, a, b)
				}
			}
		}
	}
}

// TestGapSeriesContinuity: the small-y series and the direct formula agree
// where they meet.
func TestGapSeriesContinuity(t *testing.T) {
	for _, y := range []float64{1e-3, 1e-2} {
		lo, hi := math.Nextafter(y, 0), math.Nextafter(y, 1)
		if d := math.Abs(StaleGap(lo)-StaleGap(hi)) / StaleGap(y); d > 1e-12 {
			t.Errorf("StaleGap jumps by %g relative at %g", d, y)
		}
		if d := math.Abs(AgeGap(lo)-AgeGap(hi)) / AgeGap(y); d > 1e-9 {
			t.Errorf("AgeGap jumps by %g relative at %g", d, y)
		}
	}
}
