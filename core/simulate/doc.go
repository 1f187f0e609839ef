// Package simulate replays a schedule against change processes sampled per
// page, many times, and reports the weighted mean staleness, freshness and
// age with a 95% confidence interval: the simulated counterpart of the
// analytical figures of package staleness, and the only figures available
// for pages whose changes are not Poisson.
//
// Each page's updates follow a Process: Poisson (seed 001 ch. 4), a
// renewal process with Pareto or Weibull inter-update times (seed 003 §4),
// or the quasi-deterministic process of seed 003 §2.3.3 (potential update
// times in every horizon, each realised with its own probability). A visit
// at time v sees every update at a time ≤ v; between visits the copy is
// stale from the first update after the last visit (seed 003 eq. 1) and its
// age grows from that update (seed 001 §5.2 Definition 5.2).
//
// The two models of package staleness (SPEC §5):
//
//   - Horizon: a fresh copy at t = 0, the process in its stationary state
//     at 0 (seed 003 §2.1: an equilibrium renewal process), measured over
//     [0, T) with the schedule run once.
//   - Steady: the schedule repeats every T forever. A run starts at the
//     page's first visit t₁, where the copy is fresh, with the process in
//     its stationary state there, and measures Config.Horizons periods
//     [t₁, t₁ + K·T). Because the process is stationary and the schedule
//     T-periodic, the expected staleness is T-periodic in time, so any
//     window of K whole periods has the steady-state mean: no warm-up is
//     needed and none is discarded. A page never visited is stale for good
//     (staleness 1, infinite age) unless it never changes.
//
// Stationary starts are exact, not burnt in: Poisson is memoryless; a
// renewal process starts with the equilibrium residual time, whose tail is
// λ∫ₜ^∞ Ḡ(s) ds (seed 003 §2.1, g_B = λḠ) — a Lomax law of shape α − 1 for
// Pareto, θ·Gamma(1/k)^{1/k} for Weibull; the quasi-deterministic process
// is periodic and has no hidden state. A burn-in would only approximate
// this, slowly for heavy tails.
//
// Run is deterministic given Config.Seed: pages are cut into fixed chunks,
// each (run, chunk) draws from its own PCG stream derived from the seed,
// and partial sums are added in chunk order, so the result does not depend
// on GOMAXPROCS or on scheduling.
package simulate
