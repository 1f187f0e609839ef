package simulate

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/freshplan/freshplan/core/schedule"
	"github.com/freshplan/freshplan/core/staleness"
)

// TestBadInputs: every bad parameter gives an error naming the problem,
// and nothing panics (a panic would kill the wasm app).
func TestBadInputs(t *testing.T) {
	nan, inf := math.NaN(), math.Inf(1)
	good := Config{Model: staleness.Steady, Horizon: 10, Runs: 2}
	one := FromTimes([][]float64{{1, 5}})
	poisson := []Process{Poisson{Rate: 0.1}}
	cases := []struct {
		name    string
		cfg     Config
		visits  *Visits
		procs   []Process
		weights []float64
		want    string // in the error
	}{
		{"model", Config{Model: 7, Horizon: 10, Runs: 1}, one, poisson, nil, "unknown model"},
		{"horizon 0", Config{Horizon: 0, Runs: 1}, one, poisson, nil, "horizon"},
		{"horizon NaN", Config{Horizon: nan, Runs: 1}, one, poisson, nil, "horizon"},
		{"horizon Inf", Config{Horizon: inf, Runs: 1}, one, poisson, nil, "horizon"},
		{"runs 0", Config{Horizon: 10}, one, poisson, nil, "runs"},
		{"horizons <0", Config{Horizon: 10, Runs: 1, Horizons: -1}, one, poisson, nil, "horizons"},
		{"horizons huge", Config{Horizon: 10, Runs: 1, Horizons: 2e6}, one, poisson, nil, "horizons"},
		{"horizons in horizon model", Config{Model: staleness.Horizon, Horizon: 10, Runs: 1, Horizons: 3}, one, poisson, nil, "one horizon"},
		{"no schedule", good, nil, poisson, nil, "no schedule"},
		{"empty Start", good, &Visits{}, nil, nil, "Start"},
		{"Start mismatch", good, &Visits{Start: []int{0, 3}, Times: []float64{1}}, poisson, nil, "times"},
		{"Start decreasing", good, &Visits{Start: []int{0, 2, 1}, Times: []float64{1}}, []Process{Poisson{}, Poisson{}}, nil, "decreases"},
		{"visit after T", good, FromTimes([][]float64{{11}}), poisson, nil, "[0, 10]"},
		{"visit NaN", good, &Visits{Start: []int{0, 1}, Times: []float64{nan}}, poisson, nil, "visited at NaN"},
		{"unsorted", good, &Visits{Start: []int{0, 2}, Times: []float64{5, 1}}, poisson, nil, "not sorted"},
		{"procs count", good, one, nil, nil, "change processes"},
		{"nil proc", good, one, []Process{nil}, nil, "no change process"},
		{"weights count", good, one, poisson, []float64{1, 2}, "weights"},
		{"weight <0", good, one, poisson, []float64{-1}, "weight"},
		{"weight NaN", good, one, poisson, []float64{nan}, "weight"},
		{"weight Inf", good, one, poisson, []float64{inf}, "weight"},
		{"weights overflow", good, FromTimes([][]float64{{1}, {1}}), []Process{Poisson{}, Poisson{}}, []float64{math.MaxFloat64, math.MaxFloat64}, "sum"},
		{"poisson <0", good, one, []Process{Poisson{Rate: -1}}, nil, "poisson"},
		{"poisson NaN", good, one, []Process{Poisson{Rate: nan}}, nil, "poisson"},
		{"poisson Inf", good, one, []Process{Poisson{Rate: inf}}, nil, "poisson"},
		{"pareto alpha 1", good, one, []Process{Pareto{Alpha: 1, Scale: 1}}, nil, "alpha"},
		{"pareto alpha 0.5", good, one, []Process{Pareto{Alpha: 0.5, Scale: 1}}, nil, "alpha"},
		{"pareto alpha NaN", good, one, []Process{Pareto{Alpha: nan, Scale: 1}}, nil, "alpha"},
		{"pareto alpha Inf", good, one, []Process{Pareto{Alpha: inf, Scale: 1}}, nil, "alpha"},
		{"pareto scale 0", good, one, []Process{Pareto{Alpha: 2, Scale: 0}}, nil, "scale"},
		{"pareto too fast", good, one, []Process{Pareto{Alpha: 2, Scale: 1e-7}}, nil, "per horizon"},
		{"weibull shape 0", good, one, []Process{Weibull{Shape: 0, Scale: 1}}, nil, "shape"},
		{"weibull shape tiny", good, one, []Process{Weibull{Shape: 1e-3, Scale: 1}}, nil, "mean"},
		{"weibull scale Inf", good, one, []Process{Weibull{Shape: 1, Scale: inf}}, nil, "scale"},
		{"weibull scale NaN", good, one, []Process{Weibull{Shape: 1, Scale: nan}}, nil, "scale"},
		{"weibull too fast", good, one, []Process{Weibull{Shape: 1, Scale: 1e-7}}, nil, "per horizon"},
		{"quasi lengths", good, one, []Process{Quasi{Times: []float64{1}}}, nil, "probabilities"},
		{"quasi time ≥ T", good, one, []Process{Quasi{Times: []float64{10}, Probs: []float64{1}}}, nil, "[0, 10)"},
		{"quasi time <0", good, one, []Process{Quasi{Times: []float64{-1}, Probs: []float64{1}}}, nil, "[0, 10)"},
		{"quasi time NaN", good, one, []Process{Quasi{Times: []float64{nan}, Probs: []float64{1}}}, nil, "[0, 10)"},
		{"quasi not increasing", good, one, []Process{Quasi{Times: []float64{2, 2}, Probs: []float64{1, 1}}}, nil, "increasing"},
		{"quasi prob >1", good, one, []Process{Quasi{Times: []float64{2}, Probs: []float64{1.5}}}, nil, "[0, 1]"},
		{"quasi prob NaN", good, one, []Process{Quasi{Times: []float64{2}, Probs: []float64{nan}}}, nil, "[0, 1]"},
	}
	for _, c := range cases {
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Errorf("%s: panic %v", c.name, p)
				}
			}()
			_, err := Run(context.Background(), c.cfg, c.visits, c.procs, c.weights)
			switch {
			case err == nil:
				t.Errorf("%s: no error", c.name)
			case !strings.HasPrefix(err.Error(), "simulate: ") || !strings.Contains(err.Error(), c.want):
				t.Errorf("%s: error %q, want one starting simulate: and containing %q", c.name, err, c.want)
			}
		}()
	}
}

// TestBadVisits: the builders reject visits to unknown pages and
// non-finite times.
func TestBadVisits(t *testing.T) {
	for _, vs := range [][]schedule.Visit{
		{{Time: 1, Page: 2}},
		{{Time: 1, Page: -1}},
		{{Time: math.NaN(), Page: 0}},
		{{Time: math.Inf(1), Page: 0}},
	} {
		if _, err := FromVisits(2, vs); err == nil {
			t.Errorf("FromVisits(2, %v): no error", vs)
		}
	}
	if _, err := FromVisits(-1, nil); err == nil {
		t.Error("FromVisits(-1): no error")
	}
	if _, err := FromProgramme(2, &schedule.Programme{Start: []int{0, 1}, Pages: []int32{0}}); err == nil {
		t.Error("FromProgramme with missing times: no error")
	}
}
