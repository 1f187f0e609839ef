//go:build wasm

package app

import (
	"syscall/js"
	"time"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// workerURL is the planner's web worker: it runs this same program,
// which plans the jobs it is sent (see ServeWorker).
const workerURL = "/web/worker.js"

// workerEngine runs jobs in a web worker, so the page never waits for a
// plan. The worker keeps the pages of its last job, so the next job on
// the same data sends none. A job superseded or stopped while it runs is
// asked to stop (the worker's plan takes the message at its next progress
// stage and ends), and the worker, with its pages, takes the next; a
// worker that has not ended the job within stopGrace is let go, and a
// fresh one takes the next with the pages.
type workerEngine struct {
	w      js.Value
	inbox  chan inbound // stages in the order they came, for one goroutine
	onMsg  js.Func
	onErr  js.Func
	busy   bool
	seq    int
	emit   func(*Stage)
	data   *dataset
	last   Request
	broken bool
	reads  bool // the job running reads a file (StageRead)
	local  inProcess

	// held is the data whose pages the worker keeps (nil: none), with
	// the names heldNames — or heldSeq, the read job whose pages it holds
	// (dataset.held; 0: none), with every name.
	held      *dataset
	heldNames names
	heldSeq   int
	// asks are the questions posted to the worker and not yet answered,
	// by Ask.Seq.
	asks map[int]func(*Answer)
	// again is the job waiting for its pages to be read again (the
	// worker that held them was let go), while the worker reads them.
	again *againJob
	// spare is a worker started while the worker reads a file, to take
	// its place (spareWorker); undefined for none.
	spare js.Value
	// stopping is the job the worker was asked to stop and has not yet
	// said it ended (0: none); posted, the last job sent it; ended, the
	// last it said it ended.
	stopping, posted, ended int
	// spawned and sent count the workers started and the jobs that
	// carried their pages, compiled the workers that compiled app.wasm
	// themselves (newWorker), for the status line's data (e2e tests).
	spawned, sent, compiled int
	// grown is the most memory the worker said its Go holds during the
	// job running.
	grown int64
}

// exportWorkerKeep is the most memory a worker may have grown to in an
// export and still be kept for the next one: past it the worker is let
// go when the export ends, since WebAssembly memory is never given back
// (at paper scale an export's worker held 0.5 GB for good, e2e
// TestBenchFile with E2E_BENCH_EXPORT). Below it, exports in a row reuse
// the worker and the pages it holds.
const exportWorkerKeep = 64 << 20

// stopGrace is how long a worker asked to stop a job may take before it
// is let go: the plan yields at every progress stage, at most every
// 250 ms, and then unwinds.
const stopGrace = 2 * time.Second

func newEngine(async func(func())) engine {
	if js.Global().Get("Worker").IsUndefined() {
		return &inProcess{async: async}
	}
	e := &workerEngine{inbox: make(chan inbound, 1024), local: inProcess{async: async}, asks: map[int]func(*Answer){}, spare: js.Undefined()}
	e.onMsg = js.FuncOf(e.message)
	e.onErr = js.FuncOf(e.failure)
	e.spawn()
	go e.deliver()
	return e
}

// inbound is a stage as the worker sent it (an ArrayBuffer), with the
// job it belongs to.
type inbound struct {
	buf   js.Value
	blob  js.Value // an export's file, when the worker made it a Blob
	pages js.Value // with a read's stage, the pages read (packHeld), for the worker that holds them
	kind  string   // the stage's kind, as the worker tells it
	from  js.Value // the worker that sent it
	seq   int
	emit  func(*Stage)
	d     *dataset
}

// deliver decodes and hands on the stages one at a time, in order: emit
// may take a while (and yield to the page) without reordering them.
func (e *workerEngine) deliver() {
	for m := range e.inbox {
		if m.seq != e.seq || !m.from.Equal(e.w) {
			// Its job was cancelled or replaced, or its worker let go:
			// not worth copying.
			discard(m.buf)
			if m.pages.Truthy() {
				discard(m.pages)
			}
			continue
		}
		// A plan's stage is taken in within the memory the page has (its
		// bytes, arrays and the views made of them: some four times the
		// message). A read's pages are not: the page's Go is 34 MB on a
		// 1M-row log, nothing to gain, and held the tab measured 442–463
		// MB beside 386–390 (within the hour's swing, but not better).
		restore := func() {}
		read := e.reads && m.kind == "read"
		if read {
			// The reading worker has read: it is let go before its pages
			// are taken in, not after, so that the tab never holds both
			// the worker (what reading took, and the message's 40 MB at
			// paper scale) and the page taking the pages in: together
			// they set the tab's peak, 624 MB. The pages it read go to the
			// fresh one, which holds them: the page never reads them.
			e.replace()
			if m.pages.Truthy() {
				held := m.seq
				if a := e.again; a != nil {
					held = a.d.held
				}
				e.hand(m.pages, held)
			}
		} else if !e.reads {
			restore = holdMemory(4 * int64(m.buf.Get("byteLength").Int()))
		}
		s, err := readStage(wireOf(m.buf, true))
		discard(m.buf)
		if err != nil {
			s = &Stage{Seq: m.seq, Kind: "error", Note: err.Error()}
		}
		if s.Export != nil && m.blob.Truthy() {
			s.Export.Blob = goapp.ValueOf(m.blob)
		}
		if s.Seq != e.seq {
			restore()
			continue
		}
		if read && e.again != nil {
			// The pages of the job waiting are held again: it goes on.
			a := e.again
			e.again, e.busy, e.reads = nil, false, false
			if s.Kind == "error" {
				a.emit(s)
				continue
			}
			e.run(a.q, a.d, a.emit)
			continue
		}
		if read {
			// The worker let go sends no "done": this is its job's end.
			e.busy, e.reads = false, false
			m.emit(s)
			if s.Kind != "error" && s.Seq == e.seq {
				m.emit(&Stage{Seq: s.Seq, Kind: "done"})
			}
			continue
		}
		e.grown = max(e.grown, s.Memory)
		if s.Kind == "done" || s.Kind == "error" {
			e.busy = false
			if e.last.Stages&StageExport != 0 && e.grown > exportWorkerKeep {
				e.letGo()
			}
			if e.reads {
				// The worker holds what reading took (WebAssembly memory is
				// never given back): a fresh one plans the pages in less —
				// the tab's peak on a 1M-row log ~405 → ~350 MB, no slower.
				e.reads = false
				e.replace()
			}
		}
		if s.Kind == "error" && m.d != nil {
			s.Note = namePages(s.Note, m.d)
		}
		m.emit(s)
		restore()
	}
}

// letGo ends the worker and what it holds; the next job starts a fresh
// one (run).
func (e *workerEngine) letGo() {
	if !e.w.IsUndefined() {
		e.w.Call("terminate")
	}
	e.w, e.held, e.heldNames, e.heldSeq, e.stopping = js.Undefined(), nil, noNames, 0, 0
	for seq, reply := range e.asks {
		go reply(&Answer{Seq: seq, Err: errRestarted})
	}
	clear(e.asks)
}

func (e *workerEngine) spawn() {
	e.w = e.start()
	e.held, e.heldNames, e.stopping = nil, noNames, 0
}

// start starts a worker.
func (e *workerEngine) start() js.Value {
	w := newWorker(e.onMsg, e.onErr)
	e.spawned++
	return w
}

// replace lets the worker go and puts a fresh one in its place: the spare
// started while it read, if any.
func (e *workerEngine) replace() {
	e.letGo()
	if e.spare.Truthy() {
		e.w, e.spare = e.spare, js.Undefined()
		return
	}
	e.spawn()
}

// stop asks the worker to end job seq, the one it runs; a reading job's
// worker is let go at once (what reading took stays with it otherwise).
func (e *workerEngine) stop(seq int) {
	if e.reads {
		e.reads = false
		e.replace()
		return
	}
	if seq != e.posted || seq == e.ended {
		return // never sent (see post), or over already
	}
	msg := js.Global().Get("Object").New()
	msg.Set("kind", "cancel")
	msg.Set("seq", seq)
	e.w.Call("postMessage", msg)
	e.stopping = seq
	w := e.w
	go func() {
		time.Sleep(stopGrace)
		if e.w.Equal(w) && e.stopping == seq && !e.broken {
			e.replace()
			if e.busy {
				// The next job went to the worker let go: the fresh one
				// takes it, with the pages.
				go e.post(e.last, e.data, e.emit)
			}
		}
	}()
}

func (e *workerEngine) counts() workerCounts { return workerCounts{e.spawned, e.sent, e.compiled} }

func (e *workerEngine) where() string {
	if e.broken {
		return "in the page (no worker)"
	}
	return "in a web worker"
}

func (e *workerEngine) run(q Request, d *dataset, emit func(*Stage)) {
	e.again = nil // a job waiting for its pages is superseded
	if e.broken {
		e.local.run(q, d, emit)
		return
	}
	if e.busy {
		e.stop(e.seq)
	}
	if e.w.IsUndefined() {
		e.spawn() // the last was let go (letGo)
	}
	e.seq, e.emit, e.data, e.last, e.busy, e.grown = q.Seq, emit, d, q, true, 0
	e.reads = q.Stages&StageRead != 0
	if e.reads {
		e.spareWorker()
	}
	go e.post(q, d, emit)
}

// post packs a job and sends it to the worker, in a task of its own: the
// page first draws what set the job going (a million pages take a fifth
// of a second to pack and hand over, the page frozen meanwhile). A job
// cancelled or replaced before then is not sent.
func (e *workerEngine) post(q Request, d *dataset, emit func(*Stage)) {
	nextTask()
	if e.seq != q.Seq || !e.busy || e.broken {
		return
	}
	names := q.names()
	held := d != nil && d == e.held && e.heldNames >= names && q.Stages&StageRead == 0
	if d != nil && d.pages == nil && q.Stages&StageRead == 0 {
		held = d.held == e.heldSeq
		if !held {
			e.readAgain(q, d, emit)
			return
		}
	}
	m, err := encodeJob(q, d, held)
	if err != nil {
		e.busy = false
		emit(&Stage{Seq: q.Seq, Kind: "error", Note: err.Error()})
		return
	}
	u8 := toJS(m)
	msg := js.Global().Get("Object").New()
	msg.Set("kind", "job")
	msg.Set("buf", u8.Get("buffer"))
	if q.File != nil {
		msg.Set("file", goapp.JSValue(q.File)) // a File is passed by reference
	}
	e.w.Call("postMessage", msg, []any{u8.Get("buffer")})
	e.posted = q.Seq
	if d != nil && d.pages != nil && !held && q.Stages&StageRead == 0 {
		e.held, e.heldNames, e.heldSeq = d, names, 0
		e.sent++
	}
}

// cancel abandons the job running: its stages are ignored from now on,
// and the worker is asked to stop it (see stop).
func (e *workerEngine) cancel() {
	if e.broken {
		e.local.cancel()
		return
	}
	seq := e.seq
	e.seq, e.again = -1, nil // stages still queued belong to no job
	if e.busy {
		e.busy = false
		e.stop(seq)
	}
}

// message takes a stage from the worker and queues it for deliver, so
// the event handler returns at once.
func (e *workerEngine) message(this js.Value, args []js.Value) any {
	data := args[0].Get("data")
	switch data.Get("kind").String() {
	case "stage":
		e.inbox <- inbound{buf: data.Get("buf"), blob: data.Get("blob"), pages: data.Get("pages"), kind: data.Get("stage").String(), from: e.w, seq: e.seq, emit: e.emit, d: e.data}
	case "answer":
		e.answer(data)
	case "ended":
		e.ended = data.Get("seq").Int()
		if e.ended == e.stopping {
			e.stopping = 0
		}
	case "booted":
		if !data.Get("shared").Bool() {
			e.compiled++
		}
	case "log":
		js.Global().Get("console").Call(data.Get("level").String(), "planner:", data.Get("text"))
	case "fatal":
		js.Global().Get("console").Call("error", "planner:", data.Get("text"))
		e.fallback()
	}
	return nil
}

// failure is the worker's error event: its script or its WebAssembly
// could not load. Jobs then run in the page.
func (e *workerEngine) failure(this js.Value, args []js.Value) any {
	if len(args) > 0 {
		args[0].Call("preventDefault")
	}
	e.fallback()
	return nil
}

func (e *workerEngine) fallback() {
	if e.broken {
		return
	}
	e.broken = true
	e.letGo()
	if e.spare.Truthy() {
		e.spare.Call("terminate")
		e.spare = js.Undefined()
	}
	if e.busy {
		e.busy = false
		e.local.run(e.last, e.data, e.emit)
	}
}
