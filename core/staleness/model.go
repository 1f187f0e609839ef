package staleness

import (
	"fmt"
	"math"
)

// Model says how a plan over one horizon [0, T] is used (SPEC §5).
type Model int

const (
	// Steady: the plan repeats every horizon; gaps wrap around T and a
	// page never visited is stale for good once it changes.
	Steady Model = iota
	// Horizon: one horizon from a fresh copy at t = 0 (seed 003 eq. 10).
	Horizon
)

// String returns the model's name as the CLI spells it.
func (m Model) String() string {
	switch m {
	case Steady:
		return "steady"
	case Horizon:
		return "horizon"
	}
	return fmt.Sprintf("Model(%d)", int(m))
}

// ParseModel returns the model named s ("steady" or "horizon").
func ParseModel(s string) (Model, error) {
	switch s {
	case "steady":
		return Steady, nil
	case "horizon":
		return Horizon, nil
	}
	return 0, fmt.Errorf("unknown model %q: want steady or horizon", s)
}

// Objective is what a plan minimises.
type Objective int

const (
	// Stale is the time-average probability that the copy is out of date
	// (Wolf's staleness, 1 − Cho's freshness).
	Stale Objective = iota
	// Age is the time-average age of the copy: the time since the live
	// page first changed after the last visit, 0 while fresh (seed 001
	// §5.2 Definition 5.2).
	Age
	// Harmonic is the time-average harmonic penalty: a copy that has
	// missed n changes costs H_n = 1 + 1/2 + … + 1/n (Kolobov et al.,
	// SIGIR 2019 / NeurIPS 2019; see HarmonicGap).
	Harmonic
)

// String returns the objective's name as the CLI spells it.
func (o Objective) String() string {
	switch o {
	case Stale:
		return "staleness"
	case Age:
		return "age"
	case Harmonic:
		return "harmonic"
	}
	return fmt.Sprintf("Objective(%d)", int(o))
}

// ParseObjective returns the objective named s ("staleness" or "age").
func ParseObjective(s string) (Objective, error) {
	switch s {
	case "staleness", "freshness":
		return Stale, nil
	case "age":
		return Age, nil
	case "harmonic":
		return Harmonic, nil
	}
	return 0, fmt.Errorf("unknown objective %q: want staleness, age or harmonic", s)
}

// gap returns the objective's time average over a gap of length g of a
// page with Poisson rate λ, as a function of y = λg, in units where the
// age is multiplied by 1/λ (see value).
func (o Objective) gap(y float64) float64 {
	switch o {
	case Age:
		return AgeGap(y)
	case Harmonic:
		return HarmonicGap(y)
	}
	return StaleGap(y)
}

// value turns an average of gap over a horizon into the objective's
// unit: seconds for age (gap is in units of 1/λ), as is for the others.
func (o Objective) value(avg, lambda float64) float64 {
	if o == Age {
		return avg / lambda
	}
	return avg
}

// never is the objective of a changing page that is never visited under
// the steady model: stale for good, of unbounded age and penalty.
func (o Objective) never() float64 {
	if o == Stale {
		return 1
	}
	return math.Inf(1)
}
