package estimate

import "math"

// MLE returns the maximum-likelihood change rate of seed 001 §6.4.3 for a
// page visited after the intervals ts (irregular access), changed[i]
// telling whether the visit closing ts[i] found a change: the root λ of
// eq. 6.3,
//
//	Σ_i t_ci/(e^{λ t_ci} − 1) = Σ_j t_uj,
//
// t_ci the intervals that ended in a detected change, t_uj the others, in
// changes per unit of ts. Example 6.5's changes after 6 h and 3 h and none
// after 4 h and 7 h give 2.67 changes per 20 hours.
//
// The left side falls from +∞ to 0 as λ grows, so the root is unique; it
// is bracketed by X/(U + C/2) ≤ λ̂ ≤ X/U (U = Σt_uj, C = Σt_ci, from
// 1 − x/2 ≤ x/(e^x − 1) ≤ 1) and found by Brent's method. No change
// (X = 0) gives 0. A change after every interval (X = n) leaves eq. 6.3
// without a finite root (the likelihood grows for ever); MLE then returns
// AdjustedMLE's finite value, which is the seed's own remedy (§6.4.2's
// 0.5) generalised, and high = +Inf says the rate may be any larger.
//
// low and high bound a 90% interval from the exact test on the number of
// changes (see binaryInterval). Entries whose interval is not a positive
// finite number are skipped, and extra entries of the longer slice are
// ignored; with nothing left MLE returns 0, 0, +Inf.
func MLE(ts []float64, changed []bool) (rate, low, high float64) {
	ts, changed = usable(ts, changed)
	x, unchanged, changedSum := tally(ts, changed)
	low, high = binaryInterval(ts, changed)
	switch {
	case len(ts) == 0 || x == 0:
		return 0, low, high
	case x == len(ts):
		rate = adjustedRoot(ts, changed, x, unchanged, changedSum)
		return rate, min(low, rate), high
	}
	// seed 001 §6.4.3 eq. 6.3: Σ t_c/(e^{λt_c} − 1) − Σ t_u = 0
	score := func(l float64) float64 {
		s := -unchanged
		for i, t := range ts {
			if changed[i] {
				s += t / math.Expm1(l*t)
			}
		}
		return s
	}
	linear := func(l float64) float64 { return l * score(l) } // nearly linear: fast convergence
	lo, hi := float64(x)/(unchanged+changedSum/2), float64(x)/unchanged
	rate = root(linear, lo, hi, linear(lo), linear(hi), 1e-12*hi)
	return rate, min(low, rate), max(high, rate)
}

// AdjustedMLE returns eq. 6.3's rate with the bias-reducing adjustment of
// the score (D. Firth, Biometrika 80, 1993), the rate the estimator
// chooses for irregular access:
//
//	Σ_i t_ci/(e^{λ t_ci} − 1) − Σ_j t_uj − ½ Σ_k t_k³ w_k / Σ_k t_k² w_k = 0,
//	w_k = 1/(e^{λ t_k} − 1), k over all intervals.
//
// The last term is −I(λ)·b(λ), the Fisher information Σ t_k² w_k times the
// first-order bias of the MLE, ½ Σ t_k³ w_k / I² (D. R. Cox and
// E. J. Snell, JRSS B 30, 1968, for the binary visits of seed 001 §6.4.1
// Lemma 6.1). It acts as half an extra unchanged visit, of a length
// weighted towards the informative intervals. With equal intervals t it
// is exactly ½t, and the root is Cho's improved estimator
// −log((X̄ + 0.5)/(n + 0.5))/t (seed 001 §6.4.2): the 0.5s Cho chose to
// make E[r̂] ≈ r (Fig. 6.4) are this adjustment, where eq. 6.3 alone
// reduces to −log(X̄/n)/t (§6.4.3, third reason). Unlike eq. 6.3 it
// always has a finite root when X ≥ 1, and it removes the MLE's upward
// bias at small n: with Poisson-distributed gaps and 9 intervals the mean
// λ̂/λ is within 3% of 1 for r ≤ 2 where eq. 6.3 alone is 15–40% high
// (TestAdjustment).
//
// The root is bracketed by X/(U + C/2 + t_max/2) and X/(U + t_min/2) (the
// same inequalities, the adjustment lying between t_min/2 and t_max/2)
// and found by Brent's method. Interval, skipping and degenerate cases are
// as for MLE.
func AdjustedMLE(ts []float64, changed []bool) (rate, low, high float64) {
	ts, changed = usable(ts, changed)
	x, unchanged, changedSum := tally(ts, changed)
	low, high = binaryInterval(ts, changed)
	if len(ts) == 0 || x == 0 {
		return 0, low, high
	}
	rate = adjustedRoot(ts, changed, x, unchanged, changedSum)
	return rate, min(low, rate), max(high, rate)
}

// adjustedRoot solves AdjustedMLE's equation for x ≥ 1 changes.
func adjustedRoot(ts []float64, changed []bool, x int, unchanged, changedSum float64) float64 {
	tmin, tmax := math.Inf(1), 0.0
	for _, t := range ts {
		tmin, tmax = min(tmin, t), max(tmax, t)
	}
	// eq. 6.3 plus Firth's −I·b; as λt → ∞ the weights vanish and the
	// ratio tends to the shortest interval
	score := func(l float64) float64 {
		s, s2, s3 := -unchanged, 0.0, 0.0
		for i, t := range ts {
			w := 1 / math.Expm1(l*t)
			if changed[i] {
				s += t * w
			}
			s2 += t * t * w
			s3 += t * t * t * w
		}
		if s2 == 0 || math.IsInf(s2, 1) {
			return s - tmin/2
		}
		return s - s3/(2*s2)
	}
	// λ·score is nearly linear in λ (X − λ(U + …)), so Brent's
	// interpolation converges in a few steps
	linear := func(l float64) float64 { return l * score(l) }
	lo := float64(x) / (unchanged + changedSum/2 + tmax/2)
	hi := float64(x) / (unchanged + tmin/2)
	return root(linear, lo, hi, linear(lo), linear(hi), 1e-12*hi)
}

// usable returns the entries of ts and changed whose interval is a
// positive finite number, sharing storage with the input when all are.
func usable(ts []float64, changed []bool) ([]float64, []bool) {
	n := min(len(ts), len(changed))
	ts, changed = ts[:n], changed[:n]
	for _, t := range ts {
		if !(t > 0) || math.IsInf(t, 1) {
			var ok []float64
			var okc []bool
			for i, t := range ts {
				if t > 0 && !math.IsInf(t, 1) {
					ok = append(ok, t)
					okc = append(okc, changed[i])
				}
			}
			return ok, okc
		}
	}
	return ts, changed
}

// tally returns the number of changes and the summed lengths of the
// unchanged and changed intervals.
func tally(ts []float64, changed []bool) (x int, unchanged, changedSum float64) {
	for i, t := range ts {
		if changed[i] {
			x++
			changedSum += t
		} else {
			unchanged += t
		}
	}
	return x, unchanged, changedSum
}
