package staleness

import "math"

// Tracker accumulates the realized staleness (or age) of many pages from
// their visits, given in non-decreasing time per page, without storing
// the visits: what Realized computes for one page's list of times.
type Tracker struct {
	model   Model
	obj     Objective
	horizon float64
	pages   []trace // one per page, together so a visit touches one cache line
}

// trace is what a Tracker keeps of one page.
type trace struct {
	first, last float64 // first and latest visit, first NaN before any
	sum         float64 // Σ g·gap(λg) over the gaps closed so far
	rate        float64 // λ, beside the rest: a visit reads one line
}

// NewTracker returns a tracker for pages with the given change rates
// (per second) over a horizon of T seconds.
func NewTracker(m Model, obj Objective, rates []float64, T float64) *Tracker {
	tr := &Tracker{model: m, obj: obj, horizon: T, pages: make([]trace, len(rates))}
	for i := range tr.pages {
		tr.pages[i].first = math.NaN()
		tr.pages[i].rate = rates[i]
	}
	return tr
}

func (tr *Tracker) gap(i int, g float64) float64 {
	if g <= 0 {
		return 0
	}
	return g * tr.obj.gap(tr.pages[i].rate*g)
}

// Visit records a visit to page i at time t (seconds from the horizon's
// start); a page's visits must come in non-decreasing time.
func (tr *Tracker) Visit(i int, t float64) {
	p := &tr.pages[i]
	if math.IsNaN(p.first) {
		p.first = t
	} else {
		p.sum += tr.gap(i, t-p.last)
	}
	p.last = t
}

// Warm reads what Visit(i, …) will read and returns a number made of it:
// a caller replaying visits in time order (which touch pages all over
// memory) warms a batch of them first, the reads independent of each
// other so that the processor fetches many at once, then visits them.
func (tr *Tracker) Warm(i int) float64 { return tr.pages[i].last }

// Page returns page i's realized staleness (or age in seconds): the same
// value as Realized over the visits recorded.
func (tr *Tracker) Page(i int) float64 {
	p := &tr.pages[i]
	lambda := p.rate
	if lambda <= 0 {
		return 0
	}
	T := tr.horizon
	sum := p.sum
	switch {
	case math.IsNaN(p.first) && tr.model == Steady:
		return tr.obj.never()
	case math.IsNaN(p.first):
		sum = tr.gap(i, T)
	case tr.model == Steady:
		sum += tr.gap(i, T-p.last+p.first)
	default:
		sum += tr.gap(i, p.first) + tr.gap(i, T-p.last)
	}
	return tr.obj.value(sum/T, lambda)
}

// Average returns Σ w_i·Page(i) / Σ w_i.
func (tr *Tracker) Average(weights []float64) float64 {
	var s, ws float64
	for i, w := range weights {
		if w != 0 {
			s += w * tr.Page(i)
		}
		ws += w
	}
	if ws == 0 {
		return 0
	}
	return s / ws
}
