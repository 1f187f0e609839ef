package plan

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"testing"
	"time"

	"github.com/freshplan/freshplan/core/internal/synth"
	"github.com/freshplan/freshplan/core/observe"
	"github.com/freshplan/freshplan/core/schedule"
)

// TestLearnReachesTheOptimum: on the sample's Poisson pages, whose rates
// are known, the learning policy's next cycle is within 1% of Cho's
// Lagrange optimum (the fractional frequencies its index reaches, seed
// 001 §5.6) and fresher than psp's — while polite, within the budget in
// every horizon of its cycle, and its visits per cycle those the
// run makes on average, the budget less a few idle slots.
func TestLearnReachesTheOptimum(t *testing.T) {
	for _, c := range []struct{ budget, cycle int }{{2000, 2}, {20000, 1}} {
		p := DefaultParams()
		p.Budget, p.Cycle = c.budget, c.cycle
		pl, err := RunLearn(context.Background(), List(synth.Sample()), nil, p)
		if err != nil {
			t.Fatal(err)
		}
		learn, cho, psp := pl.Result(Learn).Value, pl.Results["cho"].Value, pl.Results["psp"].Value
		t.Logf("budget %d: learn %.5f, cho %.5f, psp %.5f, wp %.5f", c.budget, learn, cho, psp, pl.Results["wp"].Value)
		if math.Abs(learn/cho-1) > 0.01 || !(learn < psp) {
			t.Errorf("budget %d: learn %.5f, want within 1%% of cho's %.5f and below psp's %.5f", c.budget, learn, cho, psp)
		}
		T := 86400.0
		perHorizon := make([]int, c.cycle)
		last := map[int32]float64{}
		for _, v := range pl.Schedule {
			perHorizon[int(v.Time/T)]++
			h := pl.HostOf[v.Page]
			if at, ok := last[h]; ok && v.Time-at < pl.Hosts[h].Delay-1e-9 {
				t.Fatalf("host %s asked at %v and %v s, delay %v", pl.Hosts[h].Name, at, v.Time, pl.Hosts[h].Delay)
			}
			last[h] = v.Time
		}
		for k, n := range perHorizon {
			if n > c.budget {
				t.Errorf("budget %d: horizon %d of the cycle has %d visits", c.budget, k, n)
			}
		}
		var perCycle float64
		for _, v := range pl.Result(Learn).Visits {
			perCycle += v
		}
		// A slot whose every host is resting stays idle: a few in the run.
		if want := float64(c.budget * c.cycle); !(perCycle <= want && perCycle > 0.999*want) {
			t.Errorf("budget %d: %v visits per cycle on average, want %v less a few idle slots", c.budget, perCycle, want)
		}
	}
}

// TestLearnFromLog: planned from a log, a page whose every fetch found a
// change lately is visited sooner and more often than one that never
// changed, and nothing is scheduled before the log's end.
func TestLearnFromLog(t *testing.T) {
	const d = 86400.0
	busy, quiet := observe.History{URL: "https://a.example/busy", Host: "a.example", Weight: 1}, observe.History{URL: "https://a.example/quiet", Host: "a.example", Weight: 1}
	for k := range 30 {
		at := float64(k) * d
		busy.Fetches = append(busy.Fetches, observe.Fetch{At: at, Changed: k > 0, LastModified: at - d/3})
		quiet.Fetches = append(quiet.Fetches, observe.Fetch{At: at + 1000, LastModified: math.NaN()})
	}
	histories := []observe.History{busy, quiet}
	in, err := FromHistories(context.Background(), histories, LoadOptions{Prior: true, Now: 40 * d})
	if err != nil {
		t.Fatal(err)
	}
	start := StartFromHistories(histories, in.Estimates)
	p := DefaultParams()
	p.Horizon, p.Budget = 7*24*time.Hour, 7
	pl, err := RunLearn(context.Background(), List(in.Pages), start, p)
	if err != nil {
		t.Fatal(err)
	}
	first := map[int32]float64{}
	count := map[int32]int{}
	for _, v := range pl.Schedule {
		if v.Time < 0 {
			t.Fatalf("a visit %v s before the log's end", v.Time)
		}
		if _, ok := first[v.Page]; !ok {
			first[v.Page] = v.Time
		}
		count[v.Page]++
	}
	if count[0] <= count[1] || first[0] >= first[1] && count[1] > 0 {
		t.Errorf("busy page: %d visits from %v s; quiet page: %d from %v s", count[0], first[0], count[1], first[1])
	}
	if !slices.IsSortedFunc(pl.Schedule, func(a, b schedule.Visit) int { return cmp.Compare(a.Time, b.Time) }) {
		t.Error("schedule not in time order")
	}
}

// TestLearnFromLogRaisesHost: a log in which every page of one host
// changed on one day, and only six of them were fetched since: the plan
// visits that host's other pages before any of a quiet host's, though
// both were last fetched at the same time and have alike posteriors —
// the host's change event, learnt from the log, raises them.
func TestLearnFromLogRaisesHost(t *testing.T) {
	const d, pagesPerHost, edit = 86400.0, 20, 55.5 * 86400
	var histories []observe.History
	for i := range 2 * pagesPerHost {
		host := []string{"edited.example", "quiet.example"}[i%2]
		h := observe.History{URL: fmt.Sprintf("https://%s/%d", host, i), Host: host, Weight: 1}
		days := 56
		if i < 12 { // six pages of each host fetched daily since
			days = 60
		}
		// The edited host's pages all change at the edit; six of the
		// quiet host's changed once, a month earlier, so that both hosts'
		// priors and those six pages' posteriors are alike.
		change := edit
		if i%2 == 1 {
			change = math.Inf(1)
			if i < 12 {
				change = edit - 25*d
			}
		}
		for k := range days {
			at := float64(k)*d + float64(i)*30
			f := observe.Fetch{At: at, LastModified: math.NaN()}
			if k > 0 && float64(k-1)*d+float64(i)*30 < change && change <= at {
				f.Changed, f.LastModified = true, change
			}
			h.Fetches = append(h.Fetches, f)
		}
		histories = append(histories, h)
	}
	in, err := FromHistories(context.Background(), histories, LoadOptions{Prior: true, Now: 61 * d})
	if err != nil {
		t.Fatal(err)
	}
	p := DefaultParams()
	p.Horizon, p.Budget, p.Politeness = 24*time.Hour, 20, 0
	pl, err := RunLearn(context.Background(), List(in.Pages), StartFromHistories(histories, in.Estimates), p)
	if err != nil {
		t.Fatal(err)
	}
	// The edited host's pages not fetched since the edit, visited before
	// the first of the quiet host's pages not fetched since.
	early := map[int32]bool{}
	for _, v := range pl.Schedule {
		if histories[v.Page].Host == "quiet.example" && v.Page >= 12 {
			break
		}
		if v.Page >= 12 {
			early[v.Page] = true
		}
	}
	if len(early) != pagesPerHost-6 {
		t.Errorf("%d of the %d edited pages not fetched since the edit are visited before the quiet host's first such page", len(early), pagesPerHost-6)
	}
}
