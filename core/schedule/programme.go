package schedule

import "github.com/freshplan/freshplan/core/staleness"

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
//
// The sort is a bucket sort, linear in the number of visits: a host's X
// visits have times in (0, T), so bucket ⌊X·t/T⌋ holds about one visit,
// and each bucket is finished by insertion sort.
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
	// Pages of each host, in page order, so bucket ties keep page order.
	first := make([]int32, nHosts)
	next := make([]int32, len(hosts))
	for s := range first {
		first[s] = -1
	}
	for i := len(hosts) - 1; i >= 0; i-- {
		h := hosts[i]
		if x[i] == 0 {
			continue
		}
		next[i] = first[h]
		first[h] = int32(i)
	}
	var fill []int
	for s := range nHosts {
		a, b := start[s], start[s+1]
		if b == a {
			continue
		}
		if cap(fill) < b-a+1 {
			fill = make([]int, b-a+1)
		}
		spaceHost(m, x, first[s], next, fill[:b-a+1], p.Pages[a:b], p.Times[a:b], T)
	}
	return p
}

// spaceHost programmes one host's visits, pages and times, X = len(times)
// of them, the host's pages being first, next[first], … (x visits each),
// sorted by time, then page: a counting sort into X equal buckets of the
// horizon, and an insertion sort to settle each. It is a function of its
// own, called host by host, so that a WebAssembly engine optimises it
// after a few calls (see ticksPerRun).
//
//go:noinline
func spaceHost(m staleness.Model, x []int, first int32, next []int32, fill []int, pages []int32, times []float64, T float64) {
	X := len(times)
	clear(fill)
	bucket := func(t float64) int { return min(int(t/T*float64(X)), X-1) }
	for i := first; i >= 0; i = next[i] {
		for j := 1; j <= x[i]; j++ {
			fill[bucket(EqualTime(m, j, x[i], T))+1]++
		}
	}
	for k := range X {
		fill[k+1] += fill[k]
	}
	for i := first; i >= 0; i = next[i] {
		for j := 1; j <= x[i]; j++ {
			t := EqualTime(m, j, x[i], T)
			k := fill[bucket(t)]
			fill[bucket(t)]++
			pages[k], times[k] = int32(i), t
		}
	}
	// Buckets are contiguous and in order; insertion sort settles each
	// (and any visit a rounding put one bucket off).
	for k := 1; k < X; k++ {
		t, pg := times[k], pages[k]
		j := k
		for ; j > 0 && (times[j-1] > t || times[j-1] == t && pages[j-1] > pg); j-- {
			times[j], pages[j] = times[j-1], pages[j-1]
		}
		times[j], pages[j] = t, pg
	}
}

// Merge gives a programme whose hosts' visits are in EquallySpaced's
// order the MERGE times of seed 000 §2.2 step 3, in place, and returns it:
// the visit of rank r on a host with X visits moves to rT/(X+1) (horizon
// model) or (r − ½)T/X (steady model, so the gap across the horizon's end
// is T/X too). Every host's visits end up evenly spaced, T/(X+1) or T/X
// apart. In place because the equally spaced times serve only to order
// each host's visits: at paper scale a second array of times is 69 MB,
// and in WebAssembly memory once taken is never given back.
func Merge(m staleness.Model, p *Programme, T float64) *Programme {
	for s := 0; s+1 < len(p.Start); s++ {
		a, b := p.Start[s], p.Start[s+1]
		for r := 1; r <= b-a; r++ {
			p.Times[a+r-1] = EqualTime(m, r, b-a, T)
		}
	}
	return p
}

// Realized returns a tracker holding the realized staleness (or age) of
// every page if the programme's times were followed exactly.
func (p *Programme) Realized(m staleness.Model, obj staleness.Objective, rates []float64, T float64) *staleness.Tracker {
	tr := staleness.NewTracker(m, obj, rates, T)
	for k, i := range p.Pages {
		tr.Visit(int(i), p.Times[k])
	}
	return tr
}
