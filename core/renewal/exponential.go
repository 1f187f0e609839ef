package renewal

import (
	"fmt"
	"math"

	"github.com/freshplan/freshplan/core/staleness"
)

// Exponential is the Poisson page: exponential times between updates,
// G(t) = 1 − e^{−λt} (seed 003 §2.3.1).
type Exponential struct {
	// Rate is λ, updates per unit time; it must be positive and finite.
	Rate float64
}

// Validate reports a rate that is not positive and finite.
func (e Exponential) Validate() error {
	if !(e.Rate > 0) || math.IsInf(e.Rate, 1) {
		return fmt.Errorf("renewal: exponential: rate %v is not a positive finite number of updates per unit time", e.Rate)
	}
	return nil
}

// Survival returns Ḡ(t) = e^{−λt}.
func (e Exponential) Survival(t float64) float64 {
	if t <= 0 {
		return 1
	}
	return math.Exp(-e.Rate * t)
}

// CDF returns G(t) = 1 − e^{−λt}.
func (e Exponential) CDF(t float64) float64 {
	if t <= 0 {
		return 0
	}
	return -math.Expm1(-e.Rate * t)
}

// Mean returns 1/λ.
func (e Exponential) Mean() float64 { return 1 / e.Rate }

// gapStale returns 1 − (1 − e^{−λg})/(λg): seed 003 eq. 9 over one gap,
// computed by core/staleness.StaleGap so that Staleness agrees with
// core/staleness.Equal exactly.
func (e Exponential) gapStale(g float64) float64 {
	return staleness.StaleGap(e.Rate * g)
}
