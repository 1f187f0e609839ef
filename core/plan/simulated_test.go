package plan

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/core/staleness"
)

// TestSimulatedAgrees replays every policy's and bound's visits against
// sampled Poisson changes and checks that the analytical (or replayed)
// figure lies in the simulation's 95% interval widened to two
// half-widths (about ±3.9σ: a correct pair fails one of these ~50 checks
// with probability ~5e-3), under both models and both objectives. Rate
// policies with no schedule (cho, azar_random) must have no Sim.
func TestSimulatedAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	var pg []pages.Page
	for i := range 300 {
		pg = append(pg, pages.Page{URL: fmt.Sprintf("https://h%d.example/%d", i%12, i), Host: fmt.Sprintf("h%d.example", i%12),
			Rate: 0.1 + 10*rng.Float64(), Weight: 0.5 + rng.Float64()})
	}
	for _, m := range []staleness.Model{staleness.Steady, staleness.Horizon} {
		for _, obj := range []staleness.Objective{staleness.Stale, staleness.Age} {
			p := DefaultParams()
			p.Budget, p.Model, p.Objective, p.Simulate, p.Seed = 1500, m, obj, 400, 11
			p.Politeness = 2 * time.Minute
			pl, err := Run(context.Background(), pg, p)
			if err != nil {
				t.Fatal(err)
			}
			for name, r := range pl.Results {
				switch {
				case name == "cho" || name == "azar_random":
					if r.Sim != nil {
						t.Errorf("%v %v %s: a rate policy got a simulated figure", m, obj, name)
					}
				case r.Sim == nil:
					t.Errorf("%v %v %s: no simulated figure", m, obj, name)
				default:
					s := r.Sim
					if d := r.Value - s.Mean; d*d > 4*s.HalfWidth()*s.HalfWidth() {
						t.Errorf("%v %v %s: %.6g outside the simulation's %.6g ± 2×%.3g", m, obj, name, r.Value, s.Mean, s.HalfWidth())
					}
					if s.HalfWidth() > 0.05*s.Mean+1e-9 {
						t.Errorf("%v %v %s: interval ±%.3g too wide to tell anything", m, obj, name, s.HalfWidth())
					}
				}
			}
		}
	}
}

// TestProgress: Run tells its stages in order, and a context cancelled
// from the progress callback stops it before the next stage.
func TestProgress(t *testing.T) {
	pg := mixedPages(50, 3)
	p := DefaultParams()
	p.Budget = 300
	var stages []string
	p.Progress = func(s string) { stages = append(stages, s) }
	if _, err := Run(context.Background(), pg, p); err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(stages); got != "[allocating scheduling]" {
		t.Errorf("stages %s", got)
	}
	ctx, cancel := context.WithCancel(context.Background())
	p.Progress = func(s string) {
		if s == "allocating" {
			cancel()
		}
	}
	if _, err := Run(ctx, pg, p); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled while allocating: %v", err)
	}
}
