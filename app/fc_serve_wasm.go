//go:build wasm

package app

import (
	"context"
	"encoding/json"
	"io"
	"sync"
	"syscall/js"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// fcServer is a worker's side of the First crawl view (fcWorkers): it
// holds a graph and runs the jobs the page posts, one after the other,
// posting each stage as JSON and "fc-ended" after each job. A strategy
// yields to the worker's event loop every fcYield, where an "fc-cancel"
// is taken; its context then ends the job.
type fcServer struct {
	self   js.Value
	holder fcHolder
	jobs   chan fcQueued
	mu     sync.Mutex
	upto   int // jobs numbered up to this are cancelled
	runID  int // the job running (0: none)
	stop   context.CancelFunc
}

// fcQueued is a job as posted: its number, its JSON, its File and the
// graph packed by another worker (undefined when none).
type fcQueued struct {
	id     int
	job    string
	file   js.Value
	packed js.Value
}

func newFCServer(self js.Value) *fcServer {
	s := &fcServer{self: self, jobs: make(chan fcQueued, 64)}
	s.holder.pulse = yielder(fcYield)
	return s
}

// accept takes a message of the page: a job, or a cancel of the jobs
// sent so far.
func (s *fcServer) accept(data js.Value) {
	switch data.Get("kind").String() {
	case "fc":
		s.jobs <- fcQueued{id: data.Get("id").Int(), job: data.Get("job").String(), file: data.Get("file"), packed: data.Get("packed")}
	case "fc-cancel":
		s.mu.Lock()
		s.upto = max(s.upto, data.Get("upto").Int())
		if s.stop != nil && s.runID <= s.upto {
			s.stop()
		}
		s.mu.Unlock()
	}
}

func (s *fcServer) serve() {
	for q := range s.jobs {
		var j fcJob
		err := json.Unmarshal([]byte(q.job), &j)
		ctx, stop := context.WithCancel(context.Background())
		s.mu.Lock()
		skip := q.id <= s.upto
		s.runID, s.stop = q.id, stop
		s.mu.Unlock()
		switch {
		case skip:
		case err != nil:
			s.post(q.id, &fcStage{Kind: "error", Note: err.Error()})
		default:
			file := goapp.ValueOf(q.file)
			src := fcSource{open: func(ctx context.Context) io.Reader { return newContentReader(ctx, file) }}
			if q.packed.Truthy() {
				src.packed = &fcPacked{js: goapp.ValueOf(q.packed)}
			}
			s.holder.do(ctx, j, src, func(st *fcStage) {
				if ctx.Err() == nil {
					s.post(q.id, st)
				}
			})
		}
		s.mu.Lock()
		s.runID, s.stop = 0, nil
		s.mu.Unlock()
		stop()
		msg := s.self.Get("Object").New()
		msg.Set("kind", "fc-ended")
		msg.Set("id", q.id)
		s.self.Call("postMessage", msg)
	}
}

// post sends a stage of job id: a packed graph as an ArrayBuffer handed
// over, the rest as JSON.
func (s *fcServer) post(id int, st *fcStage) {
	if st.Packed != nil {
		u8 := js.Global().Get("Uint8Array").New(len(st.Packed.b))
		js.CopyBytesToJS(u8, st.Packed.b)
		msg := s.self.Get("Object").New()
		msg.Set("kind", "fc-packed")
		msg.Set("id", id)
		msg.Set("buf", u8.Get("buffer"))
		s.self.Call("postMessage", msg, []any{u8.Get("buffer")})
		return
	}
	b, err := json.Marshal(st)
	if err != nil {
		b, _ = json.Marshal(&fcStage{Seq: st.Seq, Kind: "error", Note: err.Error()})
	}
	msg := s.self.Get("Object").New()
	msg.Set("kind", "fc-stage")
	msg.Set("id", id)
	msg.Set("json", string(b))
	s.self.Call("postMessage", msg)
}
