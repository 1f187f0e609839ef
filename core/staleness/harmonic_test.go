package staleness

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/integrate/quad"
)

// TestEin checks Ein against Gauss–Legendre quadrature of its integral
// (1000 points over [0, y]: the integrand is smooth, the rule exact to
// ~1e-14 here), on both sides of the switch from series to E₁ at y = 4.
func TestEin(t *testing.T) {
	for _, y := range []float64{1e-6, 0.01, 0.3, 1, 2.5, 3.999, 4, 4.001, 7, 20, 60, 300} {
		f := func(u float64) float64 {
			if u == 0 {
				return 1
			}
			return -math.Expm1(-u) / u
		}
		want := quad.Fixed(f, 0, y, 1000, nil, 0)
		if got := Ein(y); math.Abs(got-want) > 1e-13*math.Max(1, want) {
			t.Errorf("Ein(%g) = %.17g, quadrature %.17g", y, got, want)
		}
	}
}

// TestEinIsExpectedHarmonic: Ein(m) = E[H_N] for N ~ Poisson(m), summed
// directly over the Poisson law until its tail is below 1e-18.
func TestEinIsExpectedHarmonic(t *testing.T) {
	for _, m := range []float64{0.05, 0.7, 3, 9, 25} {
		var sum, H float64
		p := math.Exp(-m) // P(N = 0)
		for n := 1; n < 400; n++ {
			p *= m / float64(n)
			H += 1 / float64(n)
			sum += p * H
		}
		if got := Ein(m); math.Abs(got-sum) > 1e-13*sum {
			t.Errorf("Ein(%g) = %.16g, E[H_N] = %.16g", m, got, sum)
		}
	}
}

// TestHarmonicGap checks the gap average against quadrature of Ein(λt)
// over the gap, the small-y series against the closed form where both
// are accurate, and the penalty against plain staleness: equal to first
// order, larger beyond (a second missed change costs ½ more).
func TestHarmonicGap(t *testing.T) {
	for _, y := range []float64{1e-4, 0.002, 0.5, 3, 12, 80} {
		want := quad.Fixed(Ein, 0, y, 1000, nil, 0) / y
		if got := HarmonicGap(y); math.Abs(got-want) > 1e-12*math.Max(1, want) {
			t.Errorf("HarmonicGap(%g) = %.16g, quadrature %.16g", y, got, want)
		}
		if y > 0.01 && HarmonicGap(y) <= StaleGap(y) {
			t.Errorf("HarmonicGap(%g) = %g is not above StaleGap %g", y, HarmonicGap(y), StaleGap(y))
		}
	}
	for _, y := range []float64{2e-4, 5e-4, 9.99e-4} {
		closed := Ein(y) - StaleGap(y)
		if got := HarmonicGap(y); math.Abs(got-closed) > 1e-9*got {
			t.Errorf("series %.16g vs closed form %.16g at %g", got, closed, y)
		}
	}
}

// TestHarmonicSimulated replays Poisson changes against equally spaced
// visits and counts the missed changes: the time-average of H_n must
// match Equal under both models (20,000 runs: standard error about
// 0.005 of the mean; 4 standard errors allowed).
func TestHarmonicSimulated(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const T, lambda = 10.0, 0.9
	for _, m := range []Model{Steady, Horizon} {
		for _, x := range []int{1, 3} {
			var sum, sumSq float64
			const runs = 20000
			for range runs {
				// Visits at EqualTime; the copy is fresh at the last visit
				// before 0 (steady: that of the previous horizon) or at 0.
				var visits []float64
				for j := 1; j <= x; j++ {
					if m == Horizon {
						visits = append(visits, float64(j)*T/float64(x+1))
					} else {
						visits = append(visits, (float64(j)-0.5)*T/float64(x))
					}
				}
				last := 0.0
				if m == Steady {
					last = visits[x-1] - T
				}
				// Integrate H_{missed}(t) over [0, T].
				var total float64
				t0, missed, h := 0.0, 0, 0.0
				next := last + rng.ExpFloat64()/lambda
				vi := 0
				for t0 < T {
					nv := T
					if vi < len(visits) {
						nv = visits[vi]
					}
					if next < nv {
						if next > t0 {
							total += h * (next - t0)
							t0 = next
						}
						missed++
						h += 1 / float64(missed)
						next += rng.ExpFloat64() / lambda
						continue
					}
					total += h * (nv - t0)
					t0 = nv
					if vi < len(visits) {
						missed, h = 0, 0
						vi++
					}
				}
				v := total / T
				sum += v
				sumSq += v * v
			}
			mean := sum / runs
			se := math.Sqrt((sumSq/runs - mean*mean) / runs)
			want := Equal(m, Harmonic, lambda, T, float64(x))
			if math.Abs(mean-want) > 4*se {
				t.Errorf("%v, %d visits: simulated %.5f ± %.5f, Equal %.5f", m, x, mean, se, want)
			}
		}
	}
}

// TestHarmonicConvex: the penalty of x equally spaced visits decreases
// and is convex in x, which GREEDY's optimality needs (second differences
// ≥ −1e-15, rounding of values below 10).
func TestHarmonicConvex(t *testing.T) {
	for _, m := range []Model{Steady, Horizon} {
		for _, lt := range []float64{0.01, 1, 30, 1000} {
			prev, prevGain := math.Inf(1), math.Inf(1)
			for x := 1; x <= 300; x++ {
				v := Equal(m, Harmonic, lt, 1, float64(x))
				gain := prev - v
				if x > 1 && (gain < -1e-15 || gain > prevGain+1e-15) {
					t.Fatalf("%v λT=%g: gain %g after %g at x=%d", m, lt, gain, prevGain, x)
				}
				prev, prevGain = v, gain
			}
		}
	}
	if v := Equal(Steady, Harmonic, 1, 1, 0); !math.IsInf(v, 1) {
		t.Errorf("an unvisited changing page's steady penalty is %g, want +Inf", v)
	}
	if p, err := ParseObjective("harmonic"); err != nil || p != Harmonic || p.String() != "harmonic" {
		t.Errorf("ParseObjective(harmonic) = %v, %v", p, err)
	}
}
