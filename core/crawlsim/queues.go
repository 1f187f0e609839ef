package crawlsim

import (
	"github.com/freshplan/freshplan/core/internal/par"
	"github.com/freshplan/freshplan/core/order"
)

// The two levels of seed 004 Fig. 4.1: one heap of pages per site and a
// heap of the sites ready for a connection, both indexed so that a
// page whose priority changes moves in place.

type queues struct {
	seq  []int32   // page seen order, earlier first on ties
	pos  []int32   // page's place in its site's heap; -1 when not in one
	site [][]entry // site's pending pages, a heap

	mostPending bool    // larger-sites-first: sites by pending pages
	ready       []int32 // sites ready for a connection, a heap
	spos        []int32 // site's place in ready; -1 when not in it
}

// entry is a pending page in its site's heap, with what orders it: a
// comparison reads the heap's own memory, not two page-indexed arrays
// at random.
type entry struct {
	key  float64 // priority, higher first
	seq  int32   // seen order, earlier first on ties
	page int32
}

func (a entry) before(b entry) bool {
	if a.key != b.key {
		return a.key > b.key
	}
	return a.seq < b.seq
}

func newQueues(pages, sites int, mostPending bool) *queues {
	q := &queues{seq: make([]int32, pages), pos: make([]int32, pages),
		site: make([][]entry, sites), mostPending: mostPending, spos: make([]int32, sites)}
	for i := range q.pos {
		q.pos[i] = -1
	}
	for i := range q.spos {
		q.spos[i] = -1
	}
	return q
}

// top is site s's best pending page (the site has one).
func (q *queues) top(s int32) int32 { return q.site[s][0].page }

// siteBefore orders sites by their best page or, for larger-sites-first,
// by their number of pending pages, then by their best page's seen order.
func (q *queues) siteBefore(a, b int32) bool {
	ha, hb := q.site[a], q.site[b]
	if q.mostPending {
		if len(ha) != len(hb) {
			return len(ha) > len(hb)
		}
		return ha[0].seq < hb[0].seq
	}
	return ha[0].before(hb[0])
}

// push adds page p, of priority key, to site s's heap.
func (q *queues) push(s, p int32, key float64) {
	h := append(q.site[s], entry{})
	q.site[s] = h
	q.up(h, len(h)-1, entry{key: key, seq: q.seq[p], page: p})
}

// pop takes site s's best page.
func (q *queues) pop(s int32) int32 {
	h := q.site[s]
	p := h[0].page
	last := len(h) - 1
	e := h[last]
	h = h[:last]
	q.site[s] = h
	q.pos[p] = -1
	if last > 0 {
		q.down(h, 0, e)
	}
	return p
}

// setKey gives page p of site s the priority key, and moves it.
func (q *queues) setKey(s, p int32, key float64) {
	h := q.site[s]
	i := int(q.pos[p])
	e := h[i]
	e.key = key
	if i > 0 && e.before(h[(i-1)/2]) {
		q.up(h, i, e)
	} else {
		q.down(h, i, e)
	}
}

// up puts e in the hole at i, moving the hole up past the entries e
// comes before: one write a level, no swaps.
func (q *queues) up(h []entry, i int, e entry) {
	for i > 0 && e.before(h[(i-1)/2]) {
		parent := (i - 1) / 2
		q.place(h, i, h[parent])
		i = parent
	}
	q.place(h, i, e)
}

// down puts e in the hole at i, moving the hole down past the children
// that come before e.
func (q *queues) down(h []entry, i int, e entry) {
	for c := 2*i + 1; c < len(h); c = 2*i + 1 {
		if r := c + 1; r < len(h) && h[r].before(h[c]) {
			c = r
		}
		if !h[c].before(e) {
			break
		}
		q.place(h, i, h[c])
		i = c
	}
	q.place(h, i, e)
}

// place puts e at h[i] and records it.
func (q *queues) place(h []entry, i int, e entry) {
	h[i] = e
	q.pos[e.page] = int32(i)
}

// rebuild re-heaps site s's pages after every key may have changed.
func (q *queues) rebuild(s int32) {
	h := q.site[s]
	for i := len(h)/2 - 1; i >= 0; i-- {
		q.down(h, i, h[i])
	}
}

// Ready sites.

func (q *queues) readyPush(s int32) {
	q.ready = append(q.ready, s)
	q.spos[s] = int32(len(q.ready) - 1)
	q.siteUp(len(q.ready) - 1)
}

func (q *queues) readyPop() int32 {
	s := q.ready[0]
	last := len(q.ready) - 1
	q.swapSites(0, last)
	q.ready = q.ready[:last]
	q.spos[s] = -1
	if last > 0 {
		q.siteDown(0)
	}
	return s
}

// siteFix moves site s in the ready heap, if it is there, after its
// pages changed.
func (q *queues) siteFix(s int32) {
	i := int(q.spos[s])
	if i < 0 {
		return
	}
	q.siteUp(i)
	q.siteDown(int(q.spos[s]))
}

func (q *queues) readyRebuild() {
	for i := len(q.ready)/2 - 1; i >= 0; i-- {
		q.siteDown(i)
	}
}

func (q *queues) swapSites(i, j int) {
	h := q.ready
	h[i], h[j] = h[j], h[i]
	q.spos[h[i]], q.spos[h[j]] = int32(i), int32(j)
}

func (q *queues) siteUp(i int) {
	for i > 0 {
		parent := (i - 1) / 2
		if !q.siteBefore(q.ready[i], q.ready[parent]) {
			return
		}
		q.swapSites(i, parent)
		i = parent
	}
}

func (q *queues) siteDown(i int) {
	h := q.ready
	for {
		best, l, r := i, 2*i+1, 2*i+2
		if l < len(h) && q.siteBefore(h[l], h[best]) {
			best = l
		}
		if r < len(h) && q.siteBefore(h[r], h[best]) {
			best = r
		}
		if best == i {
			return
		}
		q.swapSites(i, best)
		i = best
	}
}

// rekey reads every pending page's priority again, after a strategy's
// recalculation, and re-heaps the sites and their pages: the sites in two
// halves (of about as many pending pages each) at once, as each site's
// heap and its pages' keys are its own and Priority only reads.
func (q *queues) rekey(s order.Strategy) {
	sites := func(lo, hi int) error {
		for site := lo; site < hi; site++ {
			h := q.site[site]
			for i := range h {
				h[i].key = s.Priority(h[i].page)
			}
			q.rebuild(int32(site))
		}
		return nil
	}
	pending := 0
	for _, h := range q.site {
		pending += len(h)
	}
	half := 0
	for left := pending / 2; half < len(q.site) && left > 0; half++ {
		left -= len(q.site[half])
	}
	par.Do(func() error { return sites(0, half) }, func() error { return sites(half, len(q.site)) })
	q.readyRebuild()
}
