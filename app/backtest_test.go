package app

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/freshplan/freshplan/core/backtest"
	"github.com/freshplan/freshplan/core/observe"
	"github.com/freshplan/freshplan/core/plan"
)

// TestBacktestThroughWorker sends a change history to the worker as the
// panel does and checks every budget's rows against backtest.RunBudgets
// with the CLI's defaults at 0.25 to 4 visits per page per week, the
// default split against backtest.DefaultSplit, and that the progress
// names each budget as it is replayed.
func TestBacktestThroughWorker(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	start := float64(time.Date(2022, 6, 1, 0, 0, 0, 0, time.UTC).Unix())
	var b strings.Builder
	b.WriteString("url,host,time\n")
	for i := range 40 {
		rate := 0.02 + 0.5*rng.Float64() // changes per day
		for t := start + float64(i)*3600; t < start+2*365*86400; t += rng.ExpFloat64() / rate * 86400 {
			fmt.Fprintf(&b, "https://h%d.example/p%d,h%d.example,%d\n", i%3, i, i%3, int64(t))
		}
	}
	raw := []byte(b.String())
	pg, err := Decode(context.Background(), strings.NewReader(b.String()), "h.csv", int64(len(raw)), nil)
	if err != nil {
		t.Fatal(err)
	}
	d := newDataset("h.csv", int64(len(raw)), false, pg)
	d.raw, d.kind = raw, kindOf(raw)
	if !d.canBacktest() || d.kind != "change history" {
		t.Fatalf("kind %q: not backtestable", d.kind)
	}
	q, _ := defaultForm().request()
	q.Seq, q.Stages, q.Name, q.Raw = 1, StageBacktest, d.name, d.raw
	got := viaWorker(t, q, d, "backtest").Backtest
	changes, err := observe.ReadChanges(context.Background(), strings.NewReader(b.String()), "h.csv")
	if err != nil {
		t.Fatal(err)
	}
	split, ok := backtest.DefaultSplit(changes)
	if !ok || got.Split != split {
		t.Fatalf("split %v, want %v", got.Split, split)
	}
	params := plan.DefaultParams()
	params.Horizon = 7 * 24 * time.Hour
	at := time.Unix(int64(split), 0).UTC()
	// 40 pages: 10, 20, 40, 80 and 160 visits a week.
	budgets := []int{10, 20, 40, 80, 160}
	want, err := backtest.RunBudgets(context.Background(), changes, backtest.Config{Params: params,
		TrainStart: float64(at.AddDate(-1, 0, 0).Unix()), Split: split, Until: float64(at.AddDate(1, 0, 0).Unix()),
		CrawlInterval: 86400, Prior: true, Replan: true, Adaptive: true, Learn: true, Hindsight: true}, budgets)
	if err != nil {
		t.Fatal(err)
	}
	if got.Pages != 40 || len(got.Budgets) != len(want) {
		t.Fatalf("%d pages, %d budgets; want 40 and %d", got.Pages, len(got.Budgets), len(want))
	}
	for k, w := range want {
		g := got.Budgets[k]
		if g.PerPageWeek != backtestPerPageWeek[k] || g.Budget != budgets[k] || g.Cycle != w.Cycle || len(g.Rows) != len(w.Rows) {
			t.Fatalf("budget %d: %v per page per week, %d visits, cycle %d, %d rows; want %v, %d, %d, %d",
				k, g.PerPageWeek, g.Budget, g.Cycle, len(g.Rows), backtestPerPageWeek[k], budgets[k], w.Cycle, len(w.Rows))
		}
		for j, r := range w.Rows {
			gr := g.Rows[j]
			if gr.Policy != r.Policy || gr.Staleness != r.Staleness || gr.Visits != r.Visits || gr.ChangesDetected != r.ChangesDetected ||
				!reflect.DeepEqual(gr.PerHorizon, r.PerHorizon) {
				t.Errorf("budget %d, row %d: %+v, want %+v", budgets[k], j, gr, r)
			}
		}
	}
	if w := want[2].Rows; w[5].Policy != "learn" || w[6].Policy != "hindsight" {
		t.Errorf("rows %s, %s: want the learning policy and hindsight replayed", w[5].Policy, w[6].Policy)
	}
	var notes []string
	Compute(context.Background(), setOf(pg), q, func(s *Stage) {
		if s.Kind == "progress" {
			notes = append(notes, s.Note)
		}
	})
	for k, per := range []string{"0.25 visits", "0.5 visits", "1 visit", "2 visits", "4 visits"} {
		if n := fmt.Sprintf("at %s per page per week (%d a week), %d of 5", per, budgets[k], k+1); !slices.ContainsFunc(notes, func(s string) bool { return strings.Contains(s, n) }) {
			t.Errorf("no progress says %q: %q", n, notes)
		}
	}
}

