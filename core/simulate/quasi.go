package simulate

import (
	"fmt"
	"math"
	"math/rand/v2"
	"sort"
)

// Quasi is the quasi-deterministic process of seed 003 §2.3.3: in every
// horizon [hT, (h+1)T) the page may update at the potential times
// hT + Times[j], and does so with probability Probs[j] (the mark k_{i,j}),
// independently of everything else. Probs all 1 is a deterministic page.
// The process is T-periodic, so it has no state to start in: First and
// Next flip the coins of the potential times after the given time.
type Quasi struct {
	Times []float64 // potential update times u_j, increasing, in [0, T)
	Probs []float64 // p_j ∈ [0, 1], one per time
}

// Validate returns an error unless Times is increasing inside [0, T) and
// every probability is in [0, 1].
func (q Quasi) Validate(T float64) error {
	if len(q.Times) != len(q.Probs) {
		return fmt.Errorf("quasi: %d potential times but %d probabilities", len(q.Times), len(q.Probs))
	}
	for j, u := range q.Times {
		if !(u >= 0 && u < T) {
			return fmt.Errorf("quasi: potential time %d is %v; want one in [0, %v), the horizon", j, u, T)
		}
		if j > 0 && !(u > q.Times[j-1]) {
			return fmt.Errorf("quasi: potential time %d (%v) is not after the previous one (%v); want increasing times", j, u, q.Times[j-1])
		}
		if p := q.Probs[j]; !(p >= 0 && p <= 1) {
			return fmt.Errorf("quasi: probability %d is %v; want one in [0, 1]", j, p)
		}
	}
	return nil
}

// Intensity returns Σ p_j / T, the expected number of updates per second.
func (q Quasi) Intensity(T float64) float64 {
	var s float64
	for _, p := range q.Probs {
		s += p
	}
	return s / T
}

// First returns the first realised potential time strictly after a.
func (q Quasi) First(r *rand.Rand, T, a, end float64) float64 {
	return q.scan(r, T, a, end)
}

// Next returns the first realised potential time strictly after v. The
// coins of times in (next, v] are never flipped: the visit at v sees
// those updates whatever they are.
func (q Quasi) Next(r *rand.Rand, T, next, v, end float64) float64 {
	return q.scan(r, T, v, end)
}

// scan flips the coin of each potential time after a in order and returns
// the first that comes up, or +Inf once end is reached. Potential times
// are computed as float64(h)·T + u_j, the expression Run uses for visit
// times, so a visit at a potential time compares equal to it.
func (q Quasi) scan(r *rand.Rand, T, a, end float64) float64 {
	n := len(q.Times)
	if n == 0 {
		return math.Inf(1)
	}
	h := math.Floor(a/T) - 1 // one horizon early, against rounding in a/T
	j := sort.Search(n, func(j int) bool { return h*T+q.Times[j] > a })
	for {
		if j == n {
			j, h = 0, h+1
		}
		u := h*T + q.Times[j]
		if u >= end {
			return math.Inf(1)
		}
		if u > a && r.Float64() < q.Probs[j] {
			return u
		}
		j++
	}
}
