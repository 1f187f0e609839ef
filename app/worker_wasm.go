//go:build wasm

package app

import (
	"context"
	"syscall/js"
)

// InWorker reports whether the program runs in a web worker rather than
// in the page.
func InWorker() bool { return js.Global().Get("document").IsUndefined() }

// ServeWorker plans the jobs the page posts, one after the other, posting
// each stage back as soon as it is ready. It never returns.
func ServeWorker() {
	self := js.Global()
	jobs := make(chan []byte, 16)
	accept := func(ev js.Value) {
		data := ev.Get("data")
		if data.Type() != js.TypeObject || data.Get("kind").String() != "job" {
			return
		}
		u8 := self.Get("Uint8Array").New(data.Get("buf"))
		b := make([]byte, u8.Length())
		js.CopyBytesToGo(b, u8)
		jobs <- b
	}
	handler := js.FuncOf(func(this js.Value, args []js.Value) any {
		accept(args[0])
		return nil
	})
	self.Set("onmessage", handler)
	// Messages that came before the program started wait in worker.js.
	if take := self.Get("freshplanTakeQueue"); take.Type() == js.TypeFunction {
		q := take.Invoke()
		for i := range q.Length() {
			accept(q.Index(i))
		}
	}
	post := func(s *Stage) {
		b, err := packStage(s)
		if err != nil {
			b, _ = packStage(&Stage{Seq: s.Seq, Kind: "error", Note: err.Error()})
		}
		u8 := self.Get("Uint8Array").New(len(b))
		js.CopyBytesToJS(u8, b)
		msg := self.Get("Object").New()
		msg.Set("kind", "stage")
		msg.Set("buf", u8.Get("buffer"))
		self.Call("postMessage", msg, []any{u8.Get("buffer")})
	}
	for b := range jobs {
		q, pg, err := unpackJob(b)
		if err != nil {
			post(&Stage{Seq: q.Seq, Kind: "error", Note: err.Error()})
			continue
		}
		Compute(context.Background(), pg, q, post)
	}
}
