package learn

import (
	"math"

	"github.com/freshplan/freshplan/core/estimate"
	"github.com/freshplan/freshplan/core/observe"
)

// Fold starts a page's posterior from its host's prior and takes in its
// fetches in order, forgetting at halfLife days. It returns the posterior
// and the prequential log-likelihood of the fetches — the log of the
// chance each fetch's observation had under the posterior before it —
// which measures how well this half-life predicts the page.
func Fold(prior estimate.Prior, fetches []observe.Fetch, halfLife float64) (Posterior, float64) {
	post := Posterior{PriorShape: prior.Shape, PriorRate: prior.Rate}
	if len(fetches) == 0 {
		return post, 0
	}
	post.At = fetches[0].At
	var ll float64
	for k := 1; k < len(fetches); k++ {
		prev, f := fetches[k-1].At, fetches[k]
		if !(f.At > prev) {
			continue
		}
		ll += post.logChance(prev, f, halfLife)
		post.Observe(prev, f.At, f.Changed, f.LastModified, halfLife)
	}
	return post, ll
}

// logChance is the log of the posterior predictive chance of what f saw
// after a visit at prev, evidence discounted to f.At as Observe does:
// unchanged, log S(Δ); changed with its Last-Modified m, the density of
// the last change at m, E[λe^{−λd}] = (α/β)(β/(β+d))^{α+1} with d = f.At
// − m (days); changed without it, log(1 − S(Δ)).
func (p Posterior) logChance(prev float64, f observe.Fetch, halfLife float64) float64 {
	q := p
	if halfLife > 0 && f.At > q.At {
		r := math.Exp2(-(f.At - q.At) / day / halfLife)
		q.Changes *= r
		q.Days *= r
	}
	a, b := q.Shape(), q.Rate()
	dt := (f.At - prev) / day
	switch {
	case !f.Changed:
		return -a * math.Log1p(dt/b)
	case f.LastModified > prev && f.LastModified <= f.At:
		d := (f.At - f.LastModified) / day
		return math.Log(a/b) - (a+1)*math.Log1p(d/b)
	default:
		return math.Log(-math.Expm1(-a * math.Log1p(dt/b)))
	}
}

// HalfLives are the half-lives (days) ChooseHalfLife picks from: a week to
// a year, and 0 for none (a stationary rate).
var HalfLives = []float64{7, 14, 30, 60, 120, 365, 0}

// ChooseHalfLife returns the half-life of HalfLives under which the
// pages' histories were best predicted, visit by visit (the largest total
// prequential log-likelihood, Fold's): chosen on what the crawler saw,
// never on what is to come. priors gives each page's host prior.
func ChooseHalfLife(priors []estimate.Prior, histories []observe.History) float64 {
	return ChooseHalfLifeEach(priors, func(i int) []observe.Fetch { return histories[i].Fetches })
}

// ChooseHalfLifeEach is ChooseHalfLife with page i's fetches made on
// demand by fetches(i), once each, and not used after the next call.
func ChooseHalfLifeEach(priors []estimate.Prior, fetches func(i int) []observe.Fetch) float64 {
	// Each half-life's total sums the pages in order, as one page after
	// another under one half-life would.
	lls := make([]float64, len(HalfLives))
	for i := range priors {
		fs := fetches(i)
		for h, hl := range HalfLives {
			_, l := Fold(priors[i], fs, hl)
			lls[h] += l
		}
	}
	best, bestLL := 0.0, math.Inf(-1)
	for h, hl := range HalfLives {
		if lls[h] > bestLL {
			best, bestLL = hl, lls[h]
		}
	}
	return best
}
