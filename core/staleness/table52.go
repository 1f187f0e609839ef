package staleness

import "math"

// The closed forms of seed 001 §5.4 Table 5.2: the time-average freshness
// F̄ and age Ā of a page whose changes are a Poisson process of rate λ and
// which is synchronized on average f times per unit time, with r = λ/f and
// I = 1/f:
//
//	policy         F̄                      Ā
//	fixed order    (1−e^{−r})/r           I(1/2 − 1/r + (1−e^{−r})/r²)
//	random order   (1/r)(1 − ((1−e^{−r})/r)²)
//	                                      I(1/3 + (1/2 − 1/r)² − ((1−e^{−r})/r²)²)
//	purely random  1/(1+r)                I·r/(1+r)
//
// Ages are in the time unit of 1/f (and of 1/λ). Edge cases: λ = 0 gives
// F̄ = 1 and Ā = 0 (for any f); f = 0 with λ > 0 gives F̄ = 0 and Ā = +Inf;
// f = +Inf gives F̄ = 1 and Ā = 0. A negative or NaN argument, or λ = f =
// +Inf, gives NaN. Where the formulas cancel for small r (r < 1/2 or 1)
// their Taylor series are summed instead.

// FixedOrderFreshness is F̄ = (1 − e^{−r})/r for the fixed-order policy, each
// page synchronized every 1/f exactly (seed 001 §5.4.1, Table 5.2; eq. 5.4).
func FixedOrderFreshness(lambda, f float64) float64 {
	r, ok := t52Ratio(lambda, f)
	if !ok {
		return r
	}
	return t52G1(r)
}

// RandomOrderFreshness is F̄ = (1/r)(1 − ((1−e^{−r})/r)²) for the
// random-order policy, all pages synchronized once per period I in a fresh
// random permutation each period (seed 001 §5.4.2, Lemma 5.1, Table 5.2).
func RandomOrderFreshness(lambda, f float64) float64 {
	r, ok := t52Ratio(lambda, f)
	if !ok {
		return r
	}
	if math.IsInf(r, 1) {
		return 0
	}
	// (1/r)(1 − g1²) = ((1 − g1)/r)(1 + g1) = g2(r)(1 + g1(r)).
	return t52G2(r) * (1 + t52G1(r))
}

// PurelyRandomFreshness is F̄ = 1/(1+r) for the purely-random policy,
// synchronizations a Poisson process of rate f (seed 001 §5.4.3, Table 5.2).
func PurelyRandomFreshness(lambda, f float64) float64 {
	r, ok := t52Ratio(lambda, f)
	if !ok {
		return r
	}
	return 1 / (1 + r)
}

// FixedOrderAge is Ā = I(1/2 − 1/r + (1−e^{−r})/r²) for the fixed-order
// policy (seed 001 §5.4.1, Table 5.2; eq. 5.5), in the time unit of 1/f.
func FixedOrderAge(lambda, f float64) float64 {
	r, ok := t52Ratio(lambda, f)
	if !ok {
		return t52AgeEdge(r, lambda)
	}
	return t52FixedAgeFactor(r) / f
}

// RandomOrderAge is Ā = I(1/3 + (1/2 − 1/r)² − ((1−e^{−r})/r²)²) for the
// random-order policy (seed 001 §5.4.2, Table 5.2), in the time unit of 1/f.
func RandomOrderAge(lambda, f float64) float64 {
	r, ok := t52Ratio(lambda, f)
	if !ok {
		return t52AgeEdge(r, lambda)
	}
	return t52RandomAgeFactor(r) / f
}

// PurelyRandomAge is Ā = I·r/(1+r) for the purely-random policy (seed 001
// §5.4.3, Table 5.2), in the time unit of 1/f.
func PurelyRandomAge(lambda, f float64) float64 {
	r, ok := t52Ratio(lambda, f)
	if !ok {
		return t52AgeEdge(r, lambda)
	}
	if math.IsInf(r, 1) {
		return 1 / f
	}
	return r / (1 + r) / f
}

