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

// limitPlanMemory sets the soft memory limit for planning n pages with r
// visits — about 32 bytes a visit and 160 a page at most, measured at
// paper scale (programmes, replays, per-page arrays) — and returns what
// restores the limit before. At paper scale in WebAssembly it takes the
// peak from 1.12 to 0.72 GB, no slower: fresh memory costs more there
// than collecting.
func limitPlanMemory(n, r int) (restore func()) {
	old := debug.SetMemoryLimit(readMemory(32*int64(r) + 160*int64(n)))
	return func() { debug.SetMemoryLimit(old) }
}
