package app

import (
	"context"
	"regexp"
	"strconv"
	"sync"
)

// engine runs planning jobs away from the page's event handlers, and
// holds the pages of the files it read (holder).
type engine interface {
	// run starts a job on d, abandoning the job running, if any; emit
	// gets each stage of the new job, from any goroutine. A job that
	// reads a file (StageRead) keeps its pages in the engine, and the
	// page gets their summary: a dataset of them (heldDataset) is planned
	// where they are.
	run(q Request, d *dataset, emit func(*Stage))
	// cancel abandons the job running, if any: none of its stages
	// arrive after cancel returns.
	cancel()
	// ask asks the holder of the pages the engine read a question; reply
	// gets the answer, from any goroutine.
	ask(a *Ask, reply func(*Answer))
	// give makes pages another engine packed (Ask "pack") this one's.
	give(p *heldPages)
	// where says where jobs run, for the status line.
	where() string
}

// inProcess runs jobs on a goroutine of the page itself: in native
// tests, and in a browser without workers (where a long job then holds
// the page until it ends).
type inProcess struct {
	async func(func()) // starts a goroutine the dispatcher waits for
	mu    sync.Mutex
	stop  context.CancelFunc
	hold  holder
}

func (e *inProcess) run(q Request, d *dataset, emit func(*Stage)) {
	e.mu.Lock()
	if e.stop != nil {
		e.stop()
	}
	ctx, stop := context.WithCancel(context.Background())
	e.stop = stop
	e.mu.Unlock()
	async := e.async
	if async == nil {
		async = func(f func()) { go f() }
	}
	send := func(s *Stage) {
		if ctx.Err() == nil {
			emit(s)
		}
	}
	set := &pageSet{} // none for a job that reads its own input (StageRead)
	held := false     // the job plans the pages the holder keeps
	switch {
	case q.Stages&StageRead != 0:
		send = e.hold.reading(q.Seq, send)
	case d != nil && d.pages != nil:
		set = d.pages
	case d != nil:
		var seq int
		if set, seq = e.hold.pages(); seq != d.held {
			send(&Stage{Seq: q.Seq, Kind: "error", Note: errPagesLost.Error()})
			return
		}
		send, held = e.hold.emitting(q, send), true
	}
	async(func() {
		computeHeld(ctx, set, q, send, held)
	})
}

func (e *inProcess) cancel() {
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.stop != nil {
		e.stop()
		e.stop = nil
	}
}

func (e *inProcess) ask(a *Ask, reply func(*Answer)) {
	go func() { reply(e.hold.answer(a)) }()
}

func (e *inProcess) give(p *heldPages) {
	if !p.inGo() {
		return // packed by a worker: a planner in the page never asks one (see workerEngine.give)
	}
	e.hold.adopt(p.set, p.est, p.seq)
}

func (e *inProcess) where() string { return "in the page" }

// pageRef finds "page 12 (12)" in the planner's messages: the worker
// plans pages under stand-in URLs (their numbers).
var pageRef = regexp.MustCompile(`page (\d+) \((\d+)\)`)

// namePages puts the URLs back into a planner's message.
func namePages(msg string, d *dataset) string {
	return pageRef.ReplaceAllStringFunc(msg, func(m string) string {
		sub := pageRef.FindStringSubmatch(m)
		k, err := strconv.Atoi(sub[1])
		if err != nil || sub[1] != sub[2] || k < 1 || d.pages == nil || k > d.pages.Len() {
			return m
		}
		return "page " + sub[1] + " (" + d.pages.URL(k-1) + ")"
	})
}
