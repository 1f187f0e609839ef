package schedule

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
)

// The network is solved by successive shortest paths (Ahuja, Magnanti
// and Orlin, Network Flows §9.7, seed 003's reference [1]): the groups'
// visits are put in one group after another (see placeAll), each along a
// shortest path in the residual network to a tick with a free slot, as
// many at once as the path carries. Node potentials keep every residual arc's reduced cost
// c + π(from) − π(to) non-negative, so each search is Dijkstra's; after
// one, every node settled at distance d < D, D the path's length, moves its
// potential by d − D (Lemma 9.12's update, shifted by −D so that untouched
// nodes keep theirs). A tick with a free slot is settled only when it ends
// a search, so all of them keep potential 0, which makes the sink's arcs
// from them equal and lets the search stop at the first one it settles.

// placeAll puts every group's visits in, the groups in a shuffled order
// (the same every time). The optimum does not depend on the order, but the
// work does: in order of time, the ticks left free early on are filled
// last, through paths across every visit in between, and a fully booked
// fleet with release times took minutes; shuffled, the free ticks stay
// spread out and the paths short.
func (w *transportNet) placeAll() error {
	order := make([]int32, len(w.group)-1)
	for g := range order {
		order[g] = int32(g)
	}
	rng := rand.New(rand.NewPCG(3, 19))
	rng.Shuffle(len(order), func(a, b int) { order[a], order[b] = order[b], order[a] })
	for _, g := range order {
		if err := w.place(g); err != nil {
			return err
		}
	}
	return nil
}

// maxTransportSteps bounds the nodes the searches of one network settle
// (about ten seconds' work).
const maxTransportSteps = 100_000_000

// place puts group g's visits in.
func (w *transportNet) place(g int32) error {
	src := w.nodeGroup(g)
	grp := &w.group[g]
	p := math.Inf(-1)
	for _, a := range w.arc[grp.arcs:w.group[g+1].arcs] {
		p = max(p, w.pot[a.to]-a.cost)
	}
	w.pot[src] = p // its arcs' reduced costs are ≥ 0, one of them 0
	for left := grp.supply; left > 0; {
		end := w.search(src)
		if end < 0 {
			return errNoSlot
		}
		if w.steps > maxTransportSteps {
			return fmt.Errorf("schedule: mwolf-exact gave up after %d search steps (release times on a fully booked fleet can make the exact schedule slow to find): use mwolf", w.steps)
		}
		left -= w.augment(src, end, left)
	}
	return nil
}

// errNoSlot: the kept ticks cannot take every visit; keep more.
var errNoSlot = errors.New("schedule: no free slot among the ticks kept")

// search runs Dijkstra's algorithm from src until it settles a tick with
// a free slot, which it returns (−1 if none is reachable), and updates the
// potentials.
func (w *transportNet) search(src int32) int32 {
	w.epoch++
	w.heap = w.heap[:0]
	w.settled = w.settled[:0]
	w.relax(src, src, 0, 0, -1)
	M := int32(len(w.ticks))
	for len(w.heap) > 0 {
		e := w.heap.pop()
		x := e.node
		if w.done[x] == w.epoch || e.key > w.dist[x] {
			continue
		}
		w.done[x] = w.epoch
		w.steps++
		w.settled = append(w.settled, x)
		if x < M && w.load[x] < w.room {
			for _, y := range w.settled {
				w.pot[y] += w.dist[y] - e.key
			}
			return x
		}
		w.expand(x, e.key)
	}
	return -1
}

// relax offers node y the distance d + the reduced cost of the arc x → y
// of cost c (group arc a, or −1 for a line arc).
func (w *transportNet) relax(x, y int32, d, c float64, a int32) {
	if w.done[y] == w.epoch {
		return
	}
	key := d + max(0, c+w.pot[x]-w.pot[y])
	if w.seen[y] == w.epoch && key >= w.dist[y] {
		return
	}
	w.seen[y], w.dist[y], w.prevNode[y], w.prev[y] = w.epoch, key, x, a
	class := int8(1)
	if y < int32(len(w.ticks)) && w.load[y] < w.room {
		class = 0 // on ties, end the search
	}
	w.heap.push(transportEntry{key: key, class: class, node: y})
}

// expand relaxes the residual arcs out of node x, settled at distance d.
func (w *transportNet) expand(x int32, d float64) {
	M := int32(len(w.ticks))
	back := func(x int32) { // reverse arcs back to the groups that send flow into x
		for _, a := range w.inArc[w.inOf[x]:w.inOf[x+1]] {
			if w.arc[a].flow > 0 {
				w.relax(x, w.nodeGroup(w.arc[a].from), d, -w.arc[a].cost, a)
			}
		}
	}
	switch {
	case x < M: // S_i, full: back along the arcs that fill it
		if w.exitL[x] > 0 {
			w.relax(x, w.nodeL(x), d, 0, -1)
		}
		if w.exitF[x] > 0 {
			w.relax(x, w.nodeF(x), d, 0, -1)
		}
		back(x)
	case x < 2*M: // L_i
		i := x - M
		w.relax(x, i, d, 0, -1)
		if i+1 < M && w.link[i] {
			w.relax(x, x+1, d, w.lineCost(w.left[i]), -1)
		}
		if i > 0 && w.link[i-1] {
			w.relax(x, x-1, d, w.lineCost(w.right[i-1]), -1)
		}
		back(x)
	case x < 3*M: // F_i
		i := x - 2*M
		w.relax(x, i, d, 0, -1)
		if i+1 < M && w.link[i] {
			w.relax(x, x+1, d, w.step, -1)
		}
		if i > 0 && w.link[i-1] && w.fwd[i-1] > 0 {
			w.relax(x, x-1, d, -w.step, -1)
		}
		back(x)
	default: // a group
		g := x - 3*M
		for a := w.group[g].arcs; a < w.group[g+1].arcs; a++ {
			w.relax(x, w.arc[a].to, d, w.arc[a].cost, a)
		}
	}
}

