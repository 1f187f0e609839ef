package plan

import (
	"fmt"
	"sync"
	"time"
)

// pulseEvery is how often, at most, a long stage tells Params.Progress
// how far it has got: well inside the 250 ms a caller may count on.
const pulseEvery = 100 * time.Millisecond

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
	p.fn(fmt.Sprintf("%s %d%%", stage, 100*done/max(total, 1)))
}
