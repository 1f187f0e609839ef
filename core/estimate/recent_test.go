package estimate

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/freshplan/freshplan/core/observe"
)

// regular returns fetch days 0, step, …, n·step.
func regular(n int, step float64) []float64 {
	d := make([]float64, n+1)
	for i := range d {
		d[i] = float64(i) * step
	}
	return d
}

// With equal intervals and every weight 1 (halfLife +Inf) Recent is
// Improved exactly, interval included; with a very long half-life it is
// Improved to within the weights' departure from 1.
func TestRecentReducesToImproved(t *testing.T) {
	for _, n := range []int{1, 2, 5, 10, 37} {
		for x := 0; x <= n; x++ {
			for _, step := range []float64{0.5, 1, 7} {
				h := history(regular(n, step), changes(n, x), nil)
				rate, low, high := Improved(n, x, step)
				now := t0 + (float64(n)*step+3)*secondsPerDay
				e := Recent(h, now, math.Inf(1))
				if e.Estimator != EstimatorRecent || !strings.Contains(e.Reason, "half-life") {
					t.Errorf("n %d x %d: estimator %q, reason %q", n, x, e.Estimator, e.Reason)
				}
				if !near(e.Rate, rate, 1e-11) || !near(e.Low, low, 1e-11) || !near(e.High, high, 1e-11) {
					t.Errorf("n %d x %d step %v: Recent(+Inf) = %v [%v, %v], Improved %v [%v, %v]",
						n, x, step, e.Rate, e.Low, e.High, rate, low, high)
				}
				if o := Of(h, now); e.Visits != o.Visits || e.Changes != o.Changes || e.SpanDays != o.SpanDays || e.Naive != o.Naive {
					t.Errorf("n %d x %d: counts %+v differ from Of's %+v", n, x, e, o)
				}
				big := Recent(h, now, 1e9)
				if !near(big.Rate, rate, 1e-6) || !near(big.Low, low, 1e-6) || (!near(big.High, high, 1e-6) && high != big.High) {
					t.Errorf("n %d x %d step %v: Recent(1e9 days) = %v [%v, %v], Improved %v [%v, %v]",
						n, x, step, big.Rate, big.Low, big.High, rate, low, high)
				}
				checkSane(t, "reduces", e)
				checkSane(t, "reduces 1e9", big)
			}
		}
	}
}

// burst returns daily fetches over first+second days, changed on the
// first first days iff busyFirst and on the second otherwise.
func burst(first, second int, busyFirst bool) []bool {
	c := make([]bool, first+second)
	for i := range c {
		c[i] = (i < first) == busyFirst
	}
	return c
}

// A page busy for 30 days and then frozen for 60 looks, with a 7-day
// half-life, far slower than the whole history says; busy after quiet,
// far faster.
func TestRecentFollowsBursts(t *testing.T) {
	days := regular(90, 1)
	now := t0 + 90*secondsPerDay
	frozen := history(days, burst(30, 60, true), nil)
	of, rec := Of(frozen, now), Recent(frozen, now, 7)
	checkSane(t, "frozen", rec)
	if !(rec.Rate < of.Rate/5) {
		t.Errorf("busy then frozen: Recent %v, Of %v, want < 1/5 of it", rec.Rate, of.Rate)
	}
	waking := history(days, burst(60, 30, false), nil)
	of, rec = Of(waking, now), Recent(waking, now, 7)
	checkSane(t, "waking", rec)
	if !(rec.Rate > 3*of.Rate) {
		t.Errorf("quiet then busy: Recent %v, Of %v, want > 3 times it", rec.Rate, of.Rate)
	}
	// the recently busy page's interval excludes the whole-history rate
	if !(rec.Low > of.Rate) {
		t.Errorf("quiet then busy: Low %v not above Of's %v", rec.Low, of.Rate)
	}
	t.Logf("frozen: Recent %.4g [%.3g, %.3g], Of %.4g; waking: Recent %.4g [%.3g, %.3g], Of %.4g",
		Recent(frozen, now, 7).Rate, Recent(frozen, now, 7).Low, Recent(frozen, now, 7).High, Of(frozen, now).Rate,
		rec.Rate, rec.Low, rec.High, of.Rate)
}

// On a stationary Poisson page weighting costs no bias: rate 0.5/day, 60
// daily visits, half-life 30 days, mean λ̂/λ within ±10% over 2000 pages;
// the 90% interval covers λ at least about 90% of the time.
func TestRecentStationary(t *testing.T) {
	const lambda, pages = 0.5, 2000
	rng := rand.New(rand.NewPCG(7, 11))
	a := access{name: "daily", fetches: 61, gap: func(*rand.Rand) float64 { return 1 }}
	sum, covered := 0.0, 0
	for range pages {
		h := simulate(rng, a, lambda)
		e := Recent(h, math.NaN(), 30)
		checkSane(t, "stationary", e)
		sum += e.Rate / lambda
		if e.Low <= lambda && lambda <= e.High {
			covered++
		}
	}
	mean, cover := sum/pages, float64(covered)/pages
	t.Logf("mean λ̂/λ = %.4f, coverage %.3f", mean, cover)
	if math.Abs(mean-1) > 0.1 {
		t.Errorf("mean λ̂/λ = %v, want within ±10%% of 1", mean)
	}
	if cover < 0.85 {
		t.Errorf("coverage %v, want about 0.9", cover)
	}
}

