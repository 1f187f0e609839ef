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
// Each host's horizon is cut into windows of about lazyWindow visits; a
// calendar keeps every page in the window of its next visit (a linked
// list per window). When a host's consumer needs its next window, the
// pages in it give up their visits inside it and move on to the window
// of their next one, and the window's visits are sorted by time, then
// page — the order EquallySpaced's sort gives, so both make the same
// programme visit for visit.
type Lazy struct {
	m     staleness.Model
	x     []int
	T     float64
	merge bool
	count []int     // visits per host
	wins  []int     // windows per host
	off   []int     // host s's windows are heads[off[s]:off[s]+wins[s]]
	heads []int32   // first page of each window's list, −1 for none
	link  []int32   // next page in the same window's list
	nextJ []int32   // each page's next visit not yet made (from 1)
	cur   []int     // each host's current window, −1 before the first
	lo    []int     // rank of the first visit in each host's buffer
	buf   [][]entry // each host's current window's visits, sorted
	fill  []int     // scratch of the counting sort
	raw   []entry   // scratch: a window's visits before sorting
	pages []int32   // scratch of sortMany
	scale []float64 // windows per second of each host
}

// entry is a programmed visit in a window.
type entry struct {
	t    float64
	page int32
}

// lazyWindow is about how many visits a host's window holds: small
// enough that every host's current window together is little (2,000
// hosts × 64 visits × 16 bytes = 2 MB), large enough that a host's
// calendar (one list head a window) is a small fraction of its visits.
const lazyWindow = 64

// NewLazy returns the programme that visits page i x[i] times at equally
// spaced times, each host's visits sorted by time then page (what
// EquallySpaced returns), made as it is consumed; with merge, each
// host's visits take MERGE's times (what Merge makes of it, seed 000
// §2.2 step 3). Hosts are indexed 0..nHosts−1 by hosts[i].
func NewLazy(m staleness.Model, x []int, hosts []int32, nHosts int, T float64, merge bool) *Lazy {
	l := &Lazy{m: m, x: x, T: T, merge: merge, count: make([]int, nHosts), wins: make([]int, nHosts),
		off: make([]int, nHosts+1), link: make([]int32, len(x)), nextJ: make([]int32, len(x)),
		cur: make([]int, nHosts), scale: make([]float64, nHosts), lo: make([]int, nHosts), buf: make([][]entry, nHosts)}
	for i, h := range hosts {
		l.count[h] += x[i]
	}
	for s, c := range l.count {
		l.wins[s] = max(1, (c+lazyWindow-1)/lazyWindow)
		l.off[s+1] = l.off[s] + l.wins[s]
		l.scale[s] = float64(l.wins[s]) / T
		l.cur[s] = -1
	}
	l.heads = make([]int32, l.off[nHosts])
	for k := range l.heads {
		l.heads[k] = -1
	}
	// Backwards, so that each window's list starts in page order.
	for i := len(x) - 1; i >= 0; i-- {
		if x[i] > 0 {
			l.nextJ[i] = 1
			l.file(int(hosts[i]), int32(i), EqualTime(m, 1, x[i], T))
		}
	}
	return l
}

// window returns which of host s's windows time t falls in.
func (l *Lazy) window(s int, t float64) int {
	return min(int(t*l.scale[s]), l.wins[s]-1)
}

// file puts page i, of host s, in the list of the window of time t.
func (l *Lazy) file(s int, i int32, t float64) {
	k := l.off[s] + l.window(s, t)
	l.link[i] = l.heads[k]
	l.heads[k] = i
}

// Hosts returns the number of hosts.
func (l *Lazy) Hosts() int { return len(l.count) }

// Count returns how many visits are programmed on host s.
func (l *Lazy) Count(s int) int { return l.count[s] }

