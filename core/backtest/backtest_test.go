package backtest

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/freshplan/freshplan/core/observe"
	"github.com/freshplan/freshplan/core/plan"
	"github.com/freshplan/freshplan/core/staleness"
)

func TestRepeat(t *testing.T) {
	got := repeat([]float64{6, 2}, 100, 10, 125)
	want := []float64{102, 106, 112, 116, 122}
	if len(got) != len(want) {
		t.Fatalf("%v, want %v", got, want)
	}
	for k := range want {
		if got[k] != want[k] {
			t.Errorf("%v, want %v", got, want)
			break
		}
	}
}

// TestReplayMatchesDirect: on a tiny history, every row's staleness,
// visits and detections equal a direct computation from the plan's own
// schedule: its horizon's visits laid end to end, the copy stale from the
// first real change after a visit to the next, sampled on a fine grid;
// the pages averaged with their weights, all 1 and then unequal.
func TestReplayMatchesDirect(t *testing.T) {
	for _, weights := range [][]float64{{1, 1, 1, 1}, {3, 1, 0.5, 2}} {
		replayMatchesDirect(t, weights)
	}
}

func replayMatchesDirect(t *testing.T, weights []float64) {
	const d = 86400.0
	pages := []observe.Changes{
		{URL: "https://a.example/1", Host: "a.example", Times: []float64{0, 2 * d, 4.5 * d, 11.2 * d, 12.7 * d, 19 * d}},
		{URL: "https://a.example/2", Host: "a.example", Times: []float64{1 * d, 16.3 * d}},
		{URL: "https://b.example/3", Host: "b.example", Times: []float64{3 * d, 6 * d, 9 * d, 10.5 * d, 13.1 * d, 15.2 * d, 18.8 * d}},
		{URL: "https://b.example/late", Host: "b.example", Times: []float64{11 * d}}, // appears after the split
	}
	for i, w := range weights {
		pages[i].Weight = w // every page's, the late one's too
	}
	params := plan.DefaultParams()
	params.Horizon = 7 * 24 * time.Hour
	params.Budget = 5
	cfg := Config{Params: params, TrainStart: 0, Split: 10 * d, Until: 24 * d, Prior: true, Policies: []plan.Policy{plan.PSP, plan.Uniform, plan.Cho}}
	rows, err := Run(context.Background(), pages, cfg)
	if err != nil {
		t.Fatal(err)
	}
	kept := pages[:3]
	histories := observe.CrawlEvery(kept, 0, d, 10*d)
	in, err := plan.FromHistories(context.Background(), histories, plan.LoadOptions{Prior: true, Now: 10 * d})
	if err != nil {
		t.Fatal(err)
	}
	for _, row := range rows {
		p := params
		p.Policy, p.Compare = plan.Policy(row.Policy), []plan.Policy{}
		pl, err := plan.Run(context.Background(), in.Pages, p)
		if err != nil {
			t.Fatal(err)
		}
		var stale, wsum, wmax float64
		visits, detected := 0, 0
		for i, pg := range kept {
			wsum, wmax = wsum+pg.Weight, max(wmax, pg.Weight)
			var vs []float64
			for k := 0; k < 2; k++ {
				for _, v := range pl.Schedule {
					// The plan repeats weekly: a visit at the week's end
					// (schedules span [0, T]) is the next week's at its start.
					off := math.Mod(v.Time, 7*d)
					if t := 10*d + float64(k)*7*d + off; int(v.Page) == i && t < 24*d {
						vs = append(vs, t)
					}
				}
			}
			// In time order, as made: a visit at the week's end folds to
			// its start.
			slices.Sort(vs)
			visits += len(vs)
			const step = 60.0
			for s := 10*d + step/2; s < 24*d; s += step {
				refresh, latest := 10*d, math.Inf(-1)
				for _, v := range vs {
					if v <= s && v > refresh {
						refresh = v
					}
				}
				for _, c := range pg.Times {
					if c <= s {
						latest = c
					}
				}
				if latest > refresh {
					stale += pg.Weight * step
				}
			}
			prev := 10 * d
			for _, v := range vs {
				for _, c := range pg.Times {
					if c > prev && c <= v {
						detected++
						break
					}
				}
				prev = v
			}
		}
		want := stale / (14 * d) / wsum
		// The grid's error is at most a step per stale stretch, of which
		// there are fewer than 30, each weighing at most the most.
		if math.Abs(row.Staleness-want) > 30*60*wmax/(14*d)/wsum || row.Visits != visits || row.ChangesDetected != detected {
			t.Errorf("weights %v: %s: staleness %v, visits %d, detected %d; direct %v, %d, %d", weights, row.Policy, row.Staleness, row.Visits, row.ChangesDetected, want, visits, detected)
		}
	}
}

