package estimate

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// binaryInterval returns a 90% interval (Tail in each side) for the rate λ
// of a Poisson page visited after the positive intervals ts, changed[i]
// telling whether the visit closing ts[i] found a change.
//
// Under the Poisson model (seed 001 §6.3, §6.4.1 Lemma 6.1) the visits are
// independent, visit i finding a change with probability
// p_i = 1 − e^{−λ t_i}, so the number of changes X is Poisson-binomial and
// stochastically increasing in λ. The limits invert that test exactly, as
// Clopper–Pearson does for the binomial: low solves P(X ≥ x | λ) = Tail,
// high solves P(X ≤ x | λ) = Tail. With equal intervals this is exactly
// Improved's interval. No change gives low = 0, a change at every visit
// high = +Inf. The tails are exact (an O(n·k) recursion) unless n·k
// exceeds exactLimit, where the refined normal approximation takes over.
func binaryInterval(ts []float64, changed []bool) (low, high float64) {
	n, x, total := len(ts), 0, 0.0
	for i, t := range ts {
		total += t
		if changed[i] {
			x++
		}
	}
	low, high = 0, math.Inf(1)
	if n == 0 || !(total > 0) {
		return low, high
	}
	p := make([]float64, n)     // change probabilities
	q := make([]float64, n)     // no-change probabilities
	buf := make([]float64, n+1) // atLeast's workspace
	set := func(lambda float64) {
		for i, t := range ts {
			// one exponential each, both to full relative precision: the
			// complement is ≥ 1/2 and so free of cancellation
			if lt := lambda * t; lt < math.Ln2 {
				e := math.Expm1(-lt)
				p[i], q[i] = -e, 1+e
			} else {
				q[i] = math.Exp(-lt)
				p[i] = 1 - q[i]
			}
		}
	}
	wilsonLow, wilsonHigh := wilson(n, x, total/float64(n))
	// the limits solve logit(tail) = logit(Tail), nearly linear in log λ
	if x > 0 { // P(X ≥ x) increases with λ
		low = rootLog(func(l float64) float64 {
			set(l)
			return logit(atLeast(p, q, x, buf)) - logit(Tail)
		}, wilsonLow)
	}
	switch {
	case x == 0: // P(X = 0) = e^{−λΣt} = Tail
		high = -math.Log(Tail) / total
	case x < n: // P(X ≤ x) = P(no change at ≥ n−x visits) decreases with λ
		high = rootLog(func(l float64) float64 {
			set(l)
			return logit(Tail) - logit(atLeast(q, p, n-x, buf))
		}, wilsonHigh)
	}
	return low, high
}

// wilson returns starting guesses for binaryInterval's limits: Wilson's
// score interval for the change probability p of n visits with x changes
// (E. B. Wilson, JASA 22, 1927), z = 1.645 for Tail = 0.05, mapped to
// rates by λ = −log(1 − p)/mean as if the intervals were all equal to
// their mean. Where a limit is open (x = 0 or x = n) it returns 1/mean.
func wilson(n, x int, mean float64) (low, high float64) {
	const z = 1.6448536269514722 // Φ⁻¹(1 − Tail)
	fn, fx := float64(n), float64(x)
	centre := (fx + z*z/2) / (fn + z*z)
	half := z * math.Sqrt(fx*(fn-fx)/fn+z*z/4) / (fn + z*z)
	low, high = 1/mean, 1/mean
	if p := centre - half; p > 0 && x > 0 {
		low = -math.Log1p(-p) / mean
	}
	if p := centre + half; p < 1 && x < n {
		high = -math.Log1p(-p) / mean
	}
	return low, high
}

// exactLimit bounds the work of one exact tail evaluation in atLeast.
const exactLimit = 1 << 16

// atLeast returns the probability that at least k of independent events
// with probabilities p[i] (complements q[i], passed separately so that
// 1 − p keeps its precision) happen, using buf as workspace when it has
// room for k+1 numbers. It is exact, by the usual recursion
// over the events with the count capped at k, when len(p)·k ≤ exactLimit;
// beyond that, where the count's spread is large, it uses the refined
// normal approximation P(X ≤ k) ≈ Φ(z) + γ(1 − z²)φ(z)/6,
// z = (k + 0.5 − μ)/σ, γ the skewness (A. Yu. Volkova, Theory Probab.
// Appl. 40, 1996; Y. Hong, Comput. Stat. Data Anal. 59, 2013).
func atLeast(p, q []float64, k int, buf []float64) float64 {
	n := len(p)
	if k <= 0 {
		return 1
	}
	if k > n {
		return 0
	}
	if n*k <= exactLimit {
		return atLeastExact(p, q, k, buf)
	}
	return atLeastNormal(p, q, k)
}

// atLeastExact is atLeast by the recursion over the events, the count
// capped at k: O(len(p)·k).
func atLeastExact(p, q []float64, k int, buf []float64) float64 {
	if cap(buf) < k+1 {
		buf = make([]float64, k+1)
	}
	f := buf[:k+1] // f[j]: P(j events so far), f[k]: P(≥ k)
	clear(f)
	f[0] = 1
	for i := range p {
		f[k] += f[k-1] * p[i]
		for j := k - 1; j > 0; j-- {
			f[j] = f[j]*q[i] + f[j-1]*p[i]
		}
		f[0] *= q[i]
	}
	return f[k]
}

// atLeastNormal is atLeast by the refined normal approximation.
func atLeastNormal(p, q []float64, k int) float64 {
	var mu, v, m3 float64
	for i := range p {
		pq := p[i] * q[i]
		mu += p[i]
		v += pq
		m3 += pq * (q[i] - p[i])
	}
	if v == 0 {
		if mu >= float64(k)-0.5 {
			return 1
		}
		return 0
	}
	sigma := math.Sqrt(v)
	gamma := m3 / (v * sigma)
	z := (float64(k) - 0.5 - mu) / sigma // P(X ≤ k−1)
	below := distuv.UnitNormal.CDF(z) + gamma*(1-z*z)*distuv.UnitNormal.Prob(z)/6
	return 1 - min(max(below, 0), 1)
}

// logit returns log(p/(1 − p)), clamped to ±700.
func logit(p float64) float64 {
	return min(max(math.Log(p)-math.Log1p(-p), -700), 700)
}
