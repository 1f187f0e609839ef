package crawlsim

import (
	"github.com/freshplan/freshplan/core/internal/par"
	"github.com/freshplan/freshplan/core/order"
)

// The two levels of seed 004 Fig. 4.1: one heap of pages per site and a
// heap of the sites ready for a connection, both indexed so that a
// page whose priority changes moves in place.

type queues struct {
	key  []float64 // page priority, higher first
	seq  []int32   // page seen order, earlier first on ties
	pos  []int32   // page's place in its site's heap; -1 when not in one
	site [][]int32 // site's pending pages, a heap

	mostPending bool    // larger-sites-first: sites by pending pages
	ready       []int32 // sites ready for a connection, a heap
	spos        []int32 // site's place in ready; -1 when not in it
}

func newQueues(pages, sites int, mostPending bool) *queues {
	q := &queues{key: make([]float64, pages), seq: make([]int32, pages), pos: make([]int32, pages),
		site: make([][]int32, sites), mostPending: mostPending, spos: make([]int32, sites)}
	for i := range q.pos {
		q.pos[i] = -1
	}
	for i := range q.spos {
		q.spos[i] = -1
	}
	return q
}

func (q *queues) pageBefore(a, b int32) bool {
	if q.key[a] != q.key[b] {
		return q.key[a] > q.key[b]
	}
	return q.seq[a] < q.seq[b]
}

// siteBefore orders sites by their best page or, for larger-sites-first,
// by their number of pending pages, then by their best page's seen order.
func (q *queues) siteBefore(a, b int32) bool {
	ha, hb := q.site[a], q.site[b]
	if q.mostPending {
		if len(ha) != len(hb) {
			return len(ha) > len(hb)
		}
		return q.seq[ha[0]] < q.seq[hb[0]]
	}
	return q.pageBefore(ha[0], hb[0])
}

// push adds page p to site s's heap.
func (q *queues) push(s, p int32) {
	h := append(q.site[s], p)
	q.site[s] = h
	q.pos[p] = int32(len(h) - 1)
	q.pageUp(s, len(h)-1)
}

// pop takes site s's best page.
func (q *queues) pop(s int32) int32 {
	h := q.site[s]
	p := h[0]
	last := len(h) - 1
	q.swapPages(h, 0, last)
	q.site[s] = h[:last]
	q.pos[p] = -1
	if last > 0 {
		q.pageDown(s, 0)
	}
	return p
}

// fix moves page p of site s after its key changed.
func (q *queues) fix(s, p int32) {
	i := int(q.pos[p])
	q.pageUp(s, i)
	q.pageDown(s, int(q.pos[p]))
}

func (q *queues) swapPages(h []int32, i, j int) {
	h[i], h[j] = h[j], h[i]
	q.pos[h[i]], q.pos[h[j]] = int32(i), int32(j)
}

func (q *queues) pageUp(s int32, i int) {
	h := q.site[s]
	for i > 0 {
		parent := (i - 1) / 2
		if !q.pageBefore(h[i], h[parent]) {
			return
		}
		q.swapPages(h, i, parent)
		i = parent
	}
}

func (q *queues) pageDown(s int32, i int) {
	h := q.site[s]
	for {
		best, l, r := i, 2*i+1, 2*i+2
		if l < len(h) && q.pageBefore(h[l], h[best]) {
			best = l
		}
		if r < len(h) && q.pageBefore(h[r], h[best]) {
			best = r
		}
		if best == i {
			return
		}
		q.swapPages(h, i, best)
		i = best
	}
}

// rebuild re-heaps site s's pages after every key may have changed.
func (q *queues) rebuild(s int32) {
	for i := len(q.site[s])/2 - 1; i >= 0; i-- {
		q.pageDown(s, i)
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
// recalculation, and re-heaps the sites and their pages. A Recalculator's
// priorities are read from its slice, the sites in two halves (of about
// as many pending pages each) at once: each site's heap and its pages'
// keys are its own.
func (q *queues) rekey(s order.Strategy) {
	r, ok := s.(order.Recalculator)
	if !ok {
		for site := range q.site {
			for _, pg := range q.site[site] {
				q.key[pg] = s.Priority(pg)
			}
			q.rebuild(int32(site))
		}
		q.readyRebuild()
		return
	}
	keys := r.Priorities()
	sites := func(lo, hi int) error {
		for site := lo; site < hi; site++ {
			for _, pg := range q.site[site] {
				q.key[pg] = keys[pg]
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
