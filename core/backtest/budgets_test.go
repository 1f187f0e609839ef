package backtest

import (
	"context"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/freshplan/freshplan/core/plan"
)

// TestPerPageWeek: k visits per page per week is round(k × pages ×
// horizon / week) visits per horizon, at least one, and saturates rather
// than wraps.
func TestPerPageWeek(t *testing.T) {
	week := 7 * 24 * time.Hour
	for _, c := range []struct {
		k     float64
		pages int
		h     time.Duration
		want  int
	}{
		{1, 1780, week, 1780},
		{0.25, 1780, week, 445},
		{4, 1780, week, 7120},
		{0.5, 3, week, 2},                 // 1.5 rounds half away from zero
		{1, 1000, 24 * time.Hour, 143},    // 1000/7 = 142.86
		{0.25, 1, week, 1},                // at least one visit
		{1e300, 10, week, math.MaxInt},    // too big for an int
		{math.NaN(), 10, week, 1},         // never the undefined int(NaN)
		{2, 40, 14 * 24 * time.Hour, 160}, // a fortnight's horizon
	} {
		if got := PerPageWeek(c.k, c.pages, c.h); got != c.want {
			t.Errorf("PerPageWeek(%v, %d, %v) = %d, want %d", c.k, c.pages, c.h, got, c.want)
		}
	}
	if WeeklyBudget(1780, week) != PerPageWeek(1, 1780, week) {
		t.Error("WeeklyBudget is not one visit per page per week")
	}
	// VisitsPerPageWeek undoes PerPageWeek where it does not round.
	for _, c := range []struct {
		k     float64
		pages int
		h     time.Duration
	}{{1, 1780, week}, {0.25, 1780, week}, {2, 40, 14 * 24 * time.Hour}, {3.5, 96, 24 * time.Hour}} {
		if got := VisitsPerPageWeek(PerPageWeek(c.k, c.pages, c.h), c.pages, c.h); math.Abs(got-c.k) > 1e-12*c.k {
			t.Errorf("VisitsPerPageWeek(PerPageWeek(%v, %d, %v)) = %v", c.k, c.pages, c.h, got)
		}
	}
}

// TestWindow: a year either side of the split, in calendar years, so a
// split on 29 February is a year from 1 March.
func TestWindow(t *testing.T) {
	for _, c := range []struct{ split, start, until string }{
		{"2024-01-01", "2023-01-01", "2025-01-01"},
		{"2024-02-29", "2023-03-01", "2025-03-01"},
		{"2023-07-15", "2022-07-15", "2024-07-15"},
	} {
		at, _ := time.Parse(time.DateOnly, c.split)
		start, until := Window(at)
		if got := start.Format(time.DateOnly) + " " + until.Format(time.DateOnly); got != c.start+" "+c.until {
			t.Errorf("Window(%s) = %s, want %s %s", c.split, got, c.start, c.until)
		}
	}
}

// TestPreparedAt: replaying budgets one at a time from one Prepare gives
// what RunBudgets gives for them side by side, row for row, and Pages
// counts the pages that appear before the split.
func TestPreparedAt(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	const span = 200 * day
	pages := randomHistory(rng, span)
	for len(pages) < 8 {
		pages = randomHistory(rng, span)
	}
	params := plan.DefaultParams()
	params.Horizon = 7 * 24 * time.Hour
	cfg := Config{Params: params, TrainStart: 0, Split: span / 2, Until: span, Prior: true,
		Replan: true, Adaptive: true, Learn: true, Hindsight: true}
	budgets := []int{2, 5, 17}
	want, err := RunBudgets(context.Background(), pages, cfg, budgets)
	if err != nil {
		t.Fatal(err)
	}
	prep, err := Prepare(context.Background(), pages, cfg)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, p := range pages {
		if p.Times[0] < cfg.Split {
			n++
		}
	}
	if prep.Pages() != n || PagesBefore(pages, cfg.Split) != n {
		t.Errorf("Pages() = %d, PagesBefore = %d, want %d", prep.Pages(), PagesBefore(pages, cfg.Split), n)
	}
	for k, b := range budgets {
		got, err := prep.At(context.Background(), b)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want[k]) {
			t.Errorf("budget %d: At gives %+v, RunBudgets %+v", b, got, want[k])
		}
		if len(got.Rows) != 9 {
			t.Errorf("budget %d: %d rows, want the 9 policies", b, len(got.Rows))
		}
	}
	if b, err := prep.DefaultBudget(); err != nil || b != WeeklyBudget(n, params.Horizon) {
		t.Errorf("DefaultBudget() = %d, %v; want one visit per page per week, %d", b, err, WeeklyBudget(n, params.Horizon))
	}
}
