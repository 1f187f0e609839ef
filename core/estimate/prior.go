package estimate

import (
	"slices"

	"gonum.org/v1/gonum/stat/distuv"
)

// Prior is a Gamma(Shape, Rate) prior on a page's change rate λ (changes
// per day): mean Shape/Rate; Rate reads as days of pseudo-observation and
// Shape as pseudo-changes seen in them.
type Prior struct {
	Shape, Rate float64
}

// Mean returns the prior mean rate, changes per day.
func (p Prior) Mean() float64 { return p.Shape / p.Rate }

// Bounds of the fitted priors: at least a tenth of a pseudo-change, so
// that no page's rate is ever 0 for lack of evidence, and between one day
// and a year of pseudo-observation, so that the prior neither swamps a
// page's own history nor vanishes.
const (
	minShape     = 0.1
	minPriorDays = 1.0
	maxPriorDays = 365.0
	// minHostPages is how many observed pages a host needs for a prior of
	// its own; smaller hosts borrow the prior of all pages.
	minHostPages = 5
)

// Smoothed is an estimate after the prior: the posterior mean and its 90%
// interval, changes per day.
type Smoothed struct {
	Rate, Low, High float64
}

// Smooth shrinks every page's estimate towards its host's prior, fitted by
// empirical Bayes, so that no page gets a zero rate for lack of evidence
// and a page never fetched gets its host's mean (issue 7; the pseudo-count
// idea of LambdaCrawl's smoothing, with counts learnt per host).
//
// Each estimate counts as λ̂·T changes seen in T days (T the observed
// span; λ̂ already corrected for changes missed between visits by seed
// 001 ch. 6's estimators), so with a Gamma(α, β) prior the posterior is
// Gamma(α + λ̂T, β + T), whose mean (α + λ̂T)/(β + T) is the smoothed rate
// and whose 5% and 95% quantiles are the interval. Per host, with m and v
// the mean and variance of the observed pages' λ̂, the method of moments
// gives the prior's mean m and strength β = m / (v − mean(λ̂/T)) (the
// variance beyond Poisson noise); β is clamped to [1, 365] days and α to
// at least 0.1. A host whose pages show no change takes the overall mean;
// if no page anywhere changed, the prior is half a change over the longest
// span observed.
func Smooth(ests []Estimate, hosts []string) ([]Smoothed, map[string]Prior) {
	priors := Priors(ests, hosts)
	out := make([]Smoothed, len(ests))
	// Pages of a host crawled alike share their posteriors: each distinct
	// one's quantiles (inverse incomplete Gamma functions, the costly part)
	// are computed once.
	quantiles := map[[2]float64][2]float64{}
	for i, e := range ests {
		g := priors[hosts[i]].Posterior(e)
		post := distuv.Gamma{Alpha: g.Shape, Beta: g.Rate}
		key := [2]float64{post.Alpha, post.Beta}
		q, ok := quantiles[key]
		if !ok {
			q[0], q[1] = Interval(g)
			if len(quantiles) < memoMax {
				quantiles[key] = q
			}
		}
		out[i] = Smoothed{Rate: post.Mean(), Low: q[0], High: q[1]}
	}
	return out, priors
}

// PagePriors is Priors page by page: the prior of page i's host.
func PagePriors(ests []Estimate, hosts []string) []Prior {
	byHost := Priors(ests, hosts)
	out := make([]Prior, len(hosts))
	for i, h := range hosts {
		out[i] = byHost[h]
	}
	return out
}

// Priors fits each host's prior as Smooth does, by empirical Bayes on its
// pages' estimates; hosts with fewer than five observed pages borrow the
// prior of all pages.
func Priors(ests []Estimate, hosts []string) map[string]Prior {
	type stats struct{ rates, spans []float64 }
	byHost := map[string]*stats{}
	all := &stats{}
	for i, e := range ests {
		if !e.Observed() {
			continue
		}
		s := byHost[hosts[i]]
		if s == nil {
			s = &stats{}
			byHost[hosts[i]] = s
		}
		s.rates = append(s.rates, e.Rate)
		s.spans = append(s.spans, e.SpanDays)
		all.rates = append(all.rates, e.Rate)
		all.spans = append(all.spans, e.SpanDays)
	}
	global := fitPrior(all.rates, all.spans, Prior{})
	priors := map[string]Prior{}
	for _, h := range hosts {
		if _, ok := priors[h]; ok {
			continue
		}
		p := global
		if s := byHost[h]; s != nil && len(s.rates) >= minHostPages {
			p = fitPrior(s.rates, s.spans, global)
		}
		priors[h] = p
	}
	return priors
}

// Posterior is the Gamma posterior of an estimate under prior p: the
// estimate counts as λ̂·T changes seen in T days (Smooth's rule).
func (p Prior) Posterior(e Estimate) Prior {
	seen, days := 0.0, 0.0
	if e.Observed() {
		seen, days = e.Rate*e.SpanDays, e.SpanDays
	}
	return Prior{Shape: p.Shape + seen, Rate: p.Rate + days}
}

// fitPrior fits a Gamma prior to observed rates and spans by the method of
// moments; fallback supplies the mean when the rates are all 0.
func fitPrior(rates, spans []float64, fallback Prior) Prior {
	if len(rates) == 0 {
		return FitMoments(Moments{}, fallback)
	}
	var m, noise float64
	for i, r := range rates {
		m += r
		noise += r / spans[i]
	}
	m /= float64(len(rates))
	noise /= float64(len(rates))
	var v float64
	for _, r := range rates {
		v += (r - m) * (r - m)
	}
	if len(rates) > 1 {
		v /= float64(len(rates) - 1)
	}
	return FitMoments(Moments{N: len(rates), Mean: m, Variance: v, Noise: noise, MaxSpan: slices.Max(spans)}, fallback)
}
