//go:build !wasm

package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"time"

	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/core/plan"
)

// The memory the process may take, when it runs under an address-space
// limit (ulimit -v, RLIMIT_AS): there the Go runtime cannot report an
// allocation it is refused, it dies ("fatal error: out of memory", exit
// 2). Under such a limit freshplan instead says, before planning, when
// the plan would need more than is left (checkMemory), and stops reading
// with exit 1 once what it holds comes near the limit (watchMemory)
// (issue 22). Without a limit (the usual case) none of this runs.
var memory struct {
	limit   int64 // RLIMIT_AS, bytes; 0: none
	runtime int64 // what the process had mapped when it started (the runtime's own reservations)
	budget  int64 // what is left for data: limit − runtime − one heap arena of slack
}

// arena is the unit in which the Go heap takes address space on
// linux/amd64 (runtime.heapArenaBytes): the heap's last arena may be
// mostly empty, so a budget keeps one in reserve.
const arena = 64 << 20

// guardMemory reads the address-space limit and, under one, sets the
// collector's soft limit to the budget it leaves and watches the heap.
func guardMemory(stderr io.Writer) {
	limit := addressSpaceLimit()
	if limit <= 0 {
		return
	}
	memory.limit, memory.runtime = limit, mappedBytes()
	memory.budget = max(limit-memory.runtime-arena, 16<<20)
	debug.SetMemoryLimit(memory.budget)
	go watchMemory(stderr, 10*time.Millisecond)
}

// describe says what the limit leaves, for messages.
func describeLimit() string {
	return fmt.Sprintf("the address-space limit (ulimit -v %d KiB) leaves %d MB for data beside the %d MB the Go runtime reserves",
		memory.limit>>10, memory.budget/1e6, memory.runtime/1e6)
}

// checkMemory returns an error when need bytes are more than the limit
// leaves; nil without a limit.
func checkMemory(what string, need int64) error {
	need = withHeadroom(need)
	if memory.budget == 0 || need <= memory.budget {
		return nil
	}
	return fmt.Errorf("%s needs about %d MB, and %s; raise the limit, or ask for less", what, need/1e6, describeLimit())
}

// withHeadroom is what a run estimated to hold need bytes at its peak
// takes of the address space: two fifths more, for the garbage between
// collections and for a large allocation that no freed span fits. Every
// policy of a table of 3.3M pages at 100,000 visits a horizon, estimated
// at 1.17 GB with its input (its live heap peaked at 1.02 GB, GOGC=5),
// died under limits that left 1.31 and 1.46 GB for data, a tracker's 109
// MB refused with 1.34 and 1.45 GB in use, and ran with 1.56 GB left
// (Nov 2026, the CLI as `make cli` builds it).
func withHeadroom(need int64) int64 { return need + 2*need/5 }

// What a plan holds at its peak besides its input, from the peak live heap
// (runtime/metrics, GOGC=5 so that it is read near every peak) of plans of
// Zipf tables of 0.1M to 1M pages at 8.64 visits a page (seed 000 §4's
// ratio) on 2 cores, Nov 2026: streamed, psp and the bounds 108–109 bytes
// a page, every policy 176–212; held whole (--simulate), 20,000 pages at
// 1.3M visits, 10–11 bytes a visit, and 5–6 more for Azar's carousel's
// slots, and up to 6 more when two schedules are made at once (which ones
// overlap varies from run to run); 60,000 pages on 14,074 hosts, every
// policy, 1.8 KB a host. psp and infcrawlers are made at once on several
// cores (session 20), so psp and the bounds count two schedules' state,
// each tracker 32 bytes a page since it holds the rate. A streamed plan
// holds no visit (issue 21): before it, the sample at 2^22 to 2^26 visits
// took 29–39 bytes a visit. Rounded up by a tenth or so:
// TestPlanNeedMatchesPeak keeps them between the peak and half as much
// again.
const (
	planBytesPerPage     = 80  // the instance, the allocations, psp's per-page figures
	scheduleBytesPerPage = 50  // each schedule being made: its tracker (32 bytes a page), lazy programme and counts
	carouselBytesPerPage = 26  // Azar's carousel: its calendars' one pool of blocks
	carouselBytesPerSlot = 1   // the calendars' windows
	planBytesPerHost     = 768 // a host's figures, and its assignment state and lazy programme (schedule.Lazy: its run and groups) in each schedule made at once
	keptBytesPerVisit    = 16  // a schedule.Visit of a schedule held, not streamed
	wholeBytesPerVisit   = 12  // a programme held whole: its pages and times
	wholeBytesMore       = 8   // … and each other schedule made at once
	wholeBytesPerSlot    = 12  // Azar's carousel held whole: its slots, grouped by page, and their times
	planBytesFixed       = 4 << 20
)

// planNeed estimates the memory a plan of pg under p takes at its peak
// beyond what is held already (the input): its per-page and per-host
// figures, a schedule's state for each made at once (one per core), Azar's
// carousel when compared, and per visit only what is held whole — the
// kept schedule unless streamed (the CLI always streams it), and every
// programme of a plan of pages with change models or with --simulate.
func planNeed(pg []pages.Page, p plan.Params, streamed bool, cores int) int64 {
	hosts := map[string]struct{}{}
	modelled := false
	for _, pp := range pg {
		hosts[pp.Host] = struct{}{}
		modelled = modelled || pp.Change != nil
	}
	return planNeedOf(len(pg), len(hosts), modelled, p, streamed, cores)
}

