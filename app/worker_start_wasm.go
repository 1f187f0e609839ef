//go:build wasm

package app

import "syscall/js"

// newWorker starts a planning worker (web/worker.js) and boots it with the
// WebAssembly module the page was compiled from (web/first.js keeps it):
// the worker instantiates that module rather than fetching and compiling
// app.wasm again, and the browser shares one compiled copy of the code
// between the page and every worker (13 MB of WebAssembly, compiled some
// 3–4 times larger). Without a kept module the worker fetches app.wasm.
func newWorker() js.Value {
	w := js.Global().Get("Worker").New(workerURL)
	boot := js.Global().Get("Object").New()
	boot.Set("kind", "boot")
	boot.Set("module", js.Global().Get("freshplanModule"))
	w.Call("postMessage", boot)
	return w
}
