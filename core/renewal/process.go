package renewal

import (
	"errors"
	"fmt"
	"math"
)

// Process is the distribution G of the time U between two updates of a
// page whose updates form a renewal process: the gaps are i.i.d. with
// tail Ḡ(t) = P(U > t) and mean 1/λ (seed 003 §2.1).
type Process interface {
	// Survival returns Ḡ(t) = P(U > t) for t ≥ 0.
	Survival(t float64) float64
	// Mean returns E[U] = 1/λ, finite and positive for a valid process.
	Mean() float64
	// Validate reports parameters that do not make a renewal process
	// with a finite, positive mean time between updates.
	Validate() error
}

// gapStaler is implemented by the processes of this package that have a
// closed form of the staleness over one gap.
type gapStaler interface {
	gapStale(g float64) float64
}

// GapStaleness returns the time-average probability that a copy fetched
// at the start of a gap of length g is stale during that gap:
// φ(g)/g = (λ/g)∫₀^g (g − u) Ḡ(u) du, one summand of seed 003 eq. 3
// divided by its length (see the package comment for the derivation).
// It uses the process's closed form when it has one and Gauss–Legendre
// quadrature otherwise. It is 0 for g = 0.
func GapStaleness(p Process, g float64) (float64, error) {
	if err := check(p); err != nil {
		return 0, err
	}
	if !(g >= 0) || math.IsInf(g, 1) {
		return 0, fmt.Errorf("renewal: gap %v is not a finite non-negative time", g)
	}
	return gapStale(p, g), nil
}

// check validates p, naming the process in the error.
func check(p Process) error {
	if p == nil {
		return errors.New("renewal: no process given")
	}
	if err := p.Validate(); err != nil {
		return err
	}
	if m := p.Mean(); !(m > 0) || math.IsInf(m, 1) {
		return fmt.Errorf("renewal: the mean time between updates %v is not finite and positive", m)
	}
	return nil
}

// gapStale is GapStaleness for a validated process and gap.
func gapStale(p Process, g float64) float64 {
	if g == 0 {
		return 0
	}
	if c, ok := p.(gapStaler); ok {
		return c.gapStale(g)
	}
	return quadGapStale(p, g)
}

// clamp01 keeps a probability computed with rounding inside [0, 1].
func clamp01(v float64) float64 {
	return math.Max(0, math.Min(1, v))
}