// lineCost returns the cost of a move along L against a flow of f the
// other way: cancelling it (−1/Rate) if there is any, else 1/Rate.
func (w *transportNet) lineCost(f int32) float64 {
	if f > 0 {
		return -w.step
	}
	return w.step
}

// augment sends as many of want visits as the path from src to end
// carries (at least one) and returns how many.
func (w *transportNet) augment(src, end, want int32) int32 {
	n := min(want, w.room-w.load[end])
	for y := end; y != src; y = w.prevNode[y] {
		if c, ok := w.capacity(w.prevNode[y], y); ok {
			n = min(n, c)
		}
	}
	for y := end; y != src; y = w.prevNode[y] {
		w.push(w.prevNode[y], y, n)
	}
	w.load[end] += n
	return n
}

// capacity returns the residual capacity of the arc the search took from
// x to y, with ok false for an arc of unbounded capacity.
func (w *transportNet) capacity(x, y int32) (int32, bool) {
	M := int32(len(w.ticks))
	switch {
	case y >= 3*M: // back along a group arc
		return w.arc[w.prev[y]].flow, true
	case x >= 3*M: // a group arc
		return 0, false
	case x < M: // S_i back to L_i or F_i
		if y < 2*M {
			return w.exitL[x], true
		}
		return w.exitF[x], true
	case y < M: // into S_i
		return 0, false
	case x < 2*M: // along L, against a flow the other way if there is one
		i := x - M
		if y == x+1 && w.left[i] > 0 {
			return w.left[i], true
		}
		if y == x-1 && w.right[i-1] > 0 {
			return w.right[i-1], true
		}
		return 0, false
	default: // along F
		if y == x-1 {
			return w.fwd[x-2*M-1], true
		}
		return 0, false
	}
}

// push sends n units along the arc the search took from x to y.
func (w *transportNet) push(x, y, n int32) {
	M := int32(len(w.ticks))
	switch {
	case y >= 3*M:
		w.arc[w.prev[y]].flow -= n
	case x >= 3*M:
		w.arc[w.prev[y]].flow += n
	case x < M && y < 2*M:
		w.exitL[x] -= n
	case x < M:
		w.exitF[x] -= n
	case y < M && x < 2*M:
		w.exitL[y] += n
	case y < M:
		w.exitF[y] += n
	case x < 2*M:
		i := x - M
		if y == x+1 {
			if w.left[i] > 0 {
				w.left[i] -= n
			} else {
				w.right[i] += n
			}
		} else if w.right[i-1] > 0 {
			w.right[i-1] -= n
		} else {
			w.left[i-1] += n
		}
	default:
		i := x - 2*M
		if y == x+1 {
			w.fwd[i] += n
		} else {
			w.fwd[i-1] -= n
		}
	}
}

// slotOf follows one unit of flow from node x (after a group arc) to the
// tick whose slot it takes, using the flow up as it goes; it returns −1 if
// the flow runs out (it never does: the flow is conserved and, having no
// move both ways along a line arc, acyclic).
func (w *transportNet) slotOf(x int32) int32 {
	M := int32(len(w.ticks))
	for x >= M {
		if x < 2*M {
			i := x - M
			switch {
			case w.exitL[i] > 0:
				w.exitL[i]--
				return i
			case i+1 < M && w.right[i] > 0:
				w.right[i]--
				x++
			case i > 0 && w.left[i-1] > 0:
				w.left[i-1]--
				x--
			default:
				return -1
			}
			continue
		}
		i := x - 2*M
		switch {
		case w.exitF[i] > 0:
			w.exitF[i]--
			return i
		case i+1 < M && w.fwd[i] > 0:
			w.fwd[i]--
			x++
		default:
			return -1
		}
	}
	return x
}

// transportEntry is a heap entry: a tentative distance of a node.
type transportEntry struct {
	key   float64
	class int8 // on equal keys: 0 a tick with a free slot first, 1 others
	node  int32
}

type transportHeap []transportEntry

func (h transportHeap) less(a, b int) bool {
	if h[a].key != h[b].key {
		return h[a].key < h[b].key
	}
	return h[a].class < h[b].class
}

func (h *transportHeap) push(e transportEntry) {
	*h = append(*h, e)
	s := *h
	for j := len(s) - 1; j > 0; {
		parent := (j - 1) / 2
		if !s.less(j, parent) {
			break
		}
		s[j], s[parent] = s[parent], s[j]
		j = parent
	}
}

func (h *transportHeap) pop() transportEntry {
	s := *h
	top := s[0]
	last := len(s) - 1
	s[0] = s[last]
	s = s[:last]
	for j := 0; ; {
		l, r, best := 2*j+1, 2*j+2, j
		if l < len(s) && s.less(l, best) {
			best = l
		}
		if r < len(s) && s.less(r, best) {
			best = r
		}
		if best == j {
			break
		}
		s[j], s[best] = s[best], s[j]
		j = best
	}
	*h = s
	return top
}
