package allocate

import (
	"math"
	"sync"
)

// choFreshR solves D_F(r) = 1 − (1+r)e^{−r} = y for r > 0, 0 < y < 1
// (seed 001 §5.5.4 with the derivative of Theorem 5.5's proof), and returns
// r and dr/d ln y = y/D_F'(r), D_F'(r) = re^{−r}. From a close warm start
// and for y ≤ 0.9 (r ≤ 3.9, where D_F' ≥ 0.08 keeps D_F's rounding out of
// r) it takes one Newton step on D_F, whose error (|1−r|/2)(step/r)² is
// below 1e-15 when step/r < 1e-8; otherwise it solves
// G(r) = r − ln(1+r) = z = −ln(1−y) (choFreshRz), which resolves r up to
// the cutoff y → 1.
func choFreshR(y, warm float64) (float64, float64) {
	r := warm
	if r > 0 && y <= 0.9 {
		e := math.Exp(-r)
		d := 1 - (1+r)*e
		if r < 0.5 {
			d = choDF(r)
		}
		if step := (d - y) / (r * e); math.Abs(step) <= 1e-8*r {
			r -= step
			return r, choFreshSlope(y, r)
		}
	}
	r = choFreshRz(-math.Log1p(-y), r)
	return r, choFreshSlope(y, r)
}

// choFreshSlope is dr/d ln y = y/D_F'(r) with e^r = (1+r)/(1−y), which
// cannot overflow.
func choFreshSlope(y, r float64) float64 {
	return y * ((1 + r) / r) / (1 - y)
}

// choFreshRz solves G(r) = r − ln(1+r) = z > 0. G is convex and
// increasing, so Newton's method converges monotonically once right of
// the root, and a step from the left lands right of it. The cold start
// z + √(z² + 2z) is right of the root since G(r) ≥ r²/(2(1+r)).
func choFreshRz(z, warm float64) float64 {
	r, g := warm, 0.0
	if r > 0 {
		if g = choG(r); g > 8*z || g < z/8 {
			r = 0 // a poor warm start: the cold one is better
		}
	}
	if !(r > 0) {
		r = z + math.Sqrt(z*(z+2))
		g = choG(r)
	}
	for range 100 {
		step := (g - z) * (1 + r) / r
		next := r - step
		if !(next > 0) {
			next = r / 2 // rounding only: exact steps stay positive
		}
		if math.Abs(step) <= 1e-8*r {
			return next // Newton's error squares: (e/r)² < 1e-16 after this step
		}
		r = next
		g = choG(r)
	}
	return r
}

// choG is r − ln(1+r), by its series r²Σ_{k≥0} (−r)^k/(k+2) below 0.1 where
// the difference cancels (16 terms: the first left out is < 0.1^16/18).
func choG(r float64) float64 {
	if r < 0.1 {
		return r * r * choHorner(choGCoef[:], -r)
	}
	return r - math.Log1p(r)
}

// choDF is D_F(r) by its series r²Σ_{j≥0} (−1)^j (j+1) r^j/(j+2)!, for
// r < 0.5 where 1 − (1+r)e^{−r} cancels (16 terms: the first left out is
// < 17·0.5^16/18! < 5e-20).
func choDF(r float64) float64 { return r * r * choHorner(choDFCoef[:], -r) }

// choAgeR solves D_A(r) = r²/2 − 1 + (1+r)e^{−r} = y for r > 0, y > 0
// (seed 001 §5.5.4 for age: −∂Ā/∂f = D_A(λ/f)/λ² from eq. 5.5), and
// returns r and dr/d ln y = y/D_A'(r), D_A'(r) = r(1 − e^{−r}). D_A is
// convex and increasing (its second derivative 1 − e^{−r} + re^{−r} > 0), so Newton's
// method converges as in choFreshRz, and from a close warm start one step
// suffices. Cold start: (3y)^{1/3} (D_A ≤ r³/3: left of the root) below
// y = 1, √(2y + 2) (D_A ≥ r²/2 − 1: right of it) above.
func choAgeR(y, warm float64) (float64, float64) {
	if math.IsInf(y, 1) {
		return y, 0
	}
	r := warm
	if r > 0 {
		d, dp := choDA(r)
		if step := (d - y) / dp; math.Abs(step) <= 1e-8*r {
			return r - step, y / dp
		}
		if d > 8*y || d < y/8 {
			r = 0
		}
	}
	if !(r > 0) {
		if y < 1 {
			r = math.Cbrt(3 * y)
		} else {
			r = math.Sqrt(2*y + 2)
		}
	}
	dp := 0.0
	for range 100 {
		var d float64
		d, dp = choDA(r)
		step := (d - y) / dp
		next := r - step
		if !(next > 0) {
			next = r / 2
		}
		r = next
		if math.Abs(step) <= 1e-8*r {
			break
		}
	}
	return r, y / dp
}

