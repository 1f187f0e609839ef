package estimate

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// Moments are what fitting a host's prior needs of its observed pages'
// estimates: how many, the mean and sample variance of their rates λ̂
// (changes per day), the mean of λ̂/T (the Poisson noise, T the span
// observed, days), and the longest span. A planner that fits priors
// across machines merges them (MergeMoments) instead of holding every rate.
type Moments struct {
	N        int
	Mean     float64
	Variance float64 // sample variance, over N − 1 (0 for N ≤ 1)
	Noise    float64
	MaxSpan  float64
}

// MomentsOf returns the moments of one observed estimate: rate λ̂ over
// spanDays.
func MomentsOf(rate, spanDays float64) Moments {
	return Moments{N: 1, Mean: rate, Noise: rate / spanDays, MaxSpan: spanDays}
}

// MergeMoments returns the moments of both sets together (Chan, Golub and
// LeVeque's pairwise update of the mean and sum of squares, which keeps
// the variance accurate where Σλ̂² − Nm² would cancel).
func MergeMoments(a, b Moments) Moments {
	switch {
	case a.N == 0:
		return b
	case b.N == 0:
		return a
	}
	n := a.N + b.N
	na, nb, nn := float64(a.N), float64(b.N), float64(n)
	d := b.Mean - a.Mean
	ss := a.Variance*(na-1) + b.Variance*(nb-1) + d*d*na*nb/nn
	out := Moments{N: n, Mean: a.Mean + d*nb/nn, Noise: (a.Noise*na + b.Noise*nb) / nn, MaxSpan: math.Max(a.MaxSpan, b.MaxSpan)}
	if n > 1 {
		out.Variance = ss / (nn - 1)
	}
	return out
}

// FitMoments fits a Gamma prior to the moments as Smooth does (method of
// moments: mean m and strength β = m / (v − noise), β clamped to [1, 365]
// days and α = mβ to at least 0.1); fallback supplies the mean when every
// rate is 0, and with no observed page at all is the prior (half a change
// in a year when it is the zero Prior).
func FitMoments(mo Moments, fallback Prior) Prior {
	if mo.N == 0 {
		if fallback.Rate > 0 {
			return fallback
		}
		return Prior{Shape: 0.5, Rate: maxPriorDays}
	}
	m, v := mo.Mean, mo.Variance
	if !(m > 0) {
		if fallback.Rate > 0 {
			m = fallback.Mean()
		} else {
			// No change anywhere: half a change over the longest span watched.
			return Prior{Shape: 0.5, Rate: math.Min(math.Max(mo.MaxSpan, minPriorDays), maxPriorDays)}
		}
	}
	beta := maxPriorDays
	if excess := v - mo.Noise; excess > 0 {
		beta = m / excess
	}
	beta = math.Min(math.Max(beta, minPriorDays), maxPriorDays)
	return Prior{Shape: math.Max(m*beta, minShape), Rate: beta}
}

// Interval returns the 90% interval of a Gamma posterior p (Smooth's Low
// and High, changes per day).
func Interval(p Prior) (low, high float64) {
	g := distuv.Gamma{Alpha: p.Shape, Beta: p.Rate}
	return g.Quantile(Tail), g.Quantile(1 - Tail)
}

// HostPrior returns the prior Priors fits for one host whose pages'
// estimates are ests, given global, the prior of all pages: the host's
// own when at least minHostPages of its pages were observed, else global.
func HostPrior(ests []Estimate, global Prior) Prior {
	var rates, spans []float64
	for _, e := range ests {
		if !e.Observed() {
			continue
		}
		rates = append(rates, e.Rate)
		spans = append(spans, e.SpanDays)
	}
	if len(rates) >= minHostPages {
		return fitPrior(rates, spans, global)
	}
	return global
}
