package schedule

import (
	"context"
	"fmt"
	"math"

	"github.com/freshplan/freshplan/core/staleness"
)

// Visit is one request in a schedule.
type Visit struct {
	Time    float64 // seconds from the horizon's start
	Page    int32
	Crawler int32
}

// Fleet is the crawlers that carry out a schedule.
type Fleet struct {
	Crawlers int     // C
	Rate     float64 // pages per second each crawler fetches
}

// Assign carries out a programme (held whole, or made as it goes: Lazy) with the most-delayed-free strategy of
// seed 000 §2.3: crawler c is available at times k/Rate, k = 0, 1, …; a
// programmed visit is free at time t when its programmed time is ≤ t and
// its host has had no request in the last delay[s] seconds; an available
// crawler takes the free visit that is most delayed (earliest programmed
// time), ties going to the lowest host index. Within a host the earliest
// programmed visit is always the most delayed, so the strategy keeps one
// entry per host in two queues: hosts waiting for their next visit to
// become free, by the tick it does (waitQueue), and free hosts, by how
// delayed their next visit is (freeHosts) — both in buckets of a tick,
// about constant time a visit.
//
// Visits that would fall after T are dropped. Under the steady model the
// schedule repeats, so a host's last request must also leave delay[s]
// seconds before its first request of the next horizon.
//
// Each visit made is passed to emit with its index in the programme, in
// time order (then crawler order); a visit's programmed time is not read
// once it is emitted, so emit may overwrite it (the plan puts there the
// time the visit is made at). Assign returns how many programmed visits
// were dropped.
func Assign(m staleness.Model, p Source, delay []float64, fleet Fleet, T float64, emit func(k int, v Visit)) (dropped int, err error) {
	return AssignContext(context.Background(), m, p, delay, fleet, T, emit)
}

// AssignContext is Assign, stopping with ctx's error when ctx is done: it
// looks every ticksPerRun crawler ticks (40,960 visits at paper scale).
func AssignContext(ctx context.Context, m staleness.Model, p Source, delay []float64, fleet Fleet, T float64, emit func(k int, v Visit)) (dropped int, err error) {
	nHosts := p.Hosts()
	if len(delay) != nHosts {
		return 0, fmt.Errorf("schedule: %d hosts but %d politeness delays", nHosts, len(delay))
	}
	if fleet.Crawlers <= 0 || !(fleet.Rate > 0) || math.IsInf(fleet.Rate, 1) {
		return 0, fmt.Errorf("schedule: need at least one crawler at a positive rate, got %d at %v", fleet.Crawlers, fleet.Rate)
	}
	ticks := int64(math.Floor(T*fleet.Rate + 1e-9)) // crawler ticks k/Rate ≤ T
	a := &assigner{m: m, p: p, delay: delay, fleet: fleet, T: T, emit: emit,
		base: make([]int, nHosts+1), next: make([]int, nHosts), page: make([]int32, nHosts), at: make([]float64, nHosts),
		latest:  make([]float64, nHosts),
		waiting: newWaitQueue(nHosts, ticks, fleet.Rate), free: newFreeHosts(nHosts, fleet.Rate), ticks: ticks}
	for s := range nHosts {
		a.base[s+1] = a.base[s] + p.Count(s)
		a.latest[s] = math.Inf(1)
		if a.load(s) {
			a.waiting.push(int32(s), a.at[s], 0)
		}
	}
	for k := int64(0); k <= ticks; {
		var more bool
		if k, more = a.run(k, k+ticksPerRun); !more {
			break
		}
		if err := ctx.Err(); err != nil {
			return 0, err
		}
	}
	dropped = a.dropped
	for s := range nHosts {
		dropped += a.base[s+1] - a.base[s] - a.next[s]
	}
	return dropped, nil
}

// ticksPerRun is how many crawler ticks one call of assigner.run covers.
// WebAssembly engines compile a function for speed only between calls: a
// loop run once from start to end stays in the quick first compilation
// (V8's Liftoff), which ran psp's assignment at half speed — 1.25 s
// instead of 0.6 at paper scale in node. A few runs in, it is optimised.
// A variable so that tests can make runs short.
var ticksPerRun int64 = 1 << 12

// assigner is Assign's state between runs.
type assigner struct {
	m       staleness.Model
	p       Source
	delay   []float64
	fleet   Fleet
	T       float64
	emit    func(k int, v Visit)
	base    []int     // index in the programme of each host's first visit
	next    []int     // rank of each host's next programmed visit
	page    []int32   // its page
	at      []float64 // its programmed time
	latest  []float64 // see Assign
	waiting *waitQueue
	free    *freeHosts
	ticks   int64
	dropped int
}

