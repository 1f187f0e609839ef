package estimate

import "math"

// root returns a zero of f inside [a, b], where fa = f(a) and fb = f(b)
// have opposite signs (or one of them is 0), to within tol in x. It is
// Brent's method (R. P. Brent, Algorithms for Minimization without
// Derivatives, 1973, ch. 4; the zeroin/zbrent form): inverse quadratic or
// secant steps, replaced by bisection whenever they would leave the
// bracket or shrink it too slowly, so it never leaves [a, b] and never
// needs more than about (log2((b−a)/tol))² evaluations. With no sign
// change it returns the end with the smaller |f|; it gives up after 200
// steps, returning its best point, so it always terminates.
func root(f func(float64) float64, a, b, fa, fb, tol float64) float64 {
	switch {
	case fa == 0:
		return a
	case fb == 0:
		return b
	case (fa > 0) == (fb > 0) || math.IsNaN(fa) || math.IsNaN(fb):
		if math.Abs(fa) < math.Abs(fb) {
			return a
		}
		return b
	}
	c, fc := b, fb
	var d, e float64
	for range 200 {
		if (fb > 0) == (fc > 0) {
			c, fc = a, fa // keep the root between b and c
			d = b - a
			e = d
		}
		if math.Abs(fc) < math.Abs(fb) { // b is the best point so far
			a, b, c = b, c, b
			fa, fb, fc = fb, fc, fb
		}
		tol1 := 2*0x1p-52*math.Abs(b) + 0.5*tol
		m := 0.5 * (c - b)
		if math.Abs(m) <= tol1 || fb == 0 {
			return b
		}
		if math.Abs(e) >= tol1 && math.Abs(fa) > math.Abs(fb) {
			s := fb / fa
			var p, q float64
			if a == c { // secant
				p = 2 * m * s
				q = 1 - s
			} else { // inverse quadratic interpolation
				q = fa / fc
				r := fb / fc
				p = s * (2*m*q*(q-r) - (b-a)*(r-1))
				q = (q - 1) * (r - 1) * (s - 1)
			}
			if p > 0 {
				q = -q
			} else {
				p = -p
			}
			if 2*p < math.Min(3*m*q-math.Abs(tol1*q), math.Abs(e*q)) {
				e = d
				d = p / q
			} else { // interpolation failed: bisect
				d = m
				e = m
			}
		} else { // bounds shrinking too slowly: bisect
			d = m
			e = m
		}
		a, fa = b, fb
		if math.Abs(d) > tol1 {
			b += d
		} else {
			b += math.Copysign(tol1, m)
		}
		fb = f(b)
		if math.IsNaN(fb) {
			return a
		}
	}
	return b
}

// rootLog returns the λ > 0 where the increasing function f crosses
// zero, searching outward from guess for a bracket (steps in log λ of
// 0.25, doubling each time, so a good guess costs two or three
// evaluations and a bad one a few more) and then running root on log λ,
// to a relative precision of about 1e-10. If f has the same sign from
// 1e-300 to 1e300 it returns the end nearer the crossing (f > 0
// everywhere: the smallest; f < 0: the largest).
func rootLog(f func(float64) float64, guess float64) float64 {
	if !(guess > 0) || math.IsInf(guess, 0) {
		guess = 1
	}
	g := func(u float64) float64 { return f(math.Exp(u)) }
	const lowest, highest = -690.0, 690.0 // e^±690 ≈ 10^±300
	u := min(max(math.Log(guess), lowest), highest)
	lo, hi := u, u
	flo := g(u)
	fhi := flo
	for step := 0.25; flo > 0 && lo > lowest; step *= 2 {
		hi, fhi = lo, flo
		lo = math.Max(lo-step, lowest)
		flo = g(lo)
	}
	for step := 0.25; fhi < 0 && hi < highest; step *= 2 {
		lo, flo = hi, fhi
		hi = math.Min(hi+step, highest)
		fhi = g(hi)
	}
	switch {
	case flo > 0:
		return math.Exp(lo)
	case fhi < 0:
		return math.Exp(hi)
	}
	return math.Exp(root(g, lo, hi, flo, fhi, 1e-10))
}
