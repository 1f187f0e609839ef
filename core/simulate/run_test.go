package simulate

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"runtime"
	"testing"

	"github.com/freshplan/freshplan/core/staleness"
)

// mixed returns n pages of every kind of process with random visits,
// weights and some unvisited pages.
func mixed(n int, T float64) (*Visits, []Process, []float64) {
	rng := rand.New(rand.NewPCG(21, 22))
	times := make([][]float64, n)
	procs := make([]Process, n)
	weights := make([]float64, n)
	for i := range n {
		rate := math.Pow(10, -1+2*rng.Float64()) / T
		switch i % 4 {
		case 0:
			procs[i] = Poisson{Rate: rate}
		case 1:
			procs[i] = ParetoWithRate(1.2+2*rng.Float64(), rate)
		case 2:
			procs[i] = WeibullWithRate(0.3+rng.Float64(), rate)
		case 3:
			procs[i] = Quasi{Times: []float64{0.1 * T, 0.5 * T, 0.75 * T}, Probs: []float64{rng.Float64(), 1, 0.3}}
		}
		weights[i] = rng.Float64()
		for range rng.IntN(5) {
			times[i] = append(times[i], rng.Float64()*T)
		}
	}
	return FromTimes(times), procs, weights
}

// TestDeterministic: the same seed gives bitwise the same result, per
// page too, whatever GOMAXPROCS; another seed gives another result.
func TestDeterministic(t *testing.T) {
	const T = 3600.0
	visits, procs, weights := mixed(2500, T) // three chunks
	for _, m := range []staleness.Model{staleness.Steady, staleness.Horizon} {
		cfg := Config{Model: m, Horizon: T, Runs: 3, Seed: 99, PerPage: true, Horizons: 1}
		run := func(procsMax int) Result {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procsMax))
			res, err := Run(context.Background(), cfg, visits, procs, weights)
			if err != nil {
				t.Fatal(err)
			}
			return res
		}
		a, b, one, four := run(2), run(2), run(1), run(4)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("%v: two runs with the same seed differ", m)
		}
		if !reflect.DeepEqual(a, one) || !reflect.DeepEqual(a, four) {
			t.Errorf("%v: GOMAXPROCS changes the result", m)
		}
		cfg.Seed = 100
		if c := run(2); c.Staleness.Mean == a.Staleness.Mean {
			t.Errorf("%v: another seed gives the same staleness %v", m, c.Staleness.Mean)
		}
	}
}

// TestIntervalCoverage checks the interval itself: over 300 independent
// seeds, the 95% interval from 10 runs of one Poisson page must contain
// the exact staleness between 90% and 99% of the time (a binomial(300,
// 0.95) count falls outside [270, 297] with probability below 1e-3).
func TestIntervalCoverage(t *testing.T) {
	const T, seeds = 1.0, 300
	times := []float64{0.2, 0.7}
	want := staleness.Realized(staleness.Horizon, staleness.Stale, 2, T, times)
	covered := 0
	for s := range seeds {
		res := runOne(t, Config{Model: staleness.Horizon, Horizon: T, Runs: 10, Seed: uint64(1000 + s)}, Poisson{Rate: 2}, times)
		if res.Staleness.Contains(want) {
			covered++
		}
	}
	t.Logf("covered %d of %d", covered, seeds)
	if covered < 270 || covered > 297 {
		t.Errorf("the 95%% interval covered the exact value %d times in %d", covered, seeds)
	}
}

// TestOneRun: one run has no spread, so the interval is unbounded.
func TestOneRun(t *testing.T) {
	res := runOne(t, Config{Model: staleness.Horizon, Horizon: 1, Runs: 1}, Poisson{Rate: 1}, []float64{0.5})
	if !math.IsInf(res.Staleness.Low, -1) || !math.IsInf(res.Staleness.High, 1) || res.Staleness.Runs != 1 {
		t.Errorf("one run: %+v", res.Staleness)
	}
}

// TestZeroWeights: pages of weight 0 do not count, even with infinite
// age; with every weight 0 the means are 0 (as staleness.Tracker.Average).
func TestZeroWeights(t *testing.T) {
	visits := FromTimes([][]float64{{0.5}, nil})
	procs := []Process{Poisson{Rate: 1}, Poisson{Rate: 1}}
	cfg := Config{Model: staleness.Steady, Horizon: 1, Runs: 4}
	res, err := Run(context.Background(), cfg, visits, procs, []float64{1, 0})
	if err != nil {
		t.Fatal(err)
	}
	if math.IsInf(res.Age.Mean, 0) || res.Staleness.Mean >= 1 {
		t.Errorf("weight-0 unvisited page counted: %+v", res)
	}
	res, err = Run(context.Background(), cfg, visits, procs, []float64{0, 0})
	if err != nil || res.Staleness.Mean != 0 || res.Age.Mean != 0 {
		t.Errorf("all weights 0: %+v, %v", res, err)
	}
}

// TestCancelAndProgress: a cancelled context stops Run with its error;
// progress counts every chunk of every run, in order, never concurrently.
func TestCancelAndProgress(t *testing.T) {
	const T = 100.0
	visits, procs, weights := mixed(2100, T)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := Run(ctx, Config{Model: staleness.Steady, Horizon: T, Runs: 2}, visits, procs, weights)
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: got %v", err)
	}
	var calls []int
	total := 0
	cfg := Config{Model: staleness.Steady, Horizon: T, Runs: 2, Progress: func(done, tot int) {
		calls = append(calls, done)
		total = tot
	}}
	if _, err := Run(context.Background(), cfg, visits, procs, weights); err != nil {
		t.Fatal(err)
	}
	if total != 6 || len(calls) != 6 || calls[5] != 6 {
		t.Errorf("progress: calls %v of total %d, want 1..6 of 6", calls, total)
	}
	// Cancelling from the progress callback stops after the current chunks.
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	cfg.Progress = func(done, _ int) {
		if done == 1 {
			cancel()
		}
	}
	if _, err := Run(ctx, cfg, visits, procs, weights); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled from progress: got %v", err)
	}
}
