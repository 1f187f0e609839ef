package crawlsim

import (
	"container/heap"
	"context"
	"fmt"
	"math"

	"github.com/freshplan/freshplan/core/graph"
	"github.com/freshplan/freshplan/core/order"
)

// Result is one simulated crawl.
type Result struct {
	Strategy string
	Order    []int32   // pages in the order their fetches were handled
	Time     []float64 // seconds from the start at which each page of Order finished
	Duration float64   // seconds until the last fetch finished
	// Connections are every connection's site, start and end, in the
	// order they were opened: what the politeness checks and the active
	// robots over time (seed 004 Figs. 4.10, 4.11) are read from.
	Connections []Connection
	Robots      int
}

// Connection is one connection to a site.
type Connection struct {
	Start, End float64
	Site       int32
	Pages      int32
}

// PagesPerSecond is the crawl's mean speed.
func (r *Result) PagesPerSecond() float64 {
	if r.Duration == 0 {
		return math.Inf(1)
	}
	return float64(len(r.Order)) / r.Duration
}

// BusyBetween is the mean number of open connections between t0 and t1.
func (r *Result) BusyBetween(t0, t1 float64) float64 {
	if t1 <= t0 {
		return 0
	}
	busy := 0.0
	for _, c := range r.Connections {
		busy += math.Max(0, math.Min(c.End, t1)-math.Max(c.Start, t0))
	}
	return busy / (t1 - t0)
}

// IdleAtEnd is the mean number of idle connections over the last tenth of
// the crawl: seed 004 §4.2.3's "scarcity of large Web sites to download
// from ... at the end of a large crawl", when r cannot be used.
func (r *Result) IdleAtEnd() float64 {
	return float64(r.Robots) - r.BusyBetween(0.9*r.Duration, r.Duration)
}

// site states
const (
	dormant = iota // no pending page, not waiting
	waiting        // waiting w after a connection
	ready          // in the ready heap
	busy           // a connection is open
)

