package estimate

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/freshplan/freshplan/core/observe"
)

const t0 = 1.7e9 // a Unix time in 2023

// history builds a History from fetch times in days after t0, change
// flags for the fetches after the first, and Last-Modified dates in days
// after t0 (nil: none; NaN entries: none for that fetch).
func history(days []float64, changed []bool, lastMod []float64) observe.History {
	h := observe.History{URL: "https://example.org/", Host: "example.org", Weight: 1}
	for i, d := range days {
		f := observe.Fetch{At: t0 + d*secondsPerDay, LastModified: math.NaN()}
		if i > 0 && i-1 < len(changed) {
			f.Changed = changed[i-1]
		}
		if i < len(lastMod) && !math.IsNaN(lastMod[i]) {
			f.LastModified = t0 + lastMod[i]*secondsPerDay
		}
		h.Fetches = append(h.Fetches, f)
	}
	return h
}

func TestOfChoosesEstimator(t *testing.T) {
	now := t0 + 100*secondsPerDay
	nan := math.NaN()
	daily := []float64{0, 1, 2, 3, 4, 5}
	ch := []bool{true, false, true, true, false}
	tests := []struct {
		name      string
		h         observe.History
		estimator string
		reason    string // a substring of Reason
		used      int
		ignored   int
		inconsist int
	}{
		{"no fetches", history(nil, nil, nil), EstimatorNone, "no fetches", 0, 0, 0},
		{"one fetch", history([]float64{0}, nil, nil), EstimatorNone, "one fetch", 0, 0, 0},
		{"regular", history(daily, ch, nil), EstimatorImproved, "regular access, gap ratio 1 ≤ 1.1", 5, 0, 0},
		{"jitter within 1.1", history([]float64{0, 1, 2.08, 3.08, 4.16, 5.16}, ch, nil), EstimatorImproved, "gap ratio 1.08 ≤ 1.1", 5, 0, 0},
		{"jitter beyond 1.1", history([]float64{0, 1, 2.12, 3.12, 4.12, 5.12}, ch, nil), EstimatorMLE, "irregular access, gap ratio 1.12 > 1.1", 5, 0, 0},
		{"irregular", history([]float64{0, 0.2, 3, 3.5, 9, 10}, ch, nil), EstimatorMLE, "irregular", 5, 0, 0},
		{"Last-Modified on all visits", history(daily, ch, []float64{nan, 0.5, 0.5, 2.9, 3.2, 3.2}), EstimatorLastModified, "usable at 5 of 5 visits", 5, 0, 0},
		{"Last-Modified on 3 of 5", history(daily, ch, []float64{nan, 0.5, nan, 2.9, 3.2, nan}), EstimatorLastModified, "usable at 3 of 5", 3, 0, 0},
		{"Last-Modified on 2 of 5: not most", history(daily, ch, []float64{nan, 0.5, nan, 2.9, nan, nan}), EstimatorImproved, "regular", 5, 0, 0},
		{"Last-Modified on 1 of 1: too few", history([]float64{0, 1}, []bool{true}, []float64{nan, 0.5}), EstimatorImproved, "regular", 1, 0, 0},
		{"future and after-fetch dates ignored", history(daily, ch, []float64{nan, 0.5, 2.5, 2.9, 200, nan}), EstimatorImproved, "regular", 5, 2, 0},
		{"date at the fetch time ignored", history(daily, ch, []float64{nan, 1, 0.5, 2.9, 3.2, 3.2}), EstimatorLastModified, "usable at 4 of 5", 4, 1, 0},
		// visit 2 saw no change but the date is after visit 1; visit 3 saw one but the date is before visit 2
		{"inconsistent dates not used", history(daily, ch, []float64{nan, 0.5, 1.5, 1.5, 3.2, nan}), EstimatorImproved, "regular", 5, 0, 2},
		{"unsorted", history([]float64{0, 2, 1}, []bool{true, true}, nil), EstimatorNone, "fetch 3 is not after fetch 2", 0, 0, 0},
		{"duplicate time", history([]float64{0, 1, 1}, []bool{true, true}, nil), EstimatorNone, "not after", 0, 0, 0},
		{"NaN time", history([]float64{0, nan, 2}, []bool{true, true}, nil), EstimatorNone, "fetch 2 is not after fetch 1", 0, 0, 0},
		{"infinite time", history([]float64{math.Inf(-1), 1}, []bool{true}, nil), EstimatorNone, "not after", 0, 0, 0},
	}
	for _, tc := range tests {
		e := Of(tc.h, now)
		if e.Estimator != tc.estimator || !strings.Contains(e.Reason, tc.reason) {
			t.Errorf("%s: %s (%q), want %s (%q)", tc.name, e.Estimator, e.Reason, tc.estimator, tc.reason)
		}
		if e.Used != tc.used || e.Ignored != tc.ignored || e.Inconsistent != tc.inconsist {
			t.Errorf("%s: used %d, ignored %d, inconsistent %d, want %d, %d, %d", tc.name, e.Used, e.Ignored, e.Inconsistent, tc.used, tc.ignored, tc.inconsist)
		}
		if e.Estimator == EstimatorNone && (e.Rate != 0 || e.Low != 0 || !math.IsInf(e.High, 1) || e.SuggestedIntervalDays != 0) {
			t.Errorf("%s: none should be 0 in [0, +Inf) with no suggestion, got %+v", tc.name, e)
		}
		checkSane(t, tc.name, e)
	}
}