// load reads host s's next programmed visit, and reports whether it has one.
func (a *assigner) load(s int) bool {
	if a.next[s] >= a.base[s+1]-a.base[s] {
		return false
	}
	a.page[s], a.at[s] = a.p.Visit(s, a.next[s])
	return true
}

// run carries out ticks k to until−1 (or to the last), skipping idle ticks,
// and returns the tick to go on from and whether any visit is left.
//
//go:noinline
func (a *assigner) run(k, until int64) (int64, bool) {
	next, latest, delay, page, at := a.next, a.latest, a.delay, a.page, a.at
	waiting, free, rate, crawlers := a.waiting, a.free, a.fleet.Rate, a.fleet.Crawlers
	for ; k <= a.ticks && k < until; k++ {
		t := float64(k) / rate
		free.advance(k)
		for _, h := range waiting.release(k) {
			free.push(h, at[h])
		}
		for c := 0; c < crawlers && free.len() > 0; c++ {
			s := int(free.pop())
			if t > latest[s] {
				// Too late to revisit this host before the next horizon's first request.
				n := a.base[s+1] - a.base[s]
				a.dropped += n - next[s]
				next[s] = n
				c--
				continue
			}
			a.emit(a.base[s]+next[s], Visit{Time: t, Page: page[s], Crawler: int32(c)})
			if a.m == staleness.Steady && next[s] == 0 {
				latest[s] = a.T + t - delay[s]
			}
			next[s]++
			if a.load(s) {
				due := t + delay[s]
				if at[s] > due {
					due = at[s]
				}
				waiting.push(int32(s), due, k+1)
			}
		}
		if free.len() == 0 {
			// Nothing to do until the next host becomes free: skip idle ticks.
			j, ok := waiting.nextTick(k + 1)
			if !ok {
				return k, false
			}
			k = j - 1
		}
	}
	return k, true
}

// waitQueue holds the hosts waiting for their next visit to become free,
// in buckets of one crawler tick each: a host becomes free at the first
// tick at or after the time it waits for, and every host in a tick's
// bucket is free at it. Each host waits at most once, so the buckets
// are linked lists threaded through one array. The buckets are a ring of
// ringSize, for the ticks from the last released on; a host due later
// waits in a heap by tick (far) and enters the ring when the ring reaches
// its tick. A bucket for every tick of the horizon was 33 MB at paper
// scale (8.64M ticks), to hold a few thousand hosts.
//
// No method stores a slice header: the queue lives on the heap, and while
// the collector marks, every pointer written there costs a write barrier
// (the heap of free hosts stored one on every pop: 0.5 s of the
// assignment's 3.4 s in WebAssembly at paper scale).
type waitQueue struct {
	head  []int32 // first host of the bucket of tick j at head[j&mask], −1 for none
	mask  int64   // len(head) − 1
	link  []int32 // next host in the same bucket
	out   []int32 // the hosts release returns, len hosts
	rate  float64
	ticks int64 // the last tick: a host due after it never becomes free
	cur   int64 // the tick last released: the ring holds ticks cur … cur+mask
	n     int   // hosts waiting, in the ring or far
	far   tickHeap
}

// ringSize is the ticks the ring holds (4 bytes each), a power of two: a
// host waiting longer (655 s at paper scale's 100 ticks a second) waits
// in the heap. A variable so that tests make it small.
var ringSize int64 = 1 << 16

func newWaitQueue(hosts int, ticks int64, rate float64) *waitQueue {
	size := ringSize
	for size/2 > ticks {
		size /= 2 // a short horizon needs no more than a bucket a tick
	}
	q := &waitQueue{head: make([]int32, size), mask: size - 1, link: make([]int32, hosts),
		out: make([]int32, hosts), rate: rate, ticks: ticks, far: newTickHeap(hosts)}
	for b := range q.head {
		q.head[b] = -1
	}
	return q
}

// tick returns the first crawler tick at or after time t.
func (q *waitQueue) tick(t float64) int64 {
	j := int64(math.Ceil(t * q.rate))
	if float64(j)/q.rate < t {
		j++
	}
	return j
}

// push makes host h wait until time t, and at least until tick from (so
// that no host is visited twice in one tick, even without politeness); a
// host due after the last tick never becomes free (its visits are dropped).
func (q *waitQueue) push(h int32, t float64, from int64) {
	j := max(q.tick(t), from)
	if j > q.ticks {
		return
	}
	q.n++
	if j > q.cur+q.mask {
		q.far.push(j, h)
		return
	}
	q.link[h] = q.head[j&q.mask]
	q.head[j&q.mask] = h
}

