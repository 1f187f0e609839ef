//go:build wasm

package app

import (
	"encoding/json"
	"syscall/js"
	"time"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// fcWorkers runs the First crawl view's jobs in web workers (the app's
// own WebAssembly, as the planner's: ServeWorker), one holder each, as
// many as the machine has cores up to fcMaxWorkers. A worker keeps its
// graph between jobs; one asked to stop that has not ended its job
// within stopGrace is let go, and a fresh one reads the graph again when
// it is next sent a job.
type fcWorkers struct {
	ws     []*fcWorker
	local  *fcInPage // without workers, or when one could not start
	broken bool
	closed bool
}

// fcMaxWorkers bounds the workers: a study has two costly strategies and
// ten cheap ones (firstcrawl.Split), so beyond four the costly ones set
// its time, and each worker holds the graph.
const fcMaxWorkers = 4

type fcWorker struct {
	e            *fcWorkers
	w            js.Value
	onMsg, onErr js.Func
	// emits take the stages of the jobs sent since the last cancel, by
	// the jobs' numbers.
	emits map[int]func(*fcStage)
	// sent and ended are the last job sent and the last the worker said
	// it ended.
	sent, ended int
	jobs        int // jobs sent to this worker, numbering them
	seq         int // the page's number of the last job sent (fcJob.Seq)
	// queued are the jobs sent since the last cancel: a fresh worker
	// that replaces one let go takes them.
	queued []fcSent
}

func newFCEngine() fcEngine {
	if js.Global().Get("Worker").IsUndefined() {
		return newFCInPage()
	}
	n := 1
	if hc := js.Global().Get("navigator").Get("hardwareConcurrency"); hc.Type() == js.TypeNumber {
		n = min(max(1, hc.Int()), fcMaxWorkers)
	}
	e := &fcWorkers{local: newFCInPage()}
	for range n {
		fw := &fcWorker{e: e}
		fw.onMsg, fw.onErr = js.FuncOf(fw.message), js.FuncOf(fw.failure)
		fw.spawn()
		e.ws = append(e.ws, fw)
	}
	return e
}

func (e *fcWorkers) holders() int {
	if e.broken {
		return e.local.holders()
	}
	return len(e.ws)
}

func (e *fcWorkers) send(k int, j fcJob, file goapp.Value, packed *fcPacked, emit func(*fcStage)) {
	if e.broken {
		e.local.send(k, j, file, packed, emit)
		return
	}
	fw := e.ws[k]
	b, err := json.Marshal(j)
	if err != nil {
		emit(&fcStage{Seq: j.Seq, Kind: "error", Note: err.Error()})
		return
	}
	fw.seq = j.Seq
	msg := js.Global().Get("Object").New()
	msg.Set("kind", "fc")
	msg.Set("job", string(b))
	msg.Set("file", goapp.JSValue(file)) // a File is passed by reference
	if packed != nil && packed.js != nil {
		msg.Set("packed", goapp.JSValue(packed.js)) // copied, as it may go to several
	}
	fw.queued = append(fw.queued, fcSent{msg, emit})
	fw.post(msg, emit)
	// Posting copied it: the page lets it go (a million pages' graph is
	// some 100 MB), and a fresh worker re-sent this job reads the file.
	msg.Delete("packed")
}

// fcSent is a job message and who takes its stages.
type fcSent struct {
	msg  js.Value
	emit func(*fcStage)
}

// post sends a job message, numbering it.
func (fw *fcWorker) post(msg js.Value, emit func(*fcStage)) {
	fw.jobs++
	msg.Set("id", fw.jobs)
	fw.emits[fw.jobs] = emit
	fw.w.Call("postMessage", msg)
	fw.sent = fw.jobs
}

func (e *fcWorkers) cancel() {
	if e.broken {
		e.local.cancel()
		return
	}
	for _, fw := range e.ws {
		clear(fw.emits)
		fw.queued = nil
		if fw.sent == fw.ended {
			continue
		}
		msg := js.Global().Get("Object").New()
		msg.Set("kind", "fc-cancel")
		msg.Set("upto", fw.sent)
		fw.w.Call("postMessage", msg)
		w, id := fw.w, fw.sent
		go func() {
			time.Sleep(stopGrace)
			if fw.w.Equal(w) && fw.ended < id && !e.closed {
				fw.w.Call("terminate")
				fw.spawn()
				for _, q := range fw.queued {
					fw.post(q.msg, q.emit) // sent since the cancel, to the worker let go
				}
			}
		}()
	}
}

func (e *fcWorkers) close() {
	e.cancel()
	for _, fw := range e.ws {
		fw.w.Call("terminate")
		fw.onMsg.Release()
		fw.onErr.Release()
	}
	e.ws, e.closed = nil, true
	e.local.close()
}

func (fw *fcWorker) spawn() {
	fw.w = newWorker(fw.onMsg, fw.onErr)
	fw.sent, fw.ended, fw.jobs, fw.emits = 0, 0, 0, map[int]func(*fcStage){}
}

// failure is a worker's error event: its script or its WebAssembly could
// not load. Jobs then run in the page.
func (fw *fcWorker) failure(this js.Value, args []js.Value) any {
	if len(args) > 0 {
		args[0].Call("preventDefault")
	}
	fw.fail("the simulation's worker could not start")
	return nil
}

// fail ends the jobs sent with an error and runs the next ones in the
// page.
func (fw *fcWorker) fail(why string) {
	e := fw.e
	if !e.broken {
		e.broken = true
		for _, w := range e.ws {
			w.w.Call("terminate")
		}
	}
	for _, emit := range fw.emits {
		emit(&fcStage{Seq: fw.seq, Kind: "error", Note: why + ": simulate again to run it in the page"})
	}
	clear(fw.emits)
}

// message takes a worker's stage (JSON) or the end of a job.
func (fw *fcWorker) message(this js.Value, args []js.Value) any {
	if !args[0].Get("target").Equal(fw.w) {
		return nil // from a worker let go
	}
	data := args[0].Get("data")
	switch data.Get("kind").String() {
	case "fc-stage":
		var s fcStage
		if err := json.Unmarshal([]byte(data.Get("json").String()), &s); err != nil {
			s = fcStage{Seq: fw.seq, Kind: "error", Note: err.Error()}
		}
		if emit := fw.emits[data.Get("id").Int()]; emit != nil {
			emit(&s)
		}
	case "fc-packed":
		// The graph a worker read, for the others: held as the browser's
		// ArrayBuffer, not copied into the page's Go.
		if emit := fw.emits[data.Get("id").Int()]; emit != nil {
			emit(&fcStage{Seq: fw.seq, Kind: "packed", Packed: &fcPacked{js: goapp.ValueOf(data.Get("buf"))}})
		}
	case "fc-ended":
		fw.ended = data.Get("id").Int()
		delete(fw.emits, fw.ended)
	case "log":
		js.Global().Get("console").Call(data.Get("level").String(), "first crawl:", data.Get("text"))
	case "fatal":
		js.Global().Get("console").Call("error", "first crawl:", data.Get("text"))
		fw.fail("the simulation's worker stopped (" + data.Get("text").String() + ")")
	}
	return nil
}
