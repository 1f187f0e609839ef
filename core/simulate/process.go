package simulate

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Process is the change process of one page: a stationary (or
// T-periodic) point process of update times, sampled one gap at a time.
//
// A realisation is drawn by one call to First followed by calls to Next
// with non-decreasing visit times; the future after the pending update
// time must depend on nothing else (renewal processes, independent
// marks). Both may return any value ≥ end (such as +Inf) when no update
// falls before end. T is the schedule's horizon in seconds; times are
// seconds from the start of the first horizon. First and Next may assume
// that Validate(T) returned nil, as Run ensures.
type Process interface {
	// Validate returns an error when the parameters cannot be sampled
	// against a schedule of horizon T.
	Validate(T float64) error
	// Intensity returns the long-run mean number of updates per second.
	Intensity(T float64) float64
	// First returns the time of the first update strictly after a, the
	// process being in its stationary state at a.
	First(r *rand.Rand, T, a, end float64) float64
	// Next returns the time of the first update strictly after the visit
	// at v, given that the pending update (the first after the previous
	// visit) is at next ≤ v.
	Next(r *rand.Rand, T, next, v, end float64) float64
}

// maxUpdatesPerHorizon bounds the intensity of the renewal processes,
// whose sampling costs one draw per update (Poisson's costs one per gap,
// whatever its rate): a page changing more often than this is stale
// almost all the time under any schedule.
const maxUpdatesPerHorizon = 1e7

// positive returns an error unless x is finite and > 0.
func positive(kind, name string, x float64) error {
	if !(x > 0) || math.IsInf(x, 1) {
		return fmt.Errorf("%s: %s must be a positive finite number, got %v", kind, name, x)
	}
	return nil
}

// renewalCap returns an error when a renewal process with the given mean
// inter-update time would change more than maxUpdatesPerHorizon times in
// a horizon of T seconds.
func renewalCap(kind string, mean, T float64) error {
	if T/mean > maxUpdatesPerHorizon {
		return fmt.Errorf("%s: %.3g updates per horizon on average; at most %.0g can be simulated (use Poisson for pages that change this often)",
			kind, T/mean, maxUpdatesPerHorizon)
	}
	return nil
}

// advance returns next moved past v by adding inter-update times drawn by
// draw: the renewal epochs after a pending one at next ≤ v. A draw too
// small to move next (below half its ulp) is replaced by one ulp, so the
// loop always ends.
func advance(next, v float64, draw func() float64) float64 {
	for next <= v {
		n := next + draw()
		if n <= next {
			n = math.Nextafter(next, math.Inf(1))
		}
		next = n
	}
	return next
}
