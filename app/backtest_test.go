package app

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/freshplan/freshplan/core/backtest"
	"github.com/freshplan/freshplan/core/observe"
	"github.com/freshplan/freshplan/core/plan"
)

// TestBacktestThroughWorker sends a change history to the worker as the
// panel does and checks the rows against backtest.Run with the CLI's
// defaults, and the default split against backtest.DefaultSplit.
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
	d := newDataset("h.csv", int64(len(raw)), false, pg, nil)
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
	rows, err := backtest.Run(context.Background(), changes, backtest.Config{Params: params,
		TrainStart: float64(at.AddDate(-1, 0, 0).Unix()), Split: split, Until: float64(at.AddDate(1, 0, 0).Unix()),
		CrawlInterval: 86400, Prior: true, Replan: true, Adaptive: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(got.Rows) {
		t.Fatalf("%d rows, want %d", len(got.Rows), len(rows))
	}
	for k, r := range rows {
		g := got.Rows[k]
		if g.Policy != r.Policy || g.Staleness != r.Staleness || g.Visits != r.Visits || g.ChangesDetected != r.ChangesDetected ||
			!reflect.DeepEqual(g.PerHorizon, r.PerHorizon) {
			t.Errorf("row %d: %+v, want %+v", k, g, r)
		}
	}
	if got.Pages != 40 || got.Budget != 40 {
		t.Errorf("pages %d, budget %d; want 40 and 40 (one visit per page per week)", got.Pages, got.Budget)
	}
}

// TestBacktestNotPlanned: a policy the backtest could not plan (its row
// has no figures) is left out of the chart.
func TestBacktestNotPlanned(t *testing.T) {
	r := &BacktestResult{Split: 0, Until: 14 * 86400, Horizon: 7 * 86400, Rows: []BacktestRow{
		{Policy: "psp", Staleness: 0.1, Visits: 10, PerHorizon: []float64{0.1, 0.1}},
		{Policy: "cho", NotPlanned: "its Lagrange solution is for staleness and age"},
		{Policy: "uniform", Staleness: 0.2, Visits: 10, PerHorizon: []float64{0.2, 0.2}},
	}}
	s := backtestSpec(r)
	for _, se := range s.Series {
		if se.Name == "cho" {
			t.Error("cho is drawn")
		}
	}
	if len(s.Series) != 2 {
		t.Errorf("%d series, want psp and uniform", len(s.Series))
	}
}
