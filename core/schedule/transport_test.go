package schedule

import (
	"math"
	"math/rand/v2"
	"strings"
	"testing"
)

// bruteTransport returns the least total deviation Σ|s − t| of every
// assignment of the visits at ideal times to the slots (C crawlers at
// times k/rate, k < K) that respects release times, by trying them all; ok
// is false if none does.
func bruteTransport(ideal, release []float64, C, K int, rate float64) (best float64, ok bool) {
	load := make([]int, K)
	best = math.Inf(1)
	var try func(j int, sum float64)
	try = func(j int, sum float64) {
		if j == len(ideal) {
			best = min(best, sum)
			return
		}
		for k := range K {
			tm := float64(k) / rate
			if load[k] == C || release != nil && tm < release[j]-tolerance {
				continue
			}
			load[k]++
			try(j+1, sum+math.Abs(tm-ideal[j]))
			load[k]--
		}
	}
	try(0, 0)
	return best, !math.IsInf(best, 1)
}

// transportAll runs Transport and collects its visits by programme index.
func transportAll(p *Programme, release []float64, fleet Fleet, T float64) ([]Visit, float64, error) {
	return transportFrom(p, release, fleet, T, firstRadius, true)
}

// transportFrom is transportAll with a choice of method: the ordered
// dynamic programme when there are no release times (if ordered), else the
// network keeping radius ticks around each visit at first (with a small
// radius, Transport must find from the potentials that it needs more).
func transportFrom(p *Programme, release []float64, fleet Fleet, T float64, radius int32, ordered bool) ([]Visit, float64, error) {
	got := make([]Visit, p.Len())
	var order []Visit
	emit := func(k int, v Visit) {
		got[k] = v
		order = append(order, v)
	}
	var total float64
	var err error
	if radius == firstRadius && ordered {
		total, err = Transport(p, release, fleet, T, emit)
	} else {
		total, err = transport(p, release, fleet, TransportSlots(fleet, T), radius, ordered, emit)
	}
	for j := 1; j < len(order); j++ {
		a, b := order[j-1], order[j]
		if b.Time < a.Time || b.Time == a.Time && b.Crawler <= a.Crawler {
			return nil, 0, errOrder
		}
	}
	return got, total, err
}

var errOrder = errorString("visits not in time, then crawler, order")

type errorString string

func (e errorString) Error() string { return string(e) }

// TestTransportBruteForce: on tiny random instances (up to 7 visits, up to
// 9 slots, two thirds with release times, some infeasible) Transport's
// total deviation equals the least over every assignment to 1e-9 (sums of
// at most 7 terms below 200 s, so rounding stays far below it), its
// schedule has that deviation, gives each slot at most one visit and meets
// every release time, and it fails exactly when no assignment meets the
// release times.
func TestTransportBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 9))
	for trial := range 1500 {
		C := 1 + rng.IntN(3)
		K := 1 + rng.IntN(9/C)
		most := min(7, C*K)
		n := most - rng.IntN((most+1)/2) // mostly full: the hard cases
		rate := 0.05 + rng.Float64()
		T := (float64(K) - rng.Float64()*0.9) / rate // ⌈T·rate⌉ = K
		ideal := make([]float64, n)
		for j := range ideal {
			if rng.IntN(3) == 0 {
				ideal[j] = float64(rng.IntN(K)) / rate // on a slot: ties
			} else {
				ideal[j] = rng.Float64() * T
			}
		}
		var release []float64
		if trial%3 != 0 {
			release = make([]float64, n)
			for j := range release {
				switch rng.IntN(3) {
				case 0:
					release[j] = ideal[j] // quasi-deterministic: eq. 22
				case 1:
					release[j] = rng.Float64() * T / 2
				default:
					release[j] = math.Inf(-1)
				}
			}
		}
		p := &Programme{Start: []int{0, n}, Pages: make([]int32, n), Times: ideal}
		for j := range p.Pages {
			p.Pages[j] = int32(j)
		}
		want, ok := bruteTransport(ideal, release, C, K, rate)
		// Half the trials keep one tick on either side of each visit at
		// first; without release times, half use the network.
		visits, got, err := transportFrom(p, release, Fleet{Crawlers: C, Rate: rate}, T, int32(1+trial%2*firstRadius), trial%4 < 2)
		if !ok {
			if err == nil || !strings.Contains(err.Error(), "released") {
				t.Errorf("trial %d: no assignment meets the release times, Transport says %v", trial, err)
			}
			continue
		}
		if err != nil {
			t.Errorf("trial %d: %v", trial, err)
			continue
		}
		if math.Abs(got-want) > 1e-9 {
			t.Errorf("trial %d (C=%d K=%d n=%d): deviation %.12g, brute force %.12g", trial, C, K, n, got, want)
		}
		used := map[Visit]bool{}
		var sum float64
		for j, v := range visits {
			slot := Visit{Time: v.Time, Crawler: v.Crawler}
			if used[slot] || v.Crawler < 0 || int(v.Crawler) >= C || v.Page != int32(j) {
				t.Errorf("trial %d: visit %d is %+v", trial, j, v)
			}
			used[slot] = true
			if release != nil && v.Time < release[j]-tolerance {
				t.Errorf("trial %d: visit %d at %v before its release %v", trial, j, v.Time, release[j])
			}
			sum += math.Abs(v.Time - ideal[j])
		}
		if math.Abs(sum-got) > 1e-9 {
			t.Errorf("trial %d: the schedule costs %v, Transport says %v", trial, sum, got)
		}
	}
}

