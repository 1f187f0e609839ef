// Package renewal computes the staleness of a page whose updates are not
// Poisson: a renewal process with any distribution G of the time between
// updates (seed 003 §2.1, §2.3.2), with the exponential, Pareto and
// Weibull families of seed 003 §4, and quasi-deterministic pages that may
// change only at known times of the horizon (seed 003 §2.3.3).
//
// For a renewal page the time from any fixed instant to the next update
// follows the equilibrium (residual-life) distribution
// Ḡₑ(s) = λ∫ₛ^∞ Ḡ(u) du, because the process is stationary (seed 003 §2.1,
// eqs. 1–2, with g_B(v) = λḠ(v)). So a copy fetched at t_j is stale at
// t_j + s with probability 1 − Ḡₑ(s), the integrand of seed 003 eq. 3,
// and a gap of length g between two fetches is stale for a time
//
//	φ(g) = ∫₀^g (1 − Ḡₑ(s)) ds = λ∫₀^g (g − u) Ḡ(u) du.
//
// φ″(g) = λḠ(g) ≥ 0, so φ is convex: for x fetches the equally spaced
// ones are optimal (seed 003 §2.3.2), and A(x) = (n/T)·φ(T/n), with n the
// number of gaps, is convex in x (it is the perspective of φ), for every
// G. The two models of core/staleness apply (SPEC §5): Horizon, a fresh
// copy at 0 and the last gap running to T (seed 003 eq. 3 with t₀ = 0,
// n = x + 1), and Steady, the plan repeating every horizon (gaps wrap,
// n = x, and a page never fetched is stale for good). For exponential G
// both reduce to core/staleness.Equal (seed 003 eq. 14, seed 001 eq. 5.4).
//
// A quasi-deterministic page has potential update times u_1 < … < u_Q
// with probabilities k_j; its staleness is seed 003 eqs. 17–18, and
// Quasi.Greedy builds A(x) by the paper's greedy over fetch positions just
// after the potential update times.
package renewal
