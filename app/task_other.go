//go:build !wasm

package app

import "runtime"

// nextTask lets other goroutines run: natively there is no page to yield
// to (see task_wasm.go).
func nextTask() { runtime.Gosched() }

// Mark records a moment of the page's start in the browser (see
// task_wasm.go); natively there is no timeline.
func Mark(string) {}
