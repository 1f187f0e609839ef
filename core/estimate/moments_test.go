package estimate

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestFitMomentsMatchesPriors checks that moments merged in any grouping
// fit the prior Priors fits from the rates themselves, to 1e-12.
func TestFitMomentsMatchesPriors(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := range 200 {
		n := 1 + rng.IntN(40)
		ests := make([]Estimate, n)
		hosts := make([]string, n)
		var parts [3]Moments
		for i := range ests {
			rate := rng.ExpFloat64() * 2
			if trial%5 == 0 {
				rate = 0 // no change anywhere
			}
			span := 1 + rng.Float64()*60
			ests[i] = Estimate{Rate: rate, SpanDays: span, Estimator: EstimatorImproved}
			hosts[i] = "h"
			k := rng.IntN(3)
			parts[k] = MergeMoments(parts[k], MomentsOf(rate, span))
		}
		want := Priors(ests, hosts)["h"]
		// Priors fits the prior of all pages, then, for a host of at least
		// minHostPages, the host's own with that as its fallback.
		all := MergeMoments(MergeMoments(parts[2], parts[0]), parts[1])
		got := FitMoments(all, Prior{})
		if n >= minHostPages {
			got = FitMoments(all, got)
		}
		if !agree(got.Shape, want.Shape) || !agree(got.Rate, want.Rate) {
			t.Fatalf("trial %d: FitMoments %+v, Priors %+v", trial, got, want)
		}
	}
}

// agree: a and b equal to 12 digits (absolutely, below 1).
func agree(a, b float64) bool { return math.Abs(a-b) <= 1e-12*math.Max(1, math.Abs(b)) }

// TestIntervalMatchesSmooth checks Interval against Smooth's interval.
func TestIntervalMatchesSmooth(t *testing.T) {
	ests := []Estimate{{Rate: 0.5, SpanDays: 30, Estimator: EstimatorImproved}, {Rate: 2, SpanDays: 10, Estimator: EstimatorMLE}}
	hosts := []string{"a", "a"}
	sm, priors := Smooth(ests, hosts)
	for i, e := range ests {
		lo, hi := Interval(priors["a"].Posterior(e))
		if lo != sm[i].Low || hi != sm[i].High {
			t.Fatalf("page %d: Interval %v %v, Smooth %v %v", i, lo, hi, sm[i].Low, sm[i].High)
		}
	}
}

// TestHostPriorMatchesPriors checks HostPrior, given the prior of all
// pages, against Priors on random hosts, exactly.
func TestHostPriorMatchesPriors(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for trial := range 100 {
		n := 1 + rng.IntN(60)
		ests := make([]Estimate, n)
		hosts := make([]string, n)
		for i := range ests {
			ests[i] = Estimate{Rate: rng.ExpFloat64(), SpanDays: 1 + rng.Float64()*30, Estimator: EstimatorMLE}
			if rng.IntN(4) == 0 {
				ests[i] = Estimate{Estimator: EstimatorNone}
			}
			hosts[i] = string(rune('a' + rng.IntN(4)))
		}
		want := Priors(ests, hosts)
		for h, p := range want {
			var mine []Estimate
			for i := range ests {
				if hosts[i] == h {
					mine = append(mine, ests[i])
				}
			}
			if got := HostPrior(mine, fitAll(ests)); got != p {
				t.Fatalf("trial %d host %s: HostPrior %+v, Priors %+v", trial, h, got, p)
			}
		}
	}
}

// fitAll is Priors' prior of all pages, fitted from the rates themselves.
func fitAll(ests []Estimate) Prior {
	var rates, spans []float64
	for _, e := range ests {
		if e.Estimator != EstimatorNone && e.SpanDays > 0 {
			rates, spans = append(rates, e.Rate), append(spans, e.SpanDays)
		}
	}
	return fitPrior(rates, spans, Prior{})
}
