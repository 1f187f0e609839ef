package allocate

import (
	"math"
	"sync"

	"github.com/freshplan/freshplan/core/staleness"
)

// guess estimates x_i(μ), the count of page i at threshold mu, for a
// Poisson page under the staleness objective, so that count's search
// starts next to the answer (one or two gains instead of a gallop); ok
// is false for any other page. Only the search's speed depends on it:
// count checks its answer with the exact gains.
//
// Why it is close: A(x) = s(a/n(x)) with a = λT, s(y) = 1 − (1 − e^{−y})/y
// (staleness.StaleGap; seed 003 eq. 14) and n(x) the gaps x visits make
// (x steady, x + 1 horizon). By the midpoint rule the gain of the
// (k+1)-th visit, w[s(a/n(k)) − s(a/(n(k)+1))], is about
// −w·d/dn s(a/(n+½)) = (w/a)·φ(y) at y = a/(n(k)+½), where
// φ(y) = y²s′(y) = 1 − e^{−y}(1 + y) rises from 0 to 1. The gains fall
// to mu from n(k) = a/φ⁻¹(μa/w) − ½ on.
func (sv *solver) guess(i int, mu float64) (int, bool) {
	p := sv.p
	if p.Objective != staleness.Stale || (p.Costs != nil && p.Costs[i] != nil) {
		return 0, false
	}
	w, a := p.Weights[i], p.Rates[i]*p.Horizon
	if !(w > 0 && a > 0) || !(mu > 0) {
		return 0, false
	}
	c := mu * a / w
	if c >= 1 {
		return 0, true // the gains are at most about w/a
	}
	n := a/phiInverse(c) - 0.5
	if p.Model == staleness.Horizon {
		n-- // x visits make x + 1 gaps
	}
	if !(n < math.MaxInt32) {
		return math.MaxInt32, true
	}
	return int(math.Ceil(max(n, 0))), true
}

// φ⁻¹ is tabulated at c = v², v = 0, 1/phiPoints, 2/phiPoints, … — smooth
// in v (φ⁻¹(c) ≈ √(2c) near 0) — and interpolated between; near v = 1,
// where φ⁻¹ grows like −log(1 − c), it is solved for.
const phiPoints = 4096

// phi returns φ(y) = 1 − e^{−y}(1 + y).
func phi(y float64) float64 { return -math.Expm1(-y) - y*math.Exp(-y) }

var phiInverseTable = sync.OnceValue(func() []float64 {
	t := make([]float64, phiPoints)
	for j := range t {
		v := float64(j) / phiPoints
		t[j] = solvePhi(v * v)
	}
	return t
})

// solvePhi returns y with φ(y) = c for 0 ≤ c < 1, by bisection (φ rises).
func solvePhi(c float64) float64 {
	lo, hi := 0.0, 1.0
	for phi(hi) < c {
		lo, hi = hi, 2*hi
	}
	for range 60 {
		mid := (lo + hi) / 2
		if phi(mid) < c {
			lo = mid
		} else {
			hi = mid
		}
	}
	return (lo + hi) / 2
}

// phiInverse returns y with φ(y) ≈ c, for 0 < c < 1.
func phiInverse(c float64) float64 {
	t := phiInverseTable()
	x := math.Sqrt(c) * phiPoints
	j := int(x)
	if j < phiPoints/64 {
		// Where φ⁻¹ curves most against v, and counts are largest: the
		// series of φ⁻¹ in r = √(2c) (φ(y) = y²/2 − y³/3 + y⁴/8 − …),
		// whose next term is below 1e-8 of it here.
		r := math.Sqrt(2 * c)
		return r * (1 + r*(1.0/3+r*(11.0/72+r*43.0/540)))
	}
	if j < phiPoints-phiPoints/32 {
		return t[j] + (x-float64(j))*(t[j+1]-t[j])
	}
	// 1 − c = e^{−y}(1 + y): y = −log(1 − c) + log(1 + y), iterated (a
	// contraction by 1/(1 + y) < 1/4 here).
	y := -math.Log1p(-c)
	for range 10 {
		y = -math.Log1p(-c) + math.Log1p(y)
	}
	return y
}
