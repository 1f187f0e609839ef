package order

import (
	"cmp"
	"math"
	"slices"
)

// TauB is Kendall's τ-b of two rankings: (concordant − discordant) /
// √((n₀−n₁)(n₀−n₂)), n₀ the pairs, n₁ and n₂ those tied in x and in y
// (Kendall 1970, seed 004 [Ken70]), 0 when either ranking is all ties.
// x and y hold no NaN.
//
// It counts by Knight's method (Knight 1966, "A computer method for
// calculating Kendall's tau with ungrouped data", JASA 61(314)) in
// O(n log n) rather than pair by pair: sorted by x then y, a pair is
// discordant exactly when a merge sort by y swaps it, and concordant −
// discordant = n₀ − n₁ − n₂ + n₃ − 2·swaps, n₃ the pairs tied in both.
// The counts are whole numbers, so the value is the pairwise count's to
// the last bit (TestTauBAgainstPairs).
func TauB(x, y []float64) float64 {
	n := len(x)
	idx := make([]int32, n)
	for i := range idx {
		idx[i] = int32(i)
	}
	slices.SortFunc(idx, func(a, b int32) int {
		if c := cmp.Compare(x[a], x[b]); c != 0 {
			return c
		}
		return cmp.Compare(y[a], y[b])
	})
	// n₁ and n₃ from runs of equal x, and of equal x and y, in this order.
	var n1, n3 int64
	for i := 0; i < n; {
		j := i + 1
		for j < n && x[idx[j]] == x[idx[i]] {
			j++
		}
		n1 += pairs(j - i)
		for k := i; k < j; {
			l := k + 1
			for l < j && y[idx[l]] == y[idx[k]] {
				l++
			}
			n3 += pairs(l - k)
			k = l
		}
		i = j
	}
	ys := make([]float64, n)
	for i, k := range idx {
		ys[i] = y[k]
	}
	swaps := mergeSwaps(ys, make([]float64, n))
	var n2 int64
	for i := 0; i < n; {
		j := i + 1
		for j < n && ys[j] == ys[i] {
			j++
		}
		n2 += pairs(j - i)
		i = j
	}
	n0 := pairs(n)
	den := math.Sqrt(float64(n0-n1) * float64(n0-n2))
	if den == 0 {
		return 0
	}
	return float64(n0-n1-n2+n3-2*swaps) / den
}

func pairs(k int) int64 { return int64(k) * int64(k-1) / 2 }

// mergeSwaps sorts a ascending (buf as scratch, the same length) and
// returns the number of pairs i < j with a[i] > a[j]: equal values are
// not swapped.
func mergeSwaps(a, buf []float64) int64 {
	n := len(a)
	if n < 2 {
		return 0
	}
	m := n / 2
	swaps := mergeSwaps(a[:m], buf[:m]) + mergeSwaps(a[m:], buf[m:])
	copy(buf, a)
	i, j, k := 0, m, 0
	for i < m && j < n {
		if buf[j] < buf[i] {
			a[k] = buf[j]
			swaps += int64(m - i) // every left element still waiting is greater
			j++
		} else {
			a[k] = buf[i]
			i++
		}
		k++
	}
	k += copy(a[k:], buf[i:m])
	copy(a[k:], buf[j:n])
	return swaps
}
