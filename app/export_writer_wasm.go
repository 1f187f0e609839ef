//go:build wasm

package app

import (
	"syscall/js"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// fileChunk is how much of an export is gathered in Go before it is
// copied out to the browser.
const fileChunk = 1 << 20

// exportWriter is an export being written: in the browser, a Blob made of
// the file's chunks, each copied out of Go as it fills. A paper-scale
// seed list is 80 MB; gathered in Go (a bytes.Buffer doubling as it
// grows), it took up to twice that in memory WebAssembly never gives
// back, and a copy more to make the Blob.
type exportWriter struct {
	buf   []byte
	parts js.Value // the chunks copied out, Uint8Arrays
	size  int64
}

func newExportWriter() *exportWriter {
	return &exportWriter{buf: make([]byte, 0, fileChunk), parts: js.Global().Get("Array").New()}
}

func (f *exportWriter) Write(p []byte) (int, error) {
	n := len(p)
	for len(p) > 0 {
		k := copy(f.buf[len(f.buf):cap(f.buf)], p)
		f.buf, p = f.buf[:len(f.buf)+k], p[k:]
		if len(f.buf) == cap(f.buf) {
			f.flush()
		}
	}
	f.size += int64(n)
	return n, nil
}

// flush copies what is gathered out of Go.
func (f *exportWriter) flush() {
	if len(f.buf) == 0 {
		return
	}
	u8 := js.Global().Get("Uint8Array").New(len(f.buf))
	js.CopyBytesToJS(u8, f.buf)
	f.parts.Call("push", u8)
	f.buf = f.buf[:0]
	// Written in the page (exporter.write), a seed list of a million
	// pages takes a second: the page draws and takes input between
	// chunks. In a worker, a "cancel" is taken.
	nextTask()
}

// result is the export, the file a Blob of type mime.
func (f *exportWriter) result(kind, file, mime string) *ExportResult {
	f.flush()
	blob := blobOfArrays(goapp.ValueOf(f.parts), mime)
	f.parts = js.Undefined()
	return &ExportResult{Kind: kind, File: file, MIME: mime, Size: f.size, Blob: blob}
}
