// Package nth puts the element of a slice that would be at a given index
// were the slice sorted in that place, and partitions the rest around it
// (C++'s nth_element): the k-th largest of a study's PageRank (core/order)
// and the largest remainders of an apportionment (core/allocate) without
// sorting what they do not need in order.
package nth

import (
	"math/bits"
	"slices"
)

// Element reorders s so that s[k] is the element a sort by cmp would put
// there, every element before it compares ≤ and every one after ≥; so
// s[:k] are the k first in cmp's order, in no particular order. It does
// nothing unless 0 ≤ k < len(s). Hoare's selection with a median-of-three
// pivot, O(len(s)) expected, ties included (equal elements split between
// both sides rather than pile on one); a sort of what is left where the
// pivots keep coming out badly, so O(n log n) at worst.
func Element[T any](s []T, k int, cmp func(a, b T) int) {
	element(s, k, cmp, 2*bits.Len(uint(len(s))))
}

// element is Element, sorting what is left after depth partitions.
func element[T any](s []T, k int, cmp func(a, b T) int, depth int) {
	if k < 0 || k >= len(s) {
		return
	}
	lo, hi := 0, len(s)-1
	for ; lo < hi; depth-- {
		if depth == 0 {
			slices.SortFunc(s[lo:hi+1], cmp)
			return
		}
		p := median(s[lo], s[lo+(hi-lo)/2], s[hi], cmp)
		i, j := lo, hi
		for i <= j {
			for cmp(s[i], p) < 0 {
				i++
			}
			for cmp(s[j], p) > 0 {
				j--
			}
			if i <= j {
				s[i], s[j] = s[j], s[i]
				i++
				j--
			}
		}
		// s[lo:j+1] ≤ p, s[i:hi+1] ≥ p, and anything between equals p.
		switch {
		case k <= j:
			hi = j
		case k >= i:
			lo = i
		default:
			return
		}
	}
}

// median returns the middle one of a, b and c in cmp's order.
func median[T any](a, b, c T, cmp func(a, b T) int) T {
	if cmp(b, a) < 0 {
		a, b = b, a
	}
	if cmp(c, b) < 0 {
		b = c
		if cmp(b, a) < 0 {
			b = a
		}
	}
	return b
}