// checkSane reports an Estimate with NaN fields or a rate outside its interval.
func checkSane(t *testing.T, name string, e Estimate) {
	t.Helper()
	for _, v := range []float64{e.SpanDays, e.Rate, e.Low, e.High, e.Naive, e.SuggestedIntervalDays} {
		if math.IsNaN(v) {
			t.Errorf("%s: NaN in %+v", name, e)
			return
		}
	}
	if !(0 <= e.Low && e.Low <= e.Rate && e.Rate <= e.High) || math.IsInf(e.Rate, 0) {
		t.Errorf("%s: rate %v outside [%v, %v]", name, e.Rate, e.Low, e.High)
	}
	if e.Reason == "" || e.Estimator == "" {
		t.Errorf("%s: no estimator or reason: %+v", name, e)
	}
}

// The values Of reports are those of the estimator it chose, in days.
func TestOfValues(t *testing.T) {
	now := t0 + 100*secondsPerDay
	// example 6.1: 6 changes in 10 daily visits
	days := make([]float64, 11)
	for i := range days {
		days[i] = float64(i)
	}
	e := Of(history(days, changes(10, 6), nil), now)
	rate, low, high := Improved(10, 6, 1)
	if e.Visits != 10 || e.Changes != 6 || e.SpanDays != 10 || e.Naive != 0.6 || e.Rate != rate || e.Low != low || e.High != high {
		t.Errorf("example 6.1: %+v", e)
	}
	// example 6.5 in hours: fetches at 0, 6, 10, 13, 20 h
	hours := []float64{0, 6.0 / 24, 10.0 / 24, 13.0 / 24, 20.0 / 24}
	ch := []bool{true, false, true, false}
	e = Of(history(hours, ch, nil), now)
	ar, al, ah := AdjustedMLE([]float64{6.0 / 24, 4.0 / 24, 3.0 / 24, 7.0 / 24}, ch)
	mr, _, _ := MLE([]float64{6.0 / 24, 4.0 / 24, 3.0 / 24, 7.0 / 24}, ch)
	if e.Estimator != EstimatorMLE || !near(e.Rate, ar, 1e-9) || !near(e.Low, al, 1e-8) || !near(e.High, ah, 1e-8) {
		t.Errorf("example 6.5: %+v, want AdjustedMLE %v [%v, %v]", e, ar, al, ah)
	}
	if !(e.Rate < mr && e.Rate > e.Naive) { // the adjustment lowers eq. 6.3's 2.67/20 h, still above X/T
		t.Errorf("example 6.5: adjusted %v per day should lie between X/T %v and eq. 6.3's %v", e.Rate, e.Naive, mr)
	}
	// last-modified: ages in days from each date to its fetch
	nan := math.NaN()
	e = Of(history([]float64{0, 1, 2, 3}, []bool{true, false, true}, []float64{nan, 0.75, 0.75, 2.5}), now)
	lr, ll, lh := LastModified([]float64{1, 1, 1}, []float64{0.25, 1.25, 0.5})
	if e.Estimator != EstimatorLastModified || !near(e.Rate, lr, 1e-12) || !near(e.Low, ll, 1e-12) || !near(e.High, lh, 1e-12) {
		t.Errorf("last-modified: %+v, want %v [%v, %v]", e, lr, ll, lh)
	}
}

