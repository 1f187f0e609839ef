package allocate

import (
	"fmt"
	"math"

	"github.com/freshplan/freshplan/core/staleness"
)

// Cho returns the synchronization frequencies f_i of seed 001's optimal
// resource-allocation policy (§5.5.4, Problem 5.1; weighted, §5.6
// Definition 5.4) under the fixed-order policy, page i changing as a
// Poisson process of rate λ_i = rates[i] and visited every 1/f_i exactly.
// For obj == staleness.Stale it maximises the weighted freshness
// Σ w_i F̄(λ_i, f_i), F̄(λ, f) = (1 − e^{−r})/r, r = λ/f (eq. 5.4); for
// staleness.Age it minimises Σ w_i Ā(λ_i, f_i),
// Ā(λ, f) = (1/f)(1/2 − 1/r + (1 − e^{−r})/r²) (eq. 5.5); in both cases
// subject to Σ f_i = total and f_i ≥ 0. The f_i are in the time unit of
// rates and total.
//
// The Lagrange conditions (§5.5.4 Solution and footnote 3) are
// w_i ∂F̄/∂f_i = μ for every page with f_i > 0, and f_i = 0 where the
// derivative at f_i = 0 is already below μ. With the derivative of the
// proof of Theorem 5.5 they read, page by page:
//
//	freshness:  D_F(r_i) = 1 − (1+r_i)e^{−r_i} = μλ_i/w_i,  f_i = λ_i/r_i;
//	            f_i = 0 when w_i/λ_i ≤ μ (the page changes too often).
//	age:        D_A(r_i) = r_i²/2 − 1 + (1+r_i)e^{−r_i} = μλ_i²/w_i,
//	            f_i = λ_i/r_i > 0 always (−∂Ā/∂f → ∞ as f → 0).
//
// D_F rises from 0 to 1 and D_A from 0 to ∞, so each r_i is unique; the
// graphs scale with μ as Theorem 5.5 states, k times (freshness) and √k
// times (age) for weight k (§5.6). Pages with weight 0, and pages that
// never change (λ_i = 0, always fresh and of age 0), get f_i = 0; if no
// page can gain from a visit every f_i is 0 and the budget is unspent.
//
// The solver cannot diverge. Each r_i comes from Newton's method on a
// convex increasing function (r − ln(1+r) for freshness, D_A for age),
// which converges monotonically from any start after at most one
// overshoot. μ comes from Newton's method on ln Σf against ln μ inside a
// bracket that every evaluation shrinks, falling back to bisection. Near a
// freshness cutoff, where f_i rises from 0 like 1/ln(1/(1 − μλ_i/w_i)) and
// in doubles jumps from 0 to about λ_i/37 within an ulp of μ, the step
// models those pages exactly (steepStep). The search runs first on a cubic
// interpolation of r(μc) (cheap passes, on a sample of the pages first when
// there are many), then exactly, where the last ~1e-9 is a first-order step
// of μ. It stops when Σf is within 1e-12 of total and scales the f_i to sum
// to total exactly. If μ is pinned between two adjacent floats (a cutoff's
// jump straddles total), the two ends' allocations, each exact for its μ,
// are blended to spend total exactly. 1M pages take about 0.1–0.3 s and
// 5 float64 slices of their length.
//
// Errors: lengths differ, a rate or weight is negative, NaN or infinite,
// total is not finite and positive, obj is unknown; or every page's
// λ/w or λ²/w (λ in units of total/pages, w of the largest weight) is
// outside float64's normal range [2^−1022, 2^1024). A page alone outside
// it — a weight or rate negligible against the others' — gets no visits,
// as it would in the limit; a weight below 1e-308 of the largest counts
// as 0.
func Cho(rates, weights []float64, total float64, obj staleness.Objective) ([]float64, error) {
	return ChoTicked(rates, weights, total, obj, nil)
}

// ChoTicked is Cho, calling tick, when it is not nil, before it starts
// and before each pass over the pages (tens of milliseconds apart at a million pages in
// WebAssembly), so that a caller on one thread can yield, or stop: the
// first error tick returns ends the search with it.
func ChoTicked(rates, weights []float64, total float64, obj staleness.Objective, tick func() error) ([]float64, error) {
	if err := validateCho(rates, weights, total, obj); err != nil {
		return nil, err
	}
	if err := tickNow(tick); err != nil {
		return nil, err
	}
	s := newChoSolver(rates, weights, total, obj == staleness.Stale)
	s.tick = tick
	if s.err != nil && s.active == 0 {
		return nil, s.err
	}
	if s.active > 0 {
		if err := s.solve(); err != nil {
			return nil, err
		}
	}
	for i, f := range s.f {
		if !(f >= 0) || math.IsInf(f, 1) {
			return nil, fmt.Errorf("cho: page %d: no finite frequency (rates, weights and total out of range?)", i)
		}
	}
	return s.f, nil
}

