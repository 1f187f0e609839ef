package app

import (
	"math"
	"reflect"
	"strings"
	"testing"
)

// TestBacktestFormats: a cell is the staleness as a percentage and its
// ratio to uniform's; without a uniform to compare, the staleness alone.
func TestBacktestFormats(t *testing.T) {
	for _, c := range []struct {
		s, u float64
		want string
	}{
		{0.0010179677617461749, 0.0013309311854839128, "0.102% · 0.76×"},
		{0.0123, 0.0162, "1.23% · 0.76×"},
		{0.005277515316498064, 0.0013309311854839128, "0.528% · 3.97×"},
		{0.0013309311854839128, 0.0013309311854839128, "0.133% · 1.00×"},
		{3.682569893969767e-05, 0.00038982488920904064, "0.00368% · 0.09×"},
		{0, 0.2, "0% · 0.00×"},
		{0.1, 0, "10%"},          // uniform never stale: no ratio
		{0.1, math.NaN(), "10%"}, // uniform not planned
	} {
		if got := fmtStaleVsUniform(c.s, c.u); got != c.want {
			t.Errorf("fmtStaleVsUniform(%v, %v) = %q, want %q", c.s, c.u, got, c.want)
		}
	}
	if got := perPageWeek(1) + "; " + perPageWeek(0.25); got != "1 visit per page per week; 0.25 visits per page per week" {
		t.Errorf("perPageWeek: %q", got)
	}
	if got := fmtTimes(math.Inf(1)); got != "–" {
		t.Errorf("fmtTimes(+Inf) = %q", got)
	}
	for _, c := range []struct {
		s, v float64
		want string
	}{
		{0.0010179677617461749, 0.0013309311854839128, "24% less than uniform (0.133%)"},
		{0.0015, 0.001, "50% more than uniform (0.1%)"},
		{0.001001, 0.001, "about the same as uniform (0.1%)"},
		{0.001, 0, "about the same as uniform (0%)"},
	} {
		if got := compareTo(c.s, c.v, "uniform"); got != c.want {
			t.Errorf("compareTo(%v, %v) = %q, want %q", c.s, c.v, got, c.want)
		}
	}
}

// budgetsResult is the full history's backtest at three budgets, as
// `freshplan backtest --budgets` gave it (changes-2024.csv split at
// 2024-07-01), with rows in the backtest's order.
func budgetsResult() *BacktestResult {
	rows := func(s ...float64) []BacktestRow {
		names := []string{"psp", "uniform", "cho", "azar", "psp-replan", "learn", "hindsight", "nutch-adaptive", "stormcrawler-adaptive"}
		out := make([]BacktestRow, len(names))
		for k, n := range names {
			out[k] = BacktestRow{Policy: n, Staleness: s[k], Visits: 1000, ChangesDetected: 10}
		}
		return out
	}
	return &BacktestResult{Pages: 1780, Horizon: 7 * 86400, Budgets: []BacktestBudget{
		{PerPageWeek: 0.5, Budget: 890, Cycle: 2, Rows: rows(0.0024889, 0.0024889, 0.0062830, 0.0062286, 0.0024889, 0.0018579, 0.0002935, 0.0055775, 0.0026176)},
		{PerPageWeek: 1, Budget: 1780, Cycle: 1, Rows: rows(0.0013309311854839128, 0.0013309311854839128, 0.005277515316498064, 0.005642113646229133,
			0.0013309311854839128, 0.0010179677617461749, 0.0001333385665899354, 0.0014989066356837057, 0.0013994911647255998)},
		{PerPageWeek: 2, Budget: 3560, Cycle: 1, Rows: rows(0.00060586, 0.00071422, 0.00060165, 0.00068258, 0.00062900, 0.00050600, 0.0000687, 0.00076607, 0.00068411)},
	}}
}

// TestBacktestAdvice: the sentence above the table names the least stale
// policy at one visit per page per week (hindsight, which no one can
// run, aside) and compares it with uniform and the best adaptive
// scheduler, from the result's own figures.
func TestBacktestAdvice(t *testing.T) {
	r := budgetsResult()
	want := "Use learn, which learns each page's change rate as it crawls: at one visit per page per week its pages' copies were out of date 0.102% of the time — " +
		"24% less than uniform (0.133%) and 27% less than the best adaptive scheduler, stormcrawler-adaptive (0.14%)."
	if got := backtestAdvice(r); got != want {
		t.Errorf("advice:\n%s\nwant\n%s", got, want)
	}
	// Where another policy did better, the sentence says so and how
	// learn compares.
	r.Budgets[1].Rows[3].Staleness = 0.0009 // azar
	got := backtestAdvice(r)
	for _, w := range []string{"Use azar:", "0.09% of the time", "32% less than uniform (0.133%)", "12% less than learn (0.102%)", "36% less than the best adaptive scheduler, stormcrawler-adaptive (0.14%)"} {
		if !strings.Contains(got, w) {
			t.Errorf("advice %q does not say %q", got, w)
		}
	}
	r.Budgets = r.Budgets[:1]
	if got := backtestAdvice(r); got != "" {
		t.Errorf("without a budget of one visit per page per week: %q", got)
	}
}

