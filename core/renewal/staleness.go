package renewal

import (
	"fmt"
	"math"

	"github.com/freshplan/freshplan/core/staleness"
)

// Staleness returns A(x), the time-average probability that the copy of a
// page updated by p is stale over a horizon of length T in which it is
// fetched x times at equally spaced times, the best x times for every G
// (seed 003 §2.3.2, eq. 4).
//
// Horizon model: a fresh copy at 0 and x + 1 gaps of T/(x + 1), seed 003
// eq. 3 with t₀ = 0 and t_{x+1} = T (eq. 14 when p is Exponential).
// Steady model: the plan repeats every horizon, x gaps of T/x, and a page
// never fetched is stale for good (A(0) = 1). Both are exact for a
// stationary renewal process; they agree with core/staleness.Equal for an
// Exponential p.
func Staleness(p Process, m staleness.Model, T float64, x int) (float64, error) {
	if err := check(p); err != nil {
		return 0, err
	}
	if err := checkHorizon(m, T); err != nil {
		return 0, err
	}
	if x < 0 {
		return 0, fmt.Errorf("renewal: %d visits: the number of visits must not be negative", x)
	}
	return equalStale(p, m, T, x), nil
}

// Cost returns A as a function of the number of visits, for allocate.Fox:
// Cost(p, m, T)(x) = Staleness(p, m, T, x), with p, m and T checked once
// (a negative x counts as 0). A is convex in x (see the package comment).
func Cost(p Process, m staleness.Model, T float64) (func(x int) float64, error) {
	if err := check(p); err != nil {
		return nil, err
	}
	if err := checkHorizon(m, T); err != nil {
		return nil, err
	}
	return func(x int) float64 { return equalStale(p, m, T, max(x, 0)) }, nil
}

// equalStale is Staleness for checked arguments.
func equalStale(p Process, m staleness.Model, T float64, x int) float64 {
	n := x
	if m == staleness.Horizon {
		n = x + 1
	}
	if n == 0 {
		return 1
	}
	return gapStale(p, T/float64(n))
}

// Scheduled returns the time-average staleness over [0, T] of a page
// updated by p and fetched at the given times, sorted and inside [0, T]:
// seed 003 eq. 3, (1/T)Σ_j φ(t_{j+1} − t_j).
//
// Horizon model: t₀ = 0 (a fresh copy) and the last gap runs to T.
// Steady model: the schedule repeats every T, so the last gap wraps to
// the first fetch of the next horizon; with no fetch the page is stale
// for good (1).
func Scheduled(p Process, m staleness.Model, T float64, times []float64) (float64, error) {
	if err := check(p); err != nil {
		return 0, err
	}
	if err := checkHorizon(m, T); err != nil {
		return 0, err
	}
	for i, t := range times {
		if !(t >= 0 && t <= T) {
			return 0, fmt.Errorf("renewal: visit %d at %v is outside the horizon [0, %v]", i, t, T)
		}
		if i > 0 && t < times[i-1] {
			return 0, fmt.Errorf("renewal: visit %d at %v comes before visit %d at %v: times must be sorted", i, t, i-1, times[i-1])
		}
	}
	if len(times) == 0 && m == staleness.Steady {
		return 1, nil
	}
	var sum float64
	add := func(g float64) { sum += g * gapStale(p, g) }
	prev := 0.0
	if m == staleness.Steady {
		prev = times[len(times)-1] - T
	}
	for _, t := range times {
		add(t - prev)
		prev = t
	}
	if m == staleness.Horizon {
		add(T - prev)
	}
	return clamp01(sum / T), nil
}

// checkHorizon reports an unknown model or a horizon that is not a
// positive finite time.
func checkHorizon(m staleness.Model, T float64) error {
	if m != staleness.Steady && m != staleness.Horizon {
		return fmt.Errorf("renewal: unknown model %v: want steady or horizon", m)
	}
	if !(T > 0) || math.IsInf(T, 1) {
		return fmt.Errorf("renewal: horizon %v is not a positive finite time", T)
	}
	return nil
}