// planNeedOf is planNeed for n pages on hosts hosts, some with change
// models (modelled) or none, with up to cores schedules made at once.
func planNeedOf(pages, hosts int, modelled bool, p plan.Params, streamed bool, cores int) int64 {
	n := int64(pages)
	whole := modelled || p.Simulate > 0
	perHorizon, err := p.Visits()
	if err != nil {
		perHorizon = 0 // Run says why
	}
	visits := int64(perHorizon) * int64(max(p.Cycle, 1))
	compared := p.Wants
	schedules := 2 // psp and infcrawlers, at once on several cores
	if whole {
		schedules = 1 // infcrawlers then psp, following one programme
	}
	for _, q := range []plan.Policy{plan.MP2, plan.MWolf, plan.Azar} {
		if compared(q) {
			schedules++
		}
	}
	atOnce := int64(max(1, min(schedules, cores)))
	need := planBytesFixed + planBytesPerPage*n + planBytesPerHost*int64(hosts) + scheduleBytesPerPage*n*atOnce
	azar := compared(plan.Azar) && !modelled // Azar's optimum is for Poisson pages
	switch {
	case whole:
		need += wholeBytesPerVisit*visits + wholeBytesMore*visits*(atOnce-1)
		if azar {
			need += wholeBytesPerSlot * visits
		}
	case azar:
		need += carouselBytesPerPage*n + carouselBytesPerSlot*visits
	}
	if !streamed {
		need += keptBytesPerVisit * visits
	}
	return need
}

// checkPlanMemory returns the memory planning pg under p is estimated to
// take at its peak, the input held included, or an error when an
// address-space limit leaves less (checkMemory).
func checkPlanMemory(pg []pages.Page, p plan.Params, streamed bool) (int64, error) {
	held := liveHeap()
	need := held + planNeed(pg, p, streamed, runtime.GOMAXPROCS(0))
	if testNeed != nil {
		testNeed(need, held+planNeed(pg, p, streamed, 1))
	}
	visits, _ := p.Visits()
	return need, checkMemory(fmt.Sprintf("planning %d pages at %d visits per horizon", len(pg), visits), need)
}

// testNeed, if set, is told checkPlanMemory's estimate, and what it
// would be were the schedules made one at a time: a test compares them
// with the peak it measures.
var testNeed func(need, oneAtATime int64)

// liveHeap returns the bytes the heap holds, collected first: what is
// held before planning (the input, its estimates). A variable: a test of
// the messages sets what a test process holds aside.
var liveHeap = func() int64 {
	runtime.GC()
	s := []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64())
}

// limitPlanning sets the collector's soft limit to a tenth above need, the
// whole heap a plan is estimated to take at its peak, and returns what
// restores the limit before it. Left alone, the heap grows to twice what
// was live at the last collection, and a plan's live heap is mostly the
// pages, held throughout: at paper scale that let the process reach 0.46
// GB for 0.28 GB live. A limit already set (GOMEMLIMIT, or an
// address-space limit's budget, guardMemory) is kept.
func limitPlanning(need int64) (restore func()) {
	prev := debug.SetMemoryLimit(-1)
	if prev != math.MaxInt64 {
		return func() {}
	}
	debug.SetMemoryLimit(planningLimit(need))
	return func() { debug.SetMemoryLimit(prev) }
}

// planningLimit is the soft limit for a plan estimated to need need bytes:
// a tenth above, for what the estimate misses (TestPlanNeedMatchesPeak
// measured the live heap's peak up to 2% above it).
func planningLimit(need int64) int64 { return need + need/10 }

// backtestNeed estimates a backtest's memory: its input and a plan's (the
// sample at 2^22 to 2^26 visits took 29–39 bytes a visit, 3.3M pages at
// 100,000 visits some 450 bytes a page, peak RSS, Nov 2026: a backtest's
// plans keep their schedules), and the visits of the test period (8 bytes
// each), replayed policy by policy.
func backtestNeed(pages int, p plan.Params) int64 {
	budget := p.Budget
	if budget == 0 {
		budget = max(1, int(float64(pages)*p.Horizon.Hours()/(7*24)))
	}
	return 40*int64(budget) + 600*int64(pages) + 16<<20 +
		8*2*int64(budget)*int64(365*24*time.Hour/p.Horizon+1)
}

// watchMemory ends the process with exit 1 and a message naming the limit
// once the live heap passes 90% of the budget: past it the next heap
// arena the runtime asks for is refused, and the runtime dies without a
// word of why. Reading a log has no step where its need is known ahead.
func watchMemory(stderr io.Writer, every time.Duration) {
	sample := []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/memory/classes/heap/objects:bytes"}}
	for range time.Tick(every) {
		metrics.Read(sample)
		if int64(sample[1].Value.Uint64()) < memory.budget*9/10 {
			continue
		}
		runtime.GC() // what is held, not the garbage not yet collected
		metrics.Read(sample)
		if live := int64(sample[0].Value.Uint64()); live >= memory.budget*9/10 {
			fmt.Fprintf(stderr, "freshplan: out of memory: %d MB held, and %s; raise the limit, or give a smaller input or budget\n", live/1e6, describeLimit())
			os.Exit(exitBadInput)
		}
	}
}
