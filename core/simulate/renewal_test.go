package simulate

import (
	"fmt"
	"math"
	"testing"

	"github.com/freshplan/freshplan/core/staleness"
	"gonum.org/v1/gonum/integrate/quad"
)

// gapIntegrals returns the expected stale time and age integral over a
// gap of g seconds after a visit, for a renewal process with tail Ḡ and
// rate λ in its stationary state at the visit, by numerical integration
// of seed 003 eq. 3. There the staleness at t after the visit is
// 1 − λ∫₀^∞ Ḡ(t + v) dv = λ∫₀^t Ḡ(x) dx (as λ∫₀^∞ Ḡ = 1), so swapping
// the order of integration,
//
//	∫₀^g P(stale at t) dt = λ∫₀^g (g − x) Ḡ(x) dx,
//	∫₀^g E[age at t] dt  = ∫₀^g ∫₀^t P(stale at s) ds dt = λ∫₀^g (g − x)²/2 · Ḡ(x) dx.
//
// The substitution x = g·y² removes the √x kink of Weibull tails at 0;
// 400-point Gauss–Legendre is then accurate to far below the simulation's
// half-widths (doubling the points changes the results by < 1e-9
// relative, checked below). This uses only Ḡ and its mean, not the
// residual-time laws the sampler draws from.
func gapIntegrals(tail func(float64) float64, lambda, g float64) (stale, age float64) {
	const n = 400
	f := func(pow float64) float64 {
		return lambda * quad.Fixed(func(y float64) float64 {
			x := g * y * y
			return math.Pow(g-x, pow) * tail(x) * 2 * g * y
		}, 0, 1, n, quad.Legendre{}, 0)
	}
	return f(1), f(2) / 2
}

// renewalExact returns the expected time-average staleness and age of a
// renewal page visited at the given gaps (seconds), which tile the
// measured window: every visit (and a fresh start) is at a time fixed in
// advance, so the process is in its stationary state there.
func renewalExact(tail func(float64) float64, lambda float64, gaps ...float64) (stale, age float64) {
	var L float64
	for _, g := range gaps {
		s, a := gapIntegrals(tail, lambda, g)
		stale, age, L = stale+s, age+a, L+g
	}
	return stale / L, age / L
}

// TestRenewalMatchesIntegration simulates Pareto and Weibull pages (seed
// 003 §4), heavy- and light-tailed, each changing about twice per
// horizon, visited once per horizon under the steady model (one gap of T)
// and once in the middle under the horizon model (two gaps of T/2), and
// compares them with renewalExact within ciFactor half-widths (4000 runs,
// 10 horizons each under the steady model).
func TestRenewalMatchesIntegration(t *testing.T) {
	const T = 1000.0
	rate := 2 / T
	procs := []struct {
		name string
		p    Process
		tail func(float64) float64
	}{
		{"pareto-1.5", ParetoWithRate(1.5, rate), nil},
		{"pareto-3", ParetoWithRate(3, rate), nil},
		{"weibull-0.5", WeibullWithRate(0.5, rate), nil},
		{"weibull-2", WeibullWithRate(2, rate), nil},
	}
	for i := range procs {
		switch p := procs[i].p.(type) {
		case Pareto:
			procs[i].tail = func(x float64) float64 { return math.Pow(p.Scale/(p.Scale+x), p.Alpha) }
		case Weibull:
			procs[i].tail = func(x float64) float64 { return math.Exp(-math.Pow(x/p.Scale, p.Shape)) }
		}
		if got := procs[i].p.Intensity(T); math.Abs(got-rate) > 1e-12*rate {
			t.Fatalf("%s: intensity %v, want %v", procs[i].name, got, rate)
		}
	}
	for k, c := range procs {
		for _, m := range []staleness.Model{staleness.Steady, staleness.Horizon} {
			cfg := Config{Model: m, Horizon: T, Runs: 4000, Seed: uint64(50 + 2*k + int(m))}
			visits, gaps := []float64{0.3 * T}, []float64{T}
			if m == staleness.Steady {
				cfg.Horizons = 10
			} else {
				visits, gaps = []float64{T / 2}, []float64{T / 2, T / 2}
			}
			res := runOne(t, cfg, c.p, visits)
			s, a := renewalExact(c.tail, rate, gaps...)
			name := fmt.Sprintf("%v/%s", m, c.name)
			within(t, name+" staleness", res.Staleness, s, 0.015)
			within(t, name+" age", res.Age, a, 0.02*T)
		}
	}
	// The quadrature's own accuracy: 800 points change nothing that matters.
	for _, c := range procs {
		s1, a1 := gapIntegrals(c.tail, rate, T)
		q := func(n int, pow float64) float64 {
			return rate * quad.Fixed(func(y float64) float64 {
				x := T * y * y
				return math.Pow(T-x, pow) * c.tail(x) * 2 * T * y
			}, 0, 1, n, quad.Legendre{}, 0)
		}
		if d := math.Abs(q(800, 1) - s1); d > 1e-9*s1 {
			t.Errorf("%s: quadrature staleness changes by %g with twice the points", c.name, d)
		}
		if d := math.Abs(q(800, 2)/2 - a1); d > 1e-9*a1 {
			t.Errorf("%s: quadrature age changes by %g with twice the points", c.name, d)
		}
	}
}

// TestWeibullShapeOneIsPoisson: Weibull of shape 1 is Poisson of rate
// 1/θ, whose staleness and age staleness.Realized gives in closed form;
// the simulation must agree within ciFactor half-widths.
func TestWeibullShapeOneIsPoisson(t *testing.T) {
	const T = 100.0
	times := scaled(T, 0.1, 0.45, 0.5)
	for _, m := range []staleness.Model{staleness.Steady, staleness.Horizon} {
		res := runOne(t, Config{Model: m, Horizon: T, Runs: 4000, Seed: 9, Horizons: 1}, Weibull{Shape: 1, Scale: T / 3}, times)
		within(t, m.String()+" staleness", res.Staleness, staleness.Realized(m, staleness.Stale, 3/T, T, times), 0.015)
		within(t, m.String()+" age", res.Age, staleness.Realized(m, staleness.Age, 3/T, T, times), 0.03*T)
	}
}
