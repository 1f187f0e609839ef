package app

import (
	"runtime/debug"
	"runtime/metrics"
)

// In the browser, memory once grown is never given back, so the peak of a
// read or a plan sets the tab's size for good; and between two
// collections the heap may grow to twice what was live at the first. Soft
// memory limits at what the work needs keep the peaks near it.

// readMemory is a soft memory limit: what the program already holds (a
// limit below it would leave the collector running without end), and
// grow bytes more.
func readMemory(grow int64) int64 {
	s := []metrics.Sample{{Name: "/memory/classes/total:bytes"}, {Name: "/memory/classes/heap/released:bytes"}}
	metrics.Read(s)
	return int64(s[0].Value.Uint64()-s[1].Value.Uint64()) + grow
}

// What planning holds, at most, above what the program holds.
const (
	planBytesPerVisit = 20
	planBytesPerPage  = 100
)

// limitPlanMemory sets the soft memory limit for planning n pages with r
// visits — 20 bytes a visit and 100 a page above what the program holds,
// measured at paper scale (programmes, replays, per-page arrays: psp's
// step holds about that much at its peak) — and returns what restores the
// limit before. At paper scale in WebAssembly (node) every policy then
// peaks at 0.60 GB, 0.80 GB at 32 and 160 bytes and 1.12 GB with no limit,
// no slower: fresh memory costs more there than collecting; below 12 and
// 60 bytes the collector runs more for no less memory.
func limitPlanMemory(n, r int) (restore func()) {
	old := debug.SetMemoryLimit(readMemory(planBytesPerVisit*int64(r) + planBytesPerPage*int64(n)))
	return func() { debug.SetMemoryLimit(old) }
}