// choDA returns D_A(r) and D_A'(r) = −r·expm1(−r). With m = e^{−r} − 1,
// D_A = r²/2 + r + (1+r)m, which cancels below r = 0.5; there it is the
// series r³Σ_{j≥0} (−1)^j (j+2) r^j/(j+3)! (15 terms: the first left out is
// < 16·0.5^15/18! < 8e-20).
func choDA(r float64) (float64, float64) {
	m := math.Expm1(-r)
	if r < 0.5 {
		return r * r * r * choHorner(choDACoef[:], -r), -r * m
	}
	return r*0.5*r + r + (1+r)*m, -r * m
}

// choHorner evaluates Σ c[k] x^k.
func choHorner(c []float64, x float64) float64 {
	s := 0.0
	for k := len(c) - 1; k >= 0; k-- {
		s = s*x + c[k]
	}
	return s
}

// Series coefficients: choGCoef[k] = 1/(k+2), choDFCoef[j] = (j+1)/(j+2)!,
// choDACoef[j] = (j+2)/(j+3)!.
var choGCoef, choDFCoef, choDACoef = func() (g, df [16]float64, da [15]float64) {
	fact := 1.0 // (k+2)! after the first line of the loop
	for k := range g {
		fact *= float64(k + 2)
		g[k] = 1 / float64(k+2)
		df[k] = float64(k+1) / fact
		if k < len(da) {
			da[k] = float64(k+2) / (fact * float64(k+3))
		}
	}
	return g, df, da
}()

// choTable holds r and dr/dx at x_k = x0 + k·h for cubic Hermite
// interpolation of the inverse of D_F or D_A. Against x = ln y, r grows
// like e^{x/2} or e^{x/3} and its derivatives are of the same size, so the
// relative error is about h⁴/6144 < 1e-11 at h = 1/64; it rises to ~2e-9
// at y = 0.5 (freshness), where the table against z = −ln(1−y) takes over
// (errors measured in the tests).
type choTable struct {
	x0, h, invH float64
	r, dr       []float64
}

func newChoTable(x0, x1 float64, solve func(x float64) (r, drdx float64)) *choTable {
	const h = 1.0 / 64
	n := int((x1-x0)/h) + 2 // one node past x1
	t := &choTable{x0: x0, h: h, invH: 1 / h, r: make([]float64, n), dr: make([]float64, n)}
	for k := range n {
		t.r[k], t.dr[k] = solve(x0 + float64(k)*h)
	}
	return t
}

// eval returns the interpolated r and dr/dx at x, and false outside the table.
func (t *choTable) eval(x float64) (r, drdx float64, ok bool) {
	u := (x - t.x0) * t.invH
	if !(u >= 0) || u >= float64(len(t.r)-1) {
		return 0, 0, false
	}
	k := int(u)
	p := u - float64(k)
	r0, r1 := t.r[k], t.r[k+1]
	d0, d1 := t.dr[k]*t.h, t.dr[k+1]*t.h
	q := 1 - p
	r = q*q*((1+2*p)*r0+p*d0) + p*p*((3-2*p)*r1-q*d1)
	drdx = (6*p*q*(r1-r0) + q*(1-3*p)*d0 + p*(3*p-2)*d1) * t.invH
	return r, drdx, true
}

// choFreshSplit is where the freshness tables meet. Against ln y, r has a
// logarithmic singularity at y = 1 that spoils the interpolation near it
// (1e-6 at y = 0.9, 2e-9 at y = 0.5).
const choFreshSplit = 0.5

// The tables: freshness against ln y for y in [e^{−60}, 0.5], and against
// z = −ln(1−y) for z in [ln 2, 40] (y = 1 − 2^{−53} gives z = 36.7); age
// against ln y for y in [e^{−60}, e^{60}]. Outside them pages are solved
// exactly.
var (
	choFreshTable = sync.OnceValue(func() *choTable {
		return newChoTable(-60, math.Log(choFreshSplit), func(u float64) (float64, float64) {
			return choFreshR(math.Exp(u), 0)
		})
	})
	choCutoffTable = sync.OnceValue(func() *choTable {
		return newChoTable(-math.Log1p(-choFreshSplit)-1.0/64, 40, func(z float64) (float64, float64) {
			r := choFreshRz(z, 0)
			return r, (1 + r) / r // 1/G'(r)
		})
	})
	choAgeTable = sync.OnceValue(func() *choTable {
		return newChoTable(-60, 60, func(u float64) (float64, float64) {
			return choAgeR(math.Exp(u), 0)
		})
	})
)
