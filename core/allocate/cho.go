package allocate

import (
	"fmt"
	"math"
	"slices"
	"sync"

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
// total is not finite and positive, obj is unknown; or the inputs span more
// than the double range allows (a page's λ/w or λ²/w, with λ in units of
// total/pages and w of the largest weight, outside [2^−1022, 2^1024)). A
// weight below 1e-308 of the largest counts as 0.
func Cho(rates, weights []float64, total float64, obj staleness.Objective) ([]float64, error) {
	if err := validateCho(rates, weights, total, obj); err != nil {
		return nil, err
	}
	s := newChoSolver(rates, weights, total, obj == staleness.Stale)
	if s.err != nil {
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
	err    error   // an input out of range
	active int     // pages with c_i > 0
	mu0    float64 // a first μ, with Σf(μ0) ≤ total
	muMax  float64 // freshness: Σf(μ) = 0 for μ ≥ muMax; age: +Inf

	// Freshness pages near their cutoff at the last full pass: Σλ_i by c_i
	// (see steepStep), or steepOver if there were too many distinct c_i.
	steep     map[float64]float64
	steepOver bool
	runC      float64 // the last c_i recorded, whose Σλ_i is still in runL
	runL      float64
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
	full := func(mu float64) (float64, float64) { return s.approxPass(mu, 1) }
	if st, _ := s.search(mu, nil, full, choApproxTol, true); st.mu > 0 && st.mu < s.muMax {
		mu = st.mu
	}
	// One exact pass, warm-started from the table (one Newton step per
	// page). The table's error leaves Σf off by ~1e-9, which a first-order
	// move of μ removes: f_i(μe^δ) = f_i + δ·df_i/d ln μ + O(δ²).
	sum, deriv := s.exactPass(mu)
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
	st, ok := s.search(mu, []float64{sum, deriv}, s.exactPass, choTol, true)
	switch {
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

// search runs Newton's method on h(ln μ) = ln Σf − ln total, with
// h' = (dΣf/d ln μ)/Σf < 0, inside the bracket, bisecting when a step
// leaves it or the last step failed to halve |h|. With model set, the
// passes are full and record the pages near their freshness cutoff, and
// steepStep replaces the Newton step when there are such pages. It reports
// whether |Σf − total| ≤ tol·total was reached. If first is not nil, it
// holds the pass at mu just done: Σf and dΣf/d ln μ.
func (s *choSolver) search(mu float64, first []float64, pass func(float64) (float64, float64), tol float64, model bool) (choSearch, bool) {
	t := s.total
	st := choSearch{hi: s.muMax}
	hasLo := false
	prevH, lastNewton := math.Inf(1), false
	for range choMaxIter {
		var sum, deriv float64
		if first != nil {
			sum, deriv, first = first[0], first[1], nil
		} else {
			sum, deriv = pass(mu)
		}
		st.mu, st.sum = mu, sum
		if math.IsNaN(sum) {
			return st, false
		}
		if sum >= t {
			st.lo, st.sLo, hasLo = mu, sum, true
		} else {
			st.hi, st.sHi = mu, sum
		}
		if math.Abs(sum-t) <= tol*t {
			return st, true
		}
		h := math.Log(sum / t)
		next, newton := 0.0, false
		if sum > 0 && !math.IsInf(sum, 1) && deriv < 0 && !math.IsInf(deriv, -1) &&
			!(lastNewton && math.Abs(h) > prevH/2) {
			lo, hi := st.lo, st.hi
			if !hasLo {
				lo = mu * math.Exp(-choMaxStep)
			}
			if math.IsInf(hi, 1) {
				hi = mu * math.Exp(choMaxStep)
			}
			inside := func(m float64) bool { return m < st.hi && (!hasLo || m > st.lo) }
			if model && len(s.steep) > 0 && !s.steepOver {
				// The closer of the model's two floats around its root,
				// or the other if the closer was evaluated already.
				if a, b, ok := s.steepStep(mu, sum, deriv, lo, hi); ok {
					next, newton = a, inside(a)
					if !newton {
						next, newton = b, inside(b)
					}
				}
			}
			if !newton {
				next = min(max(mu*math.Exp(-h*sum/deriv), lo), hi)
				newton = inside(next)
			}
		}
		if !newton {
			switch {
			case !hasLo:
				next = math.Min(mu, st.hi) * math.Exp(-choMaxStep)
			case math.IsInf(st.hi, 1):
				next = st.lo * math.Exp(choMaxStep)
			default:
				next = choMid(st.lo, st.hi)
				if !(next > st.lo && next < st.hi) {
					st.collapsed = true
					return st, false
				}
			}
		}
		prevH, lastNewton = math.Abs(h), newton
		mu = next
	}
	return st, false
}

// choMid bisects [lo, hi]: in ln μ, then, once hi ≤ 2lo, on the floats'
// bit patterns, which reaches adjacent floats in at most 53 steps.
func choMid(lo, hi float64) float64 {
	if hi > 2*lo {
		return lo * math.Sqrt(hi/lo)
	}
	a, b := math.Float64bits(lo), math.Float64bits(hi)
	return math.Float64frombits(a + (b-a)/2)
}

// steepStep is the Newton step when some pages are near their freshness
// cutoff. There f_i = λ_i/r_i jumps from about λ_i/37 to 0 within an ulp of
// μ (r − ln(1+r) = −ln(1−y) cannot exceed 36.7 in doubles) after a
// logarithmic rise, so no Newton step in μ crosses it well. Instead Σf is
// modelled as the other pages to first order in ln μ plus the near-cutoff
// pages exactly, M(μ) = S − S_near + (D − D_near)·ln(μ/μ_k) + S_near(μ),
// and the root of M in [lo, hi] is found by bisection on the floats; if it
// is a jump, the two floats around it, evaluated in turn, end the search
// as a collapsed bracket (blend). It returns the two floats, the one where
// M is closer to total first, or false if M does not change sign on
// [lo, hi].
func (s *choSolver) steepStep(mu, sum, deriv, lo, hi float64) (float64, float64, bool) {
	cs := make([]float64, 0, len(s.steep))
	for c := range s.steep {
		cs = append(cs, c)
	}
	slices.Sort(cs) // a fixed order, for reproducible sums
	ls := make([]float64, len(cs))
	for k, c := range cs {
		ls[k] = s.steep[c]
	}
	group := func(m float64, k int) (f, df float64) { // Σλ/r(mc_k)
		y := m * cs[k]
		if y >= 1 {
			return 0, 0
		}
		r, drdu := choFreshR(y, 0)
		f = ls[k] / r
		return f, -(f / r) * drdu
	}
	base, slope := sum, deriv
	for k := range cs {
		f, df := group(mu, k)
		base, slope = base-f, slope-df
	}
	slope = min(slope, 0)
	lnMu := math.Log(mu)
	model := func(m float64) float64 {
		v := base + slope*(math.Log(m)-lnMu)
		for k := range cs {
			f, _ := group(m, k)
			v += f
		}
		return v
	}
	t := s.total
	if !(lo > 0) || !(model(lo) >= t && model(hi) <= t) {
		return 0, 0, false
	}
	for {
		m := choMid(lo, hi)
		if !(m > lo && m < hi) {
			break
		}
		if model(m) >= t {
			lo = m
		} else {
			hi = m
		}
	}
	if model(lo)-t <= t-model(hi) {
		return lo, hi, true
	}
	return hi, lo, true
}

// noteSteep records a page near its freshness cutoff (|1 − y| below
// choSteepBand), with c_i = c and λ_i = rate. Runs of equal c_i (pages
// alike) are summed before they reach the map.
func (s *choSolver) noteSteep(c, rate float64) {
	if c == s.runC {
		s.runL += rate
		return
	}
	s.flushSteep()
	s.runC, s.runL = c, rate
}

// flushSteep moves the current run into the map.
func (s *choSolver) flushSteep() {
	if s.runL == 0 || s.steepOver {
		return
	}
	if _, ok := s.steep[s.runC]; !ok && len(s.steep) >= choSteepMax {
		s.steepOver = true
		return
	}
	s.steep[s.runC] += s.runL
	s.runC, s.runL = 0, 0
}

// resetSteep starts a full pass's record of near-cutoff pages.
func (s *choSolver) resetSteep() {
	clear(s.steep)
	s.steepOver = false
	s.runC, s.runL = 0, 0
}

// approxPass sets f_i = f_i(μ) for every stride-th page, with r_i read
// from the interpolation tables (accurate to ~1e-9), and returns Σf_i and
// dΣf_i/d ln μ over those pages. It reads aux as ln c_i.
func (s *choSolver) approxPass(mu float64, stride int) (sum, deriv float64) {
	var acc choSum
	logMu := math.Log(mu)
	full := stride == 1 && s.fresh
	if full {
		s.resetSteep()
	}
	for i := 0; i < len(s.c); i += stride {
		c := s.c[i]
		if c == 0 {
			continue
		}
		y := mu * c
		if full && y > 1-choSteepBand && y < 1+choSteepBand {
			s.noteSteep(c, s.rates[i])
		}
		var r, drdu float64
		var ok bool
		switch {
		case !s.fresh:
			r, drdu, ok = choAgeTable().eval(logMu + s.aux[i])
		case y >= 1:
			s.f[i], s.r[i] = 0, 0 // w_i/λ_i ≤ μ: not worth a visit
			continue
		case y <= choFreshSplit:
			r, drdu, ok = choFreshTable().eval(logMu + s.aux[i])
		default: // near the cutoff: tabulated against z = −ln(1−y)
			var drdz float64
			r, drdz, ok = choCutoffTable().eval(-math.Log1p(-y))
			drdu = drdz * y / (1 - y)
		}
		if !ok {
			r, drdu = s.solvePage(mu, c, s.r[i])
		}
		fi := s.rates[i] / r
		s.r[i], s.f[i] = r, fi
		acc.add(fi)
		deriv -= (fi / r) * drdu
	}
	if full {
		s.flushSteep()
	}
	return acc.value(), deriv
}

// exactPass sets f_i = f_i(μ) and aux_i = df_i/d ln μ, and returns Σf_i
// and dΣf_i/d ln μ.
func (s *choSolver) exactPass(mu float64) (sum, deriv float64) {
	var acc choSum
	if s.fresh {
		s.resetSteep()
	}
	for i, c := range s.c {
		if c == 0 {
			continue
		}
		y := mu * c
		if s.fresh && y > 1-choSteepBand && y < 1+choSteepBand {
			s.noteSteep(c, s.rates[i])
		}
		if s.fresh && y >= 1 {
			s.f[i], s.r[i], s.aux[i] = 0, 0, 0
			continue
		}
		r, drdu := s.solvePage(mu, c, s.r[i])
		fi := s.rates[i] / r
		di := -(fi / r) * drdu // f = λ/r
		s.r[i], s.f[i], s.aux[i] = r, fi, di
		acc.add(fi)
		deriv += di
	}
	if s.fresh {
		s.flushSteep()
	}
	return acc.value(), deriv
}

// solvePage returns r and dr/d ln y on D(r) = y = μc, warm-started at
// warm. Below y = 1e-200 (where y may underflow) it uses the leading term
// of D, r²/2 (freshness) or r³/3 (age), in logarithms: the next term is
// smaller by r/3 < 1e-66.
func (s *choSolver) solvePage(mu, c, warm float64) (r, drdu float64) {
	y := mu * c
	switch {
	case y < 1e-200 && s.fresh:
		r = math.Exp((math.Ln2 + math.Log(mu) + math.Log(c)) / 2)
		return r, r / 2
	case y < 1e-200:
		r = math.Exp((math.Log(3) + math.Log(mu) + math.Log(c)) / 3)
		return r, r / 3
	case s.fresh:
		return choFreshR(y, warm)
	}
	return choAgeR(y, warm)
}

// correct moves every f_i from μ, the last exact pass's, to μe^δ to first
// order, with aux_i = df_i/d ln μ, and returns the new Σf. It returns false,
// changing nothing, if some f_i would move by more than 1e-7 of itself,
// where the O(δ²) term could exceed 1e-14, or a page would cross its
// freshness cutoff.
func (s *choSolver) correct(mu, delta float64) (float64, bool) {
	next := mu * math.Exp(delta)
	for i, fi := range s.f {
		if fi == 0 {
			if s.fresh && s.c[i] > 0 && next*s.c[i] < 1 {
				return 0, false
			}
		} else if !(math.Abs(s.aux[i]*delta) <= 1e-7*fi) {
			return 0, false
		}
	}
	var acc choSum
	for i, fi := range s.f {
		if fi != 0 {
			s.f[i] = fi + s.aux[i]*delta
			acc.add(s.f[i])
		}
	}
	return acc.value(), true
}

func (s *choSolver) scale(k float64) {
	for i := range s.f {
		s.f[i] *= k
	}
}

// blend handles μ pinned between adjacent floats lo < hi: the pages at
// their cutoff jump between the two, so the result is the combination
// θ f(lo) + (1−θ) f(hi) that spends total exactly. f holds the allocation
// at st.mu, one of the two.
func (s *choSolver) blend(st choSearch) {
	cur := append([]float64(nil), s.f...)
	fLo, fHi := cur, s.f
	switch {
	case st.mu != st.lo:
		fHi = cur
		s.exactPass(st.lo)
		fLo = s.f
	case st.hi == s.muMax && st.sHi == 0:
		clear(s.f) // the freshness cutoff, never evaluated: no visits
	default:
		s.exactPass(st.hi)
	}
	theta := (s.total - st.sHi) / (st.sLo - st.sHi)
	for i := range s.f {
		s.f[i] = fHi[i] + theta*(fLo[i]-fHi[i])
	}
}

// choSum is Neumaier's compensated sum.
type choSum struct{ s, c float64 }

func (a *choSum) add(x float64) {
	t := a.s + x
	if math.Abs(a.s) >= math.Abs(x) {
		a.c += (a.s - t) + x
	} else {
		a.c += (x - t) + a.s
	}
	a.s = t
}

func (a *choSum) value() float64 { return a.s + a.c }

// choFreshR solves D_F(r) = 1 − (1+r)e^{−r} = y for r > 0, 0 < y < 1
// (seed 001 §5.5.4 with the derivative of Theorem 5.5's proof), and returns
// r and dr/d ln y = y/D_F'(r), D_F'(r) = re^{−r}. From a close warm start
// and for y ≤ 0.9 (r ≤ 3.9, where D_F' ≥ 0.08 keeps D_F's rounding out of
// r) it takes one Newton step on D_F, whose error (|1−r|/2)(step/r)² is
// below 1e-15 when step/r < 1e-8; otherwise it solves
// G(r) = r − ln(1+r) = z = −ln(1−y) (choFreshRz), which resolves r up to
// the cutoff y → 1.
func choFreshR(y, warm float64) (float64, float64) {
	r := warm
	if r > 0 && y <= 0.9 {
		e := math.Exp(-r)
		d := 1 - (1+r)*e
		if r < 0.5 {
			d = choDF(r)
		}
		if step := (d - y) / (r * e); math.Abs(step) <= 1e-8*r {
			r -= step
			return r, choFreshSlope(y, r)
		}
	}
	r = choFreshRz(-math.Log1p(-y), r)
	return r, choFreshSlope(y, r)
}

// choFreshSlope is dr/d ln y = y/D_F'(r) with e^r = (1+r)/(1−y), which
// cannot overflow.
func choFreshSlope(y, r float64) float64 {
	return y * ((1 + r) / r) / (1 - y)
}

// choFreshRz solves G(r) = r − ln(1+r) = z > 0. G is convex and
// increasing, so Newton's method converges monotonically once right of
// the root, and a step from the left lands right of it. The cold start
// z + √(z² + 2z) is right of the root since G(r) ≥ r²/(2(1+r)).
func choFreshRz(z, warm float64) float64 {
	r, g := warm, 0.0
	if r > 0 {
		if g = choG(r); g > 8*z || g < z/8 {
			r = 0 // a poor warm start: the cold one is better
		}
	}
	if !(r > 0) {
		r = z + math.Sqrt(z*(z+2))
		g = choG(r)
	}
	for range 100 {
		step := (g - z) * (1 + r) / r
		next := r - step
		if !(next > 0) {
			next = r / 2 // rounding only: exact steps stay positive
		}
		if math.Abs(step) <= 1e-8*r {
			return next // Newton's error squares: (e/r)² < 1e-16 after this step
		}
		r = next
		g = choG(r)
	}
	return r
}

// choG is r − ln(1+r), by its series r²Σ_{k≥0} (−r)^k/(k+2) below 0.1 where
// the difference cancels (16 terms: the first left out is < 0.1^16/18).
func choG(r float64) float64 {
	if r < 0.1 {
		return r * r * choHorner(choGCoef[:], -r)
	}
	return r - math.Log1p(r)
}

// choDF is D_F(r) by its series r²Σ_{j≥0} (−1)^j (j+1) r^j/(j+2)!, for
// r < 0.5 where 1 − (1+r)e^{−r} cancels (16 terms: the first left out is
// < 17·0.5^16/18! < 5e-20).
func choDF(r float64) float64 { return r * r * choHorner(choDFCoef[:], -r) }

// choAgeR solves D_A(r) = r²/2 − 1 + (1+r)e^{−r} = y for r > 0, y > 0
// (seed 001 §5.5.4 for age: −∂Ā/∂f = D_A(λ/f)/λ² from eq. 5.5), and
// returns r and dr/d ln y = y/D_A'(r), D_A'(r) = r(1 − e^{−r}). D_A is
// convex and increasing (its second derivative 1 − e^{−r} + re^{−r} > 0), so Newton's
// method converges as in choFreshRz, and from a close warm start one step
// suffices. Cold start: (3y)^{1/3} (D_A ≤ r³/3: left of the root) below
// y = 1, √(2y + 2) (D_A ≥ r²/2 − 1: right of it) above.
func choAgeR(y, warm float64) (float64, float64) {
	if math.IsInf(y, 1) {
		return y, 0
	}
	r := warm
	if r > 0 {
		d, dp := choDA(r)
		if step := (d - y) / dp; math.Abs(step) <= 1e-8*r {
			return r - step, y / dp
		}
		if d > 8*y || d < y/8 {
			r = 0
		}
	}
	if !(r > 0) {
		if y < 1 {
			r = math.Cbrt(3 * y)
		} else {
			r = math.Sqrt(2*y + 2)
		}
	}
	dp := 0.0
	for range 100 {
		var d float64
		d, dp = choDA(r)
		step := (d - y) / dp
		next := r - step
		if !(next > 0) {
			next = r / 2
		}
		r = next
		if math.Abs(step) <= 1e-8*r {
			break
		}
	}
	return r, y / dp
}

// choDA returns D_A(r) and D_A'(r) = −r·expm1(−r). With m = e^{−r} − 1,
// D_A = r²/2 + r + (1+r)m, which cancels below r = 0.5; there it is the
// series r³Σ_{j≥0} (−1)^j (j+2) r^j/(j+3)! (15 terms: the first left out is
// < 16·0.5^15/18! < 8e-20).
func choDA(r float64) (float64, float64) {
	m := math.Expm1(-r)
	if r < 0.5 {
		return r * r * r * choHorner(choDACoef[:], -r), -r * m
	}
	return r*0.5*r + r + (1+r)*m, -r * m
}

// choHorner evaluates Σ c[k] x^k.
func choHorner(c []float64, x float64) float64 {
	s := 0.0
	for k := len(c) - 1; k >= 0; k-- {
		s = s*x + c[k]
	}
	return s
}

// Series coefficients: choGCoef[k] = 1/(k+2), choDFCoef[j] = (j+1)/(j+2)!,
// choDACoef[j] = (j+2)/(j+3)!.
var choGCoef, choDFCoef, choDACoef = func() (g, df [16]float64, da [15]float64) {
	fact := 1.0 // (k+2)! after the first line of the loop
	for k := range g {
		fact *= float64(k + 2)
		g[k] = 1 / float64(k+2)
		df[k] = float64(k+1) / fact
		if k < len(da) {
			da[k] = float64(k+2) / (fact * float64(k+3))
		}
	}
	return g, df, da
}()

// choTable holds r and dr/dx at x_k = x0 + k·h for cubic Hermite
// interpolation of the inverse of D_F or D_A. Against x = ln y, r grows
// like e^{x/2} or e^{x/3} and its derivatives are of the same size, so the
// relative error is about h⁴/6144 < 1e-11 at h = 1/64; it rises to ~2e-9
// at y = 0.5 (freshness), where the table against z = −ln(1−y) takes over
// (errors measured in the tests).
type choTable struct {
	x0, h, invH float64
	r, dr       []float64
}

func newChoTable(x0, x1 float64, solve func(x float64) (r, drdx float64)) *choTable {
	const h = 1.0 / 64
	n := int((x1-x0)/h) + 2 // one node past x1
	t := &choTable{x0: x0, h: h, invH: 1 / h, r: make([]float64, n), dr: make([]float64, n)}
	for k := range n {
		t.r[k], t.dr[k] = solve(x0 + float64(k)*h)
	}
	return t
}

// eval returns the interpolated r and dr/dx at x, and false outside the table.
func (t *choTable) eval(x float64) (r, drdx float64, ok bool) {
	u := (x - t.x0) * t.invH
	if !(u >= 0) || u >= float64(len(t.r)-1) {
		return 0, 0, false
	}
	k := int(u)
	p := u - float64(k)
	r0, r1 := t.r[k], t.r[k+1]
	d0, d1 := t.dr[k]*t.h, t.dr[k+1]*t.h
	q := 1 - p
	r = q*q*((1+2*p)*r0+p*d0) + p*p*((3-2*p)*r1-q*d1)
	drdx = (6*p*q*(r1-r0) + q*(1-3*p)*d0 + p*(3*p-2)*d1) * t.invH
	return r, drdx, true
}

// choFreshSplit is where the freshness tables meet. Against ln y, r has a
// logarithmic singularity at y = 1 that spoils the interpolation near it
// (1e-6 at y = 0.9, 2e-9 at y = 0.5).
const choFreshSplit = 0.5

// The tables: freshness against ln y for y in [e^{−60}, 0.5], and against
// z = −ln(1−y) for z in [ln 2, 40] (y = 1 − 2^{−53} gives z = 36.7); age
// against ln y for y in [e^{−60}, e^{60}]. Outside them pages are solved
// exactly.
var (
	choFreshTable = sync.OnceValue(func() *choTable {
		return newChoTable(-60, math.Log(choFreshSplit), func(u float64) (float64, float64) {
			return choFreshR(math.Exp(u), 0)
		})
	})
	choCutoffTable = sync.OnceValue(func() *choTable {
		return newChoTable(-math.Log1p(-choFreshSplit)-1.0/64, 40, func(z float64) (float64, float64) {
			r := choFreshRz(z, 0)
			return r, (1 + r) / r // 1/G'(r)
		})
	})
	choAgeTable = sync.OnceValue(func() *choTable {
		return newChoTable(-60, 60, func(u float64) (float64, float64) {
			return choAgeR(math.Exp(u), 0)
		})
	})
)
