package estimate

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/integrate/quad"
)

// Bias and spread of the estimators, against the thesis's figures: exact
// sums and integrals where the thesis gives them, and simulations with
// fixed seeds. A simulated mean is compared with a bound only after
// checking that its standard error is small against the margin.

// improvedMoments returns E[r̂], V[r̂] (seed 001 eqs. 6.1, 6.2) and
// P(|r̂ − r| ≤ 0.35 r) for the improved estimator with n visits at ratio r.
func improvedMoments(n int, r float64) (mean, variance, within35 float64) {
	q := math.Exp(-r)
	var s, s2 float64
	for i := 0; i <= n; i++ { // i = X̄, unchanged visits
		lc, _ := math.Lgamma(float64(n + 1))
		la, _ := math.Lgamma(float64(i + 1))
		lb, _ := math.Lgamma(float64(n - i + 1))
		p := math.Exp(lc - la - lb + float64(n-i)*math.Log1p(-q) - float64(i)*r)
		x := -math.Log((float64(i) + 0.5) / (float64(n) + 0.5))
		s += x * p
		s2 += x * x * p
		if math.Abs(x-r) <= 0.35*r {
			within35 += p
		}
	}
	return s, s2 - s*s, within35
}

// Fig. 6.5 and 6.6, exactly (eq. 6.1).
func TestFigure6_5Exact(t *testing.T) {
	bias := func(n int, r float64) float64 { m, _, _ := improvedMoments(n, r); return m / r }
	naive := func(r float64) float64 { return (1 - math.Exp(-r)) / r }
	for _, n := range []int{3, 10, 20, 50} {
		for _, r := range []float64{0.05, 0.1, 0.3, 1, 2, 3} {
			if b := bias(n, r); math.Abs(b-1) >= math.Abs(naive(r)-1) {
				t.Errorf("n = %d, r = %v: improved E/r = %.4f not nearer 1 than X/n's %.4f", n, r, b, naive(r))
			}
		}
	}
	claims := []struct {
		name   string
		n      int
		rMax   float64
		within float64
	}{
		{"n = 3 not heavily biased until r > 1", 3, 1, 0.10},
		{"n = 50 not heavily biased until r > 3", 50, 3, 0.10},
		{"n = 20 practically unbiased for r < 2", 20, 2, 0.02}, // the thesis: < 0.1%; exactly: 0.17% at most
	}
	for _, c := range claims {
		for r := 0.01; r <= c.rMax; r += 0.01 {
			if b := bias(c.n, r); math.Abs(b-1) > c.within {
				t.Errorf("%s: E/r = %.4f at r = %.2f", c.name, b, r)
				break
			}
		}
	}
	// Fig. 6.6: the 10%-bias boundary is r ≈ 3.5 at n = 20, r ≈ 5 at n = 80
	// (exactly 3.42 and 5.14: within 3%, the precision of reading the figure)
	for _, c := range []struct {
		n    int
		want float64
	}{{20, 3.5}, {80, 5}} {
		f := func(r float64) float64 { return bias(c.n, r) - 0.9 }
		got := root(f, 1, 10, f(1), f(10), 1e-6)
		if math.Abs(got-c.want) > 0.03*c.want {
			t.Errorf("Fig. 6.6: 10%% bias at n = %d reached at r = %.3f, want ≈ %v", c.n, got, c.want)
		}
	}
}