// release returns the hosts due at tick k, in a slice that is valid until
// the next call. Ticks are released in increasing order.
func (q *waitQueue) release(k int64) []int32 {
	if k > q.ticks {
		return nil
	}
	q.cur = k
	// The ring now reaches tick k+mask: the hosts due by then come in.
	for q.far.n > 0 && q.far.tick[0] <= k+q.mask {
		j, h := q.far.pop()
		q.link[h] = q.head[j&q.mask]
		q.head[j&q.mask] = h
	}
	b := k & q.mask
	out := 0
	for h := q.head[b]; h >= 0; h = q.link[h] {
		q.out[out] = h
		out++
	}
	q.n -= out
	q.head[b] = -1
	return q.out[:out]
}

// nextTick returns the first tick at or after k whose bucket holds a host.
func (q *waitQueue) nextTick(k int64) (int64, bool) {
	if q.n == 0 {
		return 0, false
	}
	for j := k; q.n > q.far.n && j <= min(q.cur+q.mask, q.ticks); j++ {
		if q.head[j&q.mask] >= 0 {
			return j, true
		}
	}
	if q.far.n > 0 {
		return max(k, q.far.tick[0]), true
	}
	return 0, false
}

// tickHeap is a min-heap of hosts by the tick they are due at, at most one
// entry per host, in arrays made once at full size (see waitQueue).
type tickHeap struct {
	tick []int64
	host []int32
	n    int
}

func newTickHeap(hosts int) tickHeap {
	return tickHeap{tick: make([]int64, hosts), host: make([]int32, hosts)}
}

func (f *tickHeap) push(j int64, h int32) {
	i := f.n
	f.n++
	for i > 0 {
		p := (i - 1) / 2
		if f.tick[p] <= j {
			break
		}
		f.tick[i], f.host[i] = f.tick[p], f.host[p]
		i = p
	}
	f.tick[i], f.host[i] = j, h
}

func (f *tickHeap) pop() (int64, int32) {
	j, h := f.tick[0], f.host[0]
	f.n--
	last, lh := f.tick[f.n], f.host[f.n]
	i := 0
	for {
		c := 2*i + 1
		if c >= f.n {
			break
		}
		if c+1 < f.n && f.tick[c+1] < f.tick[c] {
			c++
		}
		if last <= f.tick[c] {
			break
		}
		f.tick[i], f.host[i] = f.tick[c], f.host[c]
		i = c
	}
	f.tick[i], f.host[i] = last, lh
	return j, h
}

// hostEntry is a host in freeHosts' heap (the free hosts the ring does not hold).
type hostEntry struct {
	key  float64
	host int32
}

func (e hostEntry) before(o hostEntry) bool {
	return e.key < o.key || (e.key == o.key && e.host < o.host)
}

// hostHeap is a min-heap on (key, host) of at most one entry per host.
// Its array is made once at full size and its length kept apart, so that
// push and pop write no slice header (see waitQueue).
type hostHeap struct {
	e []hostEntry
	n int
}

func newHostHeap(hosts int) *hostHeap { return &hostHeap{e: make([]hostEntry, hosts)} }

// push adds e, whose host is not in the heap.
func (h *hostHeap) push(e hostEntry) {
	h.n++
	h.up(h.n-1, e)
}

// up puts e in the hole at j, moving the hole up past the entries e comes
// before: one write a level, no swaps.
func (h *hostHeap) up(j int, e hostEntry) {
	s := h.e
	for j > 0 {
		parent := (j - 1) / 2
		if !e.before(s[parent]) {
			break
		}
		s[j] = s[parent]
		j = parent
	}
	s[j] = e
}

// pop takes the least entry out. The hole it leaves goes down to a leaf
// by the lesser child, one comparison a level, and the last entry goes up
// from there: it came from the bottom, so it rarely climbs far — about
// half the comparisons of sifting it down from the top (Wegener's
// bottom-up heapsort).
func (h *hostHeap) pop() hostEntry {
	s := h.e
	top := s[0]
	h.n--
	n := h.n
	e := s[n] // the last entry, to go where the hole ends
	j := 0
	for {
		c := 2*j + 1
		if c >= n {
			break
		}
		if r := c + 1; r < n && s[r].before(s[c]) {
			c = r
		}
		s[j] = s[c]
		j = c
	}
	h.up(j, e)
	return top
}
