package allocate

// Count returns x_i(μ): MinVisits plus the number of visits k ≥ MinVisits
// of page i whose gain w_i[A_i(k) − A_i(k+1)] exceeds mu, at most
// maxVisits(i) — the page's count at threshold mu in Greedy's search
// (seed 000 §2.1: GREEDY takes visits in decreasing order of gain, and
// each page's gains fall with k, so the visits above a threshold are a
// prefix). hint is where the search starts (a count at a nearby
// threshold; any value is correct, a close one is fast).
//
// It is exported for a planner that runs Greedy's threshold search
// itself, one round of counts at a time across machines
// (cmd/freshplan-beam): Greedy's own search keeps per-page memos and
// stays unexported. Functions, not methods, so that a binary that does
// not call them (the web app) does not link them.
func Count(p *Problem, i int, mu float64, hint int) int {
	lo, hi := p.MinVisits, p.maxVisits(i)
	if hi <= lo {
		return lo
	}
	done := func(k int) bool { return k >= hi || p.gain(i, k) <= mu }
	return gallop(min(max(hint, lo), hi), lo, hi, done)
}

// Gain returns the reduction w_i[A_i(k) − A_i(k+1)] of page i's (k+1)-th
// visit (seed 000 §2.1 GREEDY step 2a), the largest finite float for a
// first visit that ends an infinite cost.
func Gain(p *Problem, i, k int) float64 { return p.gain(i, k) }

// MaxVisitsOf returns the most visits page i can take: the budget, the
// per-page maximum and its host's cap, whichever is least.
func MaxVisitsOf(p *Problem, i int) int { return p.maxVisits(i) }
