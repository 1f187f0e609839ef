package simulate

import (
	"math"

	"gonum.org/v1/gonum/stat/distuv"
)

// Estimate is a mean over independent runs with its 95% confidence
// interval [Low, High]: Mean ± t(0.975, n−1)·sd/√n, Student's t interval
// from the spread between the n runs (runs are independent and, at the
// scale of many pages, each run's weighted mean is close to normal).
// With one run there is no spread to measure and the interval is
// (−Inf, +Inf). When every run of several is equal (deterministic pages)
// or the mean is infinite (a page never visited under the steady model)
// Low = High = Mean.
type Estimate struct {
	Mean, Low, High float64
	Runs            int
}

// HalfWidth returns (High − Low)/2, the interval's half-width.
func (e Estimate) HalfWidth() float64 { return (e.High - e.Low) / 2 }

// Contains reports whether x lies in [Low, High].
func (e Estimate) Contains(x float64) bool { return x >= e.Low && x <= e.High }

// estimate returns the Estimate of the run values xs, summed in order so
// that the result is the same on every machine.
func estimate(xs []float64) Estimate {
	n := len(xs)
	e := Estimate{Runs: n}
	if n == 0 {
		e.Mean, e.Low, e.High = math.NaN(), math.NaN(), math.NaN()
		return e
	}
	if n == 1 {
		e.Mean, e.Low, e.High = xs[0], math.Inf(-1), math.Inf(1)
		return e
	}
	var s float64
	allEqual := true
	for _, x := range xs {
		s += x
		allEqual = allEqual && x == xs[0]
	}
	e.Mean = s / float64(n)
	if allEqual || math.IsInf(e.Mean, 0) {
		// Exact for equal runs, and keeps infinite ages from turning
		// into NaN.
		if allEqual {
			e.Mean = xs[0]
		}
		e.Low, e.High = e.Mean, e.Mean
		return e
	}
	var ss float64
	for _, x := range xs {
		ss += (x - e.Mean) * (x - e.Mean)
	}
	sd := math.Sqrt(ss / float64(n-1))
	t := distuv.StudentsT{Mu: 0, Sigma: 1, Nu: float64(n - 1)}.Quantile(0.975)
	h := t * sd / math.Sqrt(float64(n))
	e.Low, e.High = e.Mean-h, e.Mean+h
	return e
}