func validateCho(rates, weights []float64, total float64, obj staleness.Objective) error {
	if len(rates) != len(weights) {
		return fmt.Errorf("cho: %d change rates but %d weights", len(rates), len(weights))
	}
	if math.IsNaN(total) || math.IsInf(total, 0) || total <= 0 {
		return fmt.Errorf("cho: total synchronization frequency %v is not finite and positive", total)
	}
	if obj != staleness.Stale && obj != staleness.Age {
		return fmt.Errorf("cho: unknown objective %v", obj)
	}
	for i := range rates {
		if !(rates[i] >= 0) || math.IsInf(rates[i], 1) {
			return fmt.Errorf("cho: page %d: change rate %v is not finite and non-negative", i, rates[i])
		}
		if !(weights[i] >= 0) || math.IsInf(weights[i], 1) {
			return fmt.Errorf("cho: page %d: weight %v is not finite and non-negative", i, weights[i])
		}
	}
	return nil
}

const (
	choTol       = 1e-12 // relative error of Σf accepted before the final scaling
	choApproxTol = 1e-10 // the same on the interpolated r (whose error is ~1e-9)
	choLinearTol = 1e-7  // Σf this close to total: finish with a first-order step
	choSampleTol = 1e-3  // the same on a sample (whose error is ~1e-2)
	choSample    = 8192  // pages in the sample, used from 16 times as many
	choMaxIter   = 400   // evaluations per search; bisection alone needs < 130
	choMaxStep   = 40.0  // largest move of ln μ before the root is bracketed
	choSteepBand = 1e-3  // freshness: pages with |1 − y| below this are modelled exactly
	choSteepMax  = 1024  // distinct c_i among them, beyond which they are not
)

type choSolver struct {
	fresh  bool
	rates  []float64
	c      []float64 // y_i = μ·c_i: λ/w (freshness) or λ²/w (age), scaled; 0: no visits
	aux    []float64 // ln c_i until the first exact pass, then df_i/d ln μ
	r      []float64 // r_i = λ_i/f_i at the last μ, the next warm start; 0: none
	f      []float64 // the result, f_i = λ_i/r_i
	total  float64
	err    error   // a page out of range, an error only when all are (active then 0)
	active int     // pages with c_i > 0
	mu0    float64 // a first μ, with Σf(μ0) ≤ total
	muMax  float64 // freshness: Σf(μ) = 0 for μ ≥ muMax; age: +Inf

	// Freshness pages near their cutoff at the last full pass: Σλ_i by c_i
	// (see steepStep), or steepOver if there were too many distinct c_i.
	steep     map[float64]float64
	steepOver bool
	runC      float64 // the last c_i recorded, whose Σλ_i is still in runL
	runL      float64

	tick    func() error // before each pass; nil: none
	tickErr error        // what tick returned, ending the search
}

// tickNow calls tick, if there is one, and returns its error.
func tickNow(tick func() error) error {
	if tick == nil {
		return nil
	}
	return tick()
}

// ticked is pass, after a call of s.tick; once tick has returned an
// error, a pass returns NaN, which ends a search (and solve returns the
// error).
func (s *choSolver) ticked(pass func(float64) (float64, float64)) func(float64) (float64, float64) {
	if s.tick == nil {
		return pass
	}
	return func(mu float64) (float64, float64) {
		if s.tickErr == nil {
			s.tickErr = s.tick()
		}
		if s.tickErr != nil {
			return math.NaN(), math.NaN()
		}
		return pass(mu)
	}
}

