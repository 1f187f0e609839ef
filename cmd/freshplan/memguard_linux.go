//go:build linux && !wasm

package main

import (
	"bytes"
	"os"
	"strconv"
	"syscall"
)

// addressSpaceLimit returns RLIMIT_AS's soft limit in bytes, 0 when there
// is none.
func addressSpaceLimit() int64 {
	var rl syscall.Rlimit
	if err := syscall.Getrlimit(syscall.RLIMIT_AS, &rl); err != nil || rl.Cur == ^uint64(0) || rl.Cur > 1<<62 {
		return 0
	}
	return int64(rl.Cur)
}

// mappedBytes returns the process's address space in use (VmSize), what
// RLIMIT_AS bounds; 0 when it cannot be read.
func mappedBytes() int64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	_, rest, ok := bytes.Cut(b, []byte("VmSize:"))
	if !ok {
		return 0
	}
	line, _, _ := bytes.Cut(rest, []byte("\n"))
	kb, err := strconv.ParseInt(string(bytes.TrimSpace(bytes.TrimSuffix(bytes.TrimSpace(line), []byte("kB")))), 10, 64)
	if err != nil {
		return 0
	}
	return kb << 10
}
