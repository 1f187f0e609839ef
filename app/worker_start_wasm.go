//go:build wasm

package app

import "syscall/js"

// newWorker starts a planning worker (web/worker.js) and boots it with the
// WebAssembly module the page was compiled from (web/first.js keeps it):
// the worker instantiates that module rather than fetching and compiling
// app.wasm (13 MB) again, and shares the page's compiled code. The tab at
// paper scale measured 9 MB lower at most, not faster (BENCHMARKS.md,
// session 25). Without a kept module, or where the browser will not post
// one to a worker, the worker fetches app.wasm. onMsg gets the worker's
// messages, onErr its error events (its script or WebAssembly not
// loading).
func newWorker(onMsg, onErr js.Func) js.Value {
	w := js.Global().Get("Worker").New(workerURL)
	w.Call("addEventListener", "message", onMsg)
	w.Call("addEventListener", "error", onErr)
	if !boot(w, js.Global().Get("freshplanModule")) {
		boot(w, js.Undefined())
	}
	return w
}

// boot posts the worker its first message, the module to run (undefined:
// fetch app.wasm), and reports whether the browser took it.
func boot(w, module js.Value) (ok bool) {
	defer func() {
		if recover() != nil { // a DataCloneError, thrown into Go as a js.Error
			ok = false
		}
	}()
	msg := js.Global().Get("Object").New()
	msg.Set("kind", "boot")
	msg.Set("module", module)
	w.Call("postMessage", msg)
	return true
}
