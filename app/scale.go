package app

import "math"

// scale maps a data interval onto a pixel interval, linearly or on a
// log10 scale. A log scale can reserve a band before its range for the
// value 0, which a log scale cannot place (pages that never change, pages
// never visited).
type scale struct {
	Log      bool
	D0, D1   float64 // data domain; positive for a log scale
	R0, R1   float64 // pixel range, R0 at D0 (R1 < R0 for a y axis)
	ZeroBand float64 // pixels reserved before R0 for 0 on a log scale; 0 for none
}

// newScale returns a scale over [lo, hi] padded to whole ticks: decades on
// a log scale, nice steps on a linear one.
func newScale(lo, hi float64, log bool, r0, r1 float64) scale {
	if log {
		if !(lo > 0) {
			lo = hi / 10
		}
		if !(hi > 0) {
			lo, hi = 0.1, 1
		}
		lo = math.Pow(10, math.Floor(math.Log10(lo)+1e-9))
		hi = math.Pow(10, math.Ceil(math.Log10(hi)-1e-9))
		if hi <= lo {
			hi = lo * 10
		}
		return scale{Log: true, D0: lo, D1: hi, R0: r0, R1: r1}
	}
	if !(hi > lo) {
		if lo == 0 {
			hi = 1
		} else {
			lo, hi = math.Min(0, lo), math.Max(0, hi)
			if hi == lo {
				hi = lo + 1
			}
		}
	}
	step := niceStep((hi - lo) / 5)
	return scale{D0: math.Floor(lo/step+1e-9) * step, D1: math.Ceil(hi/step-1e-9) * step, R0: r0, R1: r1}
}

// newTightLogScale returns a log scale over [lo, hi] widened by a tenth
// of a decade each side, not to whole decades: for data spanning a decade
// or two, whole decades would leave most of the plot empty.
func newTightLogScale(lo, hi, r0, r1 float64) scale {
	if !(lo > 0) || !(hi >= lo) {
		return newScale(lo, hi, true, r0, r1)
	}
	pad := math.Pow(10, 0.1)
	return scale{Log: true, D0: lo / pad, D1: hi * pad, R0: r0, R1: r1}
}

// withZeroBand reserves band pixels before the range for the value 0.
func (s scale) withZeroBand(band float64) scale {
	dir := 1.0
	if s.R1 < s.R0 {
		dir = -1
	}
	s.ZeroBand = band
	s.R0 += dir * band
	return s
}

// At returns the pixel position of x.
func (s scale) At(x float64) float64 {
	if s.Log {
		if x <= 0 {
			if s.ZeroBand > 0 {
				dir := 1.0
				if s.R1 < s.R0 {
					dir = -1
				}
				return s.R0 - dir*s.ZeroBand*0.6
			}
			return s.R0
		}
		t := (math.Log10(x) - math.Log10(s.D0)) / (math.Log10(s.D1) - math.Log10(s.D0))
		return s.R0 + t*(s.R1-s.R0)
	}
	t := (x - s.D0) / (s.D1 - s.D0)
	return s.R0 + t*(s.R1-s.R0)
}

// placer places many values on a scale as At does, with a log scale's
// logarithms of its domain taken once: At takes three a value, which for
// a million pages' dots was a fifth of a second in WebAssembly.
type placer struct {
	s        scale
	l0, span float64 // log10(D0), log10(D1) − log10(D0)
}

func (s scale) placer() placer {
	p := placer{s: s}
	if s.Log {
		p.l0 = math.Log10(s.D0)
		p.span = math.Log10(s.D1) - p.l0
	}
	return p
}

// At returns the pixel position of x, the same as the scale's At.
func (p placer) At(x float64) float64 {
	if p.s.Log && x > 0 {
		t := (math.Log10(x) - p.l0) / p.span
		return p.s.R0 + t*(p.s.R1-p.s.R0)
	}
	return p.s.At(x)
}

// tick is one labelled position of an axis.
type tick struct {
	V     float64
	Label string
	Minor bool // a minor tick: a line, no label
}

// Ticks returns the axis ticks: powers of ten on a log scale (with 2 and
// 5 between them when the scale spans three decades or fewer), nice
// steps on a linear one.
func (s scale) Ticks() []tick {
	var out []tick
	if s.Log {
		a, b := math.Floor(math.Log10(s.D0)+1e-9), math.Ceil(math.Log10(s.D1)-1e-9)
		decades := b - a
		span := math.Log10(s.D1 / s.D0)
		every := math.Max(1, math.Ceil(decades/8)) // at most ~8 labels
		for e := a; e <= b; e++ {
			v := math.Pow(10, e)
			if math.Mod(e-a, every) == 0 {
				out = append(out, tick{V: v, Label: fmtTick(v)})
			} else {
				out = append(out, tick{V: v, Minor: true})
			}
			if decades <= 3 && e < b {
				for _, m := range []float64{2, 5} {
					out = append(out, tick{V: m * v, Label: fmtTick(m * v), Minor: span > 2.5})
				}
			}
		}
		// Ticks outside the domain are dropped (a tight scale does not
		// start on a decade).
		kept := out[:0]
		for _, tk := range out {
			if tk.V >= s.D0*(1-1e-9) && tk.V <= s.D1*(1+1e-9) {
				kept = append(kept, tk)
			}
		}
		out = kept
		if s.ZeroBand > 0 {
			out = append(out, tick{V: 0, Label: "0"})
		}
		return out
	}
	step := niceStep((s.D1 - s.D0) / 5)
	for v := s.D0; v <= s.D1+step*1e-9; v += step {
		r := math.Round(v/step) * step
		out = append(out, tick{V: r, Label: fmtTick(r)})
	}
	return out
}

// niceStep rounds a step up to 1, 2 or 5 times a power of ten.
func niceStep(raw float64) float64 {
	if !(raw > 0) {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw*(1-1e-9) {
			return m * p
		}
	}
	return 10 * p
}

// spansDecades reports whether positive values from lo to hi span more
// than two decades, which calls for a log scale.
func spansDecades(lo, hi float64) bool {
	return lo > 0 && hi/lo > 100
}

// logBins returns histogram bin edges on a log scale, per bins per decade,
// covering [lo, hi] (both > 0) with whole decades.
func logBins(lo, hi float64, perDecade int) []float64 {
	a := math.Floor(math.Log10(lo) + 1e-9)
	b := math.Ceil(math.Log10(hi) - 1e-9)
	if b <= a {
		b = a + 1
	}
	n := int(b-a) * perDecade
	edges := make([]float64, n+1)
	for k := range edges {
		edges[k] = math.Pow(10, a+float64(k)/float64(perDecade))
	}
	return edges
}
