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

// What planning holds, at most, above what the program holds: per page,
// and per visit planned, more when the plan keeps a schedule (a
// schedule.Visit, 16 bytes, and room) or replays each schedule against
// sampled changes (each replay's visit lists, 8 bytes, and room).
const (
	planBytesPerPage    = 100
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
func limitPlanMemory(n, r int, perVisit int64) (restore func()) {
	old := debug.SetMemoryLimit(readMemory(perVisit*int64(r) + planBytesPerPage*int64(n)))
	return func() { debug.SetMemoryLimit(old) }
}