// newChoSolver precomputes c_i. The problem is unchanged when the weights
// are scaled, and its solution scales with (λ, total) (Theorem 5.5), so c_i
// and μ use w/max w and λ/(total/active), keeping μ near 1 whatever the
// units; the f_i themselves are computed from the unscaled λ_i.
func newChoSolver(rates, weights []float64, total float64, fresh bool) *choSolver {
	n := len(rates)
	s := &choSolver{fresh: fresh, rates: rates, c: make([]float64, n), f: make([]float64, n), total: total}
	maxW := 0.0
	for i := range rates {
		if rates[i] > 0 && weights[i] > 0 {
			s.active++
			maxW = max(maxW, weights[i])
		}
	}
	if s.active == 0 {
		return s
	}
	s.r, s.aux = make([]float64, n), make([]float64, n)
	s.steep = make(map[float64]float64)
	unit := total / float64(s.active) // time scale: λ' = λ/unit, total' = active
	var bound float64
	s.muMax = math.Inf(1)
	if fresh {
		s.muMax = 0
	}
	for i := range rates {
		if !(rates[i] > 0 && weights[i] > 0) {
			continue
		}
		l, w := rates[i]/unit, weights[i]/maxW
		if w == 0 {
			continue // below 1e-308 of the largest weight: weight 0
		}
		if fresh {
			s.c[i] = l / w
			s.muMax = max(s.muMax, w/l)
			bound += math.Sqrt(l * w)
		} else {
			s.c[i] = l / w * l
			bound += math.Cbrt(l * w / 3)
		}
		if !(s.c[i] >= 0x1p-1022) || math.IsInf(s.c[i], 1) {
			// A weight or a rate negligible against the others' (a weight
			// of 1e-320 beside 1, issue 22): c_i leaves float64's normal
			// range, and the page's optimal frequency is 0 in the limit
			// either way (c_i → ∞: too little weight for its changes;
			// c_i → 0: too few changes for any visit to matter). Only
			// when every page is such is it an error: nothing could be
			// allocated.
			s.c[i] = 0
			if s.err == nil {
				s.err = fmt.Errorf("cho: page %d: change rate %v and weight %v are out of range against the other pages and total %v", i, rates[i], weights[i], total)
			}
			continue
		}
		s.aux[i] = math.Log(s.c[i])
	}
	s.active = 0 // now the pages with c_i > 0
	for _, c := range s.c {
		if c > 0 {
			s.active++
		}
	}
	// Upper bounds on f_i give a μ0 with Σf(μ0) ≤ total: freshness
	// D_F(r) ≤ r²/2 so f_i ≤ √(λ_i w_i/(2μ)); age D_A(r) ≤ r³/3 so
	// f_i ≤ (λ_i w_i/(3μ))^{1/3} (Taylor series at r = 0, whose remainders
	// have the sign shown).
	a := float64(s.active)
	if fresh {
		s.mu0 = bound * bound / (2 * a * a)
	} else {
		s.mu0 = bound * bound * bound / (a * a * a)
	}
	return s
}

// solve finds μ with Σf(μ) = total (see Cho).
func (s *choSolver) solve() error {
	mu := s.mu0
	if !(mu > 0) || math.IsInf(mu, 1) {
		mu = 1
	}
	if mu >= s.muMax {
		mu = s.muMax * (1 - 1.0/1024)
	}
	n := len(s.c)
	if n >= 16*choSample {
		stride := n / choSample
		scale := float64(n) / float64((n+stride-1)/stride)
		sample := func(mu float64) (float64, float64) {
			sum, deriv := s.approxPass(mu, stride)
			return sum * scale, deriv * scale
		}
		if st, _ := s.search(mu, nil, sample, choSampleTol, false); st.mu > 0 && st.mu < s.muMax {
			mu = st.mu
		}
	}
	full := s.ticked(func(mu float64) (float64, float64) { return s.approxPass(mu, 1) })
	if st, _ := s.search(mu, nil, full, choApproxTol, true); st.mu > 0 && st.mu < s.muMax {
		mu = st.mu
	}
	// One exact pass, warm-started from the table (one Newton step per
	// page). The table's error leaves Σf off by ~1e-9, which a first-order
	// move of μ removes: f_i(μe^δ) = f_i + δ·df_i/d ln μ + O(δ²).
	exact := s.ticked(s.exactPass)
	sum, deriv := exact(mu)
	if s.tickErr != nil {
		return s.tickErr
	}
	if math.Abs(sum-s.total) <= choTol*s.total {
		s.scale(s.total / sum)
		return nil
	}
	if deriv < 0 && math.Abs(sum-s.total) <= choLinearTol*s.total {
		if sum, ok := s.correct(mu, (s.total-sum)/deriv); ok {
			s.scale(s.total / sum)
			return nil
		}
	}
	st, ok := s.search(mu, []float64{sum, deriv}, exact, choTol, true)
	switch {
	case s.tickErr != nil:
		return s.tickErr
	case ok:
		s.scale(s.total / st.sum)
		return nil
	case st.collapsed:
		s.blend(st)
		return nil
	}
	return fmt.Errorf("cho: no multiplier found in %d iterations", choMaxIter)
}

// choSearch is the state of a search for μ: the last point evaluated, and
// the bracket Σf(lo) ≥ total ≥ Σf(hi).
type choSearch struct {
	mu, sum          float64
	lo, hi, sLo, sHi float64
	collapsed        bool // lo and hi are adjacent floats
}
