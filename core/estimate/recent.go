package estimate

import (
	"fmt"
	"math"

	"github.com/freshplan/freshplan/core/observe"
	"gonum.org/v1/gonum/stat/distuv"
)

// EstimatorRecent is the name Estimate.Estimator takes from Recent.
const EstimatorRecent = "recent"

// Recent estimates λ like Of, but weighting each observed interval by
// 2^(−age/halfLife), age = now − the interval's end, halfLife in days:
// for pages whose rate drifts (seed 001 §6.7, "Changing λ"), such as a
// proposal that changes a lot while drafted and then freezes.
//
// The rate maximises the weighted Poisson-interval log-likelihood of seed
// 001 §6.4.3 (eq. 6.3's likelihood, each term weighted) plus Cho's 0.5
// pseudo-counts (§6.4.2) entered as half an unchanged interval of the
// weighted mean length t̄ = Σw_i t_i / Σw_i:
//
//	ℓ(λ) = Σ_i w_i [c_i log(1 − e^{−λ t_i}) − (1 − c_i) λ t_i] − ½ t̄ λ,
//
// t_i the intervals in days, c_i whether the visit closing t_i saw a
// change. Its score, Σ w_i c_i t_i/(e^{λ t_i} − 1) − Σ w_i (1−c_i) t_i − ½t̄,
// falls strictly with λ; the root is bracketed as in MLE,
// X_w/(U_w + ½t̄ + C_w/2) ≤ λ̂ ≤ X_w/(U_w + ½t̄) (X_w, U_w, C_w the
// weighted change count and unchanged and changed lengths), and found
// with root. With equal intervals t and all weights 1 it is exactly
// Improved's −log((X̄ + 0.5)/(n + 0.5))/t (the score gives
// e^{λt} − 1 = X/(X̄ + 0.5)); with halfLife → ∞ it is therefore Of's
// choice for regular access, and for irregular access it differs from
// AdjustedMLE only in the length of the half interval (t̄/2 rather than
// Firth's information-weighted length between t_min/2 and t_max/2).
// No weighted change gives 0, as Improved does (a prior, see Smooth,
// handles it); a change at every visit gives a finite rate thanks to the
// pseudo-count.
//
// Weights are taken relative to the newest interval (ages below 0 count
// as 0, and the newest interval has weight 1): a now after the last fetch
// scales every weight alike, and time without visits is not evidence of
// anything, so it moves neither the estimate nor its interval; it also
// keeps old weights from underflowing all together. NaN or ±Inf now means
// the last fetch time.
//
// Low and High are Improved's Clopper–Pearson interval (Tail each side)
// on the effective counts: Kish's effective sample size
// n_eff = (Σw)²/Σw² (L. Kish, Survey Sampling, 1965) and
// X_eff = n_eff·X_w/Σw, with the Beta quantiles taken at these real
// parameters rather than rounded, mapped to rates by r/t̄. Down-weighting
// the past thus widens the interval as the data thin, and with all
// weights 1 and equal intervals it is Improved's interval exactly. Rate
// is clamped into [Low, High] for unequal intervals, where r/t̄ is only
// an approximation to the scale.
//
// Visits, Changes, SpanDays and Naive are unweighted, as Of fills them;
// Used is Visits; Last-Modified is not used. A history Of cannot
// estimate (fewer than two fetches, bad fetch times), and halfLifeDays
// ≤ 0 or NaN, return Of(h, now) unchanged. Recent never returns NaN.
func Recent(h observe.History, now, halfLifeDays float64) Estimate {
	if !(halfLifeDays > 0) {
		return Of(h, now)
	}
	sc := getScratch()
	defer putScratch(sc)
	gaps, changed, bad := intervals(h.Fetches, sc)
	if bad > 0 || len(gaps) == 0 {
		return Of(h, now)
	}
	fs := h.Fetches
	n := len(gaps)
	e := Estimate{Estimator: EstimatorRecent, Visits: n, Used: n}
	for _, c := range changed {
		if c {
			e.Changes++
		}
	}
	e.SpanDays = (fs[n].At - fs[0].At) / secondsPerDay
	e.Naive = Naive(e.Changes, e.SpanDays)
	e.Reason = fmt.Sprintf("recency-weighted, half-life %.3g days (seed 001 §6.7, eq. 6.3 weighted)", halfLifeDays)

	w := recentWeights(fs, now, halfLifeDays, sc)
	e.Rate, e.Low, e.High = recentRate(gaps, changed, w)
	e.SuggestedIntervalDays = Suggest(e.Rate, e.Low, e.High, e.SpanDays)
	return e
}