// Fig. 6.5 by simulation: the mean of Improved over simulated pages
// matches eq. 6.1 and, at n = 20 and r ≤ 2, is within 2% of r.
func TestFigure6_5Simulated(t *testing.T) {
	rng := rand.New(rand.NewPCG(65, 1))
	const pages = 40000
	for _, n := range []int{3, 20} {
		for _, r := range []float64{0.1, 0.5, 1, 1.5, 2} {
			var sum, sum2 float64
			for range pages {
				x := 0
				for range n {
					if rng.ExpFloat64() < r { // a change within the interval: seed 001 Lemma 6.1
						x++
					}
				}
				est := improvedR(n, x) // Improved without its interval
				sum += est / r
				sum2 += (est / r) * (est / r)
			}
			mean := sum / pages
			se := math.Sqrt((sum2/pages - mean*mean) / pages)
			exact, _, _ := improvedMoments(n, r)
			if math.Abs(mean-exact/r) > 4*se {
				t.Errorf("n = %d, r = %v: simulated E/r = %.4f ± %.4f, eq. 6.1 gives %.4f", n, r, mean, se, exact/r)
			}
			if n == 20 && (math.Abs(mean-1) > 0.02 || se > 0.005) {
				t.Errorf("n = 20, r = %v: simulated E/r = %.4f ± %.4f, want within 2%% of 1", r, mean, se)
			}
			t.Logf("Fig. 6.5, n = %d, r = %v: simulated E/r = %.4f ± %.4f, eq. 6.1 %.4f, X/n %.4f", n, r, mean, se, exact/r, (1-math.Exp(-r))/r)
		}
	}
}

// Fig. 6.7, Example 6.4: σ/r (eq. 6.2) is 0.4 at r = 1.5 for n = 10 and
// 0.2 for n = 40; at n = 10, r = 1.5 the bias is under 0.3% and r̂ is
// within 35% of r with probability 0.75; for n = 20 σ/r is smallest near
// r = 1.35 within the practically unbiased r < 2.
func TestExample6_4(t *testing.T) {
	m10, v10, p35 := improvedMoments(10, 1.5)
	_, v40, _ := improvedMoments(40, 1.5)
	checks := []struct {
		name      string
		got, want float64
		decimals  int
	}{
		{"σ/r, n = 10", math.Sqrt(v10) / 1.5, 0.4, 1},
		{"σ/r, n = 40", math.Sqrt(v40) / 1.5, 0.2, 1},
		{"P(within 35%)", p35, 0.75, 2},
	}
	for _, c := range checks {
		if !roundsTo(c.got, c.want, c.decimals) {
			t.Errorf("%s = %.4f, want %v", c.name, c.got, c.want)
		}
	}
	if bias := 1 - m10/1.5; bias < 0 || bias > 0.003 {
		t.Errorf("bias at n = 10, r = 1.5 = %.5f, want under 0.3%%", bias)
	}
	best, argmin := math.Inf(1), 0.0
	for r := 0.5; r < 2; r += 0.01 {
		if _, v, _ := improvedMoments(20, r); math.Sqrt(v)/r < best {
			best, argmin = math.Sqrt(v)/r, r
		}
	}
	if math.Abs(argmin-1.35) > 0.1 { // the minimum is flat: σ/r varies by < 0.5% over 1.2–1.6
		t.Errorf("n = 20: σ/r smallest at r = %.2f, want ≈ 1.35", argmin)
	}
}

// lastModifiedBias2 returns E[r̂]/r exactly for n = 2 visits at interval 1
// and ratio r, for Fig. 6.11's X/T (reduce false) or Fig. 6.14's X′/T
// (reduce true), from Lemma 6.3 eq. 6.4: with q = e^{−r}, P(X=1) = 2q(1−q)
// and T = 1 + t, and P(X=2) = (1−q)² with T = t₁ + t₂, the t truncated
// exponentials (eq. 6.6) whose sum has density r² e^{−rs} min(s, 2−s)/(1−q)²:
//
//	E/r = 2q X′(1) A + X′(2)((1−q) + rB),
//	A = ∫₀¹ e^{−rt}/(1+t) dt,  B = ∫₁² e^{−rs}(2−s)/s ds.
func lastModifiedBias2(r float64, reduce bool) float64 {
	q := math.Exp(-r)
	cut := math.Min(1, 40/r) // e^{−rt} is negligible beyond; integrate where it lives
	a := quad.Fixed(func(t float64) float64 { return math.Exp(-r*t) / (1 + t) }, 0, cut, 200, nil, 0)
	b := quad.Fixed(func(s float64) float64 { return math.Exp(-r*s) * (2 - s) / s }, 1, 2, 200, nil, 0)
	x1, x2 := 1.0, 2.0
	if reduce {
		x1, x2 = BiasReducedChanges(2, 1), BiasReducedChanges(2, 2)
	}
	return 2*q*x1*a + x2*((1-q)+r*b)
}

