package schedule

import (
	"cmp"
	"slices"

	"github.com/freshplan/freshplan/core/staleness"
)

// Programme is the list of programmed visits of every host, each host's in
// the order they are to be made: host s's visits are Pages[Start[s]:Start[s+1]]
// at Times[Start[s]:Start[s+1]] seconds from the horizon's start.
type Programme struct {
	Start []int
	Pages []int32
	Times []float64
}

// Host returns host s's programmed pages and times.
func (p *Programme) Host(s int) ([]int32, []float64) {
	a, b := p.Start[s], p.Start[s+1]
	return p.Pages[a:b], p.Times[a:b]
}

// Len returns the number of programmed visits.
func (p *Programme) Len() int { return len(p.Pages) }

// EqualTime returns the time of the j-th (from 1) of x equally spaced
// visits in a horizon of T: jT/(x+1) under the horizon model (seed 000
// §2.2 MERGE step 1; Wolf's ideal times for Poisson pages, seed 003 §2.3),
// (j − ½)T/x under the steady model, where gaps wrap around T.
func EqualTime(m staleness.Model, j, x int, T float64) float64 {
	if m == staleness.Horizon {
		return float64(j) * T / float64(x+1)
	}
	return (float64(j) - 0.5) * T / float64(x)
}

// EquallySpaced returns the programme that visits page i x[i] times at
// equally spaced times (EqualTime), each host's visits sorted by time,
// ties broken by page index (seed 000 §2.2 steps 1–2). Hosts are indexed
// 0..m−1 by hosts[i].
func EquallySpaced(m staleness.Model, x []int, hosts []int32, nHosts int, T float64) *Programme {
	start := make([]int, nHosts+1)
	for i, h := range hosts {
		start[h+1] += x[i]
	}
	for s := range nHosts {
		start[s+1] += start[s]
	}
	total := start[nHosts]
	p := &Programme{Start: start, Pages: make([]int32, total), Times: make([]float64, total)}
	next := slices.Clone(start[:nHosts])
	for i, h := range hosts {
		for j := 1; j <= x[i]; j++ {
			k := next[h]
			p.Pages[k], p.Times[k] = int32(i), EqualTime(m, j, x[i], T)
			next[h]++
		}
	}
	type visit struct {
		t float64
		p int32
	}
	var buf []visit
	for s := range nHosts {
		pages, times := p.Host(s)
		buf = buf[:0]
		for k := range pages {
			buf = append(buf, visit{times[k], pages[k]})
		}
		slices.SortFunc(buf, func(a, b visit) int {
			if c := cmp.Compare(a.t, b.t); c != 0 {
				return c
			}
			return cmp.Compare(a.p, b.p)
		})
		for k, v := range buf {
			times[k], pages[k] = v.t, v.p
		}
	}
	return p
}

// Merge returns the MERGE times of seed 000 §2.2 step 3 for a programme
// whose hosts' visits are in EquallySpaced's order: the visit of rank r on
// a host with X visits moves to rT/(X+1) (horizon model) or (r − ½)T/X
// (steady model, so the gap across the horizon's end is T/X too). Every
// host's visits end up evenly spaced, T/(X+1) or T/X apart.
func Merge(m staleness.Model, p *Programme, T float64) *Programme {
	q := &Programme{Start: p.Start, Pages: p.Pages, Times: make([]float64, len(p.Times))}
	for s := 0; s+1 < len(p.Start); s++ {
		a, b := p.Start[s], p.Start[s+1]
		for r := 1; r <= b-a; r++ {
			q.Times[a+r-1] = EqualTime(m, r, b-a, T)
		}
	}
	return q
}

// Realized returns the realized staleness (or age) of every page if the
// programme's times were followed exactly, and the weighted average.
func (p *Programme) Realized(m staleness.Model, obj staleness.Objective, rates, weights []float64, T float64) (*staleness.Tracker, float64) {
	tr := staleness.NewTracker(m, obj, rates, T)
	for k, i := range p.Pages {
		tr.Visit(int(i), p.Times[k])
	}
	return tr, tr.Average(weights)
}