// recentWeights returns the weight 2^(−age/halfLife) of each interval
// between the fetches fs (finite, strictly increasing, at least two),
// age in days from the interval's end to now (the last fetch when now is
// not finite), clamped at 0 and taken relative to the newest interval,
// whose weight is thus 1.
//
// With every fetch before now, an interval's age relative to the newest
// is the days from its end to the last fetch, whatever now is, and is
// computed so: taken as (now − end) − (now − last) it rounded differently
// with each now, and the CLI's now is the clock's — the same log gave
// other digits from one run to the next.
func recentWeights(fs []observe.Fetch, now, halfLife float64, sc *scratch) []float64 {
	last := fs[len(fs)-1].At
	ref := last // where ages are counted from: now when some fetch is after it
	if now < last && !math.IsInf(now, -1) {
		ref = now
	}
	w := sized(sc.weights, len(fs)-1)
	sc.weights = w
	for i := range w {
		x := max(ref-fs[i+1].At, 0) / secondsPerDay / halfLife // 0 for halfLife = +Inf
		if math.IsNaN(x) {
			x = 0
		}
		w[i] = math.Exp2(-x)
	}
	return w
}

// recentRate returns Recent's rate and 90% interval for the positive
// finite intervals ts, their change flags and weights w in (0, 1], the
// largest being 1.
func recentRate(ts []float64, changed []bool, w []float64) (rate, low, high float64) {
	var sw, sw2, swt, xw, uw, cw float64
	for i, t := range ts {
		sw += w[i]
		sw2 += w[i] * w[i]
		swt += w[i] * t
		if changed[i] {
			xw += w[i]
			cw += w[i] * t
		} else {
			uw += w[i] * t
		}
	}
	mean := swt / sw        // weighted mean interval t̄
	pseudo := mean / 2      // Cho's 0.5: half an unchanged interval
	nEff := sw * (sw / sw2) // Kish
	xEff := xw * (sw / sw2) // n_eff·X_w/Σw
	if xw == sw {
		xEff = nEff // every visit changed: keep the open upper end exact
	}
	lowR, highR := clopperPearsonReal(nEff, xEff)
	low, high = lowR/mean, highR/mean
	if !(xw > 0) {
		return 0, 0, high
	}
	score := func(l float64) float64 {
		s := -uw - pseudo
		for i, t := range ts {
			if changed[i] {
				s += w[i] * t / math.Expm1(l*t)
			}
		}
		return s
	}
	linear := func(l float64) float64 { return l * score(l) } // nearly linear, as in MLE
	lo, hi := xw/(uw+pseudo+cw/2), xw/(uw+pseudo)
	rate = root(linear, lo, hi, linear(lo), linear(hi), 1e-13*hi)
	return rate, min(low, rate), max(high, rate)
}

// clopperPearsonReal is clopperPearsonR for real effective counts
// 0 ≤ x ≤ n, n > 0: the Beta quantiles of the Clopper–Pearson limits
// taken at non-integer parameters. It equals clopperPearsonR at integers
// (the lower limit taken through 1 − q, which keeps its precision when
// the effective count of changes is tiny).
func clopperPearsonReal(n, x float64) (low, high float64) {
	u := n - x
	low, high = 0, math.Inf(1)
	if x > 0 {
		// the change probability 1 − q, for precision at small rates
		low = -math.Log1p(-distuv.Beta{Alpha: x, Beta: u + 1}.Quantile(Tail))
	}
	if u > 0 {
		if x == 0 {
			high = -math.Log(Tail) / n
		} else {
			high = -math.Log(distuv.Beta{Alpha: u, Beta: x + 1}.Quantile(Tail))
		}
	}
	if math.IsNaN(low) {
		low = 0
	}
	if math.IsNaN(high) {
		high = math.Inf(1)
	}
	return max(low, 0), high
}
