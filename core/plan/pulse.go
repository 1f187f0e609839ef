package plan

import (
	"fmt"
	"sync"
	"time"
)

// pulseEvery is how often, at most, a long stage tells Params.Progress
// how far it has got: well inside the 250 ms a caller may count on (a
// variable: a test sets 0 to hear every look and count them).
var pulseEvery = 100 * time.Millisecond

// pulseSlots is how many visits or slots a schedule's loop makes between
// two looks at the pulse (and the context): a millisecond's work or so.
const pulseSlots = 1 << 14

// pulse passes a long stage's progress to Params.Progress from inside
// its loops: at once when a stage is first heard of, then at most every
// pulseEvery, from one goroutine at a time (stages run on several).
type pulse struct {
	mu   sync.Mutex
	fn   func(string)
	last time.Time
	seen map[string]bool
}

// tell says that stage has done done of total, when it is time to.
func (p *pulse) tell(stage string, done, total int) {
	p.say(stage, func() string { return fmt.Sprintf("%s %d%%", stage, 100*done/max(total, 1)) })
}

// say passes stage's message, made by msg, when it is time to.
func (p *pulse) say(stage string, msg func() string) {
	if p == nil || p.fn == nil {
		return
	}
	now := time.Now()
	p.mu.Lock()
	defer p.mu.Unlock()
	if now.Sub(p.last) < pulseEvery && p.seen[stage] {
		return
	}
	if p.seen == nil {
		p.seen = map[string]bool{}
	}
	p.last, p.seen[stage] = now, true
	p.fn(msg())
}
