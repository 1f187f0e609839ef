package estimate

import "math"

// BestRatio is the frequency ratio r = λ × access interval at which the
// improved estimator's relative spread σ/r is smallest within its
// unbiased range (seed 001 §6.4.2: "σ/r takes its minimum at r ≈ 1.5",
// Fig. 6.7; example 6.4 revisits a weekly page every 7 × 1.5 ≈ 10 days).
const BestRatio = 1.5

// WideRatio is the High/Low ratio above which an interval is too wide to
// plan with: beyond it the 90% interval spans more than an order of
// magnitude and cannot tell a daily page from a weekly one (a factor of
// 7), let alone the weekly and monthly classes of seed 001 example 6.7.
// At the best access rate (r ≈ 1.5) ten visits give a ratio of about 5,
// so the threshold flags pages whose visits are badly placed, not merely
// few.
const WideRatio = 10

// TooWide reports whether the interval [low, high] is too wide to plan
// with: open-ended (high = +Inf), anchored at 0 (no change seen, an upper
// bound only) or spanning more than WideRatio.
func TooWide(low, high float64) bool {
	return !(low > 0) || math.IsInf(high, 1) || !(high <= WideRatio*low)
}

// Suggest returns the access interval in days that would estimate a page
// best, BestRatio/λ (seed 001 §6.4.2 example 6.4), when its 90% interval
// [low, high] is TooWide; 0 when it is not, or when nothing was observed
// (spanDays not positive). rate is the estimate in changes per day. With
// no change seen (rate 0) the guess for λ is ln 2/spanDays, the rate at
// which seeing no change in spanDays is as likely as not (the
// median-unbiased estimate), so the suggestion, 2.16 × the span watched,
// lengthens the visits step by step while the page stays unchanged, the
// adaptive scheme of seed 001 §6.7.
func Suggest(rate, low, high, spanDays float64) float64 {
	if !(spanDays > 0) || math.IsInf(spanDays, 1) || !TooWide(low, high) {
		return 0
	}
	guess := rate
	if !(guess > 0) || math.IsInf(guess, 1) {
		guess = math.Ln2 / spanDays
	}
	return BestRatio / guess
}
