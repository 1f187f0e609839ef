//go:build !wasm

// Package cputime reads the process's CPU time, which benchmarks report
// beside the wall-clock time: on a shared machine other processes stretch
// the wall clock, not the CPU seconds a benchmark spends.
package cputime

import (
	"syscall"
	"testing"
	"time"
)

// Now is the process's user and system time so far (0 if unknown).
func Now() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// Report reports the CPU seconds per operation since start as b's
// "cpu-s/op" metric.
func Report(b *testing.B, start time.Duration) {
	b.ReportMetric((Now()-start).Seconds()/float64(b.N), "cpu-s/op")
}
