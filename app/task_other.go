//go:build !wasm

package app

import "runtime"

// nextTask lets other goroutines run: natively there is no page to yield
// to (see task_wasm.go).
func nextTask() { runtime.Gosched() }
