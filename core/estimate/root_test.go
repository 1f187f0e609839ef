package estimate

import (
	"math"
	"testing"
)

func TestRoot(t *testing.T) {
	tests := []struct {
		name string
		f    func(float64) float64
		a, b float64
		want float64
	}{
		{"linear", func(x float64) float64 { return 2*x - 1 }, 0, 3, 0.5},
		{"cubic", func(x float64) float64 { return x*x*x - 2 }, 0, 2, math.Cbrt(2)},
		{"steep exponential", func(x float64) float64 { return math.Expm1(50 * x) }, -1, 1, 0},
		{"flat near root", func(x float64) float64 { return math.Pow(x-1, 5) }, 0, 3, 1},
		{"root at an end", func(x float64) float64 { return x - 2 }, 0, 2, 2},
		{"no sign change: nearer end", func(x float64) float64 { return x*x + 1 }, 0.5, 3, 0.5},
	}
	for _, tc := range tests {
		got := root(tc.f, tc.a, tc.b, tc.f(tc.a), tc.f(tc.b), 1e-12)
		if math.Abs(got-tc.want) > 1e-6 { // the fifth power is flat: |f| < 1e-30 within 1e-6
			t.Errorf("%s: root = %v, want %v", tc.name, got, tc.want)
		}
	}
	if got := root(func(float64) float64 { return math.NaN() }, 0, 1, -1, 1, 1e-12); got < 0 || got > 1 {
		t.Errorf("NaN function: root = %v, want inside [0, 1]", got)
	}
}

func TestRootLog(t *testing.T) {
	tests := []struct {
		name  string
		f     func(float64) float64
		guess float64
		want  float64
	}{
		{"far above the guess", func(l float64) float64 { return math.Log(l / 3e7) }, 1, 3e7},
		{"far below the guess", func(l float64) float64 { return l - 1e-9 }, 1e6, 1e-9},
		{"bad guess", func(l float64) float64 { return l - 2 }, math.NaN(), 2},
		{"never crosses, always positive", func(float64) float64 { return 1 }, 1, math.Exp(-690)},
		{"never crosses, always negative", func(float64) float64 { return -1 }, 1, math.Exp(690)},
	}
	for _, tc := range tests {
		if got := rootLog(tc.f, tc.guess); math.Abs(got-tc.want) > 1e-9*tc.want {
			t.Errorf("%s: %v, want %v", tc.name, got, tc.want)
		}
	}
}
