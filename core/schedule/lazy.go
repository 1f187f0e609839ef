package schedule

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/freshplan/freshplan/core/staleness"
)

// Source gives each host's programmed visits one at a time, in the order
// they are to be made: what Assign consumes. A Programme is one, held
// whole; a Lazy makes each host's visits as they are asked for.
type Source interface {
	Hosts() int
	// Count returns how many visits are programmed on host s.
	Count(s int) int
	// Visit returns host s's programmed visit of rank r (from 0): its page
	// and programmed time. Each host's ranks are asked in non-decreasing
	// order.
	Visit(s, r int) (page int32, t float64)
}

// Hosts returns the number of hosts.
func (p *Programme) Hosts() int { return len(p.Start) - 1 }

// Count returns how many visits are programmed on host s.
func (p *Programme) Count(s int) int { return p.Start[s+1] - p.Start[s] }

// Visit returns host s's programmed visit of rank r.
func (p *Programme) Visit(s, r int) (int32, float64) {
	k := p.Start[s] + r
	return p.Pages[k], p.Times[k]
}

// Lazy is EquallySpaced's programme (or, merged, Merge's) made host by
// host as Assign consumes it, in memory proportional to the pages and
// hosts rather than the visits: at paper scale a whole programme is 8.64M
// visits, 104 MB.
//
// The pages of a host with the same count x are visited at the very same
// equally spaced times (EqualTime(j, x), seed 000 §2.2 steps 1–2), so they
// form a group, held as a run of page indices in page order. Each host
// keeps a heap of its groups keyed by the time of their next visit; the
// host's next run of visits is the group at the least time — or, when
// several groups' times are equal (under the horizon model T/2 is the
// middle visit of every odd count), their pages merged — which is the
// order EquallySpaced's sort (time, then page) gives, so both make the
// same programme visit for visit. A host's visits are read in order from
// one run, so Assign, which interleaves the hosts, touches a few cache
// lines a host rather than a line a page.
type Lazy struct {
	m     staleness.Model
	T     float64
	merge bool
	count []int   // visits per host
	buf   []int32 // pages with visits, by host, then count, then page; then each host's scratch for merged runs
	group []group // the groups of pages, host by host, and one past the last (its from ends their pages)
	hFrom []int32 // host s's groups are group[hFrom[s]:hFrom[s+1]]
	heap  []int32 // host s's groups with visits left: heap[hFrom[s]:hFrom[s]+hN[s]], least (t, g) first
	hN    []int32
	run   []hostRun
	tie   []int32 // scratch: the groups of a merged run
	pos   []int32 // scratch of mergeGroups
}

// group is the pages of one host visited the same number of times, x:
// buf[from:] up to the next group's from. Its fields together, so that
// a host's turn reads one line a group.
type group struct {
	t    float64 // the time of the group's next visit
	from int32
	x, j int32 // the count, and the next visit (from 1)
}

// hostRun is a host's current run of visits, all at one time: pages
// buf[from:to], the first of rank lo. No pointers, so that writing it
// costs no write barrier (see waitQueue).
type hostRun struct {
	lo       int
	from, to int32
	t        float64
}

// NewLazy returns the programme that visits page i x[i] times at equally
// spaced times, each host's visits sorted by time then page (what
// EquallySpaced returns), made as it is consumed; with merge, each
// host's visits take MERGE's times (what Merge makes of it, seed 000
// §2.2 step 3). Hosts are indexed 0..nHosts−1 by hosts[i].
func NewLazy(m staleness.Model, x []int, hosts []int32, nHosts int, T float64, merge bool) *Lazy {
	l := &Lazy{m: m, T: T, merge: merge, count: make([]int, nHosts), hFrom: make([]int32, nHosts+1),
		hN: make([]int32, nHosts), run: make([]hostRun, nHosts)}
	pages := groupPages(x, hosts, nHosts)
	n := len(pages)
	l.buf = pages[:2*n]
	// Groups: runs of equal host and count.
	for k := 0; k < n; {
		i := pages[k]
		s, xi := hosts[i], x[i]
		e := k + 1
		for e < n && hosts[pages[e]] == s && x[pages[e]] == xi {
			e++
		}
		l.group = append(l.group, group{from: int32(k), x: int32(xi), j: 1, t: EqualTime(m, 1, xi, T)})
		l.count[s] += xi * (e - k)
		l.hFrom[s+1]++
		k = e
	}
	G := len(l.group)
	l.group = append(l.group, group{from: int32(n)})
	for s := range nHosts {
		l.hFrom[s+1] += l.hFrom[s]
	}
	l.heap = make([]int32, G)
	for s := range nHosts {
		a, b := l.hFrom[s], l.hFrom[s+1]
		l.hN[s] = b - a
		// A host's groups are in increasing count, so decreasing time of
		// the first visit: reversed, an array sorted by time is a heap.
		for g := a; g < b; g++ {
			l.heap[a+b-1-g] = g
		}
	}
	return l
}

