package plan

import (
	"context"
	"math"
	"runtime"
	"slices"
	"testing"

	"github.com/freshplan/freshplan/core/schedule"
	"github.com/freshplan/freshplan/core/staleness"
)

// TestPipelineInOrder: every batch sent reaches the function once, in the
// order sent, the last one short; what it wrote is there after finish.
func TestPipelineInOrder(t *testing.T) {
	var got []int32
	p, b := newPipeline(func(batch []schedule.Visit) {
		for _, v := range batch {
			got = append(got, v.Page)
		}
	})
	const n = 5*pipelineBatch + 17
	for i := range n {
		b = append(b, schedule.Visit{Page: int32(i)})
		if len(b) == cap(b) {
			b = p.send(b)
			if len(b) != 0 {
				t.Fatalf("a batch to fill holds %d visits", len(b))
			}
		}
	}
	p.finish(b)
	if len(got) != n {
		t.Fatalf("%d visits replayed, want %d", len(got), n)
	}
	for i, v := range got {
		if v != int32(i) {
			t.Fatalf("visit %d replayed as %d: out of order", i, v)
		}
	}
}

// TestSameOnOneCoreAndMany: a plan made on one core (everything in turn,
// each schedule replayed as it is made) and on several (jobs at once, each
// replay beside its assignment) is the same bit for bit: every value,
// per-page visits and staleness, the kept schedule, the hosts' visits —
// with budgets many pipeline batches long, under both models.
func TestSameOnOneCoreAndMany(t *testing.T) {
	pg := Synthetic(3000, 30, 1, 0.2, 20, 3)
	for _, model := range []staleness.Model{staleness.Steady, staleness.Horizon} {
		p := DefaultParams()
		p.Budget, p.Model, p.Compare = 20*pipelineBatch, model, nil // every policy
		plans := make([]*Plan, 2)
		for k, procs := range []int{1, 4} {
			func() {
				defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
				pl, err := Run(context.Background(), pg, p)
				if err != nil {
					t.Fatal(err)
				}
				plans[k] = pl
			}()
		}
		one, many := plans[0], plans[1]
		if len(one.Results) != len(many.Results) {
			t.Fatalf("%v: %d results on one core, %d on four", model, len(one.Results), len(many.Results))
		}
		for name, r := range one.Results {
			m := many.Results[name]
			if m == nil || !same(r.Value, m.Value) || r.Dropped != m.Dropped || r.Violations != m.Violations ||
				!slices.Equal(r.Visits, m.Visits) || !slices.EqualFunc(r.Page, m.Page, same) {
				t.Errorf("%v, %s: one core %+v, four %+v", model, name, r, m)
			}
		}
		if len(one.Schedule) == 0 || !slices.Equal(one.Schedule, many.Schedule) || !slices.Equal(one.Hosts, many.Hosts) {
			t.Errorf("%v: the kept schedule (%d visits) or the hosts differ", model, len(one.Schedule))
		}
	}
}

// same is == but for NaN, which is the same as itself here.
func same(a, b float64) bool { return a == b || math.IsNaN(a) && math.IsNaN(b) }
