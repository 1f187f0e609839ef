package simulate

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/stat/distuv"
)

// Weibull is a renewal process whose inter-update times have the Weibull
// tail Ḡ(t) = exp(−(t/θ)^k) with k = Shape and θ = Scale seconds; seed 003
// §4 writes it e^{−λt^α} (λ = θ^{−k}, α = k) and finds 0 < k < 1 (tails
// heavier than exponential) on real pages. k = 1 is Poisson of rate 1/θ.
// The mean inter-update time is θΓ(1 + 1/k).
type Weibull struct {
	Shape float64 // k > 0
	Scale float64 // θ > 0, seconds
}

// WeibullWithRate returns the Weibull process of shape k whose long-run
// rate is rate updates per second: θ = 1/(rate·Γ(1 + 1/k)).
func WeibullWithRate(shape, rate float64) Weibull {
	return Weibull{Shape: shape, Scale: 1 / (rate * math.Gamma(1+1/shape))}
}

// mean returns θΓ(1 + 1/k).
func (w Weibull) mean() float64 { return w.Scale * math.Gamma(1+1/w.Shape) }

// Validate returns an error unless k and θ are positive and finite, the
// mean inter-update time is finite (k ≳ 0.006) and the process changes at
// most 1e7 times per horizon on average.
func (w Weibull) Validate(T float64) error {
	if err := positive("weibull", "shape", w.Shape); err != nil {
		return err
	}
	if err := positive("weibull", "scale", w.Scale); err != nil {
		return err
	}
	m := w.mean()
	if !(m > 0) || math.IsInf(m, 1) {
		return fmt.Errorf("weibull: shape %v and scale %v give a mean time between updates of %v; want a positive finite one", w.Shape, w.Scale, m)
	}
	return renewalCap("weibull", m, T)
}

// Intensity returns 1/(θΓ(1 + 1/k)).
func (w Weibull) Intensity(T float64) float64 { return 1 / w.mean() }

// First returns a plus a draw of the equilibrium residual time R. Its
// density is Ḡ(t)/mean (seed 003 §2.1), and R = θ·G^{1/k} with
// G ~ Gamma(1/k, 1) has exactly that density: substituting g = (t/θ)^k in
// g^{1/k−1}e^{−g}/Γ(1/k) gives k·e^{−(t/θ)^k}/(θΓ(1/k)) = Ḡ(t)/(θΓ(1+1/k)).
// G is drawn by gonum's distuv.Gamma (Marsaglia–Tsang; Liu, Martin and
// Syring for shapes below 0.2) from r's stream.
func (w Weibull) First(r *rand.Rand, T, a, end float64) float64 {
	g := distuv.Gamma{Alpha: 1 / w.Shape, Beta: 1, Src: r}.Rand()
	return a + w.Scale*math.Pow(g, 1/w.Shape)
}

// Next adds Weibull inter-update times, drawn by inversion as
// θ·E^{1/k} with E = −ln U ~ Exp(1), to next until it passes v.
func (w Weibull) Next(r *rand.Rand, T, next, v, end float64) float64 {
	inv := 1 / w.Shape
	return advance(next, v, func() float64 { return w.Scale * math.Pow(r.ExpFloat64(), inv) })
}
