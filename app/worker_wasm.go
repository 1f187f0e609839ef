//go:build wasm

package app

import (
	"context"
	"encoding/json"
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
// Held), or the pages the page hands it from the worker that read them
// ("pages"), which it holds for the page (holder): it answers the page's
// questions about them ("ask") as they come, while a job runs. It stops
// the job running when the page posts "cancel" for it: the plan yields to
// the worker's event loop at every progress stage (at least every 250 ms,
// plan.Params.Progress), where the message is taken, and its context ends
// it. It never returns.
func ServeWorker() {
	self := js.Global()
	type job struct {
		buf   js.Value // the message, an ArrayBuffer, read when the job is taken
		file  js.Value // the File a read job reads, else undefined
		pages bool     // buf is pages to hold (packHeld), read by job seq
		seq   int
	}
	jobs := make(chan job, 16)
	var hold holder
	// Questions come first: a job waits at its next yield while any is
	// being answered (the page's table waits on its rows; a job's
	// progress yields at least every 250 ms). They wait in a list, not a
	// channel: the message handler that files them must never block (a
	// full channel would wait on an answer that itself waits on the
	// browser, an export writing its file, and the worker would hang).
	var answering struct {
		sync.Mutex
		waiting []*Ask
		n       int           // filed and not yet answered
		filed   chan struct{} // told when one is filed
		done    *sync.Cond    // told when one is answered
	}
	answering.done = sync.NewCond(&answering)
	answering.filed = make(chan struct{}, 1)
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
		case "pages":
			// In the jobs' order: the job after plans them.
			jobs <- job{buf: data.Get("buf"), pages: true, seq: data.Get("seq").Int()}
		case "ask":
			var a Ask
			if err := json.Unmarshal([]byte(data.Get("ask").String()), &a); err == nil {
				answering.Lock()
				answering.waiting = append(answering.waiting, &a)
				answering.n++
				answering.Unlock()
				select {
				case answering.filed <- struct{}{}:
				default: // told already
				}
			}
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
		transfer := []any{u8.Get("buffer")}
		if r := s.Read; r != nil && r.Pages != nil {
			// The pages read go apart, for the page to hand on to the
			// worker that holds them.
			pm, err := packHeld(&heldPages{set: r.Pages, est: r.Est, seq: s.Seq, names: allNames})
			if err != nil {
				msg.Set("buf", toJS(mustStage(&Stage{Seq: s.Seq, Kind: "error", Note: err.Error()})).Get("buffer"))
			} else {
				pages := toJS(pm).Get("buffer")
				msg.Set("pages", pages)
				transfer = append(transfer, pages)
			}
		}
		self.Call("postMessage", msg, transfer)
		if s.Kind == "progress" {
			nextTask() // a "cancel" or a question posted meanwhile is taken here
			answering.Lock()
			for answering.n > 0 {
				answering.done.Wait()
			}
			answering.Unlock()
		}
	}
	ended := func(seq int) {
		msg := self.Get("Object").New()
		msg.Set("kind", "ended")
		msg.Set("seq", seq)
		self.Call("postMessage", msg)
	}
	go func() {
		for range answering.filed {
			for {
				answering.Lock()
				if len(answering.waiting) == 0 {
					answering.Unlock()
					break
				}
				a := answering.waiting[0]
				answering.waiting = answering.waiting[1:]
				skip := superseded(a, answering.waiting)
				answering.Unlock()
				if skip {
					postAnswer(self, &Answer{Seq: a.Seq, Kind: a.Kind, Err: "asked again since"})
				} else {
					postAnswer(self, hold.answer(a))
				}
				answering.Lock()
				answering.n--
				answering.done.Broadcast()
				answering.Unlock()
			}
		}
	}()
	for j := range jobs {
		if j.pages {
			p, err := readHeld(wireOf(j.buf, false))
			// Read, the buffer goes at once: left to the worker's
			// collector, which a worker busy in Go seldom runs, its 50 MB
			// at paper scale stayed for the plan (the tab's peak).
			discard(j.buf)
			if err != nil {
				js.Global().Get("console").Call("error", "the pages handed to the planner: "+err.Error())
			} else {
				hold.adopt(p.set, p.est, j.seq)
			}
			continue
		}
		heldSet, heldSeq := hold.pages()
		q, set, err := readJob(wireOf(j.buf, false), heldSet, heldSeq)
		switch {
		case err != nil:
			post(&Stage{Seq: q.Seq, Kind: "error", Note: err.Error()})
		case q.Stages&StageRead != 0 && j.file.Type() != js.TypeObject:
			post(&Stage{Seq: q.Seq, Kind: "error", Note: "the planner was asked to read without a file"})
		default:
			emit, held := post, false
			switch {
			case q.Stages&StageRead != 0:
				q.File = goapp.ValueOf(j.file)
			case set != heldSet:
				hold.adopt(set, nil, 0) // pages the job brought
			case heldSeq != 0:
				emit, held = hold.emitting(q, post), true
			}
			if q.Stages&StageBacktest != 0 && q.Stages&StageRead == 0 && j.file.Type() == js.TypeObject {
				q.File = goapp.ValueOf(j.file) // a big history, read again here
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
				computeHeld(ctx, set, q, emit, held)
			}
			running.Lock()
			running.stop = nil
			running.Unlock()
			stop()
		}
		ended(q.Seq)
	}
}

// postAnswer posts an answer to the page: its header as JSON, an export's
// file as its Blob, pages packed as a buffer the page hands on.
func postAnswer(self js.Value, ans *Answer) {
	msg := self.Get("Object").New()
	msg.Set("kind", "answer")
	var transfer []any
	if p := ans.Packed; p != nil {
		if m, err := packHeld(p); err != nil {
			ans = &Answer{Seq: ans.Seq, Kind: ans.Kind, Err: err.Error()}
		} else {
			buf := toJS(m).Get("buffer")
			msg.Set("pages", buf)
			msg.Set("seq", p.seq)
			transfer = append(transfer, buf)
		}
	}
	if e := ans.Export; e != nil && e.Blob != nil {
		msg.Set("blob", goapp.JSValue(e.Blob))
	}
	b, err := json.Marshal(ans)
	if err != nil {
		b, _ = json.Marshal(&Answer{Seq: ans.Seq, Kind: ans.Kind, Err: err.Error()})
	}
	msg.Set("answer", string(b))
	self.Call("postMessage", msg, transfer)
}

// mustStage is a small stage's message, which encodes.
func mustStage(s *Stage) *message {
	m, _ := encodeStage(s)
	return m
}
