package estimate

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/stat/distuv"
)

func TestLastModified(t *testing.T) {
	inf := math.Inf(1)
	x2of3 := 1 + 2/(3*math.Log(3)) // X′(3, 2) = (2−1) − 2/(3 log(1/3))
	tests := []struct {
		name       string
		ts, ages   []float64
		x          int     // changes counted (for the interval)
		total      float64 // T of Fig. 6.11 (0: not checked)
		rate, high float64 // high −1: finite
	}{
		// changed (0.5 < 1), unchanged (2 ≥ 1: T += 1), changed (0.25)
		{"Fig. 6.11 by hand", []float64{1, 1, 1}, []float64{0.5, 2, 0.25}, 2, 1.75, x2of3 / 1.75, -1},
		{"no change", []float64{1, 2}, []float64{3, 5}, 0, 3, 0, -math.Log(Tail) / 3},
		{"change every visit", []float64{1, 1}, []float64{0.5, 0.5}, 2, 1, 1, -1},
		{"one visit: X/T", []float64{2}, []float64{0.5}, 1, 0.5, 2, -1},
		{"bad entries skipped", []float64{1, 1, math.NaN(), 1, 0}, []float64{0.5, math.NaN(), 1, 0, 0.5}, 1, 0.5, 2, -1},
		{"nothing usable", []float64{-1}, []float64{1}, 0, 0, 0, inf},
		{"empty", nil, nil, 0, 0, 0, inf},
		{"age equal to interval is no change", []float64{1, 1}, []float64{1, 0.5}, 1, 1.5, BiasReducedChanges(2, 1) / 1.5, -1},
	}
	for _, tc := range tests {
		rate, low, high := LastModified(tc.ts, tc.ages)
		if math.Abs(rate-tc.rate) > 1e-12 {
			t.Errorf("%s: rate %v, want %v", tc.name, rate, tc.rate)
		}
		switch {
		case tc.high == -1 && (math.IsInf(high, 0) || !(high > rate)):
			t.Errorf("%s: high %v, want finite above %v", tc.name, high, rate)
		case tc.high != -1 && math.Abs(high-tc.high) > 1e-12*math.Max(1, tc.high) && high != tc.high:
			t.Errorf("%s: high %v, want %v", tc.name, high, tc.high)
		}
		if tc.total > 0 { // Garwood's limits
			wantLow := 0.0
			if tc.x > 0 {
				wantLow = distuv.Gamma{Alpha: float64(tc.x), Beta: 1}.Quantile(Tail) / tc.total
			}
			wantHigh := distuv.Gamma{Alpha: float64(tc.x + 1), Beta: 1}.Quantile(1-Tail) / tc.total
			if math.Abs(low-wantLow) > 1e-12 || math.Abs(high-wantHigh) > 1e-12 {
				t.Errorf("%s: [%v, %v], want Garwood [%v, %v]", tc.name, low, high, wantLow, wantHigh)
			}
		}
		if !(low <= rate && rate <= high) {
			t.Errorf("%s: %v outside [%v, %v]", tc.name, rate, low, high)
		}
	}
}

// With equal intervals LastModified is Fig. 6.14 exactly (ρ = 1, to
// rounding); with unequal ones its r → 0 limit stays unbiased where
// Fig. 6.14's would not: for intervals 0.2, 1.8, 0.5, 1.5, 1 the plain
// X′ is B₀/(n log(n/(n−1))) = 1.05 times too high as r → 0. Simulated at
// r = 0.02 with 400000 pages (standard error 0.5%), the mean is within
// 2.5% of 1 (the limit itself is exact; the rest is the O(r) term).
func TestLastModifiedIrregular(t *testing.T) {
	for n := 2; n <= 10; n++ {
		ts, ages := equal(n, 1), equal(n, 2)
		for x := 1; x < n; x++ {
			ages[x-1] = 0.5
			rate, _, _, total := lastModifiedRate(ts, ages)
			if want := BiasReducedChanges(n, x) / total; math.Abs(rate-want) > 1e-12*want {
				t.Errorf("n = %d, x = %d: %v, Fig. 6.14 gives %v", n, x, rate, want)
			}
		}
	}
	ts := []float64{0.2, 1.8, 0.5, 1.5, 1}
	span, b0 := 5.0, 0.0
	for _, g := range ts {
		b0 -= math.Log1p(-g / span)
	}
	if plain := b0 / (5 * math.Log(5.0/4)); math.Abs(plain-1.05) > 0.005 {
		t.Errorf("plain Fig. 6.14 limit %.4f, want 1.05", plain)
	}
	const r, pages = 0.02, 400000 // λ per unit of the mean interval, 1
	rng := rand.New(rand.NewPCG(14, 1))
	ages := make([]float64, len(ts))
	var sum, sum2 float64
	for range pages {
		for i := range ages {
			ages[i] = rng.ExpFloat64() / r
		}
		est, _, _, _ := lastModifiedRate(ts, ages)
		sum += est / r
		sum2 += (est / r) * (est / r)
	}
	mean := sum / pages
	se := math.Sqrt((sum2/pages - mean*mean) / pages)
	if math.Abs(mean-1) > 0.025 || se > 0.006 {
		t.Errorf("irregular intervals, r = %v: E/r = %.4f ± %.4f, want within 2.5%% of 1", r, mean, se)
	}
	t.Logf("irregular intervals, r = %v: E/r = %.4f ± %.4f (plain Fig. 6.14's limit: %.4f)", r, mean, se, b0/(5*math.Log(5.0/4)))
}
