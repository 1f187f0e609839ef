package allocate

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// azarPage is one page that can receive crawls in Azar: μ > 0 and Δ > 0.
type azarPage struct {
	key   float64 // √(μ/Δ), the sort key; μ/Δ ≤ λ ⇔ key ≤ √λ
	sqrtM float64 // √(μΔ) after scaling
	delta float64 // Δ after scaling
	index int
}

// Azar returns the crawl rates ρ_i of the exact optimal randomized policy of
// seed 002 (Problem 2, Algorithm 2, Theorem 1): page i is crawled by a
// Poisson process of rate ρ_i, changes by a Poisson process of rate Δ_i =
// rates[i], has importance μ_i = weights[i], and the rates maximise
//
//	F₂(ρ) = Σ_i μ_i ρ_i/(ρ_i+Δ_i)   subject to ρ ≥ 0, Σ_i ρ_i = total
//
// — the weighted steady-state probability that the copy is fresh. The
// stored seed 002 lacks the statement of Problem 2 (its Eq. 5); the
// appendix pins it down: the exponential clock that rings first among
// ρ_i, Δ_i is the crawl with probability ρ_i/(ρ_i+Δ_i), "Eq. 5 … lacks the
// term ρ_iΔ_i" of Eq. 3's F₁ = Σ μ_i p_i/(p_i+Δ_i−p_iΔ_i), and eq. 11 is
// the stationarity condition ∂F₂/∂ρ_i = μ_iΔ_i/(ρ_i+Δ_i)² = λ of this F₂.
// total is the crawl rate R in the same time unit as rates.
//
// The solution is exact, in O(n log n): sort the pages by μ_i/Δ_i, compute
// the multiplier λ of eq. 11 on the pages kept (suffix sums), drop the page
// with the smallest μ_i/Δ_i while μ_i/Δ_i ≤ λ (seed 002 Claim 2,
// Corollary 3), and set ρ_i = √(μ_iΔ_i/λ) − Δ_i on the rest.
//
// A page that never changes (Δ_i = 0) or does not matter (μ_i = 0) gets
// ρ_i = 0, as eq. 11 gives; if every page is such, all rates are 0 and the
// budget is left unspent. So does a page whose μΔ is below about 1e-308
// times max μ · max(R, max Δ) (it would underflow). Errors: lengths
// differ, a rate or weight is negative, NaN or infinite, total is not
// finite and positive.
func Azar(rates, weights []float64, total float64) ([]float64, error) {
	return AzarTicked(rates, weights, total, nil)
}

// azarTickEvery is how many comparisons the sort makes between two calls
// of AzarTicked's tick: some tens of milliseconds in WebAssembly.
const azarTickEvery = 1 << 18

// AzarTicked is Azar, calling tick, when it is not nil, before it looks
// at the pages, before it sorts them, every so often while it sorts and
// once after, so that a caller on one thread can yield,
// or stop: the first error tick returns ends Azar with it (after the sort,
// which does not stop midway).
func AzarTicked(rates, weights []float64, total float64, tick func() error) ([]float64, error) {
	if err := validateAzar(rates, weights, total); err != nil {
		return nil, err
	}
	if err := tickNow(tick); err != nil {
		return nil, err
	}
	var tickErr error
	compared := 0
	tock := func() {
		if tick != nil && tickErr == nil {
			tickErr = tick()
		}
	}
	rho := make([]float64, len(rates))
	// F₂'s maximiser is unchanged when μ is scaled, and scales with (Δ, R):
	// work with μ/max μ and (Δ, R)/max(R, max Δ) ≤ 1 so that no product,
	// square root or sum below overflows.
	maxW, maxD := 0.0, 0.0
	for i := range rates {
		if rates[i] > 0 && weights[i] > 0 {
			maxW = max(maxW, weights[i])
			maxD = max(maxD, rates[i])
		}
	}
	if maxW == 0 {
		return rho, nil // nothing to gain from any crawl
	}
	scale := max(total, maxD)
	pages := make([]azarPage, 0, len(rates))
	for i := range rates {
		if rates[i] > 0 && weights[i] > 0 {
			m, d := weights[i]/maxW, rates[i]/scale
			sm, sd := math.Sqrt(m), math.Sqrt(d)
			if sm*sd == 0 {
				continue // below 1e-308 of the largest μ or of max(R, Δ): as 0
			}
			pages = append(pages, azarPage{key: sm / sd, sqrtM: sm * sd, delta: d, index: i})
		}
	}
	if len(pages) == 0 {
		return rho, nil
	}
	if err := tickNow(tick); err != nil {
		return nil, err
	}
	// seed 002 Claim 2: sort so that μ_1/Δ_1 ≤ μ_2/Δ_2 ≤ … ≤ μ_n/Δ_n.
	slices.SortFunc(pages, func(a, b azarPage) int {
		if compared++; compared%azarTickEvery == 0 {
			tock()
		}
		if c := cmp.Compare(a.key, b.key); c != 0 {
			return c
		}
		return cmp.Compare(a.index, b.index)
	})
	if tock(); tickErr != nil {
		return nil, tickErr
	}
	sumSqrt, sumDelta := azarSuffixSums(pages)
	r := total / scale
	// seed 002 eq. 11 on pages k…n: √λ = Σ√(μ_iΔ_i)/(R + ΣΔ_i). Drop page k
	// while μ_k/Δ_k ≤ λ (seed 002 Corollary 3 and the remark after it). The
	// last page is always kept when R > 0 (its ρ is R); the loop bound keeps
	// it even if rounding says otherwise.
	k := 0
	for k < len(pages)-1 && pages[k].key <= sumSqrt[k]/(r+sumDelta[k]) {
		k++
	}
	sqrtLambda := sumSqrt[k] / (r + sumDelta[k])
	for _, p := range pages[k:] {
		// seed 002 eq. 11: ρ_i = √(μ_iΔ_i/λ) − Δ_i, ≥ 0 up to rounding.
		rho[p.index] = max(0, p.sqrtM/sqrtLambda-p.delta) * scale
	}
	return rho, nil
}

