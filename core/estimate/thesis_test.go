package estimate

import (
	"math"
	"testing"
)

// The numbers seed 001 ch. 6 prints, reproduced. Tolerances are half a
// unit of the last digit the thesis prints, unless said otherwise.

// roundsTo reports whether got, printed with the thesis's decimals, reads want.
func roundsTo(got, want float64, decimals int) bool {
	scale := math.Pow(10, float64(decimals))
	return math.Abs(got-want) <= 0.5/scale+1e-12
}

// Example 6.1: 6 changes in 10 daily visits. X/T gives 0.6 per day; the
// thesis's "0.8 times per day" is the improved estimator of §6.4.2,
// −log(4.5/10.5) = 0.847, which it truncates; the plain −log(X̄/n) would
// be 0.92. "Reduces the bias by 33%": at r = 0.847 the naive estimator's
// E[X/n]/r = (1 − e^{−r})/r is 0.67 (§6.4.1), a 33% bias.
func TestExample6_1(t *testing.T) {
	if got := Naive(6, 10); got != 0.6 {
		t.Errorf("Naive(6, 10) = %v, want 0.6", got)
	}
	rate, low, high := Improved(10, 6, 1)
	if math.Abs(rate-0.8473) > 5e-5 || math.Floor(rate*10)/10 != 0.8 {
		t.Errorf("Improved(10, 6, 1) = %.4f, want 0.8473 (the thesis's 0.8)", rate)
	}
	if !(low < 0.6 && high > rate) {
		t.Errorf("Improved(10, 6, 1) interval [%v, %v] should hold 0.6 and %v", low, high, rate)
	}
	if plain, _, _ := MLE(equal(10, 1), changes(10, 6)); math.Abs(plain+math.Log(0.4)) > 1e-9 {
		t.Errorf("MLE at 6 of 10 equal intervals = %v, want −log(0.4) = 0.9163 (§6.4.3 reason 3)", plain)
	}
	if bias := 1 - (1-math.Exp(-rate))/rate; !roundsTo(bias, 0.33, 2) {
		t.Errorf("naive bias at r = %.3f is %.3f, want 0.33", rate, bias)
	}
	t.Logf("example 6.1: X/T 0.6, improved %.4f [%.3f, %.3f] (thesis 0.8), naive bias there %.3f (thesis 33%%)",
		rate, low, high, 1-(1-math.Exp(-rate))/rate)
}

// §6.4.2: 70 unchanged visits of 100 give r = −log(70/100) = 0.36. That
// is −log(X̄/n), which eq. 6.3 reduces to at equal intervals; Cho's
// corrected −log(70.5/100.5) = 0.3545 differs by the 0.5s (≤ 0.5/70).
func TestSection6_4_2(t *testing.T) {
	plain, _, _ := MLE(equal(100, 1), changes(100, 30))
	if !roundsTo(plain, 0.36, 2) || math.Abs(plain+math.Log(0.7)) > 1e-9 {
		t.Errorf("MLE at 30 of 100 = %v, want −log(0.7) = 0.3567 ≈ 0.36", plain)
	}
	improved, _, _ := Improved(100, 30, 1)
	if math.Abs(improved-plain) > 0.5/70 || !roundsTo(improved, 0.35, 2) {
		t.Errorf("Improved(100, 30, 1) = %v, want 0.3545 (within 0.5/70 of %v)", improved, plain)
	}
	if naive := Naive(30, 100); naive != 0.3 {
		t.Errorf("X/n = %v, want 0.30", naive)
	}
	t.Logf("§6.4.2: −log(X̄/n) %.4f (thesis 0.36), improved %.4f", plain, improved)
}

// Example 6.5: changes after 6 h and 3 h, none after 4 h and 7 h (Fig.
// 6.9: the first and third accesses saw changes) give λ = 2.67 per 20 h.
func TestExample6_5(t *testing.T) {
	ts := []float64{6, 4, 3, 7} // hours
	changed := []bool{true, false, true, false}
	rate, low, high := MLE(ts, changed)
	if !roundsTo(rate*20, 2.67, 2) {
		t.Errorf("MLE = %.4f per 20 h, want 2.67", rate*20)
	}
	// eq. 6.3 holds at the root
	lhs := 6/math.Expm1(6*rate) + 3/math.Expm1(3*rate)
	if math.Abs(lhs-11) > 1e-9 {
		t.Errorf("eq. 6.3 left side at the root = %v, want 4 + 7 = 11", lhs)
	}
	if !(low > 0 && low < rate && high > rate && !math.IsInf(high, 1)) {
		t.Errorf("interval [%v, %v] should be finite around %v", low, high, rate)
	}
	adjusted, _, _ := AdjustedMLE(ts, changed)
	t.Logf("example 6.5: eq. 6.3 %.4f per 20 h [%.3f, %.3f] (thesis 2.67); adjusted %.4f", rate*20, low*20, high*20, adjusted*20)
}

// Example 6.3 and Figs. 6.2, 6.3: the naive X/n has E[X/n]/r = (1−e^{−r})/r
// and σ = √(e^{−r}(1−e^{−r})/n) (§6.4.1).
func TestNaiveBias(t *testing.T) {
	bias := func(r float64) float64 { return (1 - math.Exp(-r)) / r }
	sigmaOverR := func(n, r float64) float64 { return math.Sqrt(math.Exp(-r)*(1-math.Exp(-r))/n) / r }
	tests := []struct {
		name      string
		got, want float64
		decimals  int
	}{
		{"example 6.3: E/r at r = 2", bias(2), 0.43, 2},
		{"example 6.3: 2σ/r at r = 1/7, n = 10", 2 * sigmaOverR(10, 1.0/7), 1.5, 1},
		{"Fig. 6.2: 10% bias at r = 0.21", bias(0.21), 0.90, 2},
		{"Fig. 6.3: σ/r at r = 1, n = 1", sigmaOverR(1, 1), 0.5, 1},
		{"Fig. 6.3: σ/r at r = 0.3, n = 9", sigmaOverR(9, 0.3), 0.5, 1},
	}
	for _, tc := range tests {
		if !roundsTo(tc.got, tc.want, tc.decimals) {
			t.Errorf("%s = %.4f, want %v", tc.name, tc.got, tc.want)
		}
	}
}