// TestNotPlannedRow: a policy the plan cannot make (Cho's under the
// harmonic penalty) gets a row saying why, and the others are replayed.
func TestNotPlannedRow(t *testing.T) {
	const d = 86400.0
	pages := []observe.Changes{
		{URL: "https://a.example/1", Host: "a.example", Times: []float64{0, 2 * d, 4.5 * d, 11.2 * d, 12.7 * d, 19 * d}, Weight: 1},
		{URL: "https://b.example/2", Host: "b.example", Times: []float64{1 * d, 6 * d, 9 * d, 16.3 * d}, Weight: 1},
	}
	params := plan.DefaultParams()
	params.Horizon, params.Budget, params.Objective = 7*24*time.Hour, 4, staleness.Harmonic
	rows, err := Run(context.Background(), pages, Config{Params: params, TrainStart: 0, Split: 10 * d, Until: 24 * d, Policies: []plan.Policy{plan.PSP, plan.Cho, plan.Uniform}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 3 {
		t.Fatalf("%d rows, want 3", len(rows))
	}
	for _, r := range rows {
		switch {
		case r.Policy == "cho" && !strings.Contains(r.NotPlanned, "staleness and age"):
			t.Errorf("cho: %+v, want why it is not planned", r)
		case r.Policy != "cho" && (r.NotPlanned != "" || r.Visits == 0):
			t.Errorf("%s: %+v, want it replayed", r.Policy, r)
		}
	}
}

// TestReplanVisitAtHorizonEnd: a crawler at one visit a horizon makes its
// visit at the last tick, T; re-planned every horizon, that visit is made
// (at the horizon's start, the plan repeating), as in the static plan —
// it used to fall after the horizon and be lost, so a page planned that
// way was never visited.
func TestReplanVisitAtHorizonEnd(t *testing.T) {
	const d = 86400.0
	pages := []observe.Changes{{URL: "https://a.example/x", Host: "a.example", Times: []float64{0, 3.5 * d, 12.5 * d, 15.5 * d}, Weight: 1}}
	params := plan.DefaultParams()
	params.Budget = 1
	cfg := Config{Params: params, TrainStart: 0, Split: 10 * d, Until: 20 * d, Prior: true, Policies: []plan.Policy{plan.PSP}, Replan: true}
	rows, err := Run(context.Background(), pages, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || rows[1].Policy != "psp-replan" {
		t.Fatalf("rows %+v", rows)
	}
	for _, r := range rows {
		if r.Visits != 10 || r.ChangesDetected != 2 {
			t.Errorf("%s: %d visits detecting %d changes; want one a day, 10, detecting both changes", r.Policy, r.Visits, r.ChangesDetected)
		}
	}
	if rows[0].Staleness != rows[1].Staleness {
		t.Errorf("psp %v, re-planned %v: want the same (one page, one visit a day either way)", rows[0].Staleness, rows[1].Staleness)
	}
}

// TestLogCrawlDelay: a log's crawl delays go into the plans a backtest
// replays — a host asking for 12 hours between requests gets at most two
// visits a day, whatever the budget — as they go into `plan`'s. They were
// dropped: the backtest planned every host at the default politeness.
func TestLogCrawlDelay(t *testing.T) {
	const d = 86400.0
	var log strings.Builder
	log.WriteString("url,time,changed,crawl_delay\n")
	for day := range 40 {
		for _, p := range []string{"https://slow.example/1", "https://slow.example/2"} {
			fmt.Fprintf(&log, "%s,%d,%d,43200\n", p, int(1704067200+float64(day)*d), day%2)
		}
	}
	changes, _, err := Load(context.Background(), strings.NewReader(log.String()), LoadOptions{Name: "log.csv"})
	if err != nil {
		t.Fatal(err)
	}
	params := plan.DefaultParams()
	params.Budget = 10
	split := 1704067200 + 30*d
	rows, err := Run(context.Background(), changes, Config{Params: params, TrainStart: 1704067200, Split: split, Until: split + 9*d, Policies: []plan.Policy{plan.PSP}})
	if err != nil {
		t.Fatal(err)
	}
	if rows[0].Visits > 2*9 || rows[0].Visits == 0 {
		t.Errorf("psp made %d visits in 9 days to a host that allows two a day", rows[0].Visits)
	}
}

// TestWeightsCount: a page's weight counts in the replay's average as in
// the plan (SPEC §5: normalised by Σw) — a backtest of a log with a weight
// column replayed every page as if of weight 1, so it scored the plans
// against another objective than the one they were made for. Each row is
// the weighted average of the same schedule's pages replayed one by one,
// and a page of weight 0 counts for nothing.
func TestWeightsCount(t *testing.T) {
	const d = 86400.0
	pages := []observe.Changes{
		{URL: "https://a.example/1", Host: "a.example", Times: []float64{0, 2 * d, 4.5 * d, 11.2 * d, 12.7 * d, 19 * d}, Weight: 5},
		{URL: "https://a.example/2", Host: "a.example", Times: []float64{1 * d, 16.3 * d}, Weight: 0},
		{URL: "https://b.example/3", Host: "b.example", Times: []float64{3 * d, 6 * d, 9 * d, 10.5 * d, 13.1 * d, 15.2 * d, 18.8 * d}, Weight: 1},
	}
	visits := [][]float64{{10.5 * d, 13 * d, 20 * d}, {11 * d}, {12 * d, 19 * d}}
	params := plan.DefaultParams()
	params.Horizon = 7 * 24 * time.Hour
	cfg := Config{Params: params, Split: 10 * d, Until: 24 * d}
	row := replay("given", pages, cfg, func(i int) []float64 { return visits[i] })
	var want float64
	wantHorizon := make([]float64, len(row.PerHorizon))
	for i, p := range pages {
		one := replay("one", pages[i:i+1], cfg, func(int) []float64 { return visits[i] })
		want += p.Weight * one.Staleness / 6
		for w := range wantHorizon {
			wantHorizon[w] += p.Weight * one.PerHorizon[w] / 6
		}
	}
	if math.Abs(row.Staleness-want) > 1e-15 {
		t.Errorf("staleness %v, want the weighted average %v", row.Staleness, want)
	}
	for w := range wantHorizon {
		if math.Abs(row.PerHorizon[w]-wantHorizon[w]) > 1e-15 {
			t.Errorf("horizon %d: %v, want %v", w, row.PerHorizon[w], wantHorizon[w])
		}
	}
	if row.Visits != 6 {
		t.Errorf("visits %d, want 6: a weight scales staleness, not visits", row.Visits)
	}
}

// TestWeightErrors: weights that leave nothing to average, or are not
// weights, are said, not divided by.
func TestWeightErrors(t *testing.T) {
	const d = 86400.0
	params := plan.DefaultParams()
	params.Horizon = 7 * 24 * time.Hour
	cfg := Config{Params: params, Split: 10 * d, Until: 24 * d, Policies: []plan.Policy{plan.Uniform}}
	for _, c := range []struct {
		weights []float64
		want    string
	}{
		{[]float64{0, 0}, "every page that appears before the split has weight 0"},
		{[]float64{1, math.NaN()}, "weight NaN is not between 0 and"},
		{[]float64{-1, 1}, "weight -1 is not between 0 and"},
	} {
		pages := []observe.Changes{
			{URL: "https://a.example/1", Host: "a.example", Times: []float64{0, 2 * d, 11 * d}, Weight: c.weights[0]},
			{URL: "https://a.example/2", Host: "a.example", Times: []float64{1 * d, 16 * d}, Weight: c.weights[1]},
		}
		if _, err := Run(context.Background(), pages, cfg); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("weights %v: error %v, want %q", c.weights, err, c.want)
		}
	}
}
