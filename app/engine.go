package app

import (
	"context"
	"regexp"
	"strconv"
	"sync"
)

// engine runs planning jobs away from the page's event handlers.
type engine interface {
	// run starts a job on d, abandoning the job running, if any; emit
	// gets each stage of the new job, from any goroutine.
	run(q Request, d *dataset, emit func(*Stage))
	// cancel abandons the job running, if any: none of its stages
	// arrive after cancel returns.
	cancel()
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
	set := &pageSet{} // none for a job that reads its own input (StageRead)
	if d != nil {
		set = d.pages
	}
	async(func() {
		Compute(ctx, set, q, func(s *Stage) {
			if ctx.Err() == nil {
				emit(s)
			}
		})
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

func (e *inProcess) where() string { return "in the page" }

// pageRef finds "page 12 (12)" in the planner's messages: the worker
// plans pages under stand-in URLs (their numbers).
var pageRef = regexp.MustCompile(`page (\d+) \((\d+)\)`)

// namePages puts the URLs back into a planner's message.
func namePages(msg string, d *dataset) string {
	return pageRef.ReplaceAllStringFunc(msg, func(m string) string {
		sub := pageRef.FindStringSubmatch(m)
		k, err := strconv.Atoi(sub[1])
		if err != nil || sub[1] != sub[2] || k < 1 || k > d.pages.Len() {
			return m
		}
		return "page " + sub[1] + " (" + d.pages.URL(k-1) + ")"
	})
}