// Run crawls g, from its seeds, in the order s gives, until no page is
// left to find (every page when g is Reachable's), oracle being the
// true PageRank for the omniscient strategies. It stops with ctx's error
// when ctx is done.
func Run(ctx context.Context, g *graph.Graph, s order.Strategy, oracle []float64, p Params) (*Result, error) {
	if err := p.check(); err != nil {
		return nil, err
	}
	n := g.Pages()
	st := order.NewState(g, oracle)
	q := newQueues(n, len(g.Hosts), s.Sites() == order.MostPending)
	// Every connection fetches at least one page: n/c connections at
	// least, n at most; room for n/c plus a tenth is made at once, not
	// grown by doubling (which cost a tenth of a 100k study).
	res := &Result{Strategy: s.Name(), Order: make([]int32, 0, n), Time: make([]float64, 0, n), Robots: p.Robots,
		Connections: make([]Connection, 0, n/p.PerConnection+n/10+1)}
	siteState := make([]uint8, len(g.Hosts))
	readyAt := make([]float64, len(g.Hosts))
	bw := make([]float64, len(g.Hosts))
	for h := range bw {
		bw[h] = p.Timing.SiteBandwidth(p.Seed, int32(h))
	}
	var seen int32
	see := func(page, parent int32) {
		st.Seen[page], st.Seq[page], st.Parent[page] = true, seen, parent
		q.seq[page] = seen
		seen++
	}
	for _, page := range g.Seeds {
		if !st.Seen[page] {
			see(page, -1)
		}
	}
	s.Start(st)
	now := 0.0
	waitQ := &timeHeap{}
	conns := &connHeap{}
	// enqueue puts a seen page in its site's queue and, when the site had
	// nothing pending, makes it ready (or waiting, while its w runs).
	enqueue := func(page int32) {
		site := g.Host[page]
		q.push(site, page, s.Priority(page))
		switch siteState[site] {
		case dormant:
			if readyAt[site] <= now {
				siteState[site] = ready
				q.readyPush(site)
			} else {
				siteState[site] = waiting
				waitQ.push(timed{readyAt[site], site})
			}
		case ready:
			// A site moves when its count (larger-sites-first) or its best
			// page changes.
			if q.mostPending || q.top(site) == page {
				q.siteFix(site)
			}
		}
	}
	for _, page := range g.Seeds {
		if q.pos[page] < 0 {
			enqueue(page)
		}
	}
	touch := func(page int32) {
		if q.pos[page] < 0 {
			return
		}
		site := g.Host[page]
		top := q.top(site)
		q.setKey(site, page, s.Priority(page))
		// The site's place depends on its best page only: it moves when
		// that changed.
		if siteState[site] == ready && (page == top || q.top(site) != top) {
			q.siteFix(site)
		}
	}
	var fresh []int32
	// reprioritised: the strategy changed its priorities (a PageRank
	// recalculation), which the next look at ctx follows at once.
	reprioritised := false
	// fetched handles one page's fetch: its links found, the strategy told.
	fetched := func(page int32, at float64) {
		st.Fetched[page] = true
		st.Fetches++
		res.Order = append(res.Order, page)
		res.Time = append(res.Time, at)
		fresh = fresh[:0]
		for _, l := range g.OutOf(page) {
			if !st.Seen[l] {
				see(l, page)
				s.Found(l)
				fresh = append(fresh, l)
			}
		}
		if s.Fetched(page, touch) {
			reprioritised = true
			q.rekey(s)
		}
		for _, l := range fresh {
			enqueue(l)
		}
	}
	free := p.Robots
	var spare []*conn
	looked := -1 // pages handled at the last look at ctx
	for {
		if k := len(res.Order); (k%PulseEvery == 0 && k != looked) || reprioritised {
			looked, reprioritised = k, false
			if p.Pulse != nil {
				p.Pulse()
			}
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		// Open a connection on every free robot there is a ready site for.
		for free > 0 && len(q.ready) > 0 {
			site := q.readyPop()
			siteState[site] = busy
			var c *conn
			if k := len(spare); k > 0 { // a finished connection's record, reused
				c, spare = spare[k-1], spare[:k-1]
				c.site, c.pages, c.times = site, c.pages[:0], c.times[:0]
			} else {
				c = &conn{site: site}
			}
			// The crawler's bandwidth is shared by the transfers open now,
			// each getting at most its site's (§4.1.2, "the bandwidth
			// saturation of the crawler Internet link"): the share is fixed
			// when the connection opens.
			rate := bw[site]
			if p.Bandwidth > 0 {
				rate = math.Min(rate, p.Bandwidth/float64(p.Robots-free+1))
			}
			t := now
			for k := 0; k < p.PerConnection && len(q.site[site]) > 0; k++ {
				page := q.pop(site)
				if k == 0 {
					// Latency is paid once a connection: "downloading multiple
					// small pages with the same connection is very similar to
					// downloading just a large Web page" (§4.4).
					t += p.Timing.Latency(p.Seed, page)
				}
				t += p.Timing.Size(p.Seed, page) / rate
				c.pages = append(c.pages, page)
				c.times = append(c.times, t)
			}
			c.end = t
			res.Connections = append(res.Connections, Connection{Site: site, Start: now, End: t, Pages: int32(len(c.pages))})
			heap.Push(conns, c)
			free--
		}
		nextConn, nextWait := math.Inf(1), math.Inf(1)
		if conns.Len() > 0 {
			nextConn = (*conns)[0].end
		}
		if waitQ.Len() > 0 {
			nextWait = (*waitQ)[0].at
		}
		switch {
		case conns.Len() == 0 && waitQ.Len() == 0:
			if len(res.Order) != int(seen) {
				return nil, fmt.Errorf("crawl stopped with %d of %d seen pages fetched", len(res.Order), seen)
			}
			return res, nil
		case nextWait <= nextConn:
			now = nextWait
			for waitQ.Len() > 0 && (*waitQ)[0].at <= now {
				site := waitQ.pop().site
				if len(q.site[site]) > 0 {
					siteState[site] = ready
					q.readyPush(site)
				} else {
					siteState[site] = dormant
				}
			}
		default:
			now = nextConn
			res.Duration = now // the last fetch's end; waits after it do not count
			c := heap.Pop(conns).(*conn)
			free++
			for i, page := range c.pages {
				fetched(page, c.times[i])
			}
			spare = append(spare, c)
			readyAt[c.site] = now + p.Wait
			if p.Wait == 0 && len(q.site[c.site]) > 0 {
				siteState[c.site] = ready
				q.readyPush(c.site)
			} else if p.Wait == 0 {
				siteState[c.site] = dormant
			} else {
				siteState[c.site] = waiting
				waitQ.push(timed{readyAt[c.site], c.site})
			}
		}
	}
}

type conn struct {
	site  int32
	end   float64
	pages []int32
	times []float64
}

type connHeap []*conn

func (h connHeap) Len() int           { return len(h) }
func (h connHeap) Less(i, j int) bool { return h[i].end < h[j].end }
func (h connHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *connHeap) Push(x any)        { *h = append(*h, x.(*conn)) }
func (h *connHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

type timed struct {
	at   float64
	site int32
}

// timeHeap is a min-heap of sites by the time their wait ends, typed so
// that a push boxes nothing (a million pushes in a 1M-page crawl).
type timeHeap []timed

func (h timeHeap) Len() int { return len(h) }
func (h timeHeap) less(i, j int) bool {
	return h[i].at < h[j].at || (h[i].at == h[j].at && h[i].site < h[j].site)
}

func (h *timeHeap) push(x timed) {
	*h = append(*h, x)
	a := *h
	for i := len(a) - 1; i > 0; {
		parent := (i - 1) / 2
		if !a.less(i, parent) {
			break
		}
		a[i], a[parent] = a[parent], a[i]
		i = parent
	}
}

func (h *timeHeap) pop() timed {
	a := *h
	x := a[0]
	last := len(a) - 1
	a[0] = a[last]
	a = a[:last]
	*h = a
	for i := 0; ; {
		best, l, r := i, 2*i+1, 2*i+2
		if l < len(a) && a.less(l, best) {
			best = l
		}
		if r < len(a) && a.less(r, best) {
			best = r
		}
		if best == i {
			break
		}
		a[i], a[best] = a[best], a[i]
		i = best
	}
	return x
}
