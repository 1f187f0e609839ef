package simulate

import (
	"context"
	"math"
	"testing"
)

// ciFactor widens the 95% interval in the statistical tests. The interval
// is about ±1.96σ of the mean over runs, so ±2 half-widths is ±3.9σ: a
// correct simulator fails one comparison with probability about 1e-4 (a
// few in a thousand over this package's comparisons, and the seeds are
// fixed, so a pass stays a pass), while a bias larger than two
// half-widths is caught. Each test also bounds the half-width, so the
// comparison cannot pass by being loose.
const ciFactor = 2

// within reports an error unless want is within ciFactor half-widths of
// e's mean and the half-width is at most maxHalf.
func within(t *testing.T, what string, e Estimate, want, maxHalf float64) {
	t.Helper()
	h := e.HalfWidth()
	if !(h <= maxHalf) {
		t.Errorf("%s: half-width %.3g exceeds %.3g: too few runs for a meaningful check", what, h, maxHalf)
	}
	if testing.Verbose() {
		t.Logf("%s: %.6g ± %.3g, exact %.6g (%+.2f half-widths)", what, e.Mean, h, want, (e.Mean-want)/h)
	}
	if d := math.Abs(e.Mean - want); !(d <= ciFactor*h) {
		t.Errorf("%s: simulated %.6g [%.6g, %.6g], exact %.6g: off by %.2f half-widths",
			what, e.Mean, e.Low, e.High, want, d/h)
	}
}

// runOne replays one page's visits against p.
func runOne(t *testing.T, cfg Config, p Process, times []float64) Result {
	t.Helper()
	res, err := Run(context.Background(), cfg, FromTimes([][]float64{times}), []Process{p}, nil)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// scaled returns fractions of T times T.
func scaled(T float64, fr ...float64) []float64 {
	out := make([]float64, len(fr))
	for i, f := range fr {
		out[i] = f * T
	}
	return out
}
