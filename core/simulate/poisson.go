package simulate

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Poisson is a Poisson process of Rate updates per second (seed 001
// §4.1): exponential inter-update times, memoryless, so a gap costs one
// draw whatever the rate. Rate 0 is a page that never changes.
type Poisson struct {
	Rate float64
}

// Validate returns an error unless the rate is finite and ≥ 0.
func (p Poisson) Validate(T float64) error {
	if !(p.Rate >= 0) || math.IsInf(p.Rate, 1) {
		return fmt.Errorf("poisson: rate must be a finite number ≥ 0, got %v", p.Rate)
	}
	return nil
}

// Intensity returns the rate.
func (p Poisson) Intensity(T float64) float64 { return p.Rate }

// First returns a + E/λ with E ~ Exp(1): by memorylessness the stationary
// residual time is the inter-update law itself.
func (p Poisson) First(r *rand.Rand, T, a, end float64) float64 {
	if p.Rate == 0 {
		return math.Inf(1)
	}
	return a + r.ExpFloat64()/p.Rate
}

// Next returns v + E/λ: the updates between next and v need not be drawn,
// since the time to the next update after v does not depend on them.
func (p Poisson) Next(r *rand.Rand, T, next, v, end float64) float64 {
	return p.First(r, T, v, end)
}
