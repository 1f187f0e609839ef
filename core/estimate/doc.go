// Package estimate turns per-URL fetch histories into change-rate
// estimates with 90% intervals, using the estimators of seed 001 ch. 6.
// Of chooses one per URL and says why: the last-modified estimator with
// Fig. 6.14's bias reduction (§6.5) when most visits carry a usable
// Last-Modified date; Cho's improved estimator −log((X̄+0.5)/(n+0.5))
// (§6.4.2) when the fetches are evenly spaced; otherwise the
// maximum-likelihood estimator of eq. 6.3 (§6.4.3) with a bias-reducing
// adjustment that makes it the improved estimator again at equal gaps.
// The naive X/T (§6.4.1) is reported alongside for comparison. Intervals
// are exact test inversions (Clopper–Pearson, its Poisson-binomial
// generalisation, Garwood), open on the side the data cannot bound, and
// pages whose interval is too wide get the revisit interval that would
// estimate them best (r ≈ 1.5, §6.4.2 example 6.4). Categorize places a
// page in user-named frequency classes by Bayesian inference (§6.6).
package estimate
