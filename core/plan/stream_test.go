package plan

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/freshplan/freshplan/core/internal/synth"
	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/core/schedule"
	"github.com/freshplan/freshplan/core/staleness"
)

// runWhole plans with every programme held whole: the way plans of pages
// with change models, or with Params.Simulate, are made.
func runWhole(t *testing.T, pg []pages.Page, p Params) *Plan {
	t.Helper()
	holdWhole = true
	defer func() { holdWhole = false }()
	pl, err := Run(context.Background(), pg, p)
	if err != nil {
		t.Fatal(err)
	}
	return pl
}

// TestStreamedMatchesWhole: a plan whose programmes are made as they are
// consumed, with its schedule held or streamed (Params.Stream), has every
// result, host count and visit of the plan that holds each programme
// whole — bit for bit, on random Zipf tables under both models and
// objectives, every policy kept in turn.
func TestStreamedMatchesWhole(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for trial := range 24 {
		n, m := 200+rng.IntN(3000), 1+rng.IntN(40)
		pg := synth.Zipf(n, m, rng.Float64()*1.5, 0.24, 24, uint64(trial))
		p := DefaultParams()
		p.Model = staleness.Model(trial % 2)
		p.Objective = []staleness.Objective{staleness.Stale, staleness.Age}[trial/2%2]
		p.Crawlers, p.Rate = 1+rng.IntN(4), 0.02+0.2*rng.Float64()
		p.Politeness = time.Duration(1+rng.IntN(120)) * time.Second
		p.Policy = Policies()[trial%len(Policies())]
		if trial%3 == 1 {
			p.PerPage = []Policy{p.Policy} // the others' values taken without their per-page figures
		}
		if p.Policy == "mwolf-exact" {
			p.Rate /= 10 // within its exact solver's size
		}
		name := fmt.Sprintf("trial %d (%s, %v, %v)", trial, p.Policy, p.Model, p.Objective)
		want := runWhole(t, pg, p)
		got, err := Run(context.Background(), pg, p)
		if err != nil {
			t.Fatal(err)
		}
		var streamed []schedule.Visit
		q := p
		q.Stream = func(v schedule.Visit) { streamed = append(streamed, v) }
		viaStream, err := Run(context.Background(), pg, q)
		if err != nil {
			t.Fatal(err)
		}
		if viaStream.Schedule != nil || viaStream.Scheduled != len(want.Schedule) || got.Scheduled != len(want.Schedule) {
			t.Errorf("%s: streamed plan holds %d visits and counts %d, held %d; want none, %d", name, len(viaStream.Schedule), viaStream.Scheduled, got.Scheduled, len(want.Schedule))
		}
		if len(want.Schedule) == 0 {
			t.Errorf("%s: empty schedule", name)
		}
		if !slices.Equal(got.Schedule, want.Schedule) || !slices.Equal(streamed, want.Schedule) {
			t.Errorf("%s: schedules differ from the whole programme's", name)
		}
		// Each host's visits, counted from the schedule itself.
		perHost := make([]int, len(want.Hosts))
		for _, v := range want.Schedule {
			perHost[want.HostOf[v.Page]]++
		}
		for h := range perHost {
			if want.Hosts[h].Visits != perHost[h] {
				t.Errorf("%s: host %d makes %d visits in the schedule, counted %d", name, h, perHost[h], want.Hosts[h].Visits)
			}
		}
		if !slices.Equal(got.Hosts, want.Hosts) || !slices.Equal(viaStream.Hosts, want.Hosts) {
			t.Errorf("%s: hosts %v, want %v", name, got.Hosts, want.Hosts)
		}
		if len(got.Results) != len(want.Results) {
			t.Errorf("%s: %d results, want %d", name, len(got.Results), len(want.Results))
		}
		for k, w := range want.Results {
			for _, g := range []*Result{got.Results[k], viaStream.Results[k]} {
				if g == nil || g.Value != w.Value || g.Dropped != w.Dropped || g.Violations != w.Violations ||
					!slices.Equal(g.Visits, w.Visits) || !slices.Equal(g.Page, w.Page) {
					t.Errorf("%s: %s differs from the whole programme's: %+v, want %+v", name, k, g, w)
				}
			}
		}
	}
}

// TestProgressInsideStages: Progress hears from inside the assignment how
// far psp has got, and a context cancelled then stops Run there, before
// psp's schedule is finished; on one core and on several.
func TestProgressInsideStages(t *testing.T) {
	for _, procs := range []int{1, 2} {
		t.Run(fmt.Sprint(procs, " cores"), func(t *testing.T) {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
			progressInsideStages(t)
		})
	}
}

func progressInsideStages(t *testing.T) {
	p := DefaultParams()
	p.Budget, p.Compare = 20000, []Policy{}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var heard []string
	p.Progress = func(stage string) {
		heard = append(heard, stage)
		if strings.HasPrefix(stage, "scheduling psp ") {
			cancel()
		}
	}
	_, err := Run(ctx, synth.Sample(), p)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("Run cancelled inside psp's assignment: %v, want context.Canceled", err)
	}
	// infcrawlers may run beside psp (on several cores) and be heard after it.
	var psp []string
	for _, s := range heard {
		if strings.HasPrefix(s, "scheduling psp ") {
			psp = append(psp, s)
		}
	}
	if len(psp) == 0 || strings.HasSuffix(psp[len(psp)-1], " 100%") {
		t.Errorf("heard %q, want psp's progress short of 100%% last", heard)
	}
	if !slices.ContainsFunc(heard, func(s string) bool { return strings.HasPrefix(s, "scheduling infcrawlers ") }) {
		t.Errorf("heard %q: nothing from infcrawlers' replay", heard)
	}
}
