package order

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

func TestCumulativeAndAverage(t *testing.T) {
	pr := []float64{0.1, 0.4, 0.2, 0.3}
	cum := Cumulative([]int32{1, 3, 2, 0}, pr)
	want := []float64{0.4, 0.7, 0.9, 1.0}
	for i := range want {
		if math.Abs(cum[i]-want[i]) > 1e-12 {
			t.Fatalf("cumulative %v, want %v", cum, want)
		}
	}
	if a := Average(cum); math.Abs(a-0.75) > 1e-12 {
		t.Fatalf("average %g, want 0.75", a)
	}
	if math.Abs(At(cum, 0.5)-0.7) > 1e-12 || PagesFor(cum, 0.5) != 0.5 || PagesFor(cum, 0.4) != 0.25 || PagesFor(cum, 1) != 1 {
		t.Fatalf("At %g PagesFor %g %g", At(cum, 0.5), PagesFor(cum, 0.5), PagesFor(cum, 0.4))
	}
	best := Best(pr)
	if !slices.Equal(best, cum) {
		t.Fatalf("best %v, want the decreasing order's %v", best, cum)
	}
	// A random order's average is about 1/2 + 1/(2N) (seed 004 §4.3:
	// "the Pagerank grows linearly"); never above the best order's.
	rng := rand.New(rand.NewPCG(1, 1))
	n := 2000
	x := make([]float64, n)
	for i := range x {
		x[i] = rng.ExpFloat64()
	}
	perm := make([]int32, n)
	for i := range perm {
		perm[i] = int32(i)
	}
	rng.Shuffle(n, func(i, j int) { perm[i], perm[j] = perm[j], perm[i] })
	if a := Average(Cumulative(perm, x)); math.Abs(a-0.5) > 0.02 || a > Average(Best(x)) {
		t.Fatalf("random average %g", a)
	}
}

func TestTauB(t *testing.T) {
	for _, c := range []struct {
		x, y []float64
		want float64
	}{
		{[]float64{1, 2, 3, 4}, []float64{1, 2, 3, 4}, 1},
		{[]float64{1, 2, 3, 4}, []float64{4, 3, 2, 1}, -1},
		{[]float64{1, 2, 3, 4}, []float64{1, 3, 2, 4}, 4.0 / 6},
		// ties: pairs 6, tied in y 1; concordant 5, discordant 0: 5/√(6·5).
		{[]float64{1, 2, 3, 4}, []float64{1, 2, 2, 3}, 5 / math.Sqrt(30)},
	} {
		if got := TauB(c.x, c.y); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("TauB(%v, %v) = %g, want %g", c.x, c.y, got, c.want)
		}
	}
	pr := []float64{0.4, 0.3, 0.2, 0.1}
	if k := Kendall([]int32{0, 1, 2, 3}, pr, 5000, 1); math.Abs(k-1) > 1e-12 {
		t.Fatalf("Kendall of the PageRank order %g", k)
	}
}

func TestChoPerformance(t *testing.T) {
	imp := []float64{5, 1, 4, 2, 3}
	ideal := []int32{0, 2, 4, 3, 1}
	for k := 1; k <= 5; k++ {
		if got := CrawlAndStop(ideal, imp, k); got != 1 {
			t.Fatalf("ideal P_CS(%d) = %g", k, got)
		}
	}
	worst := []int32{1, 3, 4, 2, 0}
	// First 2 are importance 1 and 2; the top-2 threshold is 4: none hot.
	if got := CrawlAndStop(worst, imp, 2); got != 0 {
		t.Fatalf("P_CS = %g, want 0", got)
	}
	// Hot pages: importance ≥ 3 (three pages); the first 3 of worst hold one.
	if got := CrawlAndStopThreshold(worst, imp, 3, 3); math.Abs(got-1.0/3) > 1e-12 {
		t.Fatalf("P_ST = %g, want 1/3", got)
	}
}
