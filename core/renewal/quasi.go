package renewal

import (
	"fmt"
	"math"

	"github.com/freshplan/freshplan/core/staleness"
)

// Quasi is a quasi-deterministic page (seed 003 §2.3.3): it can change
// only at the potential update times u_1 < … < u_Q of the horizon, the
// update at u_j occurring with probability k_j, independently.
//
// Fetch positions are numbered as the paper's y_j (eq. 15): position 0 is
// a fetch at time 0, position j ≥ 1 a fetch just after u_j (fetching any
// later before u_{j+1} gains nothing). The intervals [u_j, u_{j+1}), with
// u_0 = 0 and u_{Q+1} = T, are the pieces on which staleness is constant.
type Quasi struct {
	// Times are u_1 < … < u_Q, inside [0, T).
	Times []float64
	// Probs are k_1 … k_Q, each in [0, 1].
	Probs []float64
	// Initial is the paper's k_0, the probability that the copy is already
	// stale at time 0 (inferred from the previous horizon's fetches), used
	// by the horizon model only: 0 is the project's fresh copy at 0. The
	// steady model derives it from the plan itself, the previous horizon's
	// fetches being the same.
	Initial float64
}

// Validate reports times that are unsorted or outside [0, T), and
// probabilities outside [0, 1].
func (q Quasi) Validate(T float64) error {
	if !(T > 0) || math.IsInf(T, 1) {
		return fmt.Errorf("renewal: quasi: horizon %v is not a positive finite time", T)
	}
	if len(q.Times) != len(q.Probs) {
		return fmt.Errorf("renewal: quasi: %d potential update times but %d probabilities", len(q.Times), len(q.Probs))
	}
	if !(q.Initial >= 0 && q.Initial <= 1) {
		return fmt.Errorf("renewal: quasi: initial staleness probability %v is not in [0, 1]", q.Initial)
	}
	for j, u := range q.Times {
		if !(u >= 0 && u < T) {
			return fmt.Errorf("renewal: quasi: potential update %d at %v is outside [0, %v)", j+1, u, T)
		}
		if j > 0 && !(u > q.Times[j-1]) {
			return fmt.Errorf("renewal: quasi: potential update %d at %v does not come after update %d at %v: times must be strictly increasing", j+1, u, j, q.Times[j-1])
		}
		if p := q.Probs[j]; !(p >= 0 && p <= 1) {
			return fmt.Errorf("renewal: quasi: potential update %d has probability %v, not in [0, 1]", j+1, p)
		}
	}
	return nil
}

// pieces returns the lengths of the Q + 1 intervals [u_j, u_{j+1}) and the
// probabilities 1 − k_j that the update starting each does not happen:
// 1 − Initial for the interval at 0 under the horizon model, 1 under the
// steady model (no update at time 0 itself).
func (q Quasi) pieces(m staleness.Model, T float64) (lens, keep []float64) {
	n := len(q.Times) + 1
	lens = make([]float64, n)
	keep = make([]float64, n)
	prev := 0.0
	for j := range n {
		end := T
		if j < len(q.Times) {
			end = q.Times[j]
		}
		if j > 0 {
			keep[j] = 1 - q.Probs[j-1]
		}
		lens[j] = end - prev
		prev = end
	}
	keep[0] = 1
	if m == staleness.Horizon {
		keep[0] = 1 - q.Initial
	}
	return lens, keep
}

// mayChange reports whether some potential update has a positive probability.
func (q Quasi) mayChange() bool {
	for _, p := range q.Probs {
		if p > 0 {
			return true
		}
	}
	return false
}

// Staleness returns the time-average probability that the copy is stale
// over [0, T] when it is fetched at the positions j with fetch[j] true
// (len(fetch) = Q + 1): seed 003 eq. 18, the average over the intervals
// of eq. 17's staleness 1 − ∏_{k=J+1}^{j}(1 − k_k), J being the last
// fetched position at or before interval j.
//
// Horizon model: with no fetch at or before j the product starts at
// k = 0 (k_0 = Initial). Steady model: it wraps to the last fetch of the
// previous horizon; with no fetch at all the page is stale for good (1),
// unless no update can happen (0).
func (q Quasi) Staleness(m staleness.Model, T float64, fetch []bool) (float64, error) {
	if err := q.Validate(T); err != nil {
		return 0, err
	}
	if err := checkHorizon(m, T); err != nil {
		return 0, err
	}
	n := len(q.Times) + 1
	if len(fetch) != n {
		return 0, fmt.Errorf("renewal: quasi: %d fetch positions given for %d potential updates: want %d (time 0 and one after each update)", len(fetch), n-1, n)
	}
	lens, keep := q.pieces(m, T)
	start, fresh := 0, keep[0] // horizon: from time 0, product from k = 0
	if m == staleness.Steady {
		last := -1
		for j, y := range fetch {
			if y {
				last = j
			}
		}
		if last < 0 {
			if q.mayChange() {
				return 1, nil
			}
			return 0, nil
		}
		start, fresh = last, 1
	}
	// Walk the n intervals from start; the stale time sums len_j·(1 − P)
	// so that a page fetched after every possible update is exactly 0.
	var stale float64
	for s := range n {
		j := (start + s) % n
		if s > 0 {
			fresh *= keep[j]
		}
		if fetch[j] {
			fresh = 1
		}
		stale += lens[j] * (1 - fresh)
	}
	return clamp01(stale / T), nil
}
