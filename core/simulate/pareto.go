package simulate

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Pareto is a renewal process whose inter-update times have the Pareto
// tail of seed 003 §4, Ḡ(t) = (β/(β+t))^α for t ≥ 0, with α = Alpha and
// β = Scale seconds (the Lomax, or Pareto type II, law; gonum's
// distuv.Pareto is type I, shifted by β). The mean inter-update time is
// β/(α − 1), so Alpha must exceed 1: with α ≤ 1 the mean is infinite, the
// long-run rate is 0 and no stationary version exists to start from.
// Seed 003 calls 0 < α < 2 heavy-tailed; 1 < α < 2 has infinite variance
// and is allowed.
type Pareto struct {
	Alpha float64 // shape α > 1
	Scale float64 // β > 0, seconds
}

// ParetoWithRate returns the Pareto process of shape alpha whose long-run
// rate is rate updates per second: β = (α − 1)/rate.
func ParetoWithRate(alpha, rate float64) Pareto {
	return Pareto{Alpha: alpha, Scale: (alpha - 1) / rate}
}

// Validate returns an error unless α > 1 and β > 0 are finite and the
// process changes at most 1e7 times per horizon on average.
func (p Pareto) Validate(T float64) error {
	if !(p.Alpha > 1) || math.IsInf(p.Alpha, 1) {
		return fmt.Errorf("pareto: alpha must be a finite number > 1 (finite mean time between updates), got %v", p.Alpha)
	}
	if err := positive("pareto", "scale", p.Scale); err != nil {
		return err
	}
	return renewalCap("pareto", p.Scale/(p.Alpha-1), T)
}

// Intensity returns (α − 1)/β, one over the mean inter-update time.
func (p Pareto) Intensity(T float64) float64 { return (p.Alpha - 1) / p.Scale }

// lomax returns a draw of the Lomax law of shape alpha and scale β by
// inversion: Ḡ(t) = U gives t = β(U^{−1/α} − 1) = β·expm1(E/α) with
// E = −ln U ~ Exp(1); expm1 keeps small draws exact.
func lomax(r *rand.Rand, alpha, beta float64) float64 {
	return beta * math.Expm1(r.ExpFloat64()/alpha)
}

// First returns a plus a draw of the equilibrium residual time, whose
// tail is λ∫ₜ^∞ Ḡ(s) ds = (β/(β+t))^{α−1} (seed 003 §2.1, g_B = λḠ): a
// Lomax law of shape α − 1.
func (p Pareto) First(r *rand.Rand, T, a, end float64) float64 {
	return a + lomax(r, p.Alpha-1, p.Scale)
}

// Next adds Lomax(α, β) inter-update times to next until it passes v.
func (p Pareto) Next(r *rand.Rand, T, next, v, end float64) float64 {
	return advance(next, v, func() float64 { return lomax(r, p.Alpha, p.Scale) })
}
