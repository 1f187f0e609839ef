package learn

import "math"

const day = 86400.0

// Posterior is a Gamma posterior on a page's Poisson change rate λ,
// changes per day: the host's prior (estimate.Prior: Shape pseudo-changes
// in Rate pseudo-days) plus the evidence of the page's own visits, which
// is forgotten at a half-life — real pages draft, then freeze, then
// change again (shared/data/README.md), so that what the crawler saw last
// year should count for less than what it saw last week.
type Posterior struct {
	PriorShape, PriorRate float64 // Gamma(shape, rate) prior, rate in days
	Changes, Days         float64 // evidence: changes seen and days watched, each discounted to At
	At                    float64 // Unix seconds the evidence is discounted to
}

// Shape is the posterior's shape: pseudo-changes plus changes seen.
func (p Posterior) Shape() float64 { return p.PriorShape + p.Changes }

// Rate is the posterior's rate: pseudo-days plus days watched.
func (p Posterior) Rate() float64 { return p.PriorRate + p.Days }

// Mean is the posterior mean rate, changes per day.
func (p Posterior) Mean() float64 { return p.Shape() / p.Rate() }

// Observe folds in what a visit at t saw of a page last visited at prev
// (Unix seconds, prev < t): whether it had changed since, and the
// server's Last-Modified (NaN when it gave none). halfLife (days, 0 for
// none) discounts the evidence held to t first.
//
// Each update is the exact Poisson likelihood of what the visit saw,
// which is conjugate to the Gamma:
//   - no change in (prev, t]: e^{−λ(t−prev)}, so Days += t − prev;
//   - a change, the last at Last-Modified m ∈ (prev, t]: the latest event of
//     a Poisson process before t has density λe^{−λ(t−m)} (whatever came
//     in (prev, m) is integrated out), so Changes += 1, Days += t − m;
//   - a change and no usable Last-Modified: 1 − e^{−λ(t−prev)}, not
//     conjugate; it is taken as a change at the interval's midpoint, the
//     convention backtest.Load dates such changes by.
func (p *Posterior) Observe(prev, t float64, changed bool, lastModified, halfLife float64) {
	if halfLife > 0 && t > p.At {
		f := math.Exp2(-(t - p.At) / day / halfLife)
		p.Changes *= f
		p.Days *= f
	}
	p.At = math.Max(p.At, t)
	switch {
	case !changed:
		p.Days += (t - prev) / day
	case lastModified > prev && lastModified <= t:
		p.Changes++
		p.Days += (t - lastModified) / day
	default:
		p.Changes++
		p.Days += (t - prev) / 2 / day
	}
}

// Survival is the posterior predictive probability that a page visited
// u days ago has not changed since: E[e^{−λu}] = (β/(β+u))^α for λ ~
// Gamma(α, β) — a Lomax law, heavier-tailed than any one exponential,
// which is what uncertainty about the rate adds.
func (p Posterior) Survival(u float64) float64 {
	if u <= 0 {
		return 1
	}
	return math.Exp(-p.Shape() * math.Log1p(u/p.Rate()))
}

// fresh is ∫₀^u Survival: the expected days a copy made u days ago stayed
// fresh, β/(α−1)·(1 − (β/(β+u))^{α−1}), or β·ln(1 + u/β) at α = 1.
func (p Posterior) fresh(u float64) float64 {
	if u <= 0 {
		return 0
	}
	a, b := p.Shape(), p.Rate()
	l := math.Log1p(u / b)
	if x := (a - 1) * l; math.Abs(x) < 1e-8 {
		return b * l * (1 - x/2) // the series of −expm1(−x)/x
	}
	return -b / (a - 1) * math.Expm1(-(a-1)*l)
}

// Index is the value of visiting now a page last visited u days ago: the
// freshness problem's Lagrangian (Whittle) index, I(u) = u·F(u) − ∫₀^u F,
// F = 1 − Survival the chance the copy is stale by then — the area between
// the staleness curve since the last visit and its level now, in days.
// Visiting whenever I reaches a threshold ν is optimal: with a known rate
// λ, I(u) = (1 − e^{−λu}(1 + λu))/λ, and I(τ) = ν is exactly the
// stationarity condition of minimising staleness under a visit budget with
// multiplier ν (seed 001 §5.6, eq. for ∂/∂f of the staleness of a page
// visited every τ = 1/f; seed 000's problem S by the same Lagrangian).
// It grows with u from 0; a page changing faster than 1/ν is never worth
// it, as Cho's optimum says.
func (p Posterior) Index(u float64) float64 {
	if u <= 0 {
		return 0
	}
	return math.Max(0, p.fresh(u)-u*p.Survival(u))
}
