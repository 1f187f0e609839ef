package allocate

import "math"

// Greedy returns the optimum of problem S (seed 000 §2.1): the allocation
// HeapGreedy reaches, with the same objective value (pages with exactly
// equal gains may trade visits), in far fewer steps.
//
// Why it is exact: each page's gains w_i[A_i(k) − A_i(k+1)] fall with k, so
// GREEDY takes visits in decreasing order of gain, and a host stops
// accepting visits once it holds ⌊T/P⌋ of them. After GREEDY has taken
// every visit whose gain exceeds a threshold μ, each host holds
// min(cap_s, N_s(μ)) visits, where N_s(μ) counts the gains above μ on host
// s; a full host holds its own top cap_s gains. Greedy therefore searches
// for two thresholds that bracket the budget (a safeguarded regula falsi
// on log μ, each step counting gains above μ page by page from the last
// step's counts), solves every full host the same way with its cap as the
// target, and finishes the few visits between the thresholds with
// GREEDY's own heap, so ties and the last visits fall exactly as in
// GREEDY.
func Greedy(p Problem) ([]int, error) {
	if err := p.Validate(); err != nil {
		return nil, err
	}
	n := len(p.Rates)
	sv := &solver{p: &p, x: make([]int32, n)}
	all := make([]int32, n)
	for i := range all {
		all[i] = int32(i)
	}
	guess := make([]int32, n)
	for i := range guess {
		guess[i] = int32(p.MinVisits)
	}
	if p.Caps != nil {
		sv.hostSum = make([]int64, len(p.Caps))
		sv.byHost = groupByHost(p.Hosts, len(p.Caps))
	}
	sv.solve(all, p.Caps != nil, int64(p.Budget), guess)
	x := make([]int, n)
	for i, v := range sv.x {
		x[i] = int(v)
	}
	return x, nil
}

// solver holds the scratch state of one Greedy call.
type solver struct {
	p       *Problem
	x       []int32   // the result, indexed by page
	hostSum []int64   // per-host visit counts of the last count
	byHost  [][]int32 // pages of each host
}

// groupByHost returns the pages of each host, in page order.
func groupByHost(hosts []int32, m int) [][]int32 {
	sizes := make([]int, m)
	for _, h := range hosts {
		sizes[h]++
	}
	flat := make([]int32, len(hosts))
	groups := make([][]int32, m)
	off := 0
	for s, k := range sizes {
		groups[s] = flat[off : off : off+k]
		off += k
	}
	for i, h := range hosts {
		groups[h] = append(groups[h], int32(i))
	}
	return groups
}

// count returns x_i(μ): MinVisits plus the number of visits k ≥ MinVisits
// whose gain exceeds mu, at most maxVisits(i). It gallops from guess, so a
// good guess costs two or three gain evaluations.
func (sv *solver) count(i int, mu float64, guess int) int {
	lo, hi := sv.p.MinVisits, sv.p.maxVisits(i)
	if hi <= lo {
		return lo
	}
	// done(k): the (k+1)-th visit is not worth taking at μ; false then true.
	done := func(k int) bool { return k >= hi || sv.p.gain(i, k) <= mu }
	k := min(max(guess, lo), hi)
	var a, b int // the answer is in [a, b] and done(b) holds
	if done(k) {
		b = k
		a = lo
		for step := 1; k-step >= lo; step *= 2 {
			if !done(k - step) {
				a = k - step + 1
				break
			}
			b = k - step
		}
	} else {
		a = k + 1
		b = hi
		for step := 1; k+step < hi; step *= 2 {
			if done(k + step) {
				b = k + step
				break
			}
			a = k + step + 1
		}
	}
	for a < b {
		mid := int(uint(a+b) >> 1)
		if done(mid) {
			b = mid
		} else {
			a = mid + 1
		}
	}
	return a
}

// total counts every page of pages at threshold mu into out (warm-started
// from guess) and returns the visits taken, capped per host when capped.
func (sv *solver) total(pages []int32, capped bool, mu float64, guess, out []int32) int64 {
	var sum int64
	if capped {
		clear(sv.hostSum)
	}
	for j, i := range pages {
		c := sv.count(int(i), mu, int(guess[j]))
		out[j] = int32(c)
		if capped {
			sv.hostSum[sv.p.Hosts[i]] += int64(c)
		} else {
			sum += int64(c)
		}
	}
	if capped {
		for s, k := range sv.hostSum {
			sum += min(k, int64(sv.p.Caps[s]))
		}
	}
	return sum
}

