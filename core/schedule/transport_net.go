package schedule

import (
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"
)

// transportNet is the network of Wolf's transportation problem (seed 003
// §3) for the paper's cost |s − t|, laid along the time line so that a
// visit needs one or two arcs instead of one per slot.
//
// Its nodes, for each kept crawler tick i (time point ticks[i]/Rate):
//   - S_i, the tick's slots, taking up to C crawls (one per crawler);
//   - L_i, on a two-way line: L_i ↔ L_{i+1} costs 1/Rate each way, L_i → S_i
//     costs 0;
//   - F_i, on a forward-only line: F_i → F_{i+1} costs 1/Rate, F_i → S_i 0;
//
// and one node per group of visits with the same ideal time t and release.
// A visit without release time enters L at the ticks on either side of t,
// paying the distance to them; one with a release (seed 003 eq. 22) enters
// F at the first tick at or after both t and its release, and, if its
// release lets it go early, has an arc to each slot from the release to t.
// A path to a slot s then costs at least |s − t|, the direct path exactly
// that, and a forward-only path never goes before the release: the least
// cost flow is the least cost assignment (and an optimal flow's paths all
// cost exactly |s − t|: any that costs more lies on a negative cycle).
//
// Ticks far from every visit are left out (see transportGroup.span and
// optimal); a line arc joins two kept ticks only when they are adjacent.
type transportNet struct {
	rate  float64
	step  float64 // 1/Rate
	room  int32   // C
	times int32   // K, every tick
	ticks []int32 // kept ticks, ascending
	link  []bool  // link[i]: ticks[i+1] = ticks[i] + 1

	group []transportGroup
	arc   []transportArc // group g's arcs are arc[group[g].arcs:group[g+1].arcs]
	inOf  []int32        // arcs into node x are inArc[inOf[x]:inOf[x+1]]
	inArc []int32

	right, left, fwd   []int32 // flow on L_i → L_{i+1}, L_{i+1} → L_i, F_i → F_{i+1}
	exitL, exitF, load []int32 // flow on L_i → S_i, F_i → S_i, into S_i
	pot                []float64

	// the current search
	steps          int // nodes settled by every search so far
	epoch          int32
	seen, done     []int32 // epoch each node was last reached, settled
	dist           []float64
	prevNode, prev []int32 // node each was reached from, and group arc (or −1)
	heap           transportHeap
	settled        []int32
}

// transportGroup is a set of visits with the same ideal time and release.
type transportGroup struct {
	ideal  float64
	first  int32 // first tick the release allows, 0 for none
	ceil   int32 // first tick at or after ideal, K if none
	supply int32 // visits
	arcs   int32 // index of its first arc
	early  int32 // nearest allowed tick before ideal left without an arc, −1 if none
}

// transportArc is an arc from a group to an L, F or S node.
type transportArc struct {
	from, to int32 // group, node
	cost     float64
	flow     int32
}

// maxTransportTicks bounds the ticks a network keeps (about 100 bytes each).
const maxTransportTicks = 1 << 20

// span returns the ticks group g keeps: radius ticks on either side of its
// ideal time, and as many more as its own visits fill, from its release
// on. With radius ⌈n/C⌉ they hold its ⌈n/C⌉ nearest allowed ticks, whose
// C⌈n/C⌉ slots cannot all be taken by the n − 1 other visits: moving a
// visit to one never costs more, so some optimum uses only those ticks.
func (g *transportGroup) span(radius, room, times int32) (lo, hi int32) {
	r := int64(radius) + (int64(g.supply)+int64(room)-1)/int64(room)
	lo = int32(max(int64(g.first), int64(g.ceil)-r))
	hi = int32(min(int64(times)-1, int64(max(g.first, g.ceil))+r))
	return lo, hi
}

// newTransportNet builds the network of the groups keeping the ticks
// within radius of each.
func newTransportNet(groups []transportGroup, radius, times, room int32, rate float64) (*transportNet, error) {
	w := &transportNet{rate: rate, step: 1 / rate, room: room, times: times, group: slices.Clone(groups)}
	spans := make([][2]int32, len(groups))
	for g := range groups {
		lo, hi := groups[g].span(radius, room, times)
		spans[g] = [2]int32{lo, hi}
	}
	slices.SortFunc(spans, func(a, b [2]int32) int { return int(a[0] - b[0]) })
	end := int32(-1) // last tick kept so far
	for _, s := range spans {
		for k := max(s[0], end+1); k <= s[1]; k++ {
			if len(w.ticks) == maxTransportTicks {
				return nil, fmt.Errorf("schedule: mwolf-exact would need more than %d crawler ticks for this plan: use mwolf", maxTransportTicks)
			}
			w.ticks = append(w.ticks, k)
		}
		end = max(end, s[1])
	}
	M := len(w.ticks)
	w.link = make([]bool, M)
	for i := 0; i+1 < M; i++ {
		w.link[i] = w.ticks[i+1] == w.ticks[i]+1
	}
	for g := range w.group {
		w.addArcs(int32(g), radius)
	}
	w.group = append(w.group, transportGroup{arcs: int32(len(w.arc))}) // sentinel
	nodes := 3*M + len(groups)
	w.inOf = make([]int32, nodes+1)
	for _, a := range w.arc {
		w.inOf[a.to+1]++
	}
	for x := range nodes {
		w.inOf[x+1] += w.inOf[x]
	}
	w.inArc = make([]int32, len(w.arc))
	fill := slices.Clone(w.inOf[:nodes])
	for a, x := range w.arc {
		w.inArc[fill[x.to]] = int32(a)
		fill[x.to]++
	}
	for _, f := range []*[]int32{&w.right, &w.left, &w.fwd, &w.exitL, &w.exitF, &w.load} {
		*f = make([]int32, M)
	}
	w.pot = make([]float64, nodes)
	w.dist = make([]float64, nodes)
	for _, f := range []*[]int32{&w.seen, &w.done, &w.prevNode, &w.prev} {
		*f = make([]int32, nodes)
	}
	return w, nil
}

