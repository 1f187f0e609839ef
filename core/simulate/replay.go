package simulate

import (
	"math"
	"math/rand/v2"

	"github.com/freshplan/freshplan/core/staleness"
)

// tally is one page's replay: its time-average staleness and age.
type tally struct{ stale, age float64 }

// replay follows one realisation of page p's copy, visited at times (one
// horizon's, sorted, in [0, T]), over the window of the model, and
// returns its time-average staleness and age in seconds. Between a visit
// (or the fresh start) and the next visit v, the copy is stale from the
// first update u after it, for v − u seconds, and its age grows from 0 at
// u, adding (v − u)²/2 to the age integral (seed 001 §5.2).
func replay(r *rand.Rand, p Process, m staleness.Model, T float64, K int, times []float64) tally {
	if m == staleness.Horizon {
		return replayHorizon(r, p, T, times)
	}
	if len(times) == 0 {
		// Stale for good once it has changed, and in the steady state
		// it has, unless it never changes.
		if p.Intensity(T) > 0 {
			return tally{1, math.Inf(1)}
		}
		return tally{}
	}
	return replaySteady(r, p, T, K, times)
}

// replayHorizon measures [0, T) from a fresh copy at 0, the process
// stationary there (seed 003 eq. 1, t_{i,0} = 0, t_{i,x+1} = T).
func replayHorizon(r *rand.Rand, p Process, T float64, times []float64) tally {
	var stale, age float64
	next := p.First(r, T, 0, T)
	for _, v := range times {
		if next <= v {
			d := v - next
			stale += d
			age += d * d
			next = p.Next(r, T, next, v, T)
		}
	}
	if next < T {
		d := T - next
		stale += d
		age += d * d
	}
	return tally{stale / T, age / 2 / T}
}

// replaySteady measures K periods [t₁, t₁ + K·T) of the repeating
// schedule from its first visit t₁, where the copy is fresh and the
// process stationary (see the package comment for why no warm-up is
// needed). The visits after t₁ are hT + t_j; the window closes at the
// visit K·T + t₁, and a visit at T (the same instant) closes it too.
func replaySteady(r *rand.Rand, p Process, T float64, K int, times []float64) tally {
	n := len(times)
	end := float64(K)*T + times[0]
	L := float64(K) * T
	var stale, age float64
	next := p.First(r, T, times[0], end)
	for h := range K {
		base := float64(h) * T
		for j := 1; j <= n; j++ {
			v := float64(h+1)*T + times[0]
			if j < n {
				v = base + times[j]
			}
			if v >= end {
				if next < end {
					d := end - next
					stale += d
					age += d * d
				}
				return tally{stale / L, age / 2 / L}
			}
			if next <= v {
				d := v - next
				stale += d
				age += d * d
				next = p.Next(r, T, next, v, end)
			}
		}
	}
	return tally{stale / L, age / 2 / L} // not reached: the last visit is at end
}