// solve writes into sv.x the GREEDY allocation of target visits among
// pages (with host caps when capped), starting the counts from guess.
func (sv *solver) solve(pages []int32, capped bool, target int64, guess []int32) {
	m := len(pages)
	lo := make([]int32, m) // counts at muLo: totLo ≥ target
	hi := make([]int32, m) // counts at muHi: totHi ≤ target
	cur := make([]int32, m)
	muHi := math.MaxFloat64
	totHi := sv.total(pages, capped, muHi, guess, hi)
	if totHi >= target {
		sv.finish(pages, capped, target, hi, hi, totHi)
		return
	}
	mu0 := sv.startThreshold(pages, target)
	muLo := 0.0
	var totLo int64 = -1
	for mu := mu0; ; {
		t := sv.total(pages, capped, mu, hi, cur)
		if t >= target {
			muLo, totLo = mu, t
			lo, cur = cur, lo
			break
		}
		muHi, totHi = mu, t
		hi, cur = cur, hi
		if mu < 1e-300 {
			break
		}
		mu /= 16
	}
	if totLo < 0 { // even the tiniest threshold leaves budget over: take every gain
		totLo = sv.total(pages, capped, 0, hi, lo)
	}
	for muHi == math.MaxFloat64 {
		mu := muLo * 16
		if mu > 1e300 {
			break // only the sentinel gains of never-visited pages lie above
		}
		t := sv.total(pages, capped, mu, lo, cur)
		if t < target {
			muHi, totHi = mu, t
			hi, cur = cur, hi
			break
		}
		muLo, totLo = mu, t
		lo, cur = cur, lo
	}
	slack := int64(64 + m/256)
	if muLo > 0 {
		// Regula falsi with the Illinois rule on f(ℓ) = log(tot+1) − log(target+1),
		// ℓ = log μ: counts fall roughly as a power of μ, so this converges fast.
		lLo, lHi := math.Log(muLo), math.Log(muHi)
		fLo := math.Log(float64(totLo)+1) - math.Log(float64(target)+1)
		fHi := math.Log(float64(totHi)+1) - math.Log(float64(target)+1)
		side := 0
		for iter := 0; iter < 200 && totLo-totHi > slack && totLo != target && totHi != target; iter++ {
			width := lHi - lLo
			if width <= 1e-14*math.Max(1, math.Abs(lLo)) {
				break
			}
			l := lHi - fHi*width/(fHi-fLo)
			l = math.Min(math.Max(l, lLo+width/64), lHi-width/64)
			t := sv.total(pages, capped, math.Exp(l), hi, cur)
			f := math.Log(float64(t)+1) - math.Log(float64(target)+1)
			if t >= target {
				lLo, fLo, totLo = l, f, t
				lo, cur = cur, lo
				if side == -1 {
					fHi /= 2
				}
				side = -1
			} else {
				lHi, fHi, totHi = l, f, t
				hi, cur = cur, hi
				if side == 1 {
					fLo /= 2
				}
				side = 1
			}
		}
	}
	if totLo == target {
		hi, totHi = lo, totLo
	}
	sv.finish(pages, capped, target, lo, hi, totHi)
}

// startThreshold returns a first guess of the threshold: the mean gain of
// the next visit at an even split of target.
func (sv *solver) startThreshold(pages []int32, target int64) float64 {
	per := int(target / int64(len(pages)))
	var sum float64
	k := 0
	for _, i := range pages {
		x := min(max(per, sv.p.MinVisits), sv.p.maxVisits(int(i)))
		if g := sv.p.gain(int(i), x); g > 0 && g < math.MaxFloat64 {
			sum += g
			k++
		}
	}
	if k == 0 || !(sum > 0) {
		return 1e-12
	}
	return sum / float64(k)
}

// finish turns the bracket (hi: every gain above the upper threshold,
// totHi visits; lo: every gain above the lower one) into GREEDY's exact
// allocation of target visits: full hosts take their own top cap visits,
// the rest continue GREEDY from hi with a heap.
func (sv *solver) finish(pages []int32, capped bool, target int64, lo, hi []int32, totHi int64) {
	p := sv.p
	for j, i := range pages {
		sv.x[i] = hi[j]
	}
	var used []int64
	if capped {
		used = make([]int64, len(p.Caps))
		for j, i := range pages {
			used[p.Hosts[i]] += int64(hi[j])
		}
		for s, k := range used {
			if c := int64(p.Caps[s]); k >= c {
				sv.solveHost(s, c)
				used[s] = c
			}
		}
	}
	h := gainHeap{}
	for j, i := range pages {
		if capped && used[p.Hosts[i]] >= int64(p.Caps[p.Hosts[i]]) {
			continue
		}
		if lo[j] > hi[j] {
			h.push(candidate{p.gain(int(i), int(hi[j])), int32(j)})
		}
	}
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
		if sv.x[i] < lo[c.page] {
			h.push(candidate{p.gain(int(i), int(sv.x[i])), c.page})
		}
	}
}

// solveHost writes into sv.x the top cap gains of host s: GREEDY's
// allocation on a host whose constraint (2) binds.
func (sv *solver) solveHost(s int, c int64) {
	pages := sv.byHost[s]
	guess := make([]int32, len(pages))
	for j, i := range pages {
		guess[j] = sv.x[i]
	}
	sv.solve(pages, false, c, guess)
}
