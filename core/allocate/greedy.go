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
	sv := newSolver(&p)
	all := make([]int32, n)
	for i := range all {
		all[i] = int32(i)
	}
	// First guess: for large counts a Poisson page's gain falls as
	// w_iλ_i/x², so the optimum is near x_i ∝ √(w_iλ_i); the search corrects it.
	guess := make([]int32, n)
	var norm float64
	for i := range guess {
		norm += math.Sqrt(p.Weights[i] * p.Rates[i])
	}
	for i := range guess {
		g := float64(p.MinVisits)
		switch {
		case p.Start != nil:
			g = math.Max(g, float64(p.Start[i]))
		case norm > 0:
			g = math.Max(g, float64(p.Budget)*math.Sqrt(p.Weights[i]*p.Rates[i])/norm)
		}
		guess[i] = int32(min(g, float64(p.maxVisits(i))))
	}
	if p.Caps != nil {
		sv.byHost = groupByHost(p.Hosts, len(p.Caps))
		sv.fullAt = make([]float64, len(p.Caps))
	}
	// The setup looked at every page a few times: told as pass 0.
	if sv.counting(n, n, n) {
		return nil, sv.err
	}
	sv.solve(all, p.Caps != nil, int64(p.Budget), guess, 0)
	if sv.err != nil {
		return nil, sv.err
	}
	x := make([]int, n)
	for i, v := range sv.x {
		x[i] = int(v)
	}
	return x, nil
}

// solver holds the scratch state of one Greedy call.
type solver struct {
	p      *Problem
	x      []int32   // the result, indexed by page
	fullAt []float64 // per host, the highest threshold it was found full at (0: none)
	byHost [][]int32 // pages of each host
	// threshold is the upper threshold of the last search: a full host's
	// own threshold lies above it.
	threshold float64
	// Per page, the last count and the gains of the visits just past it
	// (memoNext, not taken) and just before it (memoLast, taken).
	memoK              []int32
	memoNext, memoLast []float64
	// pass counts the passes over the pages and counted the pages counted
	// in them (Problem.Progress's); err is Progress's error, which stops
	// the search.
	pass, counted int
	err           error
	scratch       countScratch
}

// countScratch is count's record of the gains and costs it evaluated for
// one page: (count, value) pairs, the first nSeen and nCosts in use.
type countScratch struct {
	seen          [2][72]float64
	costs         [2][16]float64
	nSeen, nCosts int
}

// counting adds k pages (or visits) handled to sv.counted and, each time
// the count passes a multiple of ProgressEvery, tells how far the work on
// total has got (done); it reports whether the search must stop. The
// passes count their pages one by one (total); the rest of the work — the
// allocation finished from the bracket, a full host filled — by this.
func (sv *solver) counting(k, done, total int) bool {
	before := sv.counted / ProgressEvery
	sv.counted += k
	return sv.counted/ProgressEvery != before && sv.tell(max(done, 1), max(total, done, 1))
}

// tell passes a pass's progress to Problem.Progress, and reports whether
// the search must stop.
func (sv *solver) tell(done, total int) bool {
	if sv.p.Progress == nil {
		return false
	}
	if err := sv.p.Progress(sv.pass, done, total); err != nil {
		sv.err = err
	}
	return sv.err != nil
}