// TestBacktestOrder: learn first, uniform second, the rest as the
// backtest gives them, hindsight last.
func TestBacktestOrder(t *testing.T) {
	want := []string{"learn", "uniform", "psp", "cho", "azar", "psp-replan", "nutch-adaptive", "stormcrawler-adaptive", "hindsight"}
	if got := backtestOrder(budgetsResult()); !reflect.DeepEqual(got, want) {
		t.Errorf("order %v, want %v", got, want)
	}
	if got := backtestCycleNote(budgetsResult()); got != "At 0.5 visits per page per week the static plans span 2 weeks, so that every page is visited." {
		t.Errorf("cycle note %q", got)
	}
}

// TestBacktestBudgetSpec: a line per policy with a point per budget, the
// recommended policy and uniform thicker than the rest and drawn over
// them, on log scales spanning every value; every legend entry inside
// the chart and above the plot, at both widths.
func TestBacktestBudgetSpec(t *testing.T) {
	r := budgetsResult()
	for _, w := range []float64{btChartWide, btChartNarrow} {
		s := backtestBudgetSpec(r, w)
		if len(s.Series) != 9 || len(s.Legend) != 9 {
			t.Fatalf("width %v: %d series, %d legend entries; want 9", w, len(s.Series), len(s.Legend))
		}
		last := s.Series[len(s.Series)-2:]
		if last[0].Name != "uniform" || last[1].Name != "learn" {
			t.Errorf("drawn last: %s, %s; want uniform then learn", last[0].Name, last[1].Name)
		}
		for _, se := range s.Series {
			thick := se.Name == "learn" || se.Name == "uniform"
			if thick != (se.Width > 3) {
				t.Errorf("%s: width %v", se.Name, se.Width)
			}
			if len(se.Points) != 3 {
				t.Errorf("%s: %d points, want one per budget", se.Name, len(se.Points))
			}
			for _, p := range se.Points {
				if px, py := s.X.At(p.X), s.Y.At(p.Y); px < s.Left || px > s.W-s.Right || py < s.Top || py > s.H-s.Bottom {
					t.Errorf("%s: point %v off the plot (%v, %v)", se.Name, p, px, py)
				}
				if !strings.Contains(p.Title, " per page per week: ") || !strings.Contains(p.Title, "% stale") {
					t.Errorf("%s: title %q", se.Name, p.Title)
				}
			}
		}
		places := legendPlaces(s)
		for k, at := range places {
			if at[1] > s.Top-10 || at[0]+18+6.6*float64(len(s.Legend[k].Label)) > s.W {
				t.Errorf("width %v: legend %q at %v, the plot starting at %v", w, s.Legend[k].Label, at, s.Top)
			}
		}
		var ys []string
		for _, tk := range s.YTicks {
			ys = append(ys, tk.Label)
		}
		// Staleness from 0.00687% to 0.628%: a tight log scale, 1, 2, 5 labelled.
		if want := []string{"0.01", "0.02", "0.05", "0.1", "0.2", "0.5"}; !reflect.DeepEqual(ys, want) {
			t.Errorf("width %v: y ticks %q, want %q", w, ys, want)
		}
		if !s.X.Log || !s.Y.Log || len(s.XTicks) != 3 || s.XTicks[0].Label != "0.5" {
			t.Errorf("width %v: log %v/%v, ticks %v", w, s.X.Log, s.Y.Log, s.XTicks)
		}
	}
}

// TestBacktestPerHorizonWire: the week-by-week arrays go back to their
// rows, budget by budget, and a count that does not match is refused.
func TestBacktestPerHorizonWire(t *testing.T) {
	r := budgetsResult()
	for k := range r.Budgets {
		for j := range r.Budgets[k].Rows {
			r.Budgets[k].Rows[j].PerHorizon = []float64{float64(k), float64(j)}
		}
	}
	a := r.perHorizon()
	if len(a) != 27 {
		t.Fatalf("%d arrays, want 3 budgets × 9 rows", len(a))
	}
	back := budgetsResult()
	if !back.setPerHorizon(a) || !reflect.DeepEqual(back, r) {
		t.Error("the arrays did not go back to their rows")
	}
	if budgetsResult().setPerHorizon(a[1:]) || budgetsResult().setPerHorizon(append(a, nil)) {
		t.Error("a wrong number of arrays was taken")
	}
}
