//go:build wasm

package app

import (
	"encoding/json"
	"syscall/js"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// The pages a worker holds (holder): handed to it, asked about, and read
// again when the worker that held them was let go.

// errRestarted answers a question asked of a worker let go, or of one not
// yet given the pages again: the next plan brings them back (readAgain).
const errRestarted = "the planner was started again; its next plan brings the pages back"

// hand posts pages packed by a worker to the worker, which holds them as
// those read by job held.
func (e *workerEngine) hand(pages js.Value, held int) {
	if e.w.IsUndefined() {
		e.spawn()
	}
	msg := js.Global().Get("Object").New()
	msg.Set("kind", "pages")
	msg.Set("buf", pages)
	msg.Set("seq", held)
	e.w.Call("postMessage", msg, []any{pages})
	e.held, e.heldNames, e.heldSeq = nil, noNames, held
	e.sent++
}

// againJob is a job on pages the engine held and no longer does, waiting
// while they are read again.
type againJob struct {
	q    Request
	d    *dataset
	emit func(*Stage)
}

// ask posts a question to the worker that holds the pages.
func (e *workerEngine) ask(a *Ask, reply func(*Answer)) {
	if e.broken {
		e.local.ask(a, reply)
		return
	}
	if e.w.IsUndefined() || a.Held != e.heldSeq {
		go reply(&Answer{Seq: a.Seq, Kind: a.Kind, Err: errRestarted})
		return
	}
	b, err := json.Marshal(a)
	if err != nil {
		go reply(&Answer{Seq: a.Seq, Kind: a.Kind, Err: err.Error()})
		return
	}
	e.asks[a.Seq] = reply
	msg := js.Global().Get("Object").New()
	msg.Set("kind", "ask")
	msg.Set("ask", string(b))
	e.w.Call("postMessage", msg)
}

// answer takes an answer from the worker to the question it answers.
func (e *workerEngine) answer(data js.Value) {
	var ans Answer
	if err := json.Unmarshal([]byte(data.Get("answer").String()), &ans); err != nil {
		return
	}
	reply, ok := e.asks[ans.Seq]
	if !ok {
		return
	}
	delete(e.asks, ans.Seq)
	if ex := ans.Export; ex != nil && data.Get("blob").Truthy() {
		ex.Blob = goapp.ValueOf(data.Get("blob"))
	}
	if p := data.Get("pages"); p.Truthy() {
		ans.Packed = &heldPages{buf: goapp.ValueOf(p), seq: data.Get("seq").Int()}
	}
	go reply(&ans)
}

// give makes pages another engine's worker packed this one's.
func (e *workerEngine) give(p *heldPages) {
	if p.inGo() {
		// Pages in Go (a planner in the page): packed here.
		if e.broken {
			e.local.give(p)
			return
		}
		m, err := packHeld(p)
		if err != nil {
			return
		}
		e.hand(toJS(m).Get("buffer"), p.seq)
		return
	}
	if e.broken {
		if hp, err := readHeld(wireOf(goapp.JSValue(p.buf), false)); err == nil {
			hp.seq = p.seq
			e.local.give(hp)
		}
		return
	}
	e.hand(goapp.JSValue(p.buf), p.seq)
}

// readAgain reads d's file again in the worker, whose pages go to a fresh
// one as d's, and then runs job q: the worker that held them was let go
// (a job that would not stop). Its reading shows as progress.
func (e *workerEngine) readAgain(q Request, d *dataset, emit func(*Stage)) {
	if !d.file.Truthy() {
		e.busy = false
		emit(&Stage{Seq: q.Seq, Kind: "error", Note: errPagesLost.Error()})
		return
	}
	e.again = &againJob{q: q, d: d, emit: emit}
	e.reads = true
	e.spareWorker()
	r := Request{Seq: q.Seq, Stages: StageRead, Name: d.name, Size: d.size, File: d.file, SkipBad: d.skipped != nil}
	e.emit = func(s *Stage) {
		switch s.Kind {
		case "reading":
			emit(&Stage{Seq: q.Seq, Kind: "progress", Note: "reading " + d.name + " again"})
		case "error":
			e.again = nil
			emit(s)
		}
	}
	e.post(r, nil, e.emit)
}

// spareWorker starts a worker to take the place of the one about to read a
// file, which is let go when it has (replace): started meanwhile, it has
// loaded the app when the pages read come, rather than after (0.2–0.3 s
// at paper scale in the tab, during which the plan waited).
func (e *workerEngine) spareWorker() {
	if !e.spare.Truthy() {
		e.spare = e.start()
	}
}
