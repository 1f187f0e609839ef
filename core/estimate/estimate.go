package estimate

import (
	"fmt"
	"math"

	"github.com/freshplan/freshplan/core/observe"
)

// The names Estimate.Estimator takes.
const (
	EstimatorNone         = "none"          // no interval observed, or unusable fetch times
	EstimatorImproved     = "improved"      // regular access: Improved, seed 001 §6.4.2
	EstimatorMLE          = "mle"           // irregular access: AdjustedMLE, seed 001 §6.4.3 eq. 6.3
	EstimatorLastModified = "last-modified" // LastModified, seed 001 §6.5 Fig. 6.14
)

// RegularRatio is the largest ratio of the longest to the shortest gap
// between fetches for which Of treats access as regular and uses
// Improved with the mean gap. Within it every gap is within ±5% of the
// mean, which moves the estimate by under 3% from AdjustedMLE's, which
// sees every gap (TestRegularRatio: the worst arrangement, all changed
// gaps long and all unchanged ones short, gives 2.7%) — far inside the
// estimator's own spread, σ/r ≥ 0.2 for n ≤ 40 visits (seed 001 Fig.
// 6.7) — while tolerating a scheduler's jitter.
const RegularRatio = 1.1

const secondsPerDay = 86400

// Estimate is what Of finds for one URL. Rates are in changes per day.
type Estimate struct {
	Visits    int     // n: fetches after the baseline (the number of intervals observed)
	Changes   int     // X: detected changes (Fetch.Changed after the baseline)
	SpanDays  float64 // observed span, first to last fetch, days
	Rate      float64 // λ̂, changes per day
	Low, High float64 // 90% interval, changes per day: Low 0 if no change was seen, High +Inf if one was at every visit (not for last-modified, whose dates bound it)
	Naive     float64 // X/T, changes per day, for comparison (seed 001 §6.4.1)
	Estimator string  // one of the Estimator* names
	Reason    string  // why this estimator: one short sentence

	// SuggestedIntervalDays is, for a page whose interval is too wide to
	// plan with (TooWide), the access interval that would estimate it best,
	// r = λ × interval ≈ BestRatio (seed 001 §6.4.2 example 6.4); 0 otherwise.
	SuggestedIntervalDays float64

	Ignored      int // Last-Modified values ignored: in the future, or not before their fetch
	Inconsistent int // Last-Modified values contradicting Changed (set after the previous fetch iff changed), not used
	Used         int // intervals the chosen estimator used: Visits, or those with a usable Last-Modified
}

// Observed reports whether e says anything of the page's rate: an
// estimator was used over a span of time. Priors are fitted to, and
// posteriors updated by, observed estimates only.
func (e Estimate) Observed() bool { return e.Estimator != EstimatorNone && e.SpanDays > 0 }

