package allocate

import (
	"math"
	"slices"
)

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