// t52Ratio returns r = λ/f and true, or, when the closed form does not
// apply, the freshness (NaN, 1 for λ = 0, 0 for f = 0) and false.
func t52Ratio(lambda, f float64) (float64, bool) {
	switch {
	case math.IsNaN(lambda) || math.IsNaN(f) || lambda < 0 || f < 0:
		return math.NaN(), false
	case lambda == 0:
		return 1, false // never changes: always fresh
	case f == 0:
		return 0, false // changes and is never synchronized
	case math.IsInf(lambda, 1) && math.IsInf(f, 1):
		return math.NaN(), false
	}
	return lambda / f, true
}

// t52AgeEdge maps t52Ratio's edge-case freshness to the age.
func t52AgeEdge(fresh, lambda float64) float64 {
	switch {
	case math.IsNaN(fresh):
		return fresh
	case lambda == 0:
		return 0
	}
	return math.Inf(1)
}

// t52G1 is (1 − e^{−r})/r, 1 at r = 0; −expm1(−r) keeps it exact for small r.
func t52G1(r float64) float64 {
	switch {
	case r == 0:
		return 1
	case math.IsInf(r, 1):
		return 0
	}
	return -math.Expm1(-r) / r
}

// t52G2 is (r − 1 + e^{−r})/r² = Σ_{k≥0} (−r)^k/(k+2)!, 1/2 at r = 0.
func t52G2(r float64) float64 {
	switch {
	case math.IsInf(r, 1):
		return 0
	case r < 1:
		// 18 terms: the first one left out is below r^18/20! < 5e-19.
		s := 0.0
		for k := 17; k >= 0; k-- {
			s = s*(-r) + t52InvFact[k+2]
		}
		return s
	}
	return (1 - t52G1(r)) / r // no overflow of r² for huge r
}

// t52FixedAgeFactor is f·Ā for fixed order: 1/2 − 1/r + (1−e^{−r})/r² =
// 1/2 − g2(r) = r·Σ_{k≥0} (−r)^k/(k+3)!, which tends to 1/2 as r → ∞.
func t52FixedAgeFactor(r float64) float64 {
	switch {
	case math.IsInf(r, 1):
		return 0.5
	case r < 1:
		// 17 terms: the first one left out is below r^17/20! < 5e-19.
		s := 0.0
		for k := 16; k >= 0; k-- {
			s = s*(-r) + t52InvFact[k+3]
		}
		return r * s
	}
	return 0.5 - t52G2(r)
}

// t52RandomAgeFactor is f·Ā for random order. Table 5.2's
// 1/3 + (1/2 − 1/r)² − ((1−e^{−r})/r²)² equals 7/12 − (1 − g2(1+g1))/r,
// which cancels for small r; there it is the series
// r·Σ_{k≥0} (−r)^k E[V^{k+3}]/(k+3)!, V = W/I the triangular gap of
// Lemma 5.1 on [0, 2] with E[V^m] = (2^{m+2} − 2)/((m+1)(m+2)). It tends to
// 7/12 as r → ∞.
func t52RandomAgeFactor(r float64) float64 {
	switch {
	case math.IsInf(r, 1):
		return 7.0 / 12
	case r < 0.5:
		// 18 terms: the first one left out is below 2^23·r^18/(22·23·21!) < 2e-19.
		s := 0.0
		for k := len(t52RandomAgeCoef) - 1; k >= 0; k-- {
			s = s*(-r) + t52RandomAgeCoef[k]
		}
		return r * s
	}
	return 7.0/12 - (1-t52G2(r)*(1+t52G1(r)))/r
}

// t52RandomAgeCoef[k] = E[V^{k+3}]/(k+3)!, E[V^m] = (2^{m+2} − 2)/((m+1)(m+2)).
var t52RandomAgeCoef = func() [18]float64 {
	var c [18]float64
	for k := range c {
		m := float64(k + 3)
		c[k] = (math.Exp2(m+2) - 2) / ((m + 1) * (m + 2)) * t52InvFact[k+3]
	}
	return c
}()

// t52InvFact[k] = 1/k!.
var t52InvFact = func() [24]float64 {
	var t [24]float64
	t[0] = 1
	for k := 1; k < len(t); k++ {
		t[k] = t[k-1] / float64(k)
	}
	return t
}()
