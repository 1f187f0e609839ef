package learn

import (
	"container/heap"
	"context"
	"errors"
	"fmt"
	"math"
)

// Page is a page as the crawl starts.
type Page struct {
	Host      int       // index into Config.HostDelay
	Weight    float64   // importance; the index is scaled by it
	Posterior Posterior // what is known of its rate
	Last      float64   // Unix seconds of its last visit: the copy is as of then
}

// Config sets up a crawl.
type Config struct {
	Start, End float64   // Unix seconds: the crawl runs over [Start, End)
	Horizon    float64   // seconds: Budget visits are made in every horizon from Start
	Budget     int       // visits per horizon
	MaxVisits  int       // visits in all, 0 for no limit beyond the budget's
	HostDelay  []float64 // seconds between requests to each host
	HalfLife   float64   // days at which evidence is forgotten; 0 keeps it all
	// Burst raises a host's other pages when its visits see changes far
	// above their posteriors (see burst.go); nil turns it off.
	Burst *Burst
	// Events are the hosts' change events already learnt (Replay), by host;
	// they count only with Burst.
	Events [][]Event
	// Ahead plans ahead of the crawl: no visit is observed (observe may be
	// nil), each refreshes its copy and teaches nothing — the schedule a
	// crawler follows until it next plans from what it saw.
	Ahead bool
}

// Observe reports what a visit to page i at t sees: whether it changed
// since its previous visit and the server's Last-Modified (NaN if none).
type Observe func(i int, t float64) (changed bool, lastModified float64)

// maxSlots bounds a crawl's slots: the visits a backtest replays.
const maxSlots = 1 << 26

// Run crawls: the Budget slots of every horizon are equally spaced, and
// each goes to the page of highest Weight × Index among those whose host
// may be asked again (its delay since its last request has passed); a slot
// with no such page stays idle. So every horizon has at most Budget
// visits, and no host is asked twice within its delay. After each visit
// the page's posterior takes in what the visit saw. Run returns each
// page's visit times.
//
// Indices are recomputed for every page at the middle of each batch of
// slots — a seventh of a horizon, or fewer slots than an eighth of the
// pages — and a visited page re-enters the batch at its new index: the
// order within a batch is what a crawler's priority queue keeps, and a
// week's index moves little in a day.
func Run(ctx context.Context, pages []Page, cfg Config, observe Observe) ([][]float64, error) {
	if err := cfg.check(len(pages)); err != nil {
		return nil, err
	}
	for i, p := range pages {
		if p.Host < 0 || p.Host >= len(cfg.HostDelay) {
			return nil, fmt.Errorf("learn: page %d: host %d out of range", i, p.Host)
		}
	}
	state := make([]Page, len(pages))
	copy(state, pages)
	visits := make([][]float64, len(pages))
	hostFree := make([]float64, len(cfg.HostDelay)) // when each host may be asked again
	for h := range hostFree {
		hostFree[h] = math.Inf(-1)
	}
	for _, p := range pages {
		hostFree[p.Host] = math.Max(hostFree[p.Host], p.Last+cfg.HostDelay[p.Host])
	}
	gap := cfg.Horizon / float64(cfg.Budget)
	batch := max(1, min(cfg.Budget/7, len(pages)/8))
	var b *burstState
	if cfg.Burst != nil {
		b = newBurstState(*cfg.Burst, len(cfg.HostDelay), cfg.Events)
	}
	q := &queue{}
	var aside []entry
	slot, made := 0, 0
	for a := cfg.Start; a < cfg.End; a += cfg.Horizon {
		for k := 0; k < cfg.Budget; k++ {
			t := a + float64(k)*gap
			if t >= cfg.End || (cfg.MaxVisits > 0 && made >= cfg.MaxVisits) {
				break
			}
			if slot%batch == 0 {
				if err := ctx.Err(); err != nil {
					return nil, err
				}
				mid := t + float64(batch)*gap/2
				q.fill(state, b, mid)
			}
			slot++
			aside = aside[:0]
			for q.Len() > 0 {
				e := heap.Pop(q).(entry)
				p := &state[e.page]
				if hostFree[p.Host] > t {
					aside = append(aside, e)
					continue
				}
				if !cfg.Ahead {
					changed, lm := observe(e.page, t)
					if b != nil {
						b.seen(p, t, changed, lm)
					}
					p.Posterior.Observe(p.Last, t, changed, lm, cfg.HalfLife)
				}
				p.Last = t
				hostFree[p.Host] = t + cfg.HostDelay[p.Host]
				visits[e.page] = append(visits[e.page], t)
				made++
				heap.Push(q, entry{page: e.page, value: value(p, b, q.at)})
				break
			}
			for _, e := range aside {
				heap.Push(q, e)
			}
		}
	}
	return visits, nil
}

func (c Config) check(n int) error {
	switch {
	case n == 0:
		return errors.New("learn: no pages")
	case !(c.Start < c.End):
		return fmt.Errorf("learn: start %v is not before end %v", c.Start, c.End)
	case !(c.Horizon > 0):
		return fmt.Errorf("learn: horizon %v must be positive", c.Horizon)
	case c.Budget < 1:
		return fmt.Errorf("learn: budget %d must be at least 1", c.Budget)
	case (c.End-c.Start)/c.Horizon*float64(c.Budget) > maxSlots:
		return fmt.Errorf("learn: %g visits to make, more than %d", (c.End-c.Start)/c.Horizon*float64(c.Budget), maxSlots)
	case c.MaxVisits < 0:
		return fmt.Errorf("learn: max visits %d must not be negative", c.MaxVisits)
	case c.HalfLife < 0:
		return fmt.Errorf("learn: half-life %v days must not be negative", c.HalfLife)
	}
	for h, d := range c.HostDelay {
		if !(d >= 0) {
			return fmt.Errorf("learn: host %d: delay %v must not be negative", h, d)
		}
	}
	return nil
}

// value is what visiting p at t is worth: its weight times its index
// (Posterior.Index), raised by the host's change events when bursts are on.
func value(p *Page, b *burstState, t float64) float64 {
	u := (t - p.Last) / day
	v := p.Posterior.Index(u)
	if b != nil {
		v = b.raise(p, t, v)
	}
	return p.Weight * v
}

type entry struct {
	page  int
	value float64
}

// queue is a max-heap of pages by value at time at.
type queue struct {
	e  []entry
	at float64
}

func (q *queue) fill(pages []Page, b *burstState, at float64) {
	q.at = at
	q.e = q.e[:0]
	for i := range pages {
		q.e = append(q.e, entry{page: i, value: value(&pages[i], b, at)})
	}
	heap.Init(q)
}

func (q *queue) Len() int { return len(q.e) }
func (q *queue) Less(i, j int) bool {
	if q.e[i].value != q.e[j].value {
		return q.e[i].value > q.e[j].value
	}
	return q.e[i].page < q.e[j].page
}
func (q *queue) Swap(i, j int) { q.e[i], q.e[j] = q.e[j], q.e[i] }
func (q *queue) Push(x any)    { q.e = append(q.e, x.(entry)) }
func (q *queue) Pop() any {
	n := len(q.e) - 1
	e := q.e[n]
	q.e = q.e[:n]
	return e
}
