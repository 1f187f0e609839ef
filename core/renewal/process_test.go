package renewal

import (
	"math"
	"testing"

	"github.com/freshplan/freshplan/core/staleness"
)

// Bad parameters come back as errors, never panics (gonum's mathext
// panics on a non-positive shape: Validate stops them first).
func TestRejectsBadParameters(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	bad := []Process{
		nil,
		Exponential{}, Exponential{Rate: -1}, Exponential{Rate: nan}, Exponential{Rate: inf},
		Pareto{Alpha: 1, Scale: 1}, Pareto{Alpha: 0.5, Scale: 1}, Pareto{Alpha: nan, Scale: 1},
		Pareto{Alpha: inf, Scale: 1}, Pareto{Alpha: 2}, Pareto{Alpha: 2, Scale: -1}, Pareto{Alpha: 2, Scale: inf},
		Weibull{Shape: 0, Scale: 1}, Weibull{Shape: -1, Scale: 1}, Weibull{Shape: 0.01, Scale: 1},
		Weibull{Shape: 100, Scale: 1}, Weibull{Shape: nan, Scale: 1}, Weibull{Shape: 1}, Weibull{Shape: 1, Scale: nan},
	}
	for _, p := range bad {
		if _, err := Staleness(p, staleness.Steady, 1, 3); err == nil {
			t.Errorf("Staleness accepted %#v", p)
		}
		if _, err := Cost(p, staleness.Steady, 1); err == nil {
			t.Errorf("Cost accepted %#v", p)
		}
		if _, err := GapStaleness(p, 1); err == nil {
			t.Errorf("GapStaleness accepted %#v", p)
		}
		if _, err := Scheduled(p, staleness.Steady, 1, []float64{0.5}); err == nil {
			t.Errorf("Scheduled accepted %#v", p)
		}
	}
	for _, c := range []struct{ a, r float64 }{{1, 1}, {2, 0}, {2, -1}, {2, nan}, {nan, 1}} {
		if _, err := ParetoWithRate(c.a, c.r); err == nil {
			t.Errorf("ParetoWithRate(%v, %v) accepted", c.a, c.r)
		}
	}
	for _, c := range []struct{ k, r float64 }{{0, 1}, {1, 0}, {1, inf}, {nan, 1}, {-2, 1}} {
		if _, err := WeibullWithRate(c.k, c.r); err == nil {
			t.Errorf("WeibullWithRate(%v, %v) accepted", c.k, c.r)
		}
	}
	good := Exponential{Rate: 1}
	if _, err := Staleness(good, staleness.Steady, 0, 1); err == nil {
		t.Error("Staleness accepted T = 0")
	}
	if _, err := Staleness(good, staleness.Steady, nan, 1); err == nil {
		t.Error("Staleness accepted T = NaN")
	}
	if _, err := Staleness(good, staleness.Steady, 1, -1); err == nil {
		t.Error("Staleness accepted x = −1")
	}
	if _, err := Staleness(good, staleness.Model(9), 1, 1); err == nil {
		t.Error("Staleness accepted an unknown model")
	}
	for _, g := range []float64{-1, nan, inf} {
		if _, err := GapStaleness(good, g); err == nil {
			t.Errorf("GapStaleness accepted gap %v", g)
		}
	}
	for _, times := range [][]float64{{0.5, 0.2}, {-0.1}, {1.5}, {nan}} {
		if _, err := Scheduled(good, staleness.Horizon, 1, times); err == nil {
			t.Errorf("Scheduled accepted times %v", times)
		}
	}
}

// The rate constructors give the requested mean, and a Weibull of shape
// 1 is the exponential.
func TestWithRate(t *testing.T) {
	p, err := ParetoWithRate(2.5, 4)
	if err != nil || relErr(p.Mean(), 0.25) > 1e-15 {
		t.Errorf("ParetoWithRate(2.5, 4) = %#v, %v: mean %v", p, err, p.Mean())
	}
	w, err := WeibullWithRate(0.3, 4)
	if err != nil || relErr(w.Mean(), 0.25) > 1e-14 {
		t.Errorf("WeibullWithRate(0.3, 4) = %#v, %v: mean %v", w, err, w.Mean())
	}
	w1, _ := WeibullWithRate(1, 4)
	for x := range 20 {
		a, _ := Staleness(w1, staleness.Horizon, 1, x)
		b, _ := Staleness(Exponential{Rate: 4}, staleness.Horizon, 1, x)
		if relErr(a, b) > 1e-14 {
			t.Errorf("x=%d: Weibull of shape 1 gives %v, exponential %v", x, a, b)
		}
	}
	for _, p := range []interface{ CDF(float64) float64 }{Exponential{Rate: 2}, Pareto{Alpha: 3, Scale: 1}, Weibull{Shape: 0.5, Scale: 1}} {
		s := p.(Process)
		for _, x := range []float64{-1, 0, 0.3, 7} {
			if d := p.CDF(x) + s.Survival(x) - 1; math.Abs(d) > 1e-15 {
				t.Errorf("%#v: CDF + Survival at %v is off by %v", p, x, d)
			}
		}
	}
}
