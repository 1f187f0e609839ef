package renewal

import (
	"math"
	"testing"

	"github.com/freshplan/freshplan/core/staleness"
)

// generic hides a process's closed form, so that its staleness is taken
// by quadrature: only the Process methods are promoted.
type generic struct{ Process }

// relErr returns |got − want| relative to |want|, absolute below 1e-300.
func relErr(got, want float64) float64 {
	return math.Abs(got-want) / math.Max(math.Abs(want), 1e-300)
}

// The exponential closed form is core/staleness's StaleGap: both models
// agree with staleness.Equal to 1e-13 relative (Equal rounds λT/n where
// this rounds λ·(T/n), and 1 + expm1(−y)/y amplifies that last-bit
// difference by up to ~1/y for y < 1), and quadrature agrees to 1e-12
// relative (16-point panels converge far beyond that; what is left is
// rounding).
func TestExponentialMatchesStalenessEqual(t *testing.T) {
	const T = 86400.0
	for _, lt := range []float64{1e-6, 1e-3, 0.1, 1, 7.5, 100, 1e4} {
		lambda := lt / T
		e := Exponential{Rate: lambda}
		for _, m := range []staleness.Model{staleness.Steady, staleness.Horizon} {
			for _, x := range []int{0, 1, 2, 3, 10, 57, 200, 5000} {
				want := staleness.Equal(m, staleness.Stale, lambda, T, float64(x))
				got, err := Staleness(e, m, T, x)
				if err != nil {
					t.Fatal(err)
				}
				if relErr(got, want) > 1e-13 {
					t.Errorf("λT=%v %v x=%d: closed form %v, staleness.Equal %v", lt, m, x, got, want)
				}
				quad, err := Staleness(generic{e}, m, T, x)
				if err != nil {
					t.Fatal(err)
				}
				if relErr(quad, want) > 1e-12 {
					t.Errorf("λT=%v %v x=%d: quadrature %v, staleness.Equal %v (rel %.1e)", lt, m, x, quad, want, relErr(quad, want))
				}
			}
		}
	}
}

// Seed 003 eq. 14 written out: A(x) = 1 + (x+1)/(λT)·(e^{−λT/(x+1)} − 1).
func TestExponentialEq14(t *testing.T) {
	for _, lt := range []float64{0.05, 1, 3, 40} {
		for x := range 30 {
			n := float64(x + 1)
			want := 1 + n/lt*(math.Exp(-lt/n)-1)
			got, err := Staleness(Exponential{Rate: lt}, staleness.Horizon, 1, x)
			if err != nil {
				t.Fatal(err)
			}
			// eq. 14 as written cancels: 1 and (x+1)/(λT)·(e^{…} − 1) ≈ −1
			// each carry an error of a few ε·(x+1)/(λT).
			if math.Abs(got-want) > 8*0x1p-52*n/lt {
				t.Errorf("λT=%v x=%d: %v, eq. 14 gives %v", lt, x, got, want)
			}
		}
	}
}

// The Pareto and Weibull closed forms agree with quadrature of
// (λ/g)∫₀^g (g − u)Ḡ(u) du over gaps from 10^−6 to 10^4 mean times between
// updates. Both sides are good to about 1e-15 (worst seen 1.5e-14, Weibull
// of shape 0.05); the tolerance, 1e-13, leaves room for the cancellation
// the closed forms have near their switch points (a factor ≤ 10 for
// Pareto at g = β/2) and for the incomplete gamma functions (~1e-14).
func TestClosedFormsMatchQuadrature(t *testing.T) {
	var procs []Process
	for _, a := range []float64{1.01, 1.2, 1.5, 1.999, 2, 2.001, 2.5, 3, 4, 10, 50} {
		procs = append(procs, Pareto{Alpha: a, Scale: 0.7})
	}
	for _, k := range []float64{MinWeibullShape, 0.1, 0.2, 0.35, 0.5, 0.8, 1, 1.5, 2, 3.7, 8, 20, MaxWeibullShape} {
		procs = append(procs, Weibull{Shape: k, Scale: 0.7})
	}
	for _, p := range procs {
		mean := p.Mean()
		worst := 0.0
		for e := -6.0; e <= 4; e += 0.25 {
			g := mean * math.Pow(10, e)
			got := gapStale(p, g)
			want := quadGapStale(p, g)
			if r := relErr(got, want); r > 1e-13 {
				t.Errorf("%#v g=%.3g means: closed form %v, quadrature %v (rel %.1e)", p, math.Pow(10, e), got, want, r)
			}
			worst = max(worst, relErr(got, want))
		}
		t.Logf("%#v: worst relative difference %.1e", p, worst)
	}
}

// Limits: a short gap is stale about half of it times λ (the first update
// falls uniformly in it to first order, λg/2), a long gap almost all of it.
func TestGapLimits(t *testing.T) {
	procs := []Process{Exponential{Rate: 2}, Pareto{Alpha: 1.5, Scale: 0.25}, Pareto{Alpha: 3, Scale: 1},
		Weibull{Shape: 0.5, Scale: 0.25}, Weibull{Shape: 2, Scale: 1}}
	for _, p := range procs {
		lambda := 1 / p.Mean()
		g := 1e-9 / lambda
		if got := gapStale(p, g); relErr(got, lambda*g/2) > 1e-3 {
			t.Errorf("%#v: S(%g) = %v, want ≈ λg/2 = %v", p, g, got, lambda*g/2)
		}
		if got := gapStale(p, 1e9/lambda); got < 0.99 {
			t.Errorf("%#v: S(1e9/λ) = %v, want → 1", p, got)
		}
		prev := 1.0
		for x := 1; x <= 1e6; x *= 10 {
			a, err := Staleness(p, staleness.Steady, 1, x)
			if err != nil {
				t.Fatal(err)
			}
			if !(a < prev) {
				t.Errorf("%#v: A(%d) = %v does not fall below A(%d/10) = %v", p, x, a, x, prev)
			}
			prev = a
		}
		if prev > 1e-5 {
			t.Errorf("%#v: A(1e6) = %v, want → 0 as x → ∞", p, prev)
		}
	}
}
