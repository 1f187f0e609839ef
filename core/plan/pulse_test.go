package plan

import (
	"context"
	"errors"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/freshplan/freshplan/core/allocate"
	"github.com/freshplan/freshplan/core/internal/synth"
)

// TestProgressFromEveryLongStage: on a paper-like table (Zipf hosts, seed
// 000 §4's rates, 8.64 visits a page), every long stage looks at the
// pulse at short intervals of work — GREEDY every allocate.ProgressEvery
// pages counted, Cho's multiplier every pass over the pages, Azar's sort
// every 2^18 comparisons, the assignments, replays and Azar's carousel
// every pulseSlots visits or slots, each policy's scores every pulsePages
// pages — so that with the pulse's interval set to 0
// Params.Progress hears each stage that many times. Counted, not timed:
// the 250 ms Params.Progress promises follow from how little work lies
// between two looks (a few milliseconds in WebAssembly). Both ways a plan
// is made: streamed, and with every programme held whole.
func TestProgressFromEveryLongStage(t *testing.T) {
	stageOf := regexp.MustCompile(`(: pass \d+,)? \d+%$`)
	defer func(d time.Duration) { pulseEvery = d }(pulseEvery)
	pulseEvery = 0
	const n = 50_000
	pg := synth.Zipf(n, 100, 1, 0.24, 24, 3)
	p := paperParams()
	p.Crawlers, p.Rate = 1, 5 // R = 432,000
	R := 432_000
	for _, whole := range []bool{false, true} {
		holdWhole = whole
		heard := map[string]int{}
		p.Progress = func(s string) {
			heard[stageOf.ReplaceAllString(s, "")]++
		}
		if _, err := Run(context.Background(), pg, p); err != nil {
			t.Fatal(err)
		}
		// GREEDY makes several passes, each counting every page it has
		// not settled: told at least once a pass and every
		// ProgressEvery pages.
		for _, s := range []string{"allocating psp", "allocating nonpolite"} {
			if heard[s] < 2*n/allocate.ProgressEvery {
				t.Errorf("whole %v: %q heard %d times, want at least %d", whole, s, heard[s], 2*n/allocate.ProgressEvery)
			}
		}
		// A schedule's loop looks every pulseSlots visits made (streamed:
		// every batch of 256), and mp2 and mwolf drop some of R.
		for _, s := range []string{"scheduling psp", "scheduling mp2", "scheduling mwolf", "scheduling azar"} {
			if want := R / pulseSlots / 2; heard[s] < want {
				t.Errorf("whole %v: %q heard %d times, want at least %d", whole, s, heard[s], want)
			}
		}
		// Cho's multiplier before each pass over the pages, Azar's sort
		// every 2^18 comparisons and after; the pages scored every
		// pulsePages.
		for _, s := range []string{"allocating cho", "allocating azar"} {
			if heard[s] < 2 {
				t.Errorf("whole %v: %q heard %d times, want at least 2", whole, s, heard[s])
			}
		}
		for _, s := range []string{"scoring proportional", "scoring cho", "scoring psp", "scoring azar_random"} {
			if heard[s] < n/pulsePages {
				t.Errorf("whole %v: %q heard %d times, want at least %d", whole, s, heard[s], n/pulsePages)
			}
		}
		if !whole && heard["scheduling infcrawlers"] < 10 {
			t.Errorf("%q heard %d times", "scheduling infcrawlers", heard["scheduling infcrawlers"])
		}
		if t.Failed() {
			t.Logf("whole %v: heard %v", whole, heard)
		}
	}
	holdWhole = false

	// A context cancelled from inside Azar's allocation stops Run before
	// any schedule (GREEDY's searches, beside it, may still say how far
	// they got).
	ctx, cancelAzar := context.WithCancel(context.Background())
	defer cancelAzar()
	var afterwards []string
	p.Progress = func(s string) {
		if ctx.Err() != nil {
			afterwards = append(afterwards, s)
		}
		if s == "allocating azar" {
			cancelAzar()
		}
	}
	_, err := Run(ctx, pg, p)
	scheduled := slices.ContainsFunc(afterwards, func(s string) bool { return strings.HasPrefix(s, "scheduling") })
	if !errors.Is(err, context.Canceled) || ctx.Err() == nil || scheduled {
		t.Errorf("cancelled inside Azar's allocation: %v (cancelled: %v), heard after: %q", err, ctx.Err() != nil, afterwards)
	}

	// A context cancelled from inside GREEDY stops Run there.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var last string
	p.Progress = func(s string) {
		last = s
		if strings.HasPrefix(s, "allocating psp: pass 2") {
			cancel()
		}
	}
	if _, err := Run(ctx, pg, p); !errors.Is(err, context.Canceled) || !strings.HasPrefix(last, "allocating") {
		t.Errorf("cancelled inside GREEDY: %v, last heard %q", err, last)
	}
}