// Fig. 6.4: the a solving n log((n+a)/(n−1+a)) = 1 tends to 0.5 and is
// near it even for small n. Solved with root and checked against the
// closed form a = (n − e^{1/n}(n−1))/(e^{1/n} − 1).
func TestFigure6_4(t *testing.T) {
	for _, n := range []float64{1, 2, 5, 10, 50, 1000} {
		f := func(a float64) float64 { return n*math.Log((n+a)/(n-1+a)) - 1 }
		got := root(f, 0.01, 1, f(0.01), f(1), 1e-13)
		e := math.Exp(1 / n)
		want := (n - e*(n-1)) / (e - 1)
		if math.Abs(got-want) > 1e-9 {
			t.Errorf("n = %v: a = %v, closed form %v", n, got, want)
		}
		if math.Abs(got-0.5) > 0.09 || (n >= 50 && math.Abs(got-0.5) > 0.01) {
			t.Errorf("n = %v: a = %v, want near 0.5", n, got)
		}
	}
}

// Fig. 6.14 and footnote 4: X′ = (X−1) − X/(n log(1−X/n)) is n − 1 at
// X = n and 1/(n log(n/(n−1))) at X = 1, the inverses of Theorem 6.1's
// biases; 0 at X = 0; and increasing in X.
func TestFigure6_14Limits(t *testing.T) {
	for _, n := range []int{2, 3, 5, 10, 100} {
		fn := float64(n)
		if got := BiasReducedChanges(n, n); got != fn-1 {
			t.Errorf("X′(n=%d, X=n) = %v, want %v", n, got, fn-1)
		}
		if got, want := BiasReducedChanges(n, 1), 1/(fn*math.Log(fn/(fn-1))); math.Abs(got-want) > 1e-12*want {
			t.Errorf("X′(n=%d, X=1) = %v, want %v", n, got, want)
		}
		if got := BiasReducedChanges(n, 0); got != 0 {
			t.Errorf("X′(n=%d, X=0) = %v, want 0", n, got)
		}
		for x := 1; x <= n; x++ {
			if BiasReducedChanges(n, x) <= BiasReducedChanges(n, x-1) {
				t.Errorf("X′(n=%d) not increasing at X = %d", n, x)
			}
		}
	}
	// footnote 4's limits of the formula itself, taken on real X
	formula := func(n, x float64) float64 { return (x - 1) - x/(n*math.Log1p(-x/n)) }
	for _, n := range []float64{2, 10} {
		if got := formula(n, 1e-9); math.Abs(got) > 1e-8 {
			t.Errorf("n = %v: X′ as X → 0 = %v, want 0", n, got)
		}
		if got := formula(n, n*(1-1e-12)); math.Abs(got-(n-1)) > 0.05 {
			t.Errorf("n = %v: X′ as X → n = %v, want %v", n, got, n-1)
		}
	}
	if got := BiasReducedChanges(1, 1); got != 0 {
		t.Errorf("X′(1, 1) = %v, want n − 1 = 0", got)
	}
}

// §6.6: weekly vs monthly with equal priors; a change after 5 days gives
// 0.77 / 0.23, a second change after 5 more days 0.92 / 0.08.
func TestSection6_6(t *testing.T) {
	classes := []Class{{"weekly", 1.0 / 7, 0.5}, {"monthly", 1.0 / 30, 0.5}}
	tests := []struct {
		ts      []float64
		changed []bool
		want    []float64
	}{
		{[]float64{5}, []bool{true}, []float64{0.77, 0.23}},
		{[]float64{5, 5}, []bool{true, true}, []float64{0.92, 0.08}},
	}
	for _, tc := range tests {
		got := Categorize(classes, tc.ts, tc.changed)
		t.Logf("§6.6 after %d changes: %.4f / %.4f (thesis %v / %v)", len(tc.ts), got[0], got[1], tc.want[0], tc.want[1])
		for k := range got {
			if !roundsTo(got[k], tc.want[k], 2) {
				t.Errorf("%d changes: P(%s) = %.4f, want %v", len(tc.ts), classes[k].Name, got[k], tc.want[k])
			}
		}
	}
	// eq. 6.7 applied twice, the second time with the first posterior as
	// prior, equals the single update
	first := Categorize(classes, []float64{5}, []bool{true})
	again := Categorize([]Class{{"weekly", 1.0 / 7, first[0]}, {"monthly", 1.0 / 30, first[1]}}, []float64{5}, []bool{true})
	both := Categorize(classes, []float64{5, 5}, []bool{true, true})
	for k := range both {
		if math.Abs(again[k]-both[k]) > 1e-12 {
			t.Errorf("sequential %v, batch %v", again, both)
		}
	}
}

// equal returns n intervals of length t.
func equal(n int, t float64) []float64 {
	ts := make([]float64, n)
	for i := range ts {
		ts[i] = t
	}
	return ts
}

// changes returns n flags of which the first x are true.
func changes(n, x int) []bool {
	c := make([]bool, n)
	for i := range x {
		c[i] = true
	}
	return c
}
