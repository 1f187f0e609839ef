//go:build wasm

package app

import (
	"io"
	"syscall/js"
)

// Messages between the page and its workers are JavaScript ArrayBuffers,
// read into Go and written from it here (the format: wire.go).

// copyChunk is how much of a stage is copied into Go in one task of the
// page's event loop: a plan of a million pages is some 20 MB, and copying
// it at once into memory the page has not touched before took 80 ms.
const copyChunk = 4 << 20

// jsReader reads a JavaScript ArrayBuffer into Go as it is read (a
// wireReader's parts go straight into what they decode to), yielding to
// the event loop after every copyChunk bytes when yield is set.
type jsReader struct {
	u8    js.Value
	at, n int
	since int
	yield bool
}

func newJSReader(buf js.Value, yield bool) *jsReader {
	u8 := js.Global().Get("Uint8Array").New(buf)
	return &jsReader{u8: u8, n: u8.Length(), yield: yield}
}

func (r *jsReader) Read(p []byte) (int, error) {
	if r.at == r.n {
		return 0, io.EOF
	}
	if r.yield && r.since >= copyChunk {
		nextTask()
		r.since = 0
	}
	k := min(len(p), r.n-r.at)
	js.CopyBytesToGo(p[:k], r.u8.Call("subarray", r.at, r.at+k))
	r.at += k
	r.since += k
	return k, nil
}

// jsWriter writes into a JavaScript Uint8Array, from its start.
type jsWriter struct {
	u8 js.Value
	at int
}

func (w *jsWriter) Write(p []byte) (int, error) {
	js.CopyBytesToJS(w.u8.Call("subarray", w.at, w.at+len(p)), p)
	w.at += len(p)
	return len(p), nil
}

// toJS writes m into a new Uint8Array, a buffer at a time.
func toJS(m *message) js.Value {
	u8 := js.Global().Get("Uint8Array").New(m.size())
	m.writeTo(&jsWriter{u8: u8}) // takes every write
	return u8
}

// wireOf is a wireReader of a message in a JavaScript ArrayBuffer.
func wireOf(buf js.Value, yield bool) *wireReader {
	r := newJSReader(buf, yield)
	return newWireReader(r, int64(r.n))
}
