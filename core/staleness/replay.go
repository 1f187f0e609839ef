package staleness

import (
	"math"
	"sort"
)

// Interval is a stretch [From, To) of time, in seconds.
type Interval struct{ From, To float64 }

// Replay follows a copy of a page through [start, end) given the times
// its content really changed and the times it was visited (both sorted):
// the copy is fresh at start and after every visit, and stale from the
// first change after it until the next visit. It returns the stale
// stretches and how many visits found the page changed since the
// previous one (or since start). A change at the very time of a visit is
// seen by it. This is realized staleness against a real history, what
// Realized computes in expectation for Poisson changes.
func Replay(changes, visits []float64, start, end float64) (stale []Interval, detected int) {
	after := func(t float64) int { return sort.SearchFloat64s(changes, math.Nextafter(t, math.Inf(1))) }
	prev := start
	close := func(next float64) bool {
		i := after(prev) // first change after the last refresh
		if i < len(changes) && changes[i] < next {
			stale = append(stale, Interval{changes[i], next})
		}
		return i < len(changes) && changes[i] <= next
	}
	for _, v := range visits {
		if v < start || v >= end {
			continue
		}
		if close(v) {
			detected++
		}
		prev = v
	}
	close(end)
	return stale, detected
}

// Total returns the summed length of stretches clipped to [from, to).
func Total(stretches []Interval, from, to float64) float64 {
	var s float64
	for _, iv := range stretches {
		if a, b := math.Max(iv.From, from), math.Min(iv.To, to); b > a {
			s += b - a
		}
	}
	return s
}