func TestRecentEdges(t *testing.T) {
	now := t0 + 50*secondsPerDay
	nan := math.NaN()
	// fewer than two fetches, bad times, bad half-life: Of unchanged
	h2 := history(regular(10, 1), changes(10, 4), nil)
	for _, tc := range []struct {
		name     string
		h        observe.History
		halfLife float64
	}{
		{"no fetch", history(nil, nil, nil), 7},
		{"one fetch", history([]float64{0}, nil, nil), 7},
		{"decreasing", history([]float64{0, 2, 1}, []bool{true, true}, nil), 7},
		{"half-life 0", h2, 0},
		{"half-life −1", h2, -1},
		{"half-life NaN", h2, nan},
		{"half-life −Inf", h2, math.Inf(-1)},
	} {
		got, want := Recent(tc.h, now, tc.halfLife), Of(tc.h, now)
		if got.Estimator != want.Estimator || got.Reason != want.Reason || !same(got.Rate, want.Rate) ||
			!same(got.Low, want.Low) || !same(got.High, want.High) {
			t.Errorf("%s: Recent %+v, want Of's %+v", tc.name, got, want)
		}
	}

	// none changed: 0, open below; all changed: finite, open above
	none := Recent(history(regular(10, 1), changes(10, 0), nil), now, 3)
	checkSane(t, "none", none)
	if none.Rate != 0 || none.Low != 0 || math.IsInf(none.High, 1) || !(none.High > 0) {
		t.Errorf("none changed: %v [%v, %v], want 0 [0, finite]", none.Rate, none.Low, none.High)
	}
	all := Recent(history(regular(10, 1), changes(10, 10), nil), now, 3)
	checkSane(t, "all", all)
	if !(all.Rate > 0) || math.IsInf(all.Rate, 0) || !math.IsInf(all.High, 1) {
		t.Errorf("all changed: %v [%v, %v], want finite [·, +Inf]", all.Rate, all.Low, all.High)
	}
	// one interval: Improved with n = 1 whatever the half-life
	one := history([]float64{0, 2}, []bool{true}, nil)
	if r, _, _ := Improved(1, 1, 2); !near(Recent(one, now, 0.1).Rate, r, 1e-11) {
		t.Errorf("one interval: %v, want %v", Recent(one, now, 0.1).Rate, r)
	}

	// now NaN or ±Inf means the last fetch, and a now after the last fetch
	// changes nothing (time unvisited is not evidence); a now inside the
	// history gives the later intervals weight 1
	irregular := history([]float64{0, 1, 3, 3.5, 7, 8, 12, 20}, []bool{true, false, true, true, false, true, false}, nil)
	last := t0 + 20*secondsPerDay
	ref := Recent(irregular, last, 5)
	checkSane(t, "irregular", ref)
	for _, at := range []float64{nan, math.Inf(1), math.Inf(-1), last + 1000*secondsPerDay} {
		if e := Recent(irregular, at, 5); !near(e.Rate, ref.Rate, 1e-12) || !near(e.Low, ref.Low, 1e-12) || !near(e.High, ref.High, 1e-12) {
			t.Errorf("now %v: %v [%v, %v], want %v [%v, %v]", at, e.Rate, e.Low, e.High, ref.Rate, ref.Low, ref.High)
		}
	}
	checkSane(t, "now inside", Recent(irregular, t0+5*secondsPerDay, 5))
	// a half-life so short that old weights underflow stays finite
	for _, hl := range []float64{1e-300, 1e-3, math.SmallestNonzeroFloat64} {
		checkSane(t, "tiny half-life", Recent(irregular, last, hl))
	}
	// +Inf half-life on irregular access: close to AdjustedMLE (the
	// pseudo-interval is t̄/2 rather than Firth's)
	ts, cs := Intervals(irregular)
	if adj, _, _ := AdjustedMLE(ts, cs); !near(Recent(irregular, last, math.Inf(1)).Rate, adj, 0.1) {
		t.Errorf("irregular, no weighting: %v, AdjustedMLE %v", Recent(irregular, last, math.Inf(1)).Rate, adj)
	}
}

// Recent never returns NaN, whatever the history and arguments.
func TestRecentNeverNaN(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for range 3000 {
		n := 1 + rng.IntN(40)
		days := make([]float64, n+1)
		for i := 1; i <= n; i++ {
			days[i] = days[i-1] + math.Exp(rng.NormFloat64()*2)
		}
		c := make([]bool, n)
		for i := range c {
			c[i] = rng.IntN(3) == 0
		}
		hl := math.Exp(rng.NormFloat64() * 4)
		now := t0 + (days[n]-rng.Float64()*days[n])*secondsPerDay
		checkSane(t, "random", Recent(history(days, c, nil), now, hl))
	}
}

// same reports a == b, NaN equal to NaN.
func same(a, b float64) bool { return a == b || (math.IsNaN(a) && math.IsNaN(b)) }

// Weights are relative to the newest interval, so once every fetch is in
// the past Recent's estimate does not depend on when it is asked for —
// to the last bit: the CLI asks at the clock's time, and a log estimated
// twice gave other digits (weights computed as (now − end) − (now −
// last) round with now).
func TestRecentSameWhateverNow(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for trial := range 200 {
		n := 2 + rng.IntN(60)
		days := make([]float64, n+1)
		changed := make([]bool, n)
		for i := 1; i <= n; i++ {
			days[i] = days[i-1] + 0.1 + 3*rng.Float64()
			changed[i-1] = rng.IntN(3) == 0
		}
		h := history(days, changed, nil)
		last := h.Fetches[n].At
		want := Recent(h, last, 7)
		for _, now := range []float64{last + 1, last + 12345.678, last + 1e7 + rng.Float64(), math.Inf(1), math.NaN()} {
			if got := Recent(h, now, 7); !same(got.Rate, want.Rate) || !same(got.Low, want.Low) || !same(got.High, want.High) {
				t.Fatalf("trial %d, now last%+g: %v [%v, %v], at the last fetch %v [%v, %v]",
					trial, now-last, got.Rate, got.Low, got.High, want.Rate, want.Low, want.High)
			}
		}
	}
}