// Fig. 6.12, Theorem 6.1 and Fig. 6.13 for n = 2, exactly: X/T's bias
// tends to n log(n/(n−1)) = 2 log 2 as r → 0 and to n/(n−1) = 2 as
// r → ∞; with Fig. 6.14's X′ it is under 2% at every r.
func TestFigure6_13Exact(t *testing.T) {
	if got := lastModifiedBias2(1e-5, false); math.Abs(got-2*math.Ln2) > 1e-3 {
		t.Errorf("Fig. 6.11 E/r as r → 0 = %.5f, want 2 log 2 = %.5f", got, 2*math.Ln2)
	}
	if got := lastModifiedBias2(1e4, false); math.Abs(got-2) > 1e-3 {
		t.Errorf("Fig. 6.11 E/r as r → ∞ = %.5f, want 2", got)
	}
	worst := 0.0
	for lr := -3.0; lr <= 3; lr += 0.05 {
		r := math.Pow(10, lr)
		b := lastModifiedBias2(r, true)
		worst = math.Max(worst, math.Abs(b-1))
		if math.Abs(b-1) >= 0.02 {
			t.Errorf("Fig. 6.14 E/r at n = 2, r = %.3g is %.4f, want within 2%%", r, b)
		}
	}
	if worst < 0.01 { // the exact worst case is 1.44%: the integrals are alive
		t.Errorf("worst bias %.4f suspiciously small", worst)
	}
	t.Logf("Fig. 6.14 at n = 2: worst |E/r − 1| = %.4f; Fig. 6.11 limits %.4f (r → 0), %.4f (r → ∞)",
		worst, lastModifiedBias2(1e-5, false), lastModifiedBias2(1e4, false))
}

// Fig. 6.13 by simulation for n = 3 and 5 (for n = 2 the variance of X′/T
// is infinite and the exact test above stands in), with Example 6.6:
// monthly visits to a weekly page (r = 4, a month taken as 4 weeks, which
// reproduces the thesis's 0.57) are 43% biased without Last-Modified and
// practically unbiased with it.
func TestFigure6_13Simulated(t *testing.T) {
	rng := rand.New(rand.NewPCG(613, 1))
	const pages = 400000
	for _, n := range []int{3, 5} {
		ts := equal(n, 1)
		ages := make([]float64, n)
		for _, r := range []float64{0.1, 0.5, 1, 2, 4, 10} {
			var sum, sum2 float64
			for range pages {
				for i := range ages {
					ages[i] = rng.ExpFloat64() / r // time back to the last change
				}
				est, _, _, _ := lastModifiedRate(ts, ages) // LastModified without its interval
				sum += est / r
				sum2 += (est / r) * (est / r)
			}
			mean := sum / pages
			se := math.Sqrt((sum2/pages - mean*mean) / pages)
			if math.Abs(mean-1) > 0.02 || se > 0.005 {
				t.Errorf("n = %d, r = %v: E[X′/T]/r = %.4f ± %.4f, want within 2%% of 1", n, r, mean, se)
			}
			t.Logf("Fig. 6.13, n = %d, r = %v: E[X′/T]/r = %.4f ± %.4f", n, r, mean, se)
		}
	}
	if m, _, _ := improvedMoments(5, 4); !roundsTo(m/4, 0.57, 2) {
		t.Errorf("example 6.6: improved E/r = %.4f, want 0.57", m/4)
	}
}
