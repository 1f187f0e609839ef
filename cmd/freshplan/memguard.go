//go:build !wasm

package main

import (
	"fmt"
	"io"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"time"

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
	if memory.budget == 0 || need <= memory.budget {
		return nil
	}
	return fmt.Errorf("%s needs about %d MB, and %s; raise the limit, or ask for less", what, need/1e6, describeLimit())
}

// planNeed estimates the memory planning pages with a budget takes, from
// measurements (peak RSS, 2 cores, Nov 2026): the sample's 3,000 pages at
// 2^22 to 2^26 visits took 29–39 bytes a visit, and 3.3M pages at 100,000
// visits some 450 bytes a page.
func planNeed(pages, budget int) int64 {
	return 40*int64(budget) + 600*int64(pages) + 16<<20
}

// backtestNeed estimates a backtest's memory: a plan's, and the visits
// of the test period (8 bytes each), replayed policy by policy.
func backtestNeed(pages int, p plan.Params) int64 {
	budget := p.Budget
	if budget == 0 {
		budget = max(1, int(float64(pages)*p.Horizon.Hours()/(7*24)))
	}
	return planNeed(pages, budget) + 8*2*int64(budget)*int64(365*24*time.Hour/p.Horizon+1)
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
