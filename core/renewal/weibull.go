package renewal

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mathext"
)

// Weibull is the long-tailed family of seed 003 §4,
// Ḡ(t) = exp(−(t/c)^k) with shape k and scale c; the paper writes it
// e^{−λt^α}, that is k = α and c = λ^{−1/α}, and fits 0 < α < 1. Its mean
// is c·Γ(1 + 1/k).
type Weibull struct {
	// Shape is k; it must lie in [MinWeibullShape, MaxWeibullShape].
	Shape float64
	// Scale is c, in units of time; it must be positive and finite.
	Scale float64
}

// The shapes for which the closed form of Weibull staleness is verified
// against quadrature (closedform_test.go, to 1e-13). At 0.05 the mean,
// c·Γ(1 + 1/k), is already 2·10^18 scales; beyond 50 Ḡ is a step the
// quadrature that checks the closed form no longer resolves.
const (
	MinWeibullShape = 0.05
	MaxWeibullShape = 50
)

// WeibullWithRate returns the Weibull of shape k whose mean time between
// updates is 1/rate: Scale = 1/(rate·Γ(1 + 1/k)).
func WeibullWithRate(shape, rate float64) (Weibull, error) {
	if !(rate > 0) || math.IsInf(rate, 1) {
		return Weibull{}, fmt.Errorf("renewal: weibull: rate %v is not a positive finite number of updates per unit time", rate)
	}
	w := Weibull{Shape: shape, Scale: 1}
	if err := w.Validate(); err != nil {
		return Weibull{}, err
	}
	w.Scale = 1 / (rate * math.Gamma(1+1/shape))
	return w, w.Validate()
}

// Validate reports a shape outside [MinWeibullShape, MaxWeibullShape] or a
// scale that is not positive and finite.
func (w Weibull) Validate() error {
	switch {
	case !(w.Shape >= MinWeibullShape && w.Shape <= MaxWeibullShape):
		return fmt.Errorf("renewal: weibull: shape %v is outside [%v, %v], the range this package verifies", w.Shape, MinWeibullShape, MaxWeibullShape)
	case !(w.Scale > 0) || math.IsInf(w.Scale, 1):
		return fmt.Errorf("renewal: weibull: scale %v is not a positive finite time", w.Scale)
	}
	return nil
}

// Survival returns Ḡ(t) = exp(−(t/c)^k).
func (w Weibull) Survival(t float64) float64 {
	if t <= 0 {
		return 1
	}
	return math.Exp(-math.Pow(t/w.Scale, w.Shape))
}

// CDF returns G(t) = 1 − exp(−(t/c)^k).
func (w Weibull) CDF(t float64) float64 {
	if t <= 0 {
		return 0
	}
	return -math.Expm1(-math.Pow(t/w.Scale, w.Shape))
}

// Mean returns c·Γ(1 + 1/k).
func (w Weibull) Mean() float64 { return w.Scale * math.Gamma(1+1/w.Shape) }

// gapStale returns φ(g)/g = (λ/g)∫₀^g (g − u) exp(−(u/c)^k) du, with
// z = (g/c)^k.
//
// For z ≤ 1 it sums the series λg·Σₙ (−z)ⁿ/(n!(kn + 1)(kn + 2)), from
// expanding exp(−(u/c)^k) term by term: an alternating series of
// decreasing terms, stopped once a term falls below 2^−60 of the sum.
// For z > 1 it uses the incomplete gamma functions,
// P(1/k, z) − z^{−1/k}·Γ(2/k)/Γ(1/k)·P(2/k, z), since
// λ∫₀^g Ḡ = P(1/k, z) and λ∫₀^g uḠ(u) du = c·Γ(2/k)/Γ(1/k)·P(2/k, z).
func (w Weibull) gapStale(g float64) float64 {
	k := w.Shape
	z := math.Pow(g/w.Scale, k)
	if z <= 1 {
		var sum float64
		term := 1.0 // (−z)ⁿ/n!
		for n := 0; n < 200; n++ {
			kn := k * float64(n)
			t := term / ((kn + 1) * (kn + 2))
			sum += t
			if math.Abs(t) <= 0x1p-60*math.Abs(sum) {
				break
			}
			term *= -z / float64(n+1)
		}
		return clamp01(g / w.Mean() * sum)
	}
	a, b := 1/k, 2/k
	lg2, _ := math.Lgamma(b)
	lg1, _ := math.Lgamma(a)
	ratio := math.Exp(lg2 - lg1 - math.Log(z)/k)
	return clamp01(mathext.GammaIncReg(a, z) - ratio*mathext.GammaIncReg(b, z))
}