// TestBacktestNotPlanned: a policy the backtest could not plan (its row
// has no figures) is left out of the charts, and its row says why.
func TestBacktestNotPlanned(t *testing.T) {
	r := &BacktestResult{Split: 0, Until: 14 * 86400, Horizon: 7 * 86400, Budgets: []BacktestBudget{
		{PerPageWeek: 1, Budget: 10, Cycle: 1, Rows: []BacktestRow{
			{Policy: "psp", Staleness: 0.1, Visits: 10, PerHorizon: []float64{0.1, 0.1}},
			{Policy: "cho", NotPlanned: "its Lagrange solution is for staleness and age"},
			{Policy: "uniform", Staleness: 0.2, Visits: 10, PerHorizon: []float64{0.2, 0.2}},
		}},
		{PerPageWeek: 2, Budget: 20, Cycle: 1, Rows: []BacktestRow{
			{Policy: "psp", Staleness: 0.05, Visits: 20, PerHorizon: []float64{0.05, 0.05}},
			{Policy: "cho", NotPlanned: "its Lagrange solution is for staleness and age"},
			{Policy: "uniform", Staleness: 0.1, Visits: 20, PerHorizon: []float64{0.1, 0.1}},
		}},
	}}
	for _, s := range []*chartSpec{backtestBudgetSpec(r, btChartWide), backtestWeekSpec(r, r.Budgets[0])} {
		var names []string
		for _, se := range s.Series {
			names = append(names, se.Name)
		}
		slices.Sort(names)
		if !reflect.DeepEqual(names, []string{"psp", "uniform"}) {
			t.Errorf("%s draws %v, want psp and uniform", s.ID, names)
		}
	}
	if why := notPlannedAll(r, "cho"); why != "its Lagrange solution is for staleness and age" {
		t.Errorf("cho: %q", why)
	}
	if why := notPlannedAll(r, "psp"); why != "" {
		t.Errorf("psp: %q, want it planned", why)
	}
}

// cancelCount is an engine that counts its cancels and runs nothing.
type cancelCount struct{ cancels int }

func (e *cancelCount) run(Request, *dataset, func(*Stage)) {}
func (e *cancelCount) cancel()                             { e.cancels++ }
func (e *cancelCount) where() string                       { return "nowhere" }
func (e *cancelCount) ask(*Ask, func(*Answer))             {}
func (e *cancelCount) give(*heldPages)                     {}

// TestBacktestPanelLetsGoOfOldData: given new data while it backtests the
// old, the panel stops that backtest and no longer says it runs; given the
// same data, it goes on; and a stage of the old data's backtest that
// arrives after is not taken.
func TestBacktestPanelLetsGoOfOldData(t *testing.T) {
	old := newDataset("a.csv", 1, false, nil)
	eng := &cancelCount{}
	b := &backtestPanel{Data: old, eng: eng, busy: true, on: old, seq: 1}
	b.OnUpdate(nil)
	if !b.busy || eng.cancels != 0 {
		t.Fatalf("the same data: busy %v, %d cancels; want busy, none", b.busy, eng.cancels)
	}
	b.Data = newDataset("a.csv", 1, false, nil) // the same file read again is new data
	b.OnUpdate(nil)
	if b.busy || eng.cancels != 1 {
		t.Fatalf("new data: busy %v, %d cancels; want not busy, one", b.busy, eng.cancels)
	}
	b.onStage(old, &Stage{Seq: 1, Kind: "backtest", Backtest: &BacktestResult{}}, btCharts{})
	if b.res != nil {
		t.Error("the old data's result was taken")
	}
}

// A history read again for the backtest (too big for the page to keep)
// is refused, at its end, when it no longer has the size it had: it
// changed on disk since the page read it.
func TestSizedAs(t *testing.T) {
	for _, tc := range []struct {
		data string
		size int64
		ok   bool
	}{{"abcdef", 6, true}, {"abcdef", 5, false}, {"abcdef", 7, false}, {"", 0, true}} {
		_, err := io.ReadAll(&sizedAs{r: strings.NewReader(tc.data), size: tc.size, name: "h.csv"})
		if tc.ok != (err == nil) || err != nil && err.Error() != "h.csv changed since it was read: choose it again" {
			t.Errorf("%q read as %d bytes: %v", tc.data, tc.size, err)
		}
	}
}