// groupPages returns the pages with visits ordered by host, then count,
// then page, with as much room again after them: two stable counting sorts, by count then by host (by count
// in a comparison sort when counts go beyond the pages' number, so that
// the counting array stays proportional to the pages).
func groupPages(x []int, hosts []int32, nHosts int) []int32 {
	n, maxX := 0, 0
	for _, v := range x {
		if v > 0 {
			n++
			maxX = max(maxX, v)
		}
	}
	byCount := make([]int32, 0, n)
	if maxX <= len(x) {
		at := make([]int32, maxX+2)
		for _, v := range x {
			if v > 0 {
				at[v+1]++
			}
		}
		for v := range maxX + 1 {
			at[v+1] += at[v]
		}
		byCount = byCount[:n]
		for i, v := range x {
			if v > 0 {
				byCount[at[v]] = int32(i)
				at[v]++
			}
		}
	} else {
		for i, v := range x {
			if v > 0 {
				byCount = append(byCount, int32(i))
			}
		}
		sortByCount(byCount, x)
	}
	at := make([]int32, nHosts+1)
	for _, i := range byCount {
		at[hosts[i]+1]++
	}
	for s := range nHosts {
		at[s+1] += at[s]
	}
	out := make([]int32, n, 2*n) // room for NewLazy's scratch after them
	for _, i := range byCount {
		h := hosts[i]
		out[at[h]] = i
		at[h]++
	}
	return out
}

// Hosts returns the number of hosts.
func (l *Lazy) Hosts() int { return len(l.count) }

// Count returns how many visits are programmed on host s.
func (l *Lazy) Count(s int) int { return l.count[s] }

// Visit returns host s's programmed visit of rank r; ranks must be asked
// in non-decreasing order, and r < Count(s).
func (l *Lazy) Visit(s, r int) (int32, float64) {
	h := &l.run[s]
	for r >= h.lo+int(h.to-h.from) {
		if r >= l.count[s] {
			panic(fmt.Sprintf("schedule: visit %d of host %d asked, which has %d", r, s, l.count[s]))
		}
		h.lo += int(h.to - h.from)
		l.next(s, h)
	}
	p := l.buf[int(h.from)+r-h.lo]
	if l.merge {
		return p, EqualTime(l.m, r+1, l.count[s], l.T)
	}
	return p, h.t
}

// next makes host s's next run: the pages of its groups at the least
// time, in page order; each such group moves on to its next visit.
func (l *Lazy) next(s int, h *hostRun) {
	a := l.hFrom[s]
	hp := l.heap[a : a+l.hN[s]]
	g := hp[0]
	t := l.group[g].t
	tie := l.tie[:0]
	for len(hp) > 0 && l.group[hp[0]].t == t {
		tie = append(tie, hp[0])
		hp = l.popGroup(hp)
	}
	if len(tie) == 1 {
		h.from, h.to = l.group[g].from, l.group[g+1].from
	} else {
		// Each host's scratch is its own pages' span, after them all.
		off := int32(len(l.buf)/2) + l.group[l.hFrom[s]].from
		h.from = off
		h.to = off + l.mergeGroups(tie, l.buf[off:])
	}
	h.t = t
	for _, g := range tie {
		if e := &l.group[g]; e.j < e.x {
			e.j++
			e.t = EqualTime(l.m, int(e.j), int(e.x), l.T)
			hp = l.pushGroup(hp, g)
		}
	}
	l.hN[s] = int32(len(hp))
	l.tie = tie
}

// before orders groups by the time of their next visit, then index.
func (l *Lazy) before(g, o int32) bool {
	a, b := l.group[g].t, l.group[o].t
	return a < b || a == b && g < o
}

// popGroup removes the least group of heap hp and returns the heap left.
func (l *Lazy) popGroup(hp []int32) []int32 {
	n := len(hp) - 1
	e := hp[n]
	hp = hp[:n]
	j := 0
	for {
		c := 2*j + 1
		if c >= n {
			break
		}
		if c+1 < n && l.before(hp[c+1], hp[c]) {
			c++
		}
		if !l.before(hp[c], e) {
			break
		}
		hp[j] = hp[c]
		j = c
	}
	if n > 0 {
		hp[j] = e
	}
	return hp
}

// pushGroup adds group g to heap hp, which has room for it in its array.
func (l *Lazy) pushGroup(hp []int32, g int32) []int32 {
	hp = hp[:len(hp)+1]
	j := len(hp) - 1
	for j > 0 {
		p := (j - 1) / 2
		if !l.before(g, hp[p]) {
			break
		}
		hp[j] = hp[p]
		j = p
	}
	hp[j] = g
	return hp
}

// mergeGroups writes the pages of groups gs, each in page order, into
// out in page order, and returns how many: a few groups are merged by
// taking the least head each time, many are sorted together.
func (l *Lazy) mergeGroups(gs []int32, out []int32) int32 {
	if len(gs) > 8 {
		n := 0
		for _, g := range gs {
			n += copy(out[n:], l.buf[l.group[g].from:l.group[g+1].from])
		}
		slices.Sort(out[:n])
		return int32(n)
	}
	pos := l.pos[:0]
	for _, g := range gs {
		pos = append(pos, l.group[g].from)
	}
	l.pos = pos
	n := int32(0)
	for {
		best := -1
		var bp int32
		for k, g := range gs {
			if pos[k] < l.group[g+1].from {
				if p := l.buf[pos[k]]; best < 0 || p < bp {
					best, bp = k, p
				}
			}
		}
		if best < 0 {
			return n
		}
		out[n] = bp
		n++
		pos[best]++
	}
}

// sortByCount sorts pages, given in page order, by count, then page.
func sortByCount(pages []int32, x []int) {
	slices.SortFunc(pages, func(a, b int32) int {
		if c := cmp.Compare(x[a], x[b]); c != 0 {
			return c
		}
		return cmp.Compare(a, b)
	})
}
