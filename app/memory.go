package app

import (
	"context"
	"runtime/debug"
	"runtime/metrics"
	"slices"
	"sync"
)

// In the browser, memory once grown is never given back, so the peak of a
// read or a plan sets the tab's size for good; and between two
// collections the heap may grow to twice what was live at the first. Soft
// memory limits at what the work needs keep the peaks near it.

// maxReadMemory bounds what reading one input may hold, a hard limit
// beside the soft ones: WebAssembly's memory is at most 4 GiB, and a
// refused allocation ends the program without a word of why, where an
// input over the limit is told so at its line (issue 22).
const maxReadMemory = 2 << 30

// readMemory is a soft memory limit: what the program already holds (a
// limit below it would leave the collector running without end), and
// grow bytes more.
func readMemory(grow int64) int64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64()-s[1].Value.Uint64()) + grow
}

// What planning holds, at most, above what the program holds: per page,
// and per visit planned, more when the plan keeps a schedule (a
// schedule.Visit, 16 bytes, and room) or replays each schedule against
// sampled changes (each replay's visit lists, 8 bytes, and room).
const (
	planBytesPerPage    = 60
	planBytesPerVisit   = 12
	keptBytesPerVisit   = 20
	replayBytesPerVisit = 10
)

// limitPlanMemory sets the soft memory limit for planning n pages with r
// visits at perVisit bytes a visit (planBytesPerVisit, plus what the plan
// keeps) and planBytesPerPage a page above what the program holds, and
// returns what restores the limit before. Measured at paper scale, where
// psp's step holds about that much at its peak (its programme: 12 bytes a
// visit; per-page arrays): in WebAssembly the planning worker then ends
// at 340 MB of Go, beside 392 MB at 20 bytes a visit, as fast (the tab,
// session 7); in node, before the made times went into the programme
// (8 bytes a visit fewer), every policy peaked at 0.60 GB at 20 bytes,
// 0.80 GB at 32 and 1.12 GB with no limit, no slower — fresh memory costs
// more there than collecting.
//
// It counts from what the heap holds, not from what the program has
// mapped (holdMemory): memory the worker has free (after a plan, or
// after the sweep's plans) is what the next plan takes, rather than grow
// past it. At paper scale (a job, then the harness's new parameters and
// a Stop: e2e TestBenchFile, two alternating pairs) the planning worker
// ended at 288–318 MB of Go against 328–334, the tab at 854–872 MB
// against 874–905, as fast. Per page 60 bytes, not 100, since planning
// reads the worker's columns rather than a []plan.Page of its own: the
// worker 187–194 MB of Go against 223 MB, as fast (session 19, two
// alternating pairs).
func limitPlanMemory(n, r int, perVisit int64) (restore func()) {
	return holdMemory(perVisit*int64(r) + planBytesPerPage*int64(n))
}

// limits are the soft memory limits of the work under way, of which the
// largest is the program's. Work that ends takes its own away, whatever
// began or ended meanwhile: a file may start being read in the page
// while a plan's stage is taken in, and restoring "the limit before"
// would then leave one in force for good.
var limits struct {
	sync.Mutex
	active []*int64
	none   int64 // the program's limit with no work under way
}

// limitMemory adds a soft memory limit of bytes while some work runs, and
// returns what takes it away.
func limitMemory(bytes int64) (done func()) {
	limits.Lock()
	defer limits.Unlock()
	if len(limits.active) == 0 {
		limits.none = debug.SetMemoryLimit(-1) // -1 reads it
	}
	mine := &bytes
	limits.active = append(limits.active, mine)
	debug.SetMemoryLimit(largestLimit())
	var once sync.Once
	return func() {
		once.Do(func() {
			limits.Lock()
			defer limits.Unlock()
			limits.active = slices.DeleteFunc(limits.active, func(l *int64) bool { return l == mine })
			debug.SetMemoryLimit(largestLimit())
		})
	}
}

// largestLimit is the limit in force: the largest active, or none.
func largestLimit() int64 {
	if len(limits.active) == 0 {
		return limits.none
	}
	l := *limits.active[0]
	for _, a := range limits.active[1:] {
		l = max(l, *a)
	}
	return l
}

// holdMemory sets a soft memory limit for work that allocates about need
// bytes beyond what the heap holds now: at most the memory the program
// already has, or what it holds and need if that is more. The page's
// memory is set by its peak — reading a million pages maps some 250 MB,
// twice what they take once read — and without a limit the collector
// let the heap double again while the page took in the plans (~60 MB of
// messages and arrays a stage, mostly garbage at once), to 330 MB at
// paper scale; held, 239–277 MB. Packing a job is not held: it runs in
// one task, and a collection inside it held the page 316 ms. It returns
// what takes the limit away.
func holdMemory(need int64) (restore func()) {
	mapped, held := heldMemory()
	return limitMemory(max(mapped, held+need))
}

// heldMemory returns the memory the program has (readMemory(0)) and, of
// it, what it holds: all but the heap's free and unused parts.
func heldMemory() (mapped, held int64) {
	s := []metrics.Sample{{Name: "/memory/classes/heap/free:bytes"}, {Name: "/memory/classes/heap/unused:bytes"}}
	metrics.Read(s)
	mapped = readMemory(0)
	return mapped, mapped - int64(s[0].Value.Uint64()+s[1].Value.Uint64())
}

// heldGCPercent is the collector's percent while a planner plans the
// pages it holds of a file (holder), lower than the default 100%: they
// live as long as it and would otherwise let the heap grow by as much
// again beyond them at every plan — at paper scale the URLs and a plan's
// figures, some 50 MB, took the worker from 212 to 298 MB during the
// sweep. The held pages and a plan's arrays have no pointers, so a
// collection costs little beside their size. Paper scale in the tab, two pairs each: the tab at most
// 585–596 MB at 100%, 560–562 at 50%, 539–546 at 25%; psp and the bounds
// 4.64–4.95 s from the job's start at 50%, 4.90–4.98 s at 25%. Then 15%
// (session 25, three pairs): the worker's Go 211 → 201–202 MB, the tab at
// most 533–538 → 511–525 MB, psp and the bounds 4.82–4.90 → 4.85–5.02 s.
const heldGCPercent = 15

// computeHeld is Compute, at heldGCPercent when held (the job plans the
// pages the holder keeps): both engines plan so.
func computeHeld(ctx context.Context, set *pageSet, q Request, emit func(*Stage), held bool) {
	if held {
		defer debug.SetGCPercent(debug.SetGCPercent(heldGCPercent))
	}
	Compute(ctx, set, q, emit)
}
