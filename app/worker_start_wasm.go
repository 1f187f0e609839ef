//go:build wasm

package app

import "syscall/js"

// newWorker starts a planning worker (web/worker.js) and boots it with the
// WebAssembly module the page was compiled from (web/first.js keeps it):
// the worker instantiates that module rather than fetching and compiling
// app.wasm (13 MB) again, and shares the page's compiled code. The tab at
// paper scale measured 9 MB lower at most, not faster (BENCHMARKS.md,
// session 25). Without a kept module the worker fetches app.wasm.
func newWorker() js.Value {
	w := js.Global().Get("Worker").New(workerURL)
	boot := js.Global().Get("Object").New()
	boot.Set("kind", "boot")
	boot.Set("module", js.Global().Get("freshplanModule"))
	w.Call("postMessage", boot)
	return w
}