// TestTransportPaperExample: seed 003 Fig. 5's shape, C = 2 crawlers with
// S = 2 slots each (R = 4 crawls); with ideal times on the slots every
// crawl is made on time at cost 0, and a quasi-deterministic crawl whose
// ideal time falls between slots goes to the next slot, never the earlier.
func TestTransportPaperExample(t *testing.T) {
	fleet := Fleet{Crawlers: 2, Rate: 1}
	p := &Programme{Start: []int{0, 4}, Pages: []int32{0, 1, 2, 3}, Times: []float64{0, 0, 1, 1}}
	if _, c, err := transportAll(p, nil, fleet, 2); err != nil || c != 0 {
		t.Errorf("on-slot ideal times: cost %v, %v; want 0", c, err)
	}
	p = &Programme{Start: []int{0, 1}, Pages: []int32{0}, Times: []float64{0.2}}
	v, c, err := transportAll(p, []float64{0.2}, fleet, 2)
	if err != nil || v[0].Time != 1 || math.Abs(c-0.8) > 1e-12 {
		t.Errorf("released at 0.2 s: %+v, cost %v, %v; want the slot at 1 s, cost 0.8", v, c, err)
	}
}

// TestTransportErrors: programmes Transport cannot solve are refused with
// an error that says why.
func TestTransportErrors(t *testing.T) {
	one := &Programme{Start: []int{0, 1}, Pages: []int32{0}, Times: []float64{1}}
	big := &Programme{Start: []int{0, MaxTransportVisits + 1}, Pages: make([]int32, MaxTransportVisits+1), Times: make([]float64, MaxTransportVisits+1)}
	three := &Programme{Start: []int{0, 3}, Pages: []int32{0, 1, 2}, Times: []float64{1, 2, 3}}
	cases := []struct {
		name    string
		p       *Programme
		release []float64
		fleet   Fleet
		T       float64
		want    string
	}{
		{"too big", big, nil, Fleet{Crawlers: 1, Rate: 1}, 1e6, "mwolf-exact solves up to 50000 visits exactly; this plan has 50001: use mwolf"},
		{"no crawler", one, nil, Fleet{}, 10, "at least one crawler"},
		{"bad horizon", one, nil, Fleet{Crawlers: 1, Rate: 1}, math.NaN(), "horizon"},
		{"too few slots", three, nil, Fleet{Crawlers: 1, Rate: 1}, 2, "make 2 crawls in the horizon but the programme has 3 visits"},
		{"release count", one, []float64{1, 2}, Fleet{Crawlers: 1, Rate: 1}, 10, "1 programmed visits but 2 release times"},
		{"release NaN", one, []float64{math.NaN()}, Fleet{Crawlers: 1, Rate: 1}, 10, "release time NaN"},
		{"released late", one, []float64{9.5}, Fleet{Crawlers: 1, Rate: 1}, 10, "is released at 9.5 s, after the last crawler slot at 9 s"},
		{"crowded release", three, []float64{8, 8, 8}, Fleet{Crawlers: 1, Rate: 1}, 10, "3 visits are released at or after 8 s but the crawlers have only 2 slots"},
		{"NaN time", &Programme{Start: []int{0, 1}, Pages: []int32{0}, Times: []float64{math.NaN()}}, nil, Fleet{Crawlers: 1, Rate: 1}, 10, "has time NaN"},
	}
	for _, c := range cases {
		emitted := 0
		_, err := Transport(c.p, c.release, c.fleet, c.T, func(int, Visit) { emitted++ })
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want an error containing %q", c.name, err, c.want)
		}
		if emitted != 0 {
			t.Errorf("%s: %d visits emitted before the error", c.name, emitted)
		}
	}
}

// TestTransportSparse: 5,000 visits each a third of a second after its
// own tick, among two million ticks: each is made at that tick, and the
// network keeps only ticks near the visits.
func TestTransportSparse(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	const n, K = 5000, 2_000_000
	p := &Programme{Start: []int{0, n}, Pages: make([]int32, n), Times: make([]float64, n)}
	used := map[int]bool{}
	for j := range n {
		k := rng.IntN(K)
		for used[k] {
			k = rng.IntN(K)
		}
		used[k] = true
		p.Pages[j], p.Times[j] = int32(j), float64(k)+1.0/3
	}
	_, got, err := transportAll(p, nil, Fleet{Crawlers: 1, Rate: 1}, K)
	if want := n / 3.0; err != nil || math.Abs(got-want) > 1e-9*want {
		t.Errorf("deviation %v, %v; want %v", got, err, want)
	}
}

// TestTransportSlots: ⌈T·Rate⌉ slots per crawler, none for no fleet; an
// empty programme costs nothing.
func TestTransportSlots(t *testing.T) {
	for _, c := range []struct {
		fleet Fleet
		T     float64
		want  int64
	}{
		{Fleet{Crawlers: 4, Rate: 20000.0 / (4 * 86400)}, 86400, 20000},
		{Fleet{Crawlers: 2, Rate: 1}, 10.5, 22},
		{Fleet{Crawlers: 0, Rate: 1}, 10, 0},
		{Fleet{Crawlers: 1, Rate: 0}, 10, 0},
	} {
		if got := TransportSlots(c.fleet, c.T); got != c.want {
			t.Errorf("%+v over %v s: %d slots, want %d", c.fleet, c.T, got, c.want)
		}
	}
	if got, err := Transport(&Programme{Start: []int{0}}, nil, Fleet{Crawlers: 1, Rate: 1}, 10, nil); got != 0 || err != nil {
		t.Errorf("empty programme: %v, %v", got, err)
	}
}
