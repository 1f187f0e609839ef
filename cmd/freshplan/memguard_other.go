//go:build !linux && !wasm

package main

// addressSpaceLimit: only Linux is guarded (RLIMIT_AS and VmSize are read
// there); elsewhere no limit is assumed.
func addressSpaceLimit() int64 { return 0 }

func mappedBytes() int64 { return 0 }
