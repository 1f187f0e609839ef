package allocate

// finish turns the bracket (hi: every gain above the upper threshold,
// totHi visits; lo: every gain above the lower one, or unknown on a host
// full there) into GREEDY's exact allocation of target visits: full hosts
// take their own top cap visits, the rest continue GREEDY from hi with a
// heap.
func (sv *solver) finish(pages []int32, capped bool, target int64, lo, hi []int32, totHi int64) {
	p := sv.p
	for j, i := range pages {
		sv.x[i] = max(hi[j], 0)
	}
	var used []int64
	if capped {
		used = make([]int64, len(p.Caps))
		start := sv.threshold
		passed := 0
		for s, hp := range sv.byHost {
			c := int64(p.Caps[s])
			for _, i := range hp {
				if hi[i] == unknown {
					used[s] = c
					break
				}
				used[s] += int64(hi[i])
			}
			if used[s] >= c {
				// Its own threshold lies above start and above the
				// highest it was found full at: the search starts from
				// the higher (at paper scale GREEDY 0.88× on one core).
				if sv.solveHost(s, c, max(start, sv.fullAt[s])); sv.err != nil {
					return
				}
				used[s] = c
			}
			if passed += len(hp); sv.counting(len(hp), passed, len(pages)) {
				return
			}
		}
	}
	h := gainHeap{}
	bound := func(j int32) int32 {
		if lo[j] == unknown {
			return int32(p.maxVisits(int(pages[j])))
		}
		return lo[j]
	}
	for j, i := range pages {
		if sv.counting(1, j+1, len(pages)) {
			return
		}
		if capped && used[p.Hosts[i]] >= int64(p.Caps[p.Hosts[i]]) {
			continue
		}
		if bound(int32(j)) > hi[j] {
			h = append(h, candidate{p.gain(int(i), int(hi[j])), int32(j)})
		}
	}
	h.init()
	for left := target - totHi; left > 0 && len(h) > 0; {
		c := h.pop()
		i := pages[c.page]
		if capped {
			s := p.Hosts[i]
			if used[s] >= int64(p.Caps[s]) {
				continue
			}
			used[s]++
		}
		sv.x[i]++
		left--
		if sv.x[i] < bound(c.page) {
			h.push(candidate{p.gain(int(i), int(sv.x[i])), c.page})
		}
	}
}

// solveHost writes into sv.x the top c gains of host s: GREEDY's
// allocation on a host whose constraint (2) binds. A host with few visits
// per page (the large hosts that politeness binds hardest) is filled
// straight from a heap, O(n_s + c log n_s); others search a threshold as
// the whole problem does, from start, at or below the host's own.
func (sv *solver) solveHost(s int, c int64, start float64) {
	pages := sv.byHost[s]
	if c <= 4*int64(len(pages)) {
		sv.heapFill(pages, c)
		return
	}
	guess := make([]int32, len(pages))
	for j, i := range pages {
		guess[j] = sv.x[i]
	}
	sv.solve(pages, false, c, guess, start)
}

// heapFill writes into sv.x GREEDY's allocation of target visits among
// pages, as HeapGreedy makes it, without caps.
func (sv *solver) heapFill(pages []int32, target int64) {
	p := sv.p
	h := make(gainHeap, 0, len(pages))
	left := target
	for j, i := range pages {
		if sv.counting(1, j+1, len(pages)) {
			return
		}
		sv.x[i] = int32(p.MinVisits)
		left -= int64(p.MinVisits)
		if p.MinVisits < p.maxVisits(int(i)) {
			if g := p.gain(int(i), p.MinVisits); g > 0 {
				h = append(h, candidate{g, int32(j)})
			}
		}
	}
	h.init()
	for ; left > 0 && len(h) > 0; left-- {
		c := h.pop()
		i := pages[c.page]
		sv.x[i]++
		if int(sv.x[i]) < p.maxVisits(int(i)) {
			if g := p.gain(int(i), int(sv.x[i])); g > 0 {
				h.push(candidate{g, c.page})
			}
		}
	}
}
