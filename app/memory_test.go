package app

import (
	"runtime/debug"
	"testing"
)

// TestLimitPlanMemory: planning's soft memory limit is what the program
// holds plus what the plan needs (planBytesPerVisit, planBytesPerPage), and
// restoring it puts the limit before back.
func TestLimitPlanMemory(t *testing.T) {
	before := debug.SetMemoryLimit(-1)
	held := readMemory(0)
	restore := limitPlanMemory(100_000, 1_000_000, planBytesPerVisit)
	limit := debug.SetMemoryLimit(-1)
	want := held + planBytesPerVisit*1_000_000 + planBytesPerPage*100_000
	// What the program holds moves a little between the two readings.
	if d := limit - want; d < -1<<20 || d > 1<<20 {
		t.Errorf("limit %d MB, want %d MB", limit>>20, want>>20)
	}
	restore()
	if got := debug.SetMemoryLimit(-1); got != before {
		t.Errorf("limit after restore %d, want %d", got, before)
	}
}
