package staleness

import "math"

// eulerGamma is the Euler–Mascheroni constant γ.
const eulerGamma = 0.57721566490153286060651209008240243

// Ein returns the entire exponential integral Ein(y) = ∫₀^y (1 − e^{−u})/u du
// (DLMF 6.2.3). It is the expected harmonic number E[H_N] of N ~ Poisson(y):
// H_n = ∫₀¹ (1 − xⁿ)/(1 − x) dx and E[x^N] = e^{−y(1−x)}, so
// E[H_N] = ∫₀¹ (1 − e^{−y(1−x)})/(1 − x) dx = Ein(y).
//
// For y ≤ 4 it sums the series Σ (−1)^{k+1} y^k/(k·k!) (DLMF 6.6.4; the
// largest term is below 11, so cancellation costs at most one digit);
// beyond, Ein(y) = E₁(y) + ln y + γ (DLMF 6.2.4) with E₁ from its
// continued fraction (DLMF 6.9.1), which converges fast for y > 1.
func Ein(y float64) float64 {
	switch {
	case y <= 0:
		return 0
	case math.IsInf(y, 1):
		return math.Inf(1)
	case y <= 4:
		var sum float64
		term := 1.0 // y^k/k!
		for k := 1; k < 60; k++ {
			term *= y / float64(k)
			d := term / float64(k)
			if k%2 == 0 {
				d = -d
			}
			sum += d
			if math.Abs(d) < 1e-17*math.Abs(sum) {
				break
			}
		}
		return sum
	}
	return e1(y) + math.Log(y) + eulerGamma
}

// e1 returns the exponential integral E₁(y) for y > 1 by the modified
// Lentz evaluation of its continued fraction
// E₁(y) = e^{−y} / (y + 1 − 1²/(y + 3 − 2²/(y + 5 − …))) (DLMF 6.9.1).
func e1(y float64) float64 {
	const tiny = 1e-300
	b := y + 1
	c := 1 / tiny
	d := 1 / b
	h := d
	for i := 1; i < 200; i++ {
		an := -float64(i * i)
		b += 2
		d = 1 / (an*d + b)
		c = b + an/c
		del := c * d
		h *= del
		if math.Abs(del-1) < 1e-16 {
			break
		}
	}
	return h * math.Exp(-y)
}

// HarmonicGap returns the time-average harmonic penalty over a gap of
// length g between two visits, for Poisson changes of rate λ, as a
// function of y = λg: the copy that has missed n changes costs
// H_n = 1 + 1/2 + … + 1/n per unit of time (the harmonic staleness of
// Kolobov, Peres, Lubetzky and Horvitz, "Optimal freshness crawl under
// politeness constraints", SIGIR 2019, and LambdaCrawl, NeurIPS 2019):
// each further missed change costs less than the one before, the first
// as much as plain staleness.
//
// At time t into the gap the expected penalty is Ein(λt) (see Ein), and
// (1/g)∫₀^g Ein(λt) dt = Ein(y) − 1 + (1 − e^{−y})/y = Ein(y) − s(y),
// integrating by parts (∫₀^y Ein = y·Ein(y) − y + 1 − e^{−y}); s is
// StaleGap. For small y the series y/2 − y²/12 + y³/72 − y⁴/480 avoids
// cancellation (the next term, y⁵/3600, is below 1e-15·y for y < 1e-3).
func HarmonicGap(y float64) float64 {
	switch {
	case y <= 0:
		return 0
	case math.IsInf(y, 1):
		return math.Inf(1)
	case y < 1e-3:
		return y * (0.5 - y*(1.0/12-y*(1.0/72-y/480)))
	}
	return Ein(y) - StaleGap(y)
}
