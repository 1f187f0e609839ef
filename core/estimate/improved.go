package estimate

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// Tail is the probability left out on each side of every interval this
// package reports: Low and High are the 5% and 95% limits of a 90%
// interval. Where one side is open (Low = 0 when no change was seen, High
// = +Inf when one was seen at every visit) the other keeps its 5% tail,
// so such a bound is a 95% one-sided bound: the interval as a whole still
// covers the rate at least 90% of the time.
const Tail = 0.05

// Naive returns the intuitive estimator X/T of seed 001 §6.4.1 (example
// 6.1): changes detected divided by the time observed, in changes per unit
// of span. It ignores the changes missed between visits, so it is biased
// low, E[X/T]/λ = (1 − e^{−r})/r for r = λI (seed 001 §6.4.1, Fig. 6.2),
// and stays biased however long the page is watched. It is reported only
// for comparison; it returns 0 when span is not positive.
func Naive(changes int, span float64) float64 {
	if !(span > 0) || math.IsInf(span, 1) || changes <= 0 {
		return 0
	}
	return float64(changes) / span
}

// Improved returns Cho's improved estimator for a page visited n times at
// the regular interval interval, changes of the visits having found it
// changed (seed 001 §6.4.2):
//
//	r̂ = −log((X̄ + 0.5)/(n + 0.5)),  X̄ = n − X,  λ̂ = r̂/interval,
//
// in changes per unit of interval. It is finite when every visit saw a
// change (r̂ = log(2n + 1)), the singularity the 0.5 removes, and 0 when
// none did.
//
// low and high bound a 90% interval (Tail in each side), exact for the
// binomial count X ~ B(n, 1 − e^{−r}) of seed 001 §6.4.1 Lemma 6.1: the
// Clopper–Pearson limits for the no-change probability q = e^{−r},
// q_high = Beta(X̄+1, X).Quantile(1 − Tail) and q_low = Beta(X̄, X+1).Quantile(Tail),
// mapped through r = −log q. No change seen gives low = 0 and the upper
// bound r = −log(Tail^{1/n}); a change at every visit gives high = +Inf.
// Invalid input (n < 1, interval not positive and finite) gives 0, 0,
// +Inf; changes is clamped to [0, n].
func Improved(n, changes int, interval float64) (rate, low, high float64) {
	if n < 1 || !(interval > 0) || math.IsInf(interval, 1) {
		return 0, 0, math.Inf(1)
	}
	x := min(max(changes, 0), n)
	lowR, highR := clopperPearsonMemo.get([2]int{n, x}, func() (float64, float64) { return clopperPearsonR(n, x) })
	return improvedR(n, x) / interval, lowR / interval, highR / interval
}

// improvedR returns r̂ = −log((X̄+0.5)/(n+0.5)) (seed 001 §6.4.2) for x
// changes in n ≥ 1 visits, 0 ≤ x ≤ n.
func improvedR(n, x int) float64 {
	return -math.Log((float64(n-x) + 0.5) / (float64(n) + 0.5))
}

// clopperPearsonR returns the 90% Clopper–Pearson limits for r = −log q,
// where the n − x unchanged visits are B(n, q): the limits of q come from
// Beta quantiles (C. J. Clopper and E. S. Pearson, Biometrika 26, 1934),
// computed for q rather than 1 − q so that −log q keeps its precision.
func clopperPearsonR(n, x int) (low, high float64) {
	u := float64(n - x) // unchanged visits
	low, high = 0, math.Inf(1)
	if x > 0 { // largest q (smallest r) still giving at least x changes with probability Tail
		low = -math.Log(distuv.Beta{Alpha: u + 1, Beta: float64(x)}.Quantile(1 - Tail))
	}
	if x < n { // smallest q (largest r) still giving at most x changes with probability Tail
		if x == 0 {
			high = -math.Log(Tail) / float64(n) // q^n = Tail
		} else {
			high = -math.Log(distuv.Beta{Alpha: u, Beta: float64(x + 1)}.Quantile(Tail))
		}
	}
	return max(low, 0), high
}