// Of estimates the change rate of the URL whose history is h, now (Unix
// seconds) being the present for the "in the future" check on
// Last-Modified dates (NaN or ±Inf: no such check). It chooses the
// estimator and records why:
//
//   - last-modified (LastModified) when more than half of the n intervals,
//     and at least 2 (Fig. 6.14 needs n ≥ 2), end in a fetch with a
//     usable Last-Modified: present and finite, not after now, before the
//     fetch (a date at or after the fetch time is a clock error or a
//     server stamping the response, and tells nothing of the last change),
//     and consistent with Changed (after the previous fetch exactly when a
//     change was detected). Only those intervals enter the estimate;
//   - improved (Improved with the mean gap) when the longest gap is at most
//     RegularRatio times the shortest;
//   - mle (AdjustedMLE, eq. 6.3 bias-adjusted) otherwise.
//
// A history with fewer than two fetches has no interval: Estimator
// "none", Rate 0, Low 0, High +Inf, so that a planner treats it as
// unknown rather than as a page that never changes; so has one whose
// fetch times are not finite and strictly increasing (the reader sorts
// them; Of does not guess), with the Reason saying so. Of never panics and
// never returns NaN.
func Of(h observe.History, now float64) Estimate {
	e := Estimate{Low: 0, High: math.Inf(1), Estimator: EstimatorNone}
	fs := h.Fetches
	switch len(fs) {
	case 0:
		e.Reason = "no fetches: nothing observed"
		return e
	case 1:
		e.Reason = "one fetch: nothing observed"
		return e
	}
	sc := getScratch()
	defer putScratch(sc)
	gaps, changed, bad := intervals(fs, sc)
	if bad > 0 {
		e.Reason = fmt.Sprintf("fetch %d is not after fetch %d: times must be finite and increasing", bad+1, bad)
		return e
	}
	n := len(gaps)
	shortest, longest := math.Inf(1), 0.0
	for i, gap := range gaps {
		shortest, longest = min(shortest, gap), max(longest, gap)
		if changed[i] {
			e.Changes++
		}
	}
	e.Visits = n
	e.SpanDays = (fs[n].At - fs[0].At) / secondsPerDay
	e.Naive = Naive(e.Changes, e.SpanDays)

	ages, usable := lastModifiedAges(fs, gaps, now, &e, sc)
	switch ratio := longest / shortest; {
	case usable >= 2 && 2*usable > n:
		e.Estimator, e.Used = EstimatorLastModified, usable
		e.Reason = fmt.Sprintf("Last-Modified usable at %d of %d visits (seed 001 Fig. 6.14)", usable, n)
		e.Rate, e.Low, e.High = LastModified(gaps, ages)
	case ratio <= RegularRatio:
		e.Estimator, e.Used = EstimatorImproved, n
		e.Reason = fmt.Sprintf("regular access, gap ratio %.3g ≤ %g (seed 001 §6.4.2)", ratio, RegularRatio)
		e.Rate, e.Low, e.High = Improved(n, e.Changes, e.SpanDays/float64(n))
	default:
		e.Estimator, e.Used = EstimatorMLE, n
		e.Reason = fmt.Sprintf("irregular access, gap ratio %.3g > %g (seed 001 eq. 6.3)", ratio, RegularRatio)
		e.Rate, e.Low, e.High = AdjustedMLE(gaps, changed)
	}
	e.SuggestedIntervalDays = Suggest(e.Rate, e.Low, e.High, e.SpanDays)
	return e
}

// lastModifiedAges returns, for each interval, the age of the page at the
// fetch closing it (days from its Last-Modified to the fetch) where that
// date is usable, NaN elsewhere, and the number usable; it counts the
// ignored and inconsistent dates into e.
func lastModifiedAges(fs []observe.Fetch, gaps []float64, now float64, e *Estimate, sc *scratch) ([]float64, int) {
	var ages []float64
	usable := 0
	for i := range gaps {
		f := fs[i+1]
		lm := f.LastModified
		switch {
		case math.IsNaN(lm):
			continue
		case math.IsInf(lm, 0) || lm >= f.At || (lm > now && !math.IsInf(now, 0)): // false for NaN now
			e.Ignored++
			continue
		case (lm > fs[i].At) != f.Changed:
			e.Inconsistent++
			continue
		}
		if ages == nil {
			ages = sized(sc.ages, len(gaps))
			sc.ages = ages
			for j := range ages {
				ages[j] = math.NaN()
			}
		}
		ages[i] = (f.At - lm) / secondsPerDay
		usable++
	}
	return ages, usable
}

// Intervals returns the gaps between the fetches of h in days and whether
// each ended in a detected change, the input Categorize, MLE and
// AdjustedMLE take; nil when h has fewer than two fetches or fetch times
// that are not finite and strictly increasing.
func Intervals(h observe.History) (days []float64, changed []bool) {
	days, changed, bad := intervals(h.Fetches, new(scratch))
	if bad > 0 {
		return nil, nil
	}
	return days, changed
}

// intervals returns the gaps between the fetches fs in days and whether
// each ended in a detected change, with bad = 0; or bad = i when fetch
// i+1 (counting from 1) is not finite and after fetch i. The arrays are
// sc's.
func intervals(fs []observe.Fetch, sc *scratch) (days []float64, changed []bool, bad int) {
	if len(fs) < 2 {
		return nil, nil, 0
	}
	days = sized(sc.days, len(fs)-1)
	changed = sized(sc.changed, len(fs)-1)
	sc.days, sc.changed = days, changed
	for i := range days {
		d := (fs[i+1].At - fs[i].At) / secondsPerDay
		if !(d > 0) || math.IsInf(d, 1) { // NaN and ±Inf times end here too
			return nil, nil, i + 1
		}
		days[i], changed[i] = d, fs[i+1].Changed
	}
	return days, changed, 0
}
