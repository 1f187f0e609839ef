//go:build wasm

package app

import (
	"sync"
	"syscall/js"
)

// nextTask returns in a later task of the browser's event loop, the page
// having handled its input and drawn in between. A Go sleep does not
// promise that: Go returns to the browser only when every goroutine
// waits, and a sleep over by then goes on in the same task. The task is a
// MessageChannel's message, not a timer: browsers hold a timer set from
// a timer's callback at least 4 ms, and the page yielded that way 4.1 ms
// a time — 25 times, a tenth of a second, while making the views of a
// million pages.
func nextTask() {
	tasks.once.Do(tasks.open)
	done := make(chan struct{})
	tasks.mu.Lock()
	tasks.waiting = append(tasks.waiting, done)
	tasks.mu.Unlock()
	tasks.send.Call("postMessage", nil)
	<-done
}

// taskQueue is the channel nextTask's messages go through, and who waits
// for them, in the order the messages were sent, which is the order they
// arrive in.
type taskQueue struct {
	once    sync.Once
	send    js.Value // the port nextTask posts to
	mu      sync.Mutex
	waiting []chan struct{}
}

var tasks taskQueue

func (q *taskQueue) open() {
	ch := js.Global().Get("MessageChannel").New()
	ch.Get("port1").Set("onmessage", js.FuncOf(func(js.Value, []js.Value) any {
		q.mu.Lock()
		done := q.waiting[0]
		q.waiting = q.waiting[1:]
		q.mu.Unlock()
		close(done)
		return nil
	}))
	q.send = ch.Get("port2")
}

// Mark records a moment of the page's start in the browser's performance
// timeline (performance.mark), where the e2e harness's TestBenchLoad reads
// where the first load's time goes.
func Mark(name string) {
	if p := js.Global().Get("performance"); p.Truthy() {
		p.Call("mark", "freshplan-"+name)
	}
}
