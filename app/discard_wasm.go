//go:build wasm

package app

import (
	"syscall/js"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// discard gives back at once the memory of buf, a worker's message the
// page has read, by posting it into a channel closed at its other end.
// Dropped, or emptied (ArrayBuffer.prototype.transfer(0) frees only a
// buffer made in this thread), it would stay until the page's collector
// ran, which an idle page may not do for seconds: at paper scale the page
// held the read's and the plan's messages — 40, 15 and 15 MB — for 4 to
// 10 s, the tab's peak (e2e TestBenchFile with E2E_BENCH_RSS). In the
// page, and for a file's slices in a worker that only reads
// (newReadJobReader): in the planning worker, buffers discarded so (a
// file's slices, read again for a backtest) piled up instead — the tab
// grew to 2.7 GB over a 206 MB history, against 0.7 GB left to the
// collector.
func discard(buf js.Value) {
	if buf.Type() != js.TypeObject {
		return
	}
	ch := js.Global().Get("MessageChannel").New()
	ch.Get("port2").Call("close")
	ch.Get("port1").Call("postMessage", buf, []any{buf})
	ch.Get("port1").Call("close")
}

// discardValue is discard of an ArrayBuffer as go-app holds it.
func discardValue(buf goapp.Value) { discard(goapp.JSValue(buf)) }
