package order

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// tauPairs is τ-b counted pair by pair, as its definition reads: the
// oracle for TauB's O(n log n) count.
func tauPairs(x, y []float64) float64 {
	var conc, disc, tx, ty, n0 float64
	for i := range x {
		for j := i + 1; j < len(x); j++ {
			n0++
			dx, dy := x[i]-x[j], y[i]-y[j]
			if dx == 0 {
				tx++
			}
			if dy == 0 {
				ty++
			}
			switch {
			case dx*dy > 0:
				conc++
			case dx*dy < 0:
				disc++
			}
		}
	}
	den := math.Sqrt((n0 - tx) * (n0 - ty))
	if den == 0 {
		return 0
	}
	return (conc - disc) / den
}

// TestTauBAgainstPairs checks Knight's count against the pairwise one on
// random rankings with many ties, none, all ties, and one or two values:
// equal to the last bit, since both count whole numbers exactly.
func TestTauBAgainstPairs(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for trial := range 400 {
		n := rng.IntN(60)
		levels := 1 + rng.IntN(8) // few levels: many ties
		if trial%4 == 0 {
			levels = 1 << 30 // no ties
		}
		x, y := make([]float64, n), make([]float64, n)
		for i := range x {
			x[i] = float64(rng.IntN(levels))
			y[i] = float64(rng.IntN(levels))
			if trial%5 == 1 { // y partly follows x
				y[i] = x[i] + float64(rng.IntN(3))
			}
		}
		if got, want := TauB(x, y), tauPairs(x, y); got != want {
			t.Fatalf("trial %d: TauB(%v, %v) = %v, pairwise %v", trial, x, y, got, want)
		}
	}
}

func BenchmarkTauB5000(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	x, y := make([]float64, KendallSample), make([]float64, KendallSample)
	for i := range x {
		x[i], y[i] = -float64(i), rng.ExpFloat64()
	}
	for b.Loop() {
		TauB(x, y)
	}
}

// TestKthHighest checks the selection against a sort on random arrays
// with ties, sorted and reversed ones, at every k.
func TestKthHighest(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	for trial := range 300 {
		n := 1 + rng.IntN(40)
		a := make([]float64, n)
		for i := range a {
			a[i] = float64(rng.IntN(1 + trial%12))
			if trial%7 == 0 {
				a[i] = float64(i)
			} else if trial%7 == 1 {
				a[i] = float64(-i)
			}
		}
		sorted := slices.Clone(a)
		slices.Sort(sorted)
		slices.Reverse(sorted)
		for k := 1; k <= n; k++ {
			if got := kthHighest(slices.Clone(a), k); got != sorted[k-1] {
				t.Fatalf("kthHighest(%v, %d) = %v; want %v", a, k, got, sorted[k-1])
			}
		}
	}
}
