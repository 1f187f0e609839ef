package renewal

import (
	"fmt"
	"math"
)

// Pareto is the heavy-tailed family of seed 003 §4, in the paper's form
// Ḡ(t) = (β/(β + t))^α for t ≥ 0 (a Lomax, or Pareto type II,
// distribution: a type I Pareto of scale β shifted left by β). Its mean
// β/(α − 1) is finite only for α > 1, which eq. 3 needs (λ = (α − 1)/β).
type Pareto struct {
	// Alpha is the shape α; it must exceed 1.
	Alpha float64
	// Scale is β, in units of time; it must be positive and finite.
	Scale float64
}

// ParetoWithRate returns the Pareto of shape alpha whose mean time between
// updates is 1/rate: Scale = (α − 1)/rate.
func ParetoWithRate(alpha, rate float64) (Pareto, error) {
	if !(rate > 0) || math.IsInf(rate, 1) {
		return Pareto{}, fmt.Errorf("renewal: pareto: rate %v is not a positive finite number of updates per unit time", rate)
	}
	p := Pareto{Alpha: alpha, Scale: (alpha - 1) / rate}
	return p, p.Validate()
}

// Validate reports a shape not above 1 (an infinite mean) or a scale that
// is not positive and finite.
func (p Pareto) Validate() error {
	switch {
	case !(p.Alpha > 1) || math.IsInf(p.Alpha, 1):
		return fmt.Errorf("renewal: pareto: shape α = %v must be a finite number above 1: the mean time between updates, β/(α − 1), is infinite otherwise", p.Alpha)
	case !(p.Scale > 0) || math.IsInf(p.Scale, 1):
		return fmt.Errorf("renewal: pareto: scale β = %v is not a positive finite time", p.Scale)
	}
	return nil
}

// Survival returns Ḡ(t) = (β/(β + t))^α.
func (p Pareto) Survival(t float64) float64 {
	if t <= 0 {
		return 1
	}
	return math.Exp(-p.Alpha * math.Log1p(t/p.Scale))
}

// CDF returns G(t) = 1 − (β/(β + t))^α.
func (p Pareto) CDF(t float64) float64 {
	if t <= 0 {
		return 0
	}
	return -math.Expm1(-p.Alpha * math.Log1p(t/p.Scale))
}

// Mean returns β/(α − 1).
func (p Pareto) Mean() float64 { return p.Scale / (p.Alpha - 1) }

// gapStale returns φ(g)/g = (λ/g)∫₀^g (g − u)(1 + u/β)^{−α} du.
//
// With r = g/β, Z = 1 + r and z = 1 + u/β it is ((α − 1)/r)·F with
// F = ∫₁^Z (Z − z) z^{−α} dz = Z·E(1 − α) − E(2 − α), where
// E(c) = ∫₁^Z z^{c−1} dz = expm1(c·ln Z)/c (ln Z when c = 0). The two terms
// cancel to F ≈ r²/2 for small r, so for r < 1/2 the integral is taken by
// 16-point Gauss–Legendre on [0, g] instead: the integrand is analytic
// with its only singularity at u = −β, at least 5 half-widths from the
// interval's centre, so the rule is exact to rounding (error ~ 10^−32).
func (p Pareto) gapStale(g float64) float64 {
	r := g / p.Scale
	a := p.Alpha
	if r < 0.5 {
		nodes, weights := legendre()
		var s float64
		for i, x := range nodes {
			u := g / 2 * (1 + x)
			s += weights[i] * (g - u) * p.Survival(u)
		}
		s *= g / 2
		return clamp01(s / (p.Mean() * g))
	}
	l := math.Log1p(r)
	e := func(c float64) float64 {
		if c == 0 {
			return l
		}
		return math.Expm1(c*l) / c
	}
	f := (1+r)*e(1-a) - e(2-a)
	return clamp01((a - 1) / r * f)
}
