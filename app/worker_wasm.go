//go:build wasm

package app

import (
	"context"
	"sync"
	"syscall/js"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// InWorker reports whether the program runs in a web worker rather than
// in the page.
func InWorker() bool { return js.Global().Get("document").IsUndefined() }

// ServeWorker plans the jobs the page posts, one after the other, posting
// each stage back as soon as it is ready, and "ended" after each. It keeps
// the pages of its last job for the next, which may send none (jobMsg's
// Held), and stops the job running when the page posts "cancel" for it:
// the plan yields to the worker's event loop at every progress stage (at
// least every 250 ms, plan.Params.Progress), where the message is taken,
// and its context ends it. It never returns.
func ServeWorker() {
	self := js.Global()
	type job struct {
		buf  js.Value // the message, an ArrayBuffer, read when the job is taken
		file js.Value // the File a read job reads, else undefined
	}
	jobs := make(chan job, 16)
	var running struct {
		sync.Mutex
		seq  int
		stop context.CancelFunc
		// cancelled are jobs stopped before they started (the page asked
		// again while an earlier one unwound): they are skipped.
		cancelled map[int]bool
	}
	running.cancelled = map[int]bool{}
	fc := newFCServer(self)
	go fc.serve()
	accept := func(ev js.Value) {
		data := ev.Get("data")
		if data.Type() != js.TypeObject {
			return
		}
		switch data.Get("kind").String() {
		case "cancel":
			seq := data.Get("seq").Int()
			running.Lock()
			if running.stop != nil && running.seq == seq {
				running.stop()
			} else {
				running.cancelled[seq] = true
			}
			running.Unlock()
		case "fc", "fc-cancel":
			fc.accept(data)
		case "job":
			jobs <- job{buf: data.Get("buf"), file: data.Get("file")}
		}
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
		var blob js.Value
		if e := s.Export; e != nil && e.Blob != nil {
			// The file goes as a Blob (exportFile), by reference: the page
			// never copies it.
			blob = goapp.JSValue(e.Blob)
		}
		m, err := encodeStage(s)
		if err != nil {
			m, _ = encodeStage(&Stage{Seq: s.Seq, Kind: "error", Note: err.Error()})
		}
		u8 := toJS(m)
		msg := self.Get("Object").New()
		msg.Set("kind", "stage")
		msg.Set("buf", u8.Get("buffer"))
		msg.Set("stage", s.Kind)
		if blob.Truthy() {
			msg.Set("blob", blob)
		}
		self.Call("postMessage", msg, []any{u8.Get("buffer")})
		if s.Kind == "progress" {
			nextTask() // a "cancel" posted meanwhile is taken here
		}
	}
	ended := func(seq int) {
		msg := self.Get("Object").New()
		msg.Set("kind", "ended")
		msg.Set("seq", seq)
		self.Call("postMessage", msg)
	}
	var held *pageSet
	for j := range jobs {
		q, set, err := readJob(wireOf(j.buf, false), held)
		switch {
		case err != nil:
			post(&Stage{Seq: q.Seq, Kind: "error", Note: err.Error()})
		case q.Stages&StageRead != 0 && j.file.Type() != js.TypeObject:
			post(&Stage{Seq: q.Seq, Kind: "error", Note: "the planner was asked to read without a file"})
		default:
			if q.Stages&StageRead != 0 {
				q.File = goapp.ValueOf(j.file)
			} else {
				held = set
				if q.Stages&StageBacktest != 0 && j.file.Type() == js.TypeObject {
					q.File = goapp.ValueOf(j.file) // a big history, read again here
				}
			}
			ctx, stop := context.WithCancel(context.Background())
			running.Lock()
			skip := running.cancelled[q.Seq]
			clear(running.cancelled)
			if !skip {
				running.seq, running.stop = q.Seq, stop
			}
			running.Unlock()
			if !skip {
				Compute(ctx, set, q, post)
			}
			running.Lock()
			running.stop = nil
			running.Unlock()
			stop()
		}
		ended(q.Seq)
	}
}