// azarSuffixSums returns Σ_{j≥k} √(μ_jΔ_j) and Σ_{j≥k} Δ_j for every k,
// with Neumaier's compensated summation: when ΣΔ ≫ R the ρ_i are small
// differences of large terms and plain summation would lose digits.
func azarSuffixSums(pages []azarPage) (sumSqrt, sumDelta []float64) {
	n := len(pages)
	sumSqrt, sumDelta = make([]float64, n), make([]float64, n)
	var s, cs, d, cd float64
	for k := n - 1; k >= 0; k-- {
		s, cs = azarAdd(s, cs, pages[k].sqrtM)
		d, cd = azarAdd(d, cd, pages[k].delta)
		sumSqrt[k], sumDelta[k] = s+cs, d+cd
	}
	return sumSqrt, sumDelta
}

// azarAdd adds x to the compensated sum (s, c) (Neumaier 1974).
func azarAdd(s, c, x float64) (float64, float64) {
	t := s + x
	if math.Abs(s) >= math.Abs(x) {
		c += (s - t) + x
	} else {
		c += (x - t) + s
	}
	return t, c
}

func validateAzar(rates, weights []float64, total float64) error {
	if len(rates) != len(weights) {
		return fmt.Errorf("azar: %d change rates but %d weights", len(rates), len(weights))
	}
	if math.IsNaN(total) || math.IsInf(total, 0) || total <= 0 {
		return fmt.Errorf("azar: total crawl rate %v is not finite and positive", total)
	}
	for i := range rates {
		if !azarFinite(rates[i]) {
			return fmt.Errorf("azar: page %d: change rate %v is not finite and non-negative", i, rates[i])
		}
		if !azarFinite(weights[i]) {
			return fmt.Errorf("azar: page %d: weight %v is not finite and non-negative", i, weights[i])
		}
	}
	return nil
}

func azarFinite(x float64) bool { return x >= 0 && !math.IsInf(x, 1) }

// AzarStaleness is the steady-state probability that a page changing as a
// Poisson process of rate Δ = rate and crawled as a Poisson process of rate
// ρ = crawl is out of date: 1 − ρ/(ρ+Δ) = Δ/(ρ+Δ), the complement of the
// page's term of F₂ (seed 002 appendix: the clock that rings first is the
// crawl with probability ρ/(ρ+Δ)). It is 0 when Δ = 0 (the page never
// changes) and 1 when ρ = 0 < Δ; NaN for a negative or NaN argument or for
// ρ = Δ = +Inf.
func AzarStaleness(rate, crawl float64) float64 {
	switch {
	case !(rate >= 0) || !(crawl >= 0):
		return math.NaN()
	case rate == 0:
		return 0
	case math.IsInf(rate, 1) && math.IsInf(crawl, 1):
		return math.NaN()
	}
	return 1 / (1 + crawl/rate) // = Δ/(ρ+Δ), without overflow in ρ+Δ
}

// AzarHorizonStaleness is the time-average over [0, T] (T = horizon) of the
// probability that the copy is out of date, starting from a fresh copy at
// time 0, when the page changes as a Poisson process of rate Δ = rate and
// is crawled as an independent Poisson process of rate ρ = crawl:
//
//	Δ/(ρ+Δ) · (1 − (1 − e^{−(ρ+Δ)T})/((ρ+Δ)T)).
//
// Derivation (ours; seed 002 gives only the steady state): fresh → stale at
// rate Δ (a change), stale → fresh at rate ρ (a crawl), so
// P(stale at t) = X(t) solves X′ = Δ(1−X) − ρX, X(0) = 0, i.e.
// X(t) = Δ/(ρ+Δ)·(1 − e^{−(ρ+Δ)t}), and (1/T)∫₀ᵀ X(t) dt is the formula.
// It tends to AzarStaleness as T → ∞ and to 0 as T → 0. NaN for a
// negative or NaN argument.
func AzarHorizonStaleness(rate, crawl, horizon float64) float64 {
	if !(rate >= 0) || !(crawl >= 0) || !(horizon >= 0) {
		return math.NaN()
	}
	if rate == 0 || horizon == 0 {
		return 0
	}
	steady := AzarStaleness(rate, crawl)
	x := (crawl + rate) * horizon
	if math.IsInf(x, 1) {
		return steady
	}
	return steady * azarRiseAverage(x)
}

// azarRiseAverage is g(x) = 1 − (1 − e^{−x})/x, the time-average of
// 1 − e^{−s} over s ∈ [0, x]. For x < 1 it sums the series
// g(x) = Σ_{k≥1} (−1)^{k+1} x^k/(k+1)!, which avoids the cancellation in
// 1 − (1 − e^{−x})/x ≈ x/2.
func azarRiseAverage(x float64) float64 {
	if x >= 1 {
		return 1 + math.Expm1(-x)/x
	}
	sum, term := 0.0, 1.0
	for k := 1; k <= 30; k++ {
		term *= x / float64(k+1) // x^k/(k+1)!
		if k%2 == 1 {
			sum += term
		} else {
			sum -= term
		}
		if term < 1e-17*sum {
			break
		}
	}
	return sum
}
