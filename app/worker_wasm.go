//go:build wasm

package app

import (
	"context"
	"syscall/js"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// InWorker reports whether the program runs in a web worker rather than
// in the page.
func InWorker() bool { return js.Global().Get("document").IsUndefined() }

// ServeWorker plans the jobs the page posts, one after the other, posting
// each stage back as soon as it is ready. It never returns.
func ServeWorker() {
	self := js.Global()
	type job struct {
		b    []byte
		file js.Value // the File a read job reads, else undefined
	}
	jobs := make(chan job, 16)
	accept := func(ev js.Value) {
		data := ev.Get("data")
		if data.Type() != js.TypeObject || data.Get("kind").String() != "job" {
			return
		}
		u8 := self.Get("Uint8Array").New(data.Get("buf"))
		b := make([]byte, u8.Length())
		js.CopyBytesToGo(b, u8)
		jobs <- job{b: b, file: data.Get("file")}
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
		s.Memory = readMemory(0)
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
	for j := range jobs {
		q, pg, err := unpackJob(j.b)
		if err != nil {
			post(&Stage{Seq: q.Seq, Kind: "error", Note: err.Error()})
			continue
		}
		if q.Stages&StageRead != 0 {
			if j.file.Type() != js.TypeObject {
				post(&Stage{Seq: q.Seq, Kind: "error", Note: "the planner was asked to read without a file"})
				continue
			}
			q.File = goapp.ValueOf(j.file)
		}
		Compute(context.Background(), pg, q, post)
	}
}
