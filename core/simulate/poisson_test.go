package simulate

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/freshplan/freshplan/core/schedule"
	"github.com/freshplan/freshplan/core/staleness"
)

// TestPoissonMatchesAnalytical replays single Poisson pages, equally
// spaced and irregular, under both models, and compares the mean
// staleness and age with staleness.Realized (and, for equal spacing,
// staleness.Equal) within ciFactor half-widths of the 95% interval. The
// runs (4000 horizon runs; 1000 steady runs of 10 horizons) keep the
// staleness half-width under 0.015 and the age's under 6% of T.
func TestPoissonMatchesAnalytical(t *testing.T) {
	const T = 3600.0
	equal := func(m staleness.Model, x int) []float64 {
		out := make([]float64, x)
		for j := range x {
			out[j] = schedule.EqualTime(m, j+1, x, T)
		}
		return out
	}
	type tc struct {
		name   string
		lambda float64 // changes per horizon
		times  func(staleness.Model) []float64
		equalX int // > 0: equally spaced, also checked against Equal
	}
	cases := []tc{
		{"equal-3", 2, func(m staleness.Model) []float64 { return equal(m, 3) }, 3},
		{"equal-1", 0.7, func(m staleness.Model) []float64 { return equal(m, 1) }, 1},
		{"equal-8-fast", 20, func(m staleness.Model) []float64 { return equal(m, 8) }, 8},
		{"irregular", 5, func(staleness.Model) []float64 { return scaled(T, 0.05, 0.1, 0.6, 0.62, 0.9) }, 0},
		{"ends", 1.5, func(staleness.Model) []float64 { return scaled(T, 0, 0.5, 1) }, 0},
		{"one-early", 0.5, func(staleness.Model) []float64 { return scaled(T, 0.3) }, 0},
		{"slow", 0.05, func(staleness.Model) []float64 { return scaled(T, 0.2, 0.25) }, 0},
	}
	for _, m := range []staleness.Model{staleness.Steady, staleness.Horizon} {
		cfg := Config{Model: m, Horizon: T, Runs: 4000, Seed: 11}
		if m == staleness.Steady {
			cfg.Runs, cfg.Horizons = 1000, 10
		}
		all := cases
		if m == staleness.Horizon {
			all = append(all, tc{"unvisited", 1, func(staleness.Model) []float64 { return nil }, 0})
		}
		for k, c := range all {
			cfg.Seed = uint64(100*int(m) + k) // independent draws per case
			name := fmt.Sprintf("%v/%s", m, c.name)
			lambda := c.lambda / T
			times := c.times(m)
			res := runOne(t, cfg, Poisson{Rate: lambda}, times)
			wantS := staleness.Realized(m, staleness.Stale, lambda, T, times)
			wantA := staleness.Realized(m, staleness.Age, lambda, T, times)
			if c.equalX > 0 {
				x := float64(c.equalX)
				if e := staleness.Equal(m, staleness.Stale, lambda, T, x); math.Abs(e-wantS) > 1e-12 {
					t.Fatalf("%s: Equal %v and Realized %v disagree", name, e, wantS)
				}
			}
			within(t, name+" staleness", res.Staleness, wantS, 0.015)
			within(t, name+" freshness", res.Freshness, 1-wantS, 0.015)
			within(t, name+" age", res.Age, wantA, 0.06*T)
		}
	}
}

// TestPoissonSteadyUnvisited: under the steady model a changing page
// never visited is stale for good, a page that never changes is fresh.
func TestPoissonSteadyUnvisited(t *testing.T) {
	cfg := Config{Model: staleness.Steady, Horizon: 100, Runs: 3}
	res := runOne(t, cfg, Poisson{Rate: 0.01}, nil)
	if res.Staleness != (Estimate{1, 1, 1, 3}) || !math.IsInf(res.Age.Mean, 1) || !math.IsInf(res.Age.Low, 1) {
		t.Errorf("changing page never visited: %+v", res)
	}
	res = runOne(t, cfg, Poisson{Rate: 0}, nil)
	if res.Staleness != (Estimate{0, 0, 0, 3}) || res.Age != (Estimate{0, 0, 0, 3}) {
		t.Errorf("page that never changes: %+v", res)
	}
}

// TestPoissonManyPagesWeighted replays 3000 weighted pages (three chunks,
// so the parallel path) with random rates and random visit lists, and
// compares the weighted means with Σ w·Realized / Σ w (the analytical
// figure) within ciFactor half-widths; 40 runs give a staleness
// half-width under 0.003. Per-page means must agree with Realized on
// average: their weighted mean is the overall mean.
func TestPoissonManyPagesWeighted(t *testing.T) {
	const T, n = 86400.0, 3000
	rng := rand.New(rand.NewPCG(3, 4))
	times := make([][]float64, n)
	procs := make([]Process, n)
	weights := make([]float64, n)
	lambdas := make([]float64, n)
	for i := range n {
		lambdas[i] = math.Pow(10, -1+2*rng.Float64()) / T // 0.1 to 10 per horizon
		procs[i] = Poisson{Rate: lambdas[i]}
		weights[i] = rng.Float64() * 3
		x := 1 + rng.IntN(6)
		for range x {
			times[i] = append(times[i], rng.Float64()*T)
		}
	}
	weights[7] = 0
	visits := FromTimes(times)
	for _, m := range []staleness.Model{staleness.Steady, staleness.Horizon} {
		cfg := Config{Model: m, Horizon: T, Runs: 40, Seed: 5, PerPage: true}
		res, err := Run(context.Background(), cfg, visits, procs, weights)
		if err != nil {
			t.Fatal(err)
		}
		var ws, s, a, ps float64
		for i := range n {
			ws += weights[i]
			s += weights[i] * staleness.Realized(m, staleness.Stale, lambdas[i], T, visits.Page(i))
			a += weights[i] * staleness.Realized(m, staleness.Age, lambdas[i], T, visits.Page(i))
			ps += weights[i] * res.Pages[i].Staleness
		}
		within(t, m.String()+" staleness", res.Staleness, s/ws, 0.003)
		within(t, m.String()+" age", res.Age, a/ws, 0.01*T)
		if d := math.Abs(ps/ws - res.Staleness.Mean); d > 1e-12 {
			t.Errorf("%v: per-page means average to %v, overall %v", m, ps/ws, res.Staleness.Mean)
		}
	}
}