// at returns the time of tick k, as Assign computes its ticks.
func (w *transportNet) at(k int32) float64 { return float64(k) / w.rate }

// kept returns the index of kept tick k.
func (w *transportNet) kept(k int32) int32 {
	return int32(sort.Search(len(w.ticks), func(i int) bool { return w.ticks[i] >= k }))
}

// Node numbers: S_i = i, L_i = M + i, F_i = 2M + i, group g = 3M + g.
func (w *transportNet) nodeL(i int32) int32     { return int32(len(w.ticks)) + i }
func (w *transportNet) nodeF(i int32) int32     { return 2*int32(len(w.ticks)) + i }
func (w *transportNet) nodeGroup(g int32) int32 { return 3*int32(len(w.ticks)) + g }

// addArcs adds group g's arcs.
func (w *transportNet) addArcs(g, radius int32) {
	grp := &w.group[g]
	grp.arcs = int32(len(w.arc))
	grp.early = -1
	t, c := grp.ideal, grp.ceil
	add := func(to int32, tick int32) {
		w.arc = append(w.arc, transportArc{from: g, to: to, cost: math.Abs(w.at(tick) - t)})
	}
	if grp.first == 0 {
		if c < w.times {
			add(w.nodeL(w.kept(c)), c)
		}
		if c > 0 && (c == w.times || w.at(c) != t) {
			add(w.nodeL(w.kept(c-1)), c-1)
		}
		return
	}
	if f := max(grp.first, c); f < w.times {
		add(w.nodeF(w.kept(f)), f)
	}
	lo, _ := grp.span(radius, w.room, w.times)
	for k := c - 1; k >= grp.first; k-- {
		if k < lo {
			grp.early = k
			break
		}
		add(w.kept(k), k)
	}
}

// optimal reports whether the flow is optimal for every tick, kept or
// not: whether the potentials, with 0 on the ticks left out, keep every
// arc to them non-negative (Ahuja et al. Thm. 9.8). Ticks left out have
// no flow and free slots, so only the arcs from the kept ones matter: the
// line arcs out of a stretch of kept ticks, and early arcs not built.
func (w *transportNet) optimal() bool {
	tol := -w.step * (1 + 1e-9)
	M := int32(len(w.ticks))
	for i := range M {
		k := w.ticks[i]
		outLeft := k > 0 && (i == 0 || !w.link[i-1])
		outRight := k+1 < w.times && (i == M-1 || !w.link[i])
		if outLeft && w.pot[w.nodeL(i)] < tol || outRight && (w.pot[w.nodeL(i)] < tol || w.pot[w.nodeF(i)] < tol) {
			return false
		}
	}
	for g, grp := range w.group[:len(w.group)-1] {
		if grp.early >= 0 && grp.ideal-w.at(grp.early)+w.pot[w.nodeGroup(int32(g))] < -1e-9*w.step {
			return false
		}
	}
	return true
}

// ticksOf reads each visit's tick off the flow, group after group.
func (w *transportNet) ticksOf(n int) ([]int32, error) {
	slot := make([]int32, 0, n) // kept tick of each visit
	for g := range w.group[:len(w.group)-1] {
		for a := w.group[g].arcs; a < w.group[g+1].arcs; a++ {
			for range w.arc[a].flow {
				i := w.arc[a].to
				if i >= int32(len(w.ticks)) {
					i = w.slotOf(i)
				}
				if i < 0 || len(slot) == n {
					return nil, errors.New("schedule: transport's flow does not add up (internal error)")
				}
				slot = append(slot, i)
			}
		}
	}
	if len(slot) != n {
		return nil, errors.New("schedule: transport placed only some visits (internal error)")
	}
	w.uncross(slot)
	for j, i := range slot {
		slot[j] = w.ticks[i]
	}
	return slot, nil
}

// uncross gives the visits that share a first allowed tick their slots in
// order of ideal time. Any of them may take any of those slots, and
// |s − t| is a convex function of s − t, so sorting never costs more (the
// Monge property): the assignment stays optimal, and a page's visits
// without release times are made in order.
func (w *transportNet) uncross(slot []int32) {
	// slot is group after group, so in order of ideal time, and so is each
	// class of visits with the same first allowed tick.
	classes := map[int32][]int{}
	j := 0
	for _, g := range w.group[:len(w.group)-1] {
		for range g.supply {
			classes[g.first] = append(classes[g.first], j)
			j++
		}
	}
	var ticks []int32
	for _, js := range classes {
		ticks = ticks[:0]
		for _, j := range js {
			ticks = append(ticks, slot[j])
		}
		slices.Sort(ticks)
		for r, j := range js {
			slot[j] = ticks[r]
		}
	}
}
