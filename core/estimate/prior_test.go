package estimate

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

// TestSmoothNeverZero: pages with no change seen, pages never fetched and
// hosts where nothing changed all get a positive rate and a positive
// upper bound; a page never fetched gets its host's prior mean.
func TestSmoothNeverZero(t *testing.T) {
	ests := []Estimate{
		{Estimator: EstimatorImproved, Rate: 0.5, SpanDays: 30},
		{Estimator: EstimatorImproved, Rate: 0, SpanDays: 30},
		{Estimator: EstimatorMLE, Rate: 2, SpanDays: 10},
		{Estimator: EstimatorNone},
		{Estimator: EstimatorImproved, Rate: 0, SpanDays: 60},
		{Estimator: EstimatorNone},
	}
	hosts := []string{"a", "a", "a", "a", "quiet", "quiet"}
	got, priors := Smooth(ests, hosts)
	for i, s := range got {
		if !(s.Rate > 0) || !(s.High > s.Rate) || !(s.Low >= 0) || s.Low > s.Rate {
			t.Errorf("page %d: %+v; want 0 ≤ low ≤ rate < high, rate > 0", i, s)
		}
	}
	if p := priors["a"]; math.Abs(got[3].Rate-p.Mean()) > 1e-12 {
		t.Errorf("a page never fetched gets %v, its host's prior mean is %v", got[3].Rate, p.Mean())
	}
	if got[1].Rate >= got[0].Rate {
		t.Errorf("no change in 30 days (%v) should stay below 0.5 a day seen (%v)", got[1].Rate, got[0].Rate)
	}
}

// TestSmoothYieldsToEvidence: a long history moves the rate to its own
// estimate whatever the prior.
func TestSmoothYieldsToEvidence(t *testing.T) {
	ests := []Estimate{{Estimator: EstimatorImproved, Rate: 3, SpanDays: 1e6}}
	for range 6 {
		ests = append(ests, Estimate{Estimator: EstimatorImproved, Rate: 0.01, SpanDays: 30})
	}
	hosts := make([]string, len(ests))
	got, _ := Smooth(ests, hosts)
	if math.Abs(got[0].Rate-3)/3 > 1e-3 {
		t.Errorf("a million days at 3 a day smooths to %v", got[0].Rate)
	}
}

// TestFitPriorRecoversGamma: pages whose rates are drawn from a known
// Gamma prior, each watched for T days with Poisson counts: the method of
// moments recovers the prior's mean within 5% and its strength within 25%
// (2000 pages: the variance estimate's standard error is about 10%).
func TestFitPriorRecoversGamma(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	prior := distuv.Gamma{Alpha: 2, Beta: 10, Src: rng} // mean 0.2 a day, 10 days of pseudo-observation
	const T = 100.0
	var rates, spans []float64
	for range 2000 {
		lambda := prior.Rand()
		x := distuv.Poisson{Lambda: lambda * T, Src: rng}.Rand()
		rates = append(rates, x/T)
		spans = append(spans, T)
	}
	p := fitPrior(rates, spans, Prior{})
	if math.Abs(p.Mean()-0.2)/0.2 > 0.05 {
		t.Errorf("prior mean %v, want 0.2", p.Mean())
	}
	if math.Abs(p.Rate-10)/10 > 0.25 {
		t.Errorf("prior strength %v days, want 10", p.Rate)
	}
}
