//go:build !wasm

package rank

import (
	"syscall"
	"testing"
	"time"
)

// cpuTime is the process's user and system time so far: on a shared
// machine a benchmark reports it beside the wall-clock time, which other
// processes stretch.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// reportCPU reports the CPU seconds per operation since start.
func reportCPU(b *testing.B, start time.Duration) {
	b.ReportMetric((cpuTime()-start).Seconds()/float64(b.N), "cpu-s/op")
}
