package learn

import (
	"math"
	"math/rand/v2"
	"testing"
)

// gridPosterior is the posterior of λ on a grid: the Gamma prior's density
// times a likelihood, normalised numerically — the independent check of
// Observe's conjugate updates. It returns the mean and variance.
func gridPosterior(shape, rate float64, like func(l float64) float64) (mean, variance float64) {
	// λ = v^m with m = 2/shape makes the prior's λ^(shape−1)dλ a smooth
	// m·v·dv near 0, where a shape below 1 has its pole; above 1 there is
	// none (m = 1).
	const n = 400000
	m := math.Max(1, 2/shape)
	hi := math.Pow((shape+60*math.Sqrt(shape+1))/rate*4, 1/m)
	var z, m1, m2 float64
	for k := range n {
		v := (float64(k) + 0.5) * hi / n
		l := math.Pow(v, m)
		w := math.Exp((m*shape-1)*math.Log(v)-rate*l) * like(l)
		z += w
		m1 += w * l
		m2 += w * l * l
	}
	mean = m1 / z
	return mean, m2/z - mean*mean
}

// TestObserveIsBayes: each update of Observe is the exact posterior of
// what a visit saw — checked against the prior times the likelihood on a
// grid (mean and variance to 1e-4 relative, the grid's error).
func TestObserveIsBayes(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		shape, rate := 0.5+3*rng.Float64(), 1+30*rng.Float64()
		prev := 1e9
		dt := (1 + 40*rng.Float64()) * day
		lmAgo := rng.Float64() * dt // the last change, before the visit
		cases := []struct {
			name    string
			changed bool
			lm      float64
			like    func(l float64) float64
		}{
			{"unchanged", false, math.NaN(), func(l float64) float64 { return math.Exp(-l * dt / day) }},
			{"changed, Last-Modified", true, prev + dt - lmAgo, func(l float64) float64 { return l * math.Exp(-l*lmAgo/day) }},
		}
		for _, c := range cases {
			p := Posterior{PriorShape: shape, PriorRate: rate, At: prev}
			p.Observe(prev, prev+dt, c.changed, c.lm, 0)
			wantMean, wantVar := gridPosterior(shape, rate, c.like)
			gotMean, gotVar := p.Mean(), p.Shape()/(p.Rate()*p.Rate())
			if math.Abs(gotMean/wantMean-1) > 1e-4 || math.Abs(gotVar/wantVar-1) > 1e-4 {
				t.Errorf("%s, prior Gamma(%.3g, %.3g), %.3g days: posterior mean %.6g var %.6g, grid %.6g %.6g",
					c.name, shape, rate, dt/day, gotMean, gotVar, wantMean, wantVar)
			}
		}
	}
}

// TestForgetting: evidence held at a half-life counts half after one
// half-life, and a page that stops changing falls back towards its prior.
func TestForgetting(t *testing.T) {
	p := Posterior{PriorShape: 1, PriorRate: 10, At: 0}
	p.Observe(0, 10*day, true, 10*day, 30)
	c, d := p.Changes, p.Days
	p.Observe(10*day, 40*day, false, math.NaN(), 30)
	if math.Abs(p.Changes-c/2) > 1e-12 || math.Abs(p.Days-(d/2+30)) > 1e-9 {
		t.Errorf("after one half-life: changes %v days %v, want %v and %v", p.Changes, p.Days, c/2, d/2+30)
	}
}

// TestIndexPoisson: with a rate known exactly (a Gamma of huge shape and
// rate in ratio λ), the index is the Poisson one, (1 − e^{−λu}(1+λu))/λ.
func TestIndexPoisson(t *testing.T) {
	for _, lambda := range []float64{0.01, 0.3, 2, 40} {
		p := Posterior{PriorShape: lambda * 1e9, PriorRate: 1e9}
		for _, u := range []float64{0.001, 0.1, 1, 7, 100} {
			x := lambda * u
			want := -(math.Expm1(-x) + x*math.Exp(-x)) / lambda
			if got := p.Index(u); math.Abs(got-want) > 1e-6*want+1e-12 {
				t.Errorf("λ=%v u=%v: index %v, want %v", lambda, u, got, want)
			}
		}
	}
}

// TestIndexIsStationarity: the index is the Lagrangian of seed 001 §5.6 —
// for a page visited every τ days, staleness J(τ) = 1 − (1 − e^{−λτ})/(λτ)
// (seed 001 eq. 5.4's fixed order), and minimising J(τ) + ν/τ gives
// τ²J'(τ) = ν: the index at τ must equal τ²J'(τ), checked by central
// differences. Under an uncertain rate, J is averaged over the posterior
// and the same holds with the predictive law.
func TestIndexIsStationarity(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 30 {
		p := Posterior{PriorShape: 0.3 + 5*rng.Float64(), PriorRate: 0.5 + 50*rng.Float64()}
		tau := 0.1 + 60*rng.Float64()
		J := func(s float64) float64 { return 1 - p.fresh(s)/s } // time-average staleness visiting every s days
		h := 1e-4 * tau
		deriv := (J(tau+h) - J(tau-h)) / (2 * h)
		if got, want := p.Index(tau), tau*tau*deriv; math.Abs(got-want) > 1e-6*math.Max(1, want) {
			t.Errorf("Gamma(%.3g, %.3g) τ=%.3g: index %v, τ²J' %v", p.Shape(), p.Rate(), tau, got, want)
		}
	}
}

// TestFreshIsIntegral: fresh is ∫₀^u Survival, by Simpson's rule.
func TestFreshIsIntegral(t *testing.T) {
	for _, p := range []Posterior{{PriorShape: 1, PriorRate: 3}, {PriorShape: 1 + 1e-10, PriorRate: 3}, {PriorShape: 0.2, PriorRate: 40}, {PriorShape: 12, PriorRate: 2}} {
		for _, u := range []float64{0.5, 5, 50} {
			const n = 20000
			hh := u / n
			sum := p.Survival(0) + p.Survival(u)
			for k := 1; k < n; k++ {
				w := 2.0
				if k%2 == 1 {
					w = 4
				}
				sum += w * p.Survival(float64(k)*hh)
			}
			want := sum * hh / 3
			if got := p.fresh(u); math.Abs(got-want) > 1e-9*want {
				t.Errorf("Gamma(%v, %v) u=%v: fresh %v, Simpson %v", p.Shape(), p.Rate(), u, got, want)
			}
		}
	}
}
