// Package staleness computes how out of date a page's copy is under a
// revisit policy: the time-average probability that the copy differs from
// the live page (staleness, 1 − freshness), and the time-average age.
//
// Changes follow a Poisson process of rate λ (seed 001 ch. 4). Two models
// of the crawl horizon [0, T] are offered (SPEC §5):
//
//   - Steady: the plan repeats every horizon, so visit gaps wrap around T;
//     x equally spaced visits give staleness 1 − F̄(λ, x/T) (seed 001
//     §5.3 eq. 5.4, fixed order); a page never visited is stale for good.
//   - Horizon: the papers' model, a fresh copy at t = 0 and the last gap
//     running to T (seed 003 eq. 10 with t₀ = 0; seed 003 eq. 14 for x
//     equally spaced visits).
//
// It also gives the closed forms of seed 001 Table 5.2 for the fixed-order,
// random-order and purely-random synchronization policies.
package staleness
