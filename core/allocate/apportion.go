package allocate

import (
	"cmp"
	"math"
	"slices"

	"github.com/freshplan/freshplan/core/internal/nth"
)

// Apportion splits total whole visits in proportion to shares by the
// largest-remainder method: each page gets ⌊total·s_i/Σs⌋ and the visits
// left go to the largest remainders, ties to the lower index. It is how
// the uniform (shares w_i) and proportional (shares w_iλ_i) allocations of
// seed 003 §5 become whole visits. Shares must be finite and non-negative;
// if they sum to 0 every page gets 0.
func Apportion(total int, shares []float64) []int {
	x := make([]int, len(shares))
	var sum float64
	for _, s := range shares {
		sum += s
	}
	if !(sum > 0) || total <= 0 {
		return x
	}
	rems := make([]remainder, 0, len(shares))
	left := total
	for i, s := range shares {
		q := float64(total) * s / sum
		f := math.Floor(q)
		x[i] = int(f)
		left -= x[i]
		if s > 0 {
			rems = append(rems, remainder{q - f, i})
		}
	}
	if left <= 0 || len(rems) == 0 {
		return x
	}
	if left < len(rems) {
		// Only which remainders are the largest matters, not their order.
		nth.Element(rems, left-1, remainder.compare)
	} else {
		slices.SortFunc(rems, remainder.compare)
	}
	for k := 0; left > 0; k = (k + 1) % len(rems) {
		x[rems[k].i]++
		left--
	}
	return x
}

// remainder is a page's fractional share.
type remainder struct {
	frac float64
	i    int
}

// compare orders remainders largest first, ties to the lower index: a
// total order, as indices differ.
func (a remainder) compare(b remainder) int {
	if c := cmp.Compare(b.frac, a.frac); c != 0 {
		return c
	}
	return cmp.Compare(a.i, b.i)
}
