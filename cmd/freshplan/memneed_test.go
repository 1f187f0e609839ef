//go:build !wasm

package main

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"runtime/debug"
	"runtime/metrics"
	"sync/atomic"
	"testing"
	"time"

	"github.com/freshplan/freshplan/core/plan"
)

// TestPlanNeedMatchesPeak: the memory a plan is estimated to take
// (checkPlanMemory: the input held and planNeed) covers the live heap's
// measured peak, and, counting the schedules as made one at a time, is
// not more than half as much again — so that the
// soft limit set from it (limitPlanning) neither starves the collector
// nor lets the heap double, and a plan under an address-space limit is
// not refused when it would fit. The peak is read every 50 µs from the
// estimate on (reading is not the plan's), with the collector at GOGC=5,
// so that each reading is within a few percent of what is live (read
// every millisecond, a small plan's peak was missed: 15–18 MB against
// 22). Tables at seed 000 §4's ratio (8.64 visits a page,
// Zipf hosts): every policy (the --json default) and psp with the bounds;
// and a plan held whole (--simulate). The live heap is the process's, so
// the test runs in a process of its own: what earlier tests left running
// or held would count as the plan's.
func TestPlanNeedMatchesPeak(t *testing.T) {
	if testing.Short() {
		t.Skip("plans 150,000 pages several times")
	}
	if os.Getenv("FRESHPLAN_PEAK_ALONE") == "" {
		c := exec.Command(os.Args[0], "-test.run=^TestPlanNeedMatchesPeak$", "-test.count=1", "-test.v")
		c.Env = append(os.Environ(), "FRESHPLAN_PEAK_ALONE=1")
		out, err := c.CombinedOutput()
		t.Logf("in a process of its own:\n%s", out)
		if err != nil {
			t.Fatalf("TestPlanNeedMatchesPeak in a process of its own: %v", err)
		}
		return
	}
	dir := t.TempDir()
	table := func(n, m int) string {
		path := filepath.Join(dir, fmt.Sprintf("t%d-%d.csv", n, m))
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		w := bufio.NewWriter(f)
		w.WriteString("url,host,changes_per_day,weight,crawl_delay\n")
		rng := rand.New(rand.NewPCG(uint64(n), 9))
		var hn float64
		for s := range m {
			hn += 1 / float64(s+1)
		}
		i := 0
		for s := range m {
			for range max(1, int(math.Ceil(float64(n)/hn/float64(s+1)))) {
				if i == n {
					break
				}
				fmt.Fprintf(w, "https://s%d.example/p%d,s%d.example,%g,1,0\n", s, i, s, 0.24+23.76*rng.Float64())
				i++
			}
		}
		w.Flush()
		f.Close()
		return path
	}
	defer debug.SetGCPercent(debug.SetGCPercent(5))
	big, small, spread := table(150_000, 300), table(20_000, 40), table(60_000, 50_000)
	for _, c := range []struct {
		name string
		args []string
	}{
		{"every policy", []string{"--json", "/dev/null", big}},
		{"psp and the bounds", []string{"--compare", "none", big}},
		{"most pages a host of their own", []string{"--json", "/dev/null", spread}},
		{"held whole, every policy", []string{"--simulate", "1", "--json", "/dev/null", small}},
		{"held whole, psp alone", []string{"--simulate", "1", small}},
	} {
		args := append([]string{"--crawlers", "1", "--rate", "15", "--model", "horizon"}, c.args...)
		var need, oneAtATime, peak int64
		// A sampler that is not scheduled at the top of a collection (on a
		// loaded machine) reads a lower peak, never a higher one: a plan
		// whose peak looks more than a third below its estimate is planned
		// again, up to three times, and the highest peak read is its.
		for run := 0; run < 3 && (run == 0 || oneAtATime > peak*3/2); run++ {
			var err error
			var p int64
			if need, oneAtATime, p, err = peakOf(args); err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			peak = max(peak, p)
		}
		t.Logf("%s: need %d MB (%d MB were the schedules made one at a time), peak live %d MB", c.name, need>>20, oneAtATime>>20, peak>>20)
		// The soft limit set from the estimate (planningLimit) must hold
		// the peak, or the collector would run without end; the estimate
		// itself may miss by a little (52 MB live against 51 estimated,
		// seen with the machine loaded). It holds the schedules a plan
		// makes at once on every core; whether two of them overlap at
		// their peaks is up to the scheduler (a held-whole plan, every
		// policy: 31–34 MB live against 49 MB estimated, 38 MB were they
		// made one at a time, in runs of Nov 2026), so the estimate may be
		// more than half as much again as the peak only by what it counts
		// for schedules made at once.
		if planningLimit(need) < peak || oneAtATime > peak*3/2 {
			t.Errorf("%s: estimated %d MB (%d MB one at a time), the live heap's peak %d MB", c.name, need>>20, oneAtATime>>20, peak>>20)
		}
	}
}

// peakOf plans as `freshplan plan args` does and returns the plan's
// estimated need, the estimate were the schedules made one at a time, and
// the live heap's peak read from the estimate on, every 50 µs.
func peakOf(args []string) (need, oneAtATime, peak int64, err error) {
	var planning atomic.Bool // the peak while reading is not the plan's
	testNeed = func(n, one int64) { need, oneAtATime = n, one; planning.Store(true) }
	defer func() { testNeed = nil }()
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	done := make(chan uint64)
	go func() {
		var peak uint64
		for {
			select {
			case done <- peak:
				return
			case <-time.After(50 * time.Microsecond):
			}
			if planning.Load() {
				metrics.Read(s)
				peak = max(peak, s[0].Value.Uint64())
			}
		}
	}()
	err = runPlan(args, io.Discard, io.Discard)
	return need, oneAtATime, int64(<-done), err
}

// TestPlanNeedCountsThePolicyChosen: the policy --policy names is planned
// whether or not --compare lists it, and its memory is counted: Azar's
// carousel with --compare none.
func TestPlanNeedCountsThePolicyChosen(t *testing.T) {
	p := plan.Params{Horizon: 24 * time.Hour, Budget: 8_640_000, Compare: []plan.Policy{}}
	psp, azar := p, p
	psp.Policy, azar.Policy = plan.PSP, plan.Azar
	if a, b := planNeedOf(1_000_000, 2000, false, azar, true, 2), planNeedOf(1_000_000, 2000, false, psp, true, 2); a <= b {
		t.Errorf("--policy azar --compare none: %d MB estimated, no more than psp's %d MB", a>>20, b>>20)
	}
}
