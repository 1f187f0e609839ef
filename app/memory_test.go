package app

import (
	"runtime/debug"
	"testing"
)

// TestLimitPlanMemory: planning's soft memory limit is what the heap
// holds plus what the plan needs (planBytesPerVisit, planBytesPerPage), or
// the memory the program has when that is more, and restoring it puts the
// limit before back.
func TestLimitPlanMemory(t *testing.T) {
	var restore func()
	before := debug.SetMemoryLimit(-1)
	const need = planBytesPerVisit*1_000_000 + planBytesPerPage*100_000
	lo, hi := bracket(func() int64 {
		mapped, held := heldMemory()
		return max(mapped, held+need)
	}, func() { restore = limitPlanMemory(100_000, 1_000_000, planBytesPerVisit) })
	limit := debug.SetMemoryLimit(-1)
	if limit < lo || limit > hi {
		t.Errorf("limit %d MB, want %d to %d MB", limit>>20, lo>>20, hi>>20)
	}
	restore()
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("limit after restore %d, want %d", got, before)
	}
}

// TestLimitsOverlap: work that ends out of order leaves the largest
// limit of the work still under way, and none once all has ended — where
// restoring "the limit before" left the first work's limit in force.
func TestLimitsOverlap(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	limit := func() int64 { return debug.SetMemoryLimit(-1) }
	readDone := limitMemory(300 << 20)  // a read starts
	stageDone := limitMemory(200 << 20) // a stage is taken in meanwhile
	if got := limit(); got != 300<<20 {
		t.Errorf("both under way: limit %d MB, want 300", got>>20)
	}
	readDone()
	if got := limit(); got != 200<<20 {
		t.Errorf("the read ended first: limit %d MB, want the stage's 200", got>>20)
	}
	readDone() // twice does nothing more
	stageDone()
	if got := limit(); got != before {
		t.Errorf("all ended: limit %d, want %d as before", got, before)
	}
}

// TestHoldMemory: the limit is the memory the program has when the work
// needs no more than is free in it, and what it holds plus the need when
// that is more.
func TestHoldMemory(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	var done func()
	lo, hi := bracket(func() int64 { return readMemory(0) }, func() { done = holdMemory(0) })
	if got := debug.SetMemoryLimit(-1); got < lo || got > hi {
		t.Errorf("need 0: limit %d MB, want what the program has, %d to %d MB", got>>20, lo>>20, hi>>20)
	}
	done()
	mapped := readMemory(0)
	const need = 1 << 40 // more than any free memory
	done = holdMemory(need)
	if got := debug.SetMemoryLimit(-1); got <= need || got > need+mapped {
		t.Errorf("need 1 TiB: limit %d MB, want above the need and at most it plus %d MB", got>>20, mapped>>20)
	}
	done()
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("after: limit %d, want %d", got, before)
	}
}

// bracket runs do between two readings of want, and returns the least
// and the most of them, a megabyte apart at least: what the program holds
// moves a little while it runs (other tests' work may still be ending).
func bracket(want func() int64, do func()) (lo, hi int64) {
	a := want()
	do()
	b := want()
	return min(a, b) - 1<<20, max(a, b) + 1<<20
}