func newSolver(p *Problem) *solver {
	n := len(p.Rates)
	sv := &solver{p: p, x: make([]int32, n),
		memoK: make([]int32, n), memoNext: make([]float64, n), memoLast: make([]float64, n)}
	for i := range sv.memoK {
		sv.memoK[i] = -1
	}
	return sv
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
// whose gain exceeds mu, at most maxVisits(i). Each page remembers its last
// answer with the gains on either side of it, so a threshold that does not
// move the page's count costs two comparisons; otherwise it gallops from
// sv.guess's estimate (a Poisson page's under staleness), else from the
// last answer, else from guess.
func (sv *solver) count(i int, mu float64, guess int) int {
	lo, hi := sv.p.MinVisits, sv.p.maxVisits(i)
	if hi <= lo {
		return lo
	}
	memo := int(sv.memoK[i])
	if memo >= 0 && mu >= sv.memoNext[i] && mu < sv.memoLast[i] {
		return memo // before the scratch below, which costs more than this
	}
	// Every gain evaluated is kept, so that no gain is computed twice: the
	// memo's two, the gallop's, the binary search's and the new memo's;
	// and every cost, so that gains at neighbouring counts, which the
	// gallop's first steps and the new memo ask for, share theirs. In the
	// solver's scratch, not zeroed a call (1.4 KB).
	sc := &sv.scratch
	sc.nSeen, sc.nCosts = 0, 0
	remember := func(k int, g float64) {
		if sc.nSeen < len(sc.seen[0]) {
			sc.seen[0][sc.nSeen], sc.seen[1][sc.nSeen] = float64(k), g
			sc.nSeen++
		}
	}
	costAt := func(k int) float64 {
		for j := range sc.nCosts {
			if sc.costs[0][j] == float64(k) {
				return sc.costs[1][j]
			}
		}
		c := sv.p.pageCost(i, k)
		if sc.nCosts < len(sc.costs[0]) {
			sc.costs[0][sc.nCosts], sc.costs[1][sc.nCosts] = float64(k), c
			sc.nCosts++
		}
		return c
	}
	gainAt := func(k int) float64 {
		for j := range sc.nSeen {
			if sc.seen[0][j] == float64(k) {
				return sc.seen[1][j]
			}
		}
		// Problem.gain, from the costs kept.
		g := math.MaxFloat64
		if a := costAt(k); !math.IsInf(a, 1) {
			g = a - costAt(k+1)
		}
		remember(k, g)
		return g
	}
	// The memo is the better start while the threshold stays within a
	// fifth of its bracket (the count moves by a visit or so, and the
	// guess would cost more than it saves), the guess when it has moved
	// further (measured at paper scale: capped and uncapped).
	if memo >= 0 {
		guess = memo
	}
	if near := memo >= 0 && mu >= sv.memoNext[i]/1.2 && mu < 1.2*sv.memoLast[i]; !near {
		if g, ok := sv.guess(i, mu); ok {
			guess = g
		}
	}
	if memo >= 0 {
		if memo < hi {
			remember(memo, sv.memoNext[i])
		}
		if memo > lo {
			remember(memo-1, sv.memoLast[i])
		}
	}
	// done(k): the (k+1)-th visit is not worth taking at μ; false then true.
	done := func(k int) bool { return k >= hi || gainAt(k) <= mu }
	a := gallop(min(max(guess, lo), hi), lo, hi, done)
	sv.memoK[i] = int32(a)
	sv.memoNext[i], sv.memoLast[i] = math.Inf(-1), math.Inf(1)
	if a < hi {
		sv.memoNext[i] = gainAt(a)
	}
	if a > lo {
		sv.memoLast[i] = gainAt(a - 1)
	}
	return a
}

// total counts every page of pages at threshold mu into out (warm-started
// from guess) and returns the visits taken, capped per host when capped.
// Problem.Progress is told every ProgressEvery pages; once it stops the
// search (sv.err), the total is not complete.
func (sv *solver) total(pages []int32, capped bool, mu float64, guess, out []int32) int64 {
	sv.pass++
	if capped {
		return sv.totalCapped(mu, guess, out)
	}
	var sum int64
	for j, i := range pages {
		c := sv.count(int(i), mu, int(guess[j]))
		out[j] = int32(c)
		sum += int64(c)
		if sv.counted++; sv.counted%ProgressEvery == 0 && sv.tell(j+1, len(pages)) {
			return sum
		}
	}
	return sum
}

// unknown marks the count of a page on a full host, which is not needed:
// the host takes its cap, whichever pages it goes to.
const unknown = -1

// totalCapped is total over every page (positions are page indices) with
// host caps. A host found full at μ is full at every lower threshold, so
// it is counted only until it fills, and not at all below the highest
// threshold it was found full at; its pages' counts are marked unknown.
func (sv *solver) totalCapped(mu float64, guess, out []int32) int64 {
	var sum int64
	passed := 0 // pages of the hosts passed
	for s, pages := range sv.byHost {
		passed += len(pages)
		c := int64(sv.p.Caps[s])
		full := mu <= sv.fullAt[s]
		if !full {
			var k int64
			for _, i := range pages {
				x := sv.count(int(i), mu, int(guess[i]))
				out[i] = int32(x)
				if sv.counted++; sv.counted%ProgressEvery == 0 && sv.tell(passed, len(out)) {
					return sum
				}
				if k += int64(x); k >= c {
					full = true
					sv.fullAt[s] = mu
					break
				}
			}
			sum += min(k, c)
		} else {
			sum += c
		}
		if full {
			for _, i := range pages {
				out[i] = unknown
			}
		}
	}
	return sum
}

// startSample is how many pages startThreshold looks at.
const startSample = 4096

// solve writes into sv.x the GREEDY allocation of target visits among
// pages (with host caps when capped), starting the counts from guess and
// the threshold search from mu0 (0: a guess of its own).
func (sv *solver) solve(pages []int32, capped bool, target int64, guess []int32, mu0 float64) {
	m := len(pages)
	lo := make([]int32, m) // counts at muLo: totLo ≥ target
	hi := make([]int32, m) // counts at muHi: totHi ≤ target
	cur := make([]int32, m)
	// Above every gain only the forced visits remain (Validate keeps them within the caps).
	muHi := math.MaxFloat64
	for j := range hi {
		hi[j] = int32(sv.p.MinVisits)
	}
	totHi := int64(m) * int64(sv.p.MinVisits)
	if totHi >= target {
		sv.finish(pages, capped, target, hi, hi, totHi)
		return
	}
	muLo, totLo := 0.0, int64(-1)
	if !(mu0 > 0) || mu0 >= math.MaxFloat64/4 {
		mu0 = sv.startThreshold(pages, target)
	}
	// Bracket: counts fall roughly as μ^(−1/2) (staleness) or μ^(−1/3) (age),
	// so step by the power law, with the slope measured once two points exist.
	last := guess
	slope := 2.0
	var lPrev, fPrev float64
	havePrev := false
	for mu := mu0; totLo < 0 || muHi == math.MaxFloat64; {
		t := sv.total(pages, capped, mu, last, cur)
		if sv.err != nil {
			return
		}
		l, f := math.Log(mu), math.Log(float64(t)+1)
		if havePrev && l != lPrev && f != fPrev {
			if s := -(l - lPrev) / (f - fPrev); s > 0.2 && s < 20 {
				slope = s
			}
		}
		lPrev, fPrev, havePrev = l, f, true
		if t >= target {
			muLo, totLo = mu, t
			lo, cur = cur, lo
			last = lo
		} else {
			muHi, totHi = mu, t
			hi, cur = cur, hi
			last = hi
		}
		if t == target {
			break
		}
		step := slope * (math.Log(float64(t)+1) - math.Log(float64(target)+1))
		step = math.Max(-10, math.Min(10, step))
		if step > -0.01 && step < 0.01 {
			step = math.Copysign(0.01, step)
		}
		next := mu * math.Exp(step)
		if next < 1e-300 {
			// Even the tiniest threshold leaves budget over: take every positive gain.
			totLo = sv.total(pages, capped, 0, last, lo)
			if sv.err != nil {
				return
			}
			muLo = 0
			break
		}
		if next >= math.MaxFloat64/4 {
			break // only the sentinel gains of never-visited pages lie above
		}
		if totLo >= 0 && next <= muLo || muHi < math.MaxFloat64 && next >= muHi {
			next = math.Sqrt(math.Max(muLo, 1e-300) * math.Min(muHi, math.MaxFloat64/4))
		}
		mu = next
	}
	sv.threshold = muHi
	if totLo == target {
		sv.finish(pages, capped, target, lo, lo, totLo)
		return
	}
	if totHi == target || totLo < 0 {
		sv.finish(pages, capped, target, hi, hi, totHi)
		return
	}
	slack := int64(64 + m/16) // the heap settles what is left cheaply
	if muLo > 0 && muHi < math.MaxFloat64 {
		// Regula falsi with the Illinois rule on f(ℓ) = log(tot+1) − log(target+1),
		// ℓ = log μ: counts fall roughly as a power of μ, so this converges fast.
		lLo, lHi := math.Log(muLo), math.Log(muHi)
		fLo := math.Log(float64(totLo)+1) - math.Log(float64(target)+1)
		fHi := math.Log(float64(totHi)+1) - math.Log(float64(target)+1)
		side := 0
		for iter := 0; iter < 200 && totLo-totHi > slack; iter++ {
			width := lHi - lLo
			if width <= 1e-14*math.Max(1, math.Abs(lLo)) {
				break
			}
			l := lHi - fHi*width/(fHi-fLo)
			l = math.Min(math.Max(l, lLo+width/64), lHi-width/64)
			t := sv.total(pages, capped, math.Exp(l), last, cur)
			if sv.err != nil {
				return
			}
			f := math.Log(float64(t)+1) - math.Log(float64(target)+1)
			if t >= target {
				lLo, fLo, totLo = l, f, t
				lo, cur = cur, lo
				last = lo
				if side == -1 {
					fHi /= 2
				}
				side = -1
			} else {
				lHi, fHi, totHi = l, f, t
				hi, cur = cur, hi
				last = hi
				if side == 1 {
					fLo /= 2
				}
				side = 1
			}
			if t == target {
				break
			}
		}
	}
	if totLo == target {
		hi, totHi = lo, totLo
	}
	sv.threshold = muHi
	sv.finish(pages, capped, target, lo, hi, totHi)
}

// startThreshold returns a first guess of the threshold: the mean gain of
// the next visit at an even split of target, over at most startSample
// pages evenly strided (a guess needs no more: the search corrects it).
func (sv *solver) startThreshold(pages []int32, target int64) float64 {
	per := int(target / int64(len(pages)))
	var sum float64
	k := 0
	stride := max(1, len(pages)/startSample)
	for j := 0; j < len(pages); j += stride {
		i := pages[j]
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
