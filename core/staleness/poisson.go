package staleness

import "math"

// StaleGap returns the time-average probability that a copy is stale over
// a gap of length g between two visits, for Poisson changes of rate λ, as a
// function of y = λg: s(y) = 1 − (1 − e^{−y})/y.
//
// It is one minus the fixed-order freshness F̄ of seed 001 §5.3 eq. 5.4
// with r = λ/f = y, and the integrand of seed 003 eq. 10 integrated over
// one gap. For small y it uses the series y/2 − y²/6 + y³/24 − y⁴/120,
// whose next term is below 1e-17·y for y < 1e-3, to avoid cancellation.
func StaleGap(y float64) float64 {
	switch {
	case y <= 0:
		return 0
	case math.IsInf(y, 1):
		return 1
	case y < 1e-3:
		return y * (0.5 - y*(1.0/6-y*(1.0/24-y/120)))
	}
	return 1 + math.Expm1(-y)/y
}

// AgeGap returns the time-average age over a gap of length g between two
// visits, in units of 1/λ, as a function of y = λg:
// q(y) = y/2 − 1 + (1 − e^{−y})/y, so the age in time units is q(λg)/λ.
//
// seed 001 §5.3: the expected age at time t after a visit is
// t − (1 − e^{−λt})/λ; averaging it over [0, g] gives q(λg)/λ, which is
// Table 5.2's fixed-order age (1/f)(1/2 − 1/r + (1 − e^{−r})/r²) with
// g = 1/f, r = λg. For small y the series y²/6 − y³/24 + y⁴/120 − y⁵/720
// avoids cancellation.
func AgeGap(y float64) float64 {
	switch {
	case y <= 0:
		return 0
	case math.IsInf(y, 1):
		return math.Inf(1)
	case y < 1e-2:
		return y * y * (1.0/6 - y*(1.0/24-y*(1.0/120-y/720)))
	}
	return y/2 - 1 - math.Expm1(-y)/y
}

// gaps returns the number of gaps that x equally spaced visits make in one
// horizon: x under the steady model (the gaps wrap around T), x + 1 under
// the horizon model (a fresh copy at 0, the last gap running to T).
func (m Model) gaps(x float64) float64 {
	if m == Horizon {
		return x + 1
	}
	return x
}

// Equal returns the time-average staleness (obj == Stale), age in
// seconds (obj == Age) or harmonic penalty (obj == Harmonic) of a page with Poisson change rate lambda (changes
// per second), visited x times per horizon of T seconds at equally spaced
// times, the best placement of x visits for a Poisson page (seed 003 §2.3).
//
// Horizon model: seed 003 eq. 14, A(x) = 1 + (x+1)/(λT)·(e^{−λT/(x+1)} − 1),
// as quoted in seed 000 §4. Steady model: 1 − F̄(λ, x/T), seed 001 eq. 5.4;
// a page with changes and no visit is stale for good (1, or infinite age).
// x may be fractional (a frequency times T, for Cho's policy).
func Equal(m Model, obj Objective, lambda, T, x float64) float64 {
	if lambda <= 0 {
		return 0
	}
	n := m.gaps(x)
	if n <= 0 {
		return obj.never()
	}
	return obj.value(obj.gap(lambda*T/n), lambda)
}

// Realized returns the time-average staleness (obj == Stale) or age in
// seconds (obj == Age) over one horizon [0, T] of a Poisson page of rate
// lambda visited at the given times, which must be sorted and inside
// [0, T].
//
// Horizon model: seed 003 eq. 10 with t₀ = 0 (a fresh copy at time 0) and
// the last gap running to T: each gap g contributes g·s(λg). Steady model:
// the schedule repeats every T, so the last gap wraps around to the first
// visit of the next horizon; with no visit the copy is stale for good.
func Realized(m Model, obj Objective, lambda, T float64, times []float64) float64 {
	if lambda <= 0 {
		return 0
	}
	var sum float64
	add := func(g float64) {
		if g > 0 {
			sum += g * obj.gap(lambda*g)
		}
	}
	if len(times) == 0 {
		if m == Steady {
			return obj.never()
		}
		add(T)
	} else {
		prev := 0.0
		if m == Steady {
			prev = times[len(times)-1] - T
		}
		for _, t := range times {
			add(t - prev)
			prev = t
		}
		if m == Horizon {
			add(T - prev)
		}
	}
	return obj.value(sum/T, lambda)
}
