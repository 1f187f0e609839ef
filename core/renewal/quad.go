package renewal

import (
	"math"
	"sync"

	"gonum.org/v1/gonum/integrate/quad"
)

// quadPoints is the Gauss–Legendre order of each panel, quadPanels the
// number of panels that halve towards 0; quadTol and quadDepth bound the
// adaptive bisection of each.
const (
	quadPoints = 16
	quadPanels = 64
	quadTol    = 1e-15 // agreement of a panel and its halves, relative to the whole integral
	quadDepth  = 30    // bisections of a panel at most
)

// legendre holds the quadPoints Gauss–Legendre nodes and weights on
// [-1, 1], computed once by gonum's quad.Legendre.
var legendre = sync.OnceValues(func() (x, w []float64) {
	x = make([]float64, quadPoints)
	w = make([]float64, quadPoints)
	quad.Legendre{}.FixedLocations(x, w, -1, 1)
	return x, w
})

// quadGapStale returns (λ/g)∫₀^g (g − u) Ḡ(u) du by Gauss–Legendre
// quadrature on panels [g/2^{k+1}, g/2^k], k = 0…quadPanels−1, and
// [0, g/2^quadPanels], each bisected adaptively until its two halves agree
// with it to quadTol of the whole integral.
//
// The geometric panels follow Ḡ over every scale from the gap down to
// 2^−64 of it: an exponential tail much shorter than the gap, the
// power-law tail of a Pareto, and the u^k cusp at 0 of a Weibull of shape
// k < 1 (on [a, 2a] the nearest singularity, at 0, lies a panel's width
// away, so each 16-point panel converges like 5.8^−32). Bisection
// resolves what a panel cannot, such as the near-step of a Weibull of
// large shape. The last panel's share is below 2^−64 of the whole.
func quadGapStale(p Process, g float64) float64 {
	nodes, weights := legendre()
	f := func(u float64) float64 { return (g - u) * p.Survival(u) }
	panel := func(lo, hi float64) float64 {
		half, mid := (hi-lo)/2, (hi+lo)/2
		var s float64
		for i, x := range nodes {
			s += weights[i] * f(mid+half*x)
		}
		return s * half
	}
	// A first pass sets the scale of the whole integral; each panel is
	// then bisected until its halves agree with it to quadTol of that scale.
	var bounds [quadPanels + 2]float64
	var first [quadPanels + 1]float64
	var total float64
	for k := range quadPanels + 1 {
		bounds[k+1] = math.Ldexp(g, k-quadPanels) // bounds[0] = 0
		first[k] = panel(bounds[k], bounds[k+1])
		total += math.Abs(first[k])
	}
	tol := quadTol * total
	var adapt func(lo, hi, whole float64, depth int) float64
	adapt = func(lo, hi, whole float64, depth int) float64 {
		mid := (lo + hi) / 2
		l, r := panel(lo, mid), panel(mid, hi)
		if depth >= quadDepth || math.Abs(l+r-whole) <= tol {
			return l + r
		}
		return adapt(lo, mid, l, depth+1) + adapt(mid, hi, r, depth+1)
	}
	// Smallest panels first, so that the sum grows monotonically.
	var sum float64
	for k := range quadPanels + 1 {
		sum += adapt(bounds[k], bounds[k+1], first[k], 0)
	}
	return clamp01(sum / (p.Mean() * g))
}
