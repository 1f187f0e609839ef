package allocate

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// apportionBySort is the largest-remainder method read literally: every
// remainder sorted, the visits left handed out in that order.
func apportionBySort(total int, shares []float64) []int {
	x := make([]int, len(shares))
	var sum float64
	for _, s := range shares {
		sum += s
	}
	if !(sum > 0) || total <= 0 {
		return x
	}
	type rem struct {
		frac float64
		i    int
	}
	var rems []rem
	left := total
	for i, s := range shares {
		q := float64(total) * s / sum
		x[i] = int(math.Floor(q))
		left -= x[i]
		if s > 0 {
			rems = append(rems, rem{q - math.Floor(q), i})
		}
	}
	slices.SortFunc(rems, func(a, b rem) int {
		if c := cmp.Compare(b.frac, a.frac); c != 0 {
			return c
		}
		return cmp.Compare(a.i, b.i)
	})
	for k := 0; left > 0 && len(rems) > 0; k = (k + 1) % len(rems) {
		x[rems[k].i]++
		left--
	}
	return x
}

// TestApportionMatchesSort: the selection gives the sorted method's
// visits on random shares, equal shares (ties to the lower index), zero
// shares and budgets below, near and above the number of pages.
func TestApportionMatchesSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 3000 {
		n := 1 + rng.IntN(400)
		shares := make([]float64, n)
		for i := range shares {
			switch trial % 4 {
			case 0:
				shares[i] = rng.Float64()
			case 1:
				shares[i] = 1 // all tied
			case 2:
				shares[i] = float64(rng.IntN(3)) // ties and zeros
			default:
				shares[i] = math.Pow(10, 6*rng.Float64())
			}
		}
		total := 1 + rng.IntN(3*n)
		want := apportionBySort(total, shares)
		got := Apportion(total, shares)
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d (n %d, total %d): %v, want %v", trial, n, total, got, want)
		}
		sum := 0
		for _, v := range got {
			sum += v
		}
		if sum != total && slices.ContainsFunc(shares, func(s float64) bool { return s > 0 }) {
			t.Fatalf("trial %d: %d visits, want %d", trial, sum, total)
		}
	}
}

// BenchmarkApportion1M is the uniform allocation of 8.64M visits to 1M pages.
func BenchmarkApportion1M(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	shares := make([]float64, 1_000_000)
	for i := range shares {
		shares[i] = rng.Float64()
	}
	for b.Loop() {
		Apportion(8_640_000, shares)
	}
}