// Visit returns host s's programmed visit of rank r; ranks must be asked
// in non-decreasing order, and r < Count(s).
func (l *Lazy) Visit(s, r int) (int32, float64) {
	for r >= l.lo[s]+len(l.buf[s]) {
		if r >= l.count[s] {
			panic(fmt.Sprintf("schedule: visit %d of host %d asked, which has %d", r, s, l.count[s]))
		}
		l.lo[s] += len(l.buf[s])
		l.next(s)
	}
	e := l.buf[s][r-l.lo[s]]
	if l.merge {
		return e.page, EqualTime(l.m, r+1, l.count[s], l.T)
	}
	return e.page, e.t
}

// next fills host s's buffer with its next window that holds visits,
// sorted by time, then page.
func (l *Lazy) next(s int) {
	raw := l.raw[:0]
	w := l.cur[s] + 1
	for ; w < l.wins[s] && len(raw) == 0; w++ {
		k := l.off[s] + w
		head := l.heads[k]
		l.heads[k] = -1
		for i := head; i >= 0; {
			after := l.link[i]
			xi := l.x[i]
			j := int(l.nextJ[i])
			t := EqualTime(l.m, j, xi, l.T)
			for {
				raw = append(raw, entry{t, i})
				if j++; j > xi {
					break
				}
				if t = EqualTime(l.m, j, xi, l.T); l.window(s, t) != w {
					l.file(s, i, t)
					break
				}
			}
			l.nextJ[i] = int32(j)
			i = after
		}
	}
	l.cur[s] = w - 1
	l.raw = raw
	l.buf[s] = l.sortWindow(s, w-1, raw, l.buf[s][:0])
}

// sortWindow returns the window's visits sorted by time, then page, in
// out: a counting sort into as many sub-buckets as visits (by the same
// arithmetic as window, so monotone in time), then each sub-bucket
// settled — by insertion when small, else by a comparison sort (pages
// visited at the very same time, such as every page visited once, fall
// in one).
func (l *Lazy) sortWindow(s, w int, raw, out []entry) []entry {
	n := len(raw)
	if cap(l.fill) < n+1 {
		l.fill = make([]int, n+1)
	}
	fill := l.fill[:n+1]
	clear(fill)
	scale, fw, fn := l.scale[s], float64(w), float64(n)
	sub := func(t float64) int {
		return max(0, min(int((t*scale-fw)*fn), n-1))
	}
	for _, e := range raw {
		fill[sub(e.t)+1]++
	}
	for k := range n {
		fill[k+1] += fill[k]
	}
	out = slices.Grow(out[:0], n)[:n]
	for _, e := range raw {
		b := sub(e.t)
		out[fill[b]] = e
		fill[b]++
	}
	// fill[b] is now where sub-bucket b ends.
	a := 0
	for b := range n {
		end := fill[b]
		if end-a > 16 {
			l.sortMany(out[a:end])
		} else {
			insertionSort(out[a:end])
		}
		a = end
	}
	return out
}

// sortMany sorts a large sub-bucket by time, then page. Most are pages
// visited at the very same time (every page visited once, at T/2, and
// half the others): their pages alone are sorted.
func (l *Lazy) sortMany(e []entry) {
	for _, v := range e[1:] {
		if v.t != e[0].t {
			slices.SortFunc(e, compareEntries)
			return
		}
	}
	pages := l.pages[:0]
	for _, v := range e {
		pages = append(pages, v.page)
	}
	slices.Sort(pages)
	for k, p := range pages {
		e[k].page = p
	}
	l.pages = pages
}

func compareEntries(a, b entry) int {
	if c := cmp.Compare(a.t, b.t); c != 0 {
		return c
	}
	return cmp.Compare(a.page, b.page)
}

func insertionSort(e []entry) {
	for k := 1; k < len(e); k++ {
		v := e[k]
		j := k
		for ; j > 0 && (e[j-1].t > v.t || e[j-1].t == v.t && e[j-1].page > v.page); j-- {
			e[j] = e[j-1]
		}
		e[j] = v
	}
}
