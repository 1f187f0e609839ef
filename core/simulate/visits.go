package simulate

import (
	"fmt"
	"math"
	"slices"

	"github.com/freshplan/freshplan/core/schedule"
)

// Visits is a schedule for one horizon in compressed sparse row form:
// page i is visited at Times[Start[i]:Start[i+1]], seconds from the
// horizon's start, sorted, inside [0, T]. Two slices hold the whole
// schedule (12 bytes a visit, 8 a page), so a million-page schedule costs
// no per-page allocation.
type Visits struct {
	Start []int     // len = pages + 1, Start[0] = 0, non-decreasing
	Times []float64 // len = Start[pages]
}

// Pages returns the number of pages.
func (v *Visits) Pages() int { return max(len(v.Start)-1, 0) }

// Page returns page i's visit times.
func (v *Visits) Page(i int) []float64 { return v.Times[v.Start[i]:v.Start[i+1]] }

// Validate returns an error unless the offsets are consistent and every
// page's times are sorted and inside [0, T].
func (v *Visits) Validate(T float64) error {
	if len(v.Start) == 0 || v.Start[0] != 0 {
		return fmt.Errorf("visits: Start must begin with 0 and have one entry per page plus one")
	}
	n := v.Pages()
	if v.Start[n] != len(v.Times) {
		return fmt.Errorf("visits: Start ends at %d but there are %d times", v.Start[n], len(v.Times))
	}
	for i := range n {
		if a, b := v.Start[i], v.Start[i+1]; b < a {
			return fmt.Errorf("visits: Start decreases at page %d (%d then %d)", i, a, b)
		}
	}
	for i := range n {
		a, b := v.Start[i], v.Start[i+1]
		prev := 0.0
		for _, t := range v.Times[a:b] {
			if !(t >= 0 && t <= T) {
				return fmt.Errorf("visits: page %d is visited at %v s; want times in [0, %v], the horizon", i, t, T)
			}
			if t < prev {
				return fmt.Errorf("visits: page %d's visit times are not sorted (%v after %v)", i, t, prev)
			}
			prev = t
		}
	}
	return nil
}

// FromVisits returns the Visits of a schedule of pages pages, such as the
// one schedule.Assign emits; each page's times are sorted.
func FromVisits(pages int, visits []schedule.Visit) (*Visits, error) {
	return build(pages, len(visits), func(k int) (int32, float64) { return visits[k].Page, visits[k].Time })
}

// FromProgramme returns the Visits of a programme (every programmed visit
// at its programmed time, as if followed exactly) of pages pages.
func FromProgramme(pages int, p *schedule.Programme) (*Visits, error) {
	if len(p.Pages) != len(p.Times) {
		return nil, fmt.Errorf("visits: programme has %d pages but %d times", len(p.Pages), len(p.Times))
	}
	return build(pages, len(p.Pages), func(k int) (int32, float64) { return p.Pages[k], p.Times[k] })
}

// FromTimes returns the Visits holding a copy of times[i] for page i,
// each sorted.
func FromTimes(times [][]float64) *Visits {
	v := &Visits{Start: make([]int, len(times)+1)}
	for i, ts := range times {
		v.Start[i+1] = v.Start[i] + len(ts)
	}
	v.Times = make([]float64, 0, v.Start[len(times)])
	for _, ts := range times {
		k := len(v.Times)
		v.Times = append(v.Times, ts...)
		slices.Sort(v.Times[k:])
	}
	return v
}

// build counting-sorts n (page, time) pairs by page, then sorts each
// page's times (a no-op pass for input already in time order).
func build(pages, n int, at func(k int) (int32, float64)) (*Visits, error) {
	if pages < 0 {
		return nil, fmt.Errorf("visits: %d pages", pages)
	}
	v := &Visits{Start: make([]int, pages+1), Times: make([]float64, n)}
	for k := range n {
		p, t := at(k)
		if p < 0 || int(p) >= pages {
			return nil, fmt.Errorf("visits: visit %d is to page %d; want a page in [0, %d)", k, p, pages)
		}
		if math.IsNaN(t) || math.IsInf(t, 0) {
			return nil, fmt.Errorf("visits: visit %d to page %d is at %v", k, p, t)
		}
		v.Start[p+1]++
	}
	for i := range pages {
		v.Start[i+1] += v.Start[i]
	}
	fill := slices.Clone(v.Start[:pages])
	for k := range n {
		p, t := at(k)
		v.Times[fill[p]] = t
		fill[p]++
	}
	for i := range pages {
		if ts := v.Page(i); !slices.IsSorted(ts) {
			slices.Sort(ts)
		}
	}
	return v, nil
}
