package schedule

import (
	"fmt"
	"math"

	"github.com/freshplan/freshplan/core/staleness"
)

// Visit is one request in a schedule.
type Visit struct {
	Time    float64 // seconds from the horizon's start
	Page    int32
	Crawler int32
}

// Fleet is the crawlers that carry out a schedule.
type Fleet struct {
	Crawlers int     // C
	Rate     float64 // pages per second each crawler fetches
}

// Assignment is the outcome of assigning a programme to crawlers.
type Assignment struct {
	Visits  []Visit // in time order, then crawler order
	Dropped int     // programmed visits that no crawler could make inside the horizon
}

// Assign carries out a programme with the most-delayed-free strategy of
// seed 000 §2.3: crawler c is available at times k/Rate, k = 0, 1, …; a
// programmed visit is free at time t when its programmed time is ≤ t and
// its host has had no request in the last delay[s] seconds; an available
// crawler takes the free visit that is most delayed (earliest programmed
// time), ties going to the lowest host index. Within a host the earliest
// programmed visit is always the most delayed, so the strategy keeps one
// entry per host in two heaps: hosts waiting for their next visit to
// become free, keyed by when it does, and free hosts, keyed by how delayed
// their next visit is — O(log m) per visit.
//
// Visits that would fall after T are dropped. Under the steady model the
// schedule repeats, so a host's last request must also leave delay[s]
// seconds before its first request of the next horizon.
func Assign(m staleness.Model, p *Programme, delay []float64, fleet Fleet, T float64) (*Assignment, error) {
	nHosts := len(p.Start) - 1
	if len(delay) != nHosts {
		return nil, fmt.Errorf("schedule: %d hosts but %d politeness delays", nHosts, len(delay))
	}
	if fleet.Crawlers <= 0 || !(fleet.Rate > 0) || math.IsInf(fleet.Rate, 1) {
		return nil, fmt.Errorf("schedule: need at least one crawler at a positive rate, got %d at %v", fleet.Crawlers, fleet.Rate)
	}
	next := make([]int, nHosts) // index of each host's next programmed visit
	last := make([]float64, nHosts)
	first := make([]float64, nHosts)
	for s := range nHosts {
		next[s] = p.Start[s]
		first[s] = math.NaN()
	}
	var waiting, free hostHeap
	for s := range nHosts {
		if next[s] < p.Start[s+1] {
			waiting.push(hostEntry{key: p.Times[next[s]], host: int32(s)})
		}
	}
	out := &Assignment{Visits: make([]Visit, 0, p.Len())}
	ticks := int64(math.Floor(T*fleet.Rate + 1e-9)) // crawler ticks k/Rate ≤ T
	for k := int64(0); k <= ticks; k++ {
		t := float64(k) / fleet.Rate
		for len(waiting) > 0 && waiting[0].key <= t {
			e := waiting.pop()
			free.push(hostEntry{key: p.Times[next[e.host]], host: e.host})
		}
		for c := 0; c < fleet.Crawlers && len(free) > 0; c++ {
			s := int(free.pop().host)
			if m == staleness.Steady && !math.IsNaN(first[s]) && t > T+first[s]-delay[s] {
				// Too late to revisit this host before the next horizon's first request.
				out.Dropped += p.Start[s+1] - next[s]
				next[s] = p.Start[s+1]
				c--
				continue
			}
			out.Visits = append(out.Visits, Visit{Time: t, Page: p.Pages[next[s]], Crawler: int32(c)})
			if math.IsNaN(first[s]) {
				first[s] = t
			}
			last[s] = t
			next[s]++
			if next[s] < p.Start[s+1] {
				waiting.push(hostEntry{key: math.Max(p.Times[next[s]], t+delay[s]), host: int32(s)})
			}
		}
		if len(free) == 0 {
			if len(waiting) == 0 {
				break
			}
			// Nothing to do until the next host becomes free: skip idle ticks.
			if j := int64(math.Ceil(waiting[0].key*fleet.Rate - 1e-9)); j-1 > k {
				k = j - 1
			}
		}
	}
	for s := range nHosts {
		out.Dropped += p.Start[s+1] - next[s]
	}
	return out, nil
}

// hostEntry is a host in one of Assign's heaps.
type hostEntry struct {
	key  float64
	host int32
}

// hostHeap is a min-heap on (key, host).
type hostHeap []hostEntry

func (h hostHeap) less(a, b int) bool {
	if h[a].key != h[b].key {
		return h[a].key < h[b].key
	}
	return h[a].host < h[b].host
}

func (h *hostHeap) push(e hostEntry) {
	*h = append(*h, e)
	s := *h
	for j := len(s) - 1; j > 0; {
		parent := (j - 1) / 2
		if !s.less(j, parent) {
			break
		}
		s[j], s[parent] = s[parent], s[j]
		j = parent
	}
}

func (h *hostHeap) pop() hostEntry {
	s := *h
	top := s[0]
	last := len(s) - 1
	s[0] = s[last]
	s = s[:last]
	for j := 0; ; {
		l, r, best := 2*j+1, 2*j+2, j
		if l < len(s) && s.less(l, best) {
			best = l
		}
		if r < len(s) && s.less(r, best) {
			best = r
		}
		if best == j {
			break
		}
		s[j], s[best] = s[best], s[j]
		j = best
	}
	*h = s
	return top
}
