package estimate

import (
	"math"
	"testing"
)

// binomialAtLeast returns P(B(n, p) ≥ x), summed directly.
func binomialAtLeast(n, x int, p float64) float64 {
	s := 0.0
	for k := x; k <= n; k++ {
		lc, _ := math.Lgamma(float64(n + 1))
		la, _ := math.Lgamma(float64(k + 1))
		lb, _ := math.Lgamma(float64(n - k + 1))
		s += math.Exp(lc - la - lb + float64(k)*math.Log(p) + float64(n-k)*math.Log1p(-p))
	}
	return s
}

// Improved's limits are Clopper–Pearson's: at r_low seeing ≥ X changes has
// probability Tail, at r_high seeing ≤ X has probability Tail (checked by
// summing the binomial, to 1e-9: the Beta quantiles are accurate to
// ~1e-12); the estimate lies inside; the extremes are open on one side.
func TestImprovedInterval(t *testing.T) {
	for _, n := range []int{1, 2, 3, 10, 37, 100} {
		for x := 0; x <= n; x++ {
			rate, low, high := Improved(n, x, 2) // interval 2: rates are r/2
			if !(low <= rate && rate <= high) || math.IsNaN(rate) {
				t.Errorf("Improved(%d, %d): %v outside [%v, %v]", n, x, rate, low, high)
			}
			if x == 0 {
				if low != 0 || rate != 0 {
					t.Errorf("Improved(%d, 0) = %v, low %v, want 0, 0", n, rate, low)
				}
			} else if p := binomialAtLeast(n, x, -math.Expm1(-2*low)); math.Abs(p-Tail) > 1e-9 {
				t.Errorf("Improved(%d, %d): P(X ≥ x) at low = %v, want %v", n, x, p, Tail)
			}
			if x == n {
				if !math.IsInf(high, 1) {
					t.Errorf("Improved(%d, %d): high = %v, want +Inf", n, x, high)
				}
				if want := math.Log(2*float64(n)+1) / 2; math.Abs(rate-want) > 1e-12 {
					t.Errorf("Improved(%d, %d) = %v, want log(2n+1)/2 = %v", n, x, rate, want)
				}
			} else if p := 1 - binomialAtLeast(n, x+1, -math.Expm1(-2*high)); math.Abs(p-Tail) > 1e-9 {
				t.Errorf("Improved(%d, %d): P(X ≤ x) at high = %v, want %v", n, x, p, Tail)
			}
		}
	}
}

func TestImprovedInvalid(t *testing.T) {
	tests := []struct {
		n, x     int
		interval float64
	}{
		{0, 0, 1}, {-3, 1, 1}, {5, 2, 0}, {5, 2, -1}, {5, 2, math.NaN()}, {5, 2, math.Inf(1)},
	}
	for _, tc := range tests {
		rate, low, high := Improved(tc.n, tc.x, tc.interval)
		if rate != 0 || low != 0 || !math.IsInf(high, 1) {
			t.Errorf("Improved(%d, %d, %v) = %v, %v, %v, want 0, 0, +Inf", tc.n, tc.x, tc.interval, rate, low, high)
		}
	}
	// changes outside [0, n] are clamped
	if a, _, _ := Improved(5, 9, 1); a != math.Log(11) {
		t.Errorf("Improved(5, 9, 1) = %v, want the X = n value log 11", a)
	}
	if a, _, _ := Improved(5, -2, 1); a != 0 {
		t.Errorf("Improved(5, −2, 1) = %v, want 0", a)
	}
}

func TestNaive(t *testing.T) {
	tests := []struct {
		x    int
		span float64
		want float64
	}{
		{6, 10, 0.6}, {0, 10, 0}, {3, 0, 0}, {3, -1, 0}, {3, math.NaN(), 0}, {3, math.Inf(1), 0}, {-1, 5, 0},
	}
	for _, tc := range tests {
		if got := Naive(tc.x, tc.span); got != tc.want {
			t.Errorf("Naive(%d, %v) = %v, want %v", tc.x, tc.span, got, tc.want)
		}
	}
}
