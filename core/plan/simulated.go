package plan

import (
	"fmt"
	"math"

	"github.com/freshplan/freshplan/core/schedule"
	"github.com/freshplan/freshplan/core/simulate"
	"github.com/freshplan/freshplan/core/staleness"
)

// MaxSimulateRuns bounds Params.Simulate.
const MaxSimulateRuns = 10000

// simulated replays a result's visits against changes sampled from each
// page's process (Poisson at its rate, or its model), Params.Simulate times (core/simulate), and sets r.Sim:
// the simulated counterpart of r.Value under the plan's objective. It does
// nothing when no simulation was asked for.
func (in *instance) simulated(r *Result, v *simulate.Visits) error {
	runs := in.params.Simulate
	if runs <= 0 || r == nil || in.params.Objective == staleness.Harmonic {
		return nil // the simulator measures staleness, freshness and age
	}
	in.procsOnce.Do(func() {
		in.procs = make([]simulate.Process, len(in.rates))
		for i, rate := range in.rates {
			if in.modelled() && in.models[i] != nil {
				in.procs[i] = in.models[i].sim
				continue
			}
			in.procs[i] = simulate.Poisson{Rate: rate}
		}
	})
	res, err := simulate.Run(in.ctx, simulate.Config{Model: in.params.Model, Horizon: in.T, Runs: runs, Seed: in.params.Seed},
		v, in.procs, in.weights)
	if err != nil {
		return fmt.Errorf("simulating %s: %w", r.Name, err)
	}
	est := res.Staleness
	if in.params.Objective == staleness.Age {
		est = res.Age
	}
	r.Sim = &est
	return nil
}

// equalVisits returns the visits of x[i] equally spaced times per page i
// (schedule.EqualTime; a quasi page's at the times its greedy fetches),
// as the analytical figures assume.
func (in *instance) equalVisits(x []float64) *simulate.Visits {
	v := &simulate.Visits{Start: make([]int, len(x)+1)}
	for i, xi := range x {
		k := int(xi)
		if in.modelled() && in.models[i] != nil && in.models[i].quasi != nil {
			// A quasi page's figure is that of the greedy's fetch times.
			v.Times = append(v.Times, in.models[i].plan.Times(k)...)
		} else {
			for j := 1; j <= k; j++ {
				v.Times = append(v.Times, schedule.EqualTime(in.params.Model, j, k, in.T))
			}
		}
		v.Start[i+1] = len(v.Times)
	}
	return v
}

// madeVisits groups by page the times a programme's visits were made at,
// which assigned has put in its times (NaN for a dropped visit).
func madeVisits(pages int, prog *schedule.Programme) *simulate.Visits {
	v := &simulate.Visits{Start: make([]int, pages+1)}
	for k, i := range prog.Pages {
		if !math.IsNaN(prog.Times[k]) {
			v.Start[i+1]++
		}
	}
	for i := range pages {
		v.Start[i+1] += v.Start[i]
	}
	v.Times = make([]float64, v.Start[pages])
	fill := make([]int, pages)
	copy(fill, v.Start[:pages])
	for k, i := range prog.Pages {
		if t := prog.Times[k]; !math.IsNaN(t) {
			v.Times[fill[i]] = t
			fill[i]++
		}
	}
	for i := range pages {
		sortFloats(v.Times[v.Start[i]:v.Start[i+1]])
	}
	return v
}

// sortFloats sorts a page's few visit times (insertion sort: a page's
// visits come nearly sorted).
func sortFloats(a []float64) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}
