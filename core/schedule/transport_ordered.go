package schedule

import "math"

// maxOrderedCells bounds the dynamic programme of transportOrdered: n
// visits times the slots left over plus one (one bit each, 16 MiB).
const maxOrderedCells = 1 << 27

// transportOrdered solves Wolf's transportation problem (seed 003 §3)
// when no visit has a release time. Then some optimum keeps the visits in
// order of ideal time: |s − t| is a convex function of s − t, so for
// t_a ≤ t_b and s_a > s_b, swapping the two slots never costs more (the
// costs form a Monge array). The visits, sorted, take the slots, sorted
// (slot u at tick ⌊u/C⌋), in increasing order, skipping some: a dynamic
// programme over the number of slots skipped so far, O(n·(S + 1)) for S
// slots more than visits. It returns the tick of the visits in sorted
// order, or false if the programme would take more than maxOrderedCells.
func transportOrdered(ideal []float64, room, times int32, rate float64) ([]int32, bool) {
	n := int64(len(ideal))
	spare := int64(room)*int64(times) - n
	if n*(spare+1) > maxOrderedCells {
		return nil, false
	}
	width := spare + 1
	// best[s]: least cost of the visits so far, the last on slot i + s.
	best := make([]float64, width)
	// from[i·width + s] is set when, for visit i on slot i + s, the best
	// slot of visit i − 1 is i − 1 + s itself rather than an earlier one.
	from := make([]uint64, (n*width+63)/64)
	for i, t := range ideal {
		run := math.Inf(1) // least of best[0..s] before this visit
		for s := range width {
			if best[s] < run {
				run = best[s]
				cell := int64(i)*width + s
				from[cell/64] |= 1 << (cell % 64)
			}
			u := int64(i) + s
			best[s] = run + math.Abs(float64(u/int64(room))/rate-t)
		}
	}
	s := int64(0)
	for j := range width {
		if best[j] < best[s] {
			s = j
		}
	}
	tick := make([]int32, n)
	for i := n - 1; i >= 0; i-- {
		tick[i] = int32((i + s) / int64(room))
		if i == 0 {
			break
		}
		// Visit i − 1 took the best slot among i − 1 + 0..s: walk down to
		// the last place the running minimum was set.
		for cell := i*width + s; from[cell/64]&(1<<(cell%64)) == 0; cell-- {
			s--
		}
	}
	return tick, true
}
