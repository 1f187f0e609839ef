package plan

import (
	"context"
	"math"
	"reflect"
	"testing"

	"github.com/freshplan/freshplan/core/internal/synth"
	"github.com/freshplan/freshplan/core/pages"
)

// TestRunTableSameAsRun: the sample planned from a Set (RunTable, as the
// browser's worker plans) is the plan Run makes of its pages — every
// policy's and bound's value, per-page visits and staleness, the kept
// schedule and the hosts — with change models and crawl delays among
// them; only Plan.Pages is left nil, as RunTable says. A List planned by
// RunTable keeps its pages.
func TestRunTableSameAsRun(t *testing.T) {
	pg := synth.Sample()
	pg[7].Change = &pages.Change{Model: "pareto", Shape: 1.5}
	pg[11].CrawlDelay = 30
	p := DefaultParams()
	p.Budget = 20000
	p.Policy = PSP
	want, err := Run(context.Background(), pg, p)
	if err != nil {
		t.Fatal(err)
	}
	hostOf, names := Hosts(pg, nil)
	got, err := RunTable(context.Background(), NewSet(pg, hostOf, names), p)
	if err != nil {
		t.Fatal(err)
	}
	if got.Table.Len() != len(pg) || got.Table.Page(len(pg)-1) != pg[len(pg)-1] {
		t.Error("a Set's plan does not hold its pages")
	}
	if len(got.Results) != len(want.Results) || len(got.Results) < 8 {
		t.Fatalf("%d results from the set, %d from the pages", len(got.Results), len(want.Results))
	}
	for name, w := range want.Results {
		g := got.Results[name]
		if g == nil || math.Float64bits(g.Value) != math.Float64bits(w.Value) || !sameBits(g.Visits, w.Visits) || !sameBits(g.Page, w.Page) || g.Dropped != w.Dropped {
			t.Errorf("%s: the set's plan differs from the pages'", name)
		}
	}
	if len(want.Schedule) == 0 {
		t.Fatal("no schedule kept to compare")
	}
	if !reflect.DeepEqual(got.Schedule, want.Schedule) || !reflect.DeepEqual(got.Hosts, want.Hosts) || !reflect.DeepEqual(got.HostOf, want.HostOf) {
		t.Error("the set's schedule or hosts differ from the pages'")
	}
	if l, err := RunTable(context.Background(), List(pg), p); err != nil || l.Table.Len() != len(pg) {
		t.Errorf("a List's plan: %v, %d pages", err, l.Table.Len())
	}
}

// sameBits reports whether a and b hold the same values, bit for bit.
func sameBits(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if math.Float64bits(a[i]) != math.Float64bits(b[i]) {
			return false
		}
	}
	return true
}
