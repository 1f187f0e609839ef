package app

import (
	"context"
	"io"
	"sync"
	"time"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// fcEngine runs the First crawl view's jobs in holders of the graph (web
// workers, each reading the file itself), so that the page holds no graph
// and its thread stays free; the holders share a study between them
// (firstcrawl.Split).
type fcEngine interface {
	// holders is how many jobs can run at once.
	holders() int
	// send queues job j on holder k (0 ≤ k < holders), with the graph's
	// file and, when another holder has read it, the graph packed (nil
	// for none); emit gets its stages, from any goroutine, until cancel.
	send(k int, j fcJob, file goapp.Value, packed *fcPacked, emit func(*fcStage))
	// cancel stops every job sent: none of their stages arrive after it
	// returns. The holders keep their graphs.
	cancel()
	// close lets the holders go, with their graphs.
	close()
}

// fcInPage runs the jobs on a goroutine of the page, one holder: in
// native tests and in a browser without workers, yielding to the page
// every fcYield.
type fcInPage struct {
	holder fcHolder
	queue  chan fcInPageJob // the jobs, in the order sent, for one goroutine
	once   sync.Once
	mu     sync.Mutex // guards gen and stop
	gen    int        // cancel's count: a job sent before the last is dropped
	stop   context.CancelFunc
}

// fcInPageJob is a job sent, with its File and packed graph, who takes
// its stages, and the cancel count when it was sent.
type fcInPageJob struct {
	j      fcJob
	file   goapp.Value
	packed *fcPacked
	emit   func(*fcStage)
	gen    int
}

func newFCInPage() *fcInPage {
	e := &fcInPage{queue: make(chan fcInPageJob, 64)}
	e.holder.pulse = yielder(fcYield)
	return e
}

func (e *fcInPage) holders() int { return 1 }

func (e *fcInPage) send(k int, j fcJob, file goapp.Value, packed *fcPacked, emit func(*fcStage)) {
	e.once.Do(func() { go e.serve() })
	e.mu.Lock()
	gen := e.gen
	e.mu.Unlock()
	e.queue <- fcInPageJob{j: j, file: file, packed: packed, emit: emit, gen: gen}
}

// serve runs the jobs one after the other.
func (e *fcInPage) serve() {
	for q := range e.queue {
		ctx, stop := context.WithCancel(context.Background())
		e.mu.Lock()
		skip := q.gen != e.gen
		e.stop = stop
		e.mu.Unlock()
		if !skip {
			src := fcSource{open: func(ctx context.Context) io.Reader { return newContentReader(ctx, q.file) }, packed: q.packed}
			e.holder.do(ctx, q.j, src, func(s *fcStage) {
				if ctx.Err() == nil {
					q.emit(s)
				}
			})
		}
		stop()
	}
}

func (e *fcInPage) cancel() {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.gen++
	if e.stop != nil {
		e.stop()
		e.stop = nil
	}
}

// close cancels: the graph goes with the engine.
func (e *fcInPage) close() { e.cancel() }

// fcYield is how long a simulation runs in the page, or a worker, before
// it lets the page draw and take clicks, or the worker take a Stop.
const fcYield = 50 * time.Millisecond