// Pages whose interval is too wide get the interval giving r ≈ 1.5.
func TestOfSuggestion(t *testing.T) {
	now := t0 + 1000*secondsPerDay
	days := make([]float64, 11)
	for i := range days {
		days[i] = float64(i)
	}
	tests := []struct {
		name    string
		changed []bool
		want    func(e Estimate) float64
	}{
		{"no change: 1.5 span/ln 2", changes(10, 0), func(e Estimate) float64 { return 1.5 * 10 / math.Ln2 }},
		{"change at every visit: 1.5/rate", changes(10, 10), func(e Estimate) float64 { return 1.5 / e.Rate }},
		{"one change: wide", changes(10, 1), func(e Estimate) float64 { return 1.5 / e.Rate }},
		{"r ≈ 0.7: narrow enough", changes(10, 5), func(Estimate) float64 { return 0 }},
	}
	for _, tc := range tests {
		e := Of(history(days, tc.changed, nil), now)
		if want := tc.want(e); !near(e.SuggestedIntervalDays, want, 1e-12) && e.SuggestedIntervalDays != want {
			t.Errorf("%s: suggested %v, want %v (interval [%v, %v])", tc.name, e.SuggestedIntervalDays, want, e.Low, e.High)
		}
		if TooWide(e.Low, e.High) != (e.SuggestedIntervalDays > 0) {
			t.Errorf("%s: TooWide %v but suggestion %v", tc.name, TooWide(e.Low, e.High), e.SuggestedIntervalDays)
		}
	}
	wide := []struct {
		low, high float64
		want      bool
	}{
		{0, 1, true}, {1, math.Inf(1), true}, {1, 10, false}, {1, 10.01, true}, {math.NaN(), 1, true}, {1, math.NaN(), true},
	}
	for _, tc := range wide {
		if got := TooWide(tc.low, tc.high); got != tc.want {
			t.Errorf("TooWide(%v, %v) = %v, want %v", tc.low, tc.high, got, tc.want)
		}
	}
	// WideRatio's comment: at r ≈ 1.5 ten visits see 7 or 8 changes, and
	// the interval spans a factor of about 5, not flagged
	for _, x := range []int{7, 8} {
		if _, low, high := Improved(10, x, 1); high/low < 4 || high/low > 6 || TooWide(low, high) {
			t.Errorf("10 visits, %d changes: high/low = %.2f, want about 5 and not too wide", x, high/low)
		}
	}
	if got := Suggest(0, 0, 1, 0); got != 0 {
		t.Errorf("Suggest with nothing observed = %v, want 0", got)
	}
}

// RegularRatio's justification: with gaps within a ratio of 1.1, using
// the mean gap (Improved) moves the estimate by under 5% from the
// estimator that sees every gap (AdjustedMLE), even in the worst
// arrangement, all changed gaps long and all unchanged ones short or the
// reverse.
func TestRegularRatio(t *testing.T) {
	worst := 0.0
	for _, n := range []int{2, 3, 5, 10, 20, 40} {
		for x := 1; x < n; x++ {
			for _, longChanged := range []bool{true, false} {
				ts, ch := make([]float64, n), changes(n, x)
				sum := 0.0
				for i := range ts {
					ts[i] = 1
					if ch[i] == longChanged {
						ts[i] = RegularRatio
					}
					sum += ts[i]
				}
				full, _, _ := AdjustedMLE(ts, ch)
				mean, _, _ := Improved(n, x, sum/float64(n))
				worst = math.Max(worst, math.Abs(mean/full-1))
			}
		}
	}
	if worst > 0.05 {
		t.Errorf("worst relative difference %.4f, want under 5%%", worst)
	}
	t.Logf("worst relative difference within gap ratio %v: %.2f%%", RegularRatio, 100*worst)
}

// Of returns a sane Estimate, never NaN or a panic, on arbitrary input.
func TestOfNeverNaN(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	specials := []float64{math.NaN(), math.Inf(1), math.Inf(-1), 0, -1, 1e308, -1e308, 5e-324}
	value := func(base float64) float64 {
		if rng.IntN(10) == 0 {
			return specials[rng.IntN(len(specials))]
		}
		return base
	}
	for trial := range 3000 {
		n := rng.IntN(12)
		h := observe.History{}
		at := t0
		for range n {
			at += rng.ExpFloat64() * secondsPerDay * math.Pow(10, float64(rng.IntN(7)-3))
			h.Fetches = append(h.Fetches, observe.Fetch{
				At:           value(at),
				Changed:      rng.IntN(2) == 0,
				LastModified: value(at - rng.ExpFloat64()*secondsPerDay),
			})
		}
		checkSane(t, "random history", Of(h, value(at)))
		if t.Failed() {
			t.Logf("trial %d: %+v", trial, h)
			return
		}
	}
}

func FuzzOf(f *testing.F) {
	f.Add(0.0, 86400.0, 172800.0, true, false, 3600.0, 100000.0)
	f.Add(0.0, 1.0, 1.0, true, true, math.NaN(), 0.0)
	f.Add(5.0, 1.0, 9.0, false, true, -1.0, math.Inf(1))
	f.Fuzz(func(t *testing.T, a, b, c float64, ch1, ch2 bool, lm, now float64) {
		h := observe.History{Fetches: []observe.Fetch{
			{At: a, LastModified: lm}, {At: b, Changed: ch1, LastModified: lm}, {At: c, Changed: ch2, LastModified: b - lm},
		}}
		checkSane(t, "fuzz", Of(h, now))
	})
}
