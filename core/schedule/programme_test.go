package schedule

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/freshplan/freshplan/core/staleness"
)

// TestMergeFigure1 reproduces seed 000 Fig. 1: p₁ updated once and p₂ three
// times on one server get T/5, 2T/5, 3T/5, 4T/5 in the order p₂, p₁, p₂, p₂.
func TestMergeFigure1(t *testing.T) {
	const T = 100.0
	p := Merge(staleness.Horizon, EquallySpaced(staleness.Horizon, []int{1, 3}, []int32{0, 0}, 1, T), T)
	wantPages := []int32{1, 0, 1, 1}
	wantTimes := []float64{T / 5, 2 * T / 5, 3 * T / 5, 4 * T / 5}
	for k := range wantPages {
		if p.Pages[k] != wantPages[k] || math.Abs(p.Times[k]-wantTimes[k]) > 1e-12 {
			t.Errorf("visit %d: page p%d at %v, want p%d at %v", k, p.Pages[k]+1, p.Times[k], wantPages[k]+1, wantTimes[k])
		}
	}
}

// TestMergeSteadySpacing: under the steady model a host's X visits are T/X
// apart, including across the horizon's end.
func TestMergeSteadySpacing(t *testing.T) {
	const T = 60.0
	p := Merge(staleness.Steady, EquallySpaced(staleness.Steady, []int{2, 1, 3}, []int32{0, 0, 0}, 1, T), T)
	for k := range p.Times {
		want := (float64(k) + 0.5) * T / 6
		if math.Abs(p.Times[k]-want) > 1e-12 {
			t.Errorf("visit %d at %v, want %v", k, p.Times[k], want)
		}
	}
}

// randomProgramme returns a merged programme on m hosts whose host totals
// stay within ⌊T/P⌋.
func randomProgramme(rng *rand.Rand, model staleness.Model, n, m int, T, P float64) ([]int, []int32, *Programme) {
	x := make([]int, n)
	hosts := make([]int32, n)
	used := make([]int, m)
	for i := range n {
		hosts[i] = int32(rng.IntN(m))
		x[i] = rng.IntN(6)
		if room := int(T/P) - used[hosts[i]]; x[i] > room {
			x[i] = room
		}
		used[hosts[i]] += x[i]
	}
	return x, hosts, Merge(model, EquallySpaced(model, x, hosts, m, T), T)
}

// TestAssignIsPolite: every assignment passes the validator, makes each
// page's visits in order, and makes them all when the fleet has room.
func TestAssignIsPolite(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 300 {
		model := staleness.Model(trial % 2)
		const T, P = 3600.0, 15.0
		n, m := 1+rng.IntN(200), 1+rng.IntN(20)
		x, hosts, prog := randomProgramme(rng, model, n, m, T, P)
		delay := make([]float64, m)
		for s := range delay {
			delay[s] = P
			if rng.IntN(4) == 0 {
				delay[s] = P * float64(1+rng.IntN(3)) // crawl_delay overrides
			}
		}
		fleet := Fleet{Crawlers: 1 + rng.IntN(4), Rate: 0.05 + rng.Float64()}
		visits, dropped, err := assign(model, prog, delay, fleet, T)
		if err != nil {
			t.Fatal(err)
		}
		if bad, err := Validate(model, visits, hosts, delay, fleet, T); bad != 0 {
			t.Errorf("trial %d: %d violations, first: %v", trial, bad, err)
		}
		made := make([]int, n)
		for _, v := range visits {
			made[v.Page]++
		}
		total := 0
		for i := range x {
			if made[i] > x[i] {
				t.Errorf("trial %d: page %d visited %d times, programmed %d", trial, i, made[i], x[i])
			}
			total += made[i]
		}
		if total+dropped != prog.Len() {
			t.Errorf("trial %d: %d made + %d dropped != %d programmed", trial, total, dropped, prog.Len())
		}
	}
}

// TestAssignFollowsMergeWithEnoughCrawlers: with crawlers far faster than
// any host's programme needs and programmed times on the crawler ticks,
// every visit is made on time.
func TestAssignFollowsMergeWithEnoughCrawlers(t *testing.T) {
	const T = 100.0
	prog := Merge(staleness.Horizon, EquallySpaced(staleness.Horizon, []int{1, 3}, []int32{0, 0}, 1, T), T)
	visits, dropped, err := assign(staleness.Horizon, prog, []float64{10}, Fleet{Crawlers: 1, Rate: 1}, T)
	if err != nil {
		t.Fatal(err)
	}
	if dropped != 0 || len(visits) != 4 {
		t.Fatalf("%d visits, %d dropped", len(visits), dropped)
	}
	for k, v := range visits {
		if v.Time != prog.Times[k] || v.Page != prog.Pages[k] {
			t.Errorf("visit %d: page %d at %v, programmed page %d at %v", k, v.Page, v.Time, prog.Pages[k], prog.Times[k])
		}
	}
}

// TestAssignMostDelayedFirst: one crawler, two hosts both free; the visit
// programmed earlier goes first, and on equal delays the lower host.
func TestAssignMostDelayedFirst(t *testing.T) {
	prog := &Programme{Start: []int{0, 1, 2}, Pages: []int32{0, 1}, Times: []float64{5, 3}}
	visits, _, err := assign(staleness.Horizon, prog, []float64{1, 1}, Fleet{Crawlers: 1, Rate: 0.1}, 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(visits) != 2 || visits[0].Page != 1 || visits[0].Time != 10 || visits[1].Time != 20 {
		t.Errorf("got %+v, want page 1 at 10 s then page 0 at 20 s", visits)
	}
}

// assign runs Assign and collects its visits.
func assign(m staleness.Model, p *Programme, delay []float64, fleet Fleet, T float64) (visits []Visit, dropped int, err error) {
	dropped, err = Assign(m, p, delay, fleet, T, func(_ int, v Visit) { visits = append(visits, v) })
	return visits, dropped, err
}

func TestValidateCatches(t *testing.T) {
	fleet := Fleet{Crawlers: 1, Rate: 1}
	cases := []struct {
		name   string
		hosts  []int32
		visits []Visit
	}{
		{"impolite", []int32{0, 0}, []Visit{{Time: 1, Page: 0}, {Time: 5, Page: 1}}},
		{"too fast", []int32{0, 1}, []Visit{{Time: 1, Page: 0}, {Time: 1.5, Page: 1}}},
		{"outside", []int32{0, 0}, []Visit{{Time: 120, Page: 0}}},
		{"out of order", []int32{0, 1}, []Visit{{Time: 50, Page: 0}, {Time: 10, Page: 1}}},
		{"unknown page", []int32{0}, []Visit{{Time: 1, Page: 4}}},
		{"unknown crawler", []int32{0}, []Visit{{Time: 1, Page: 0, Crawler: 3}}},
	}
	for _, c := range cases {
		if bad, _ := Validate(staleness.Horizon, c.visits, c.hosts, []float64{10, 10}, fleet, 100); bad == 0 {
			t.Errorf("%s: not caught", c.name)
		}
	}
	ok := []Visit{{Time: 1, Page: 0}, {Time: 2, Page: 1}, {Time: 11, Page: 0}}
	if bad, err := Validate(staleness.Horizon, ok, []int32{0, 1}, []float64{10, 10}, fleet, 100); bad != 0 {
		t.Errorf("a polite schedule: %v", err)
	}
	wrap := []Visit{{Time: 2, Page: 0}, {Time: 95, Page: 0}}
	if bad, _ := Validate(staleness.Steady, wrap, []int32{0}, []float64{10}, fleet, 100); bad != 1 {
		t.Errorf("wrap-around gap of 7 s: %d violations, want 1", bad)
	}
}

// TestEquallySpacedSorted: the bucket sort orders every host's visits by
// time, then page, on random instances, like a comparison sort would.
func TestEquallySpacedSorted(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for trial := range 200 {
		model := staleness.Model(trial % 2)
		n, m := 1+rng.IntN(100), 1+rng.IntN(5)
		x := make([]int, n)
		hosts := make([]int32, n)
		want := make([]int, m)
		for i := range n {
			x[i], hosts[i] = rng.IntN(12), int32(rng.IntN(m))
			want[hosts[i]] += x[i]
		}
		p := EquallySpaced(model, x, hosts, m, 1000)
		for s := range m {
			pages, times := p.Host(s)
			if len(pages) != want[s] {
				t.Fatalf("trial %d host %d: %d visits, want %d", trial, s, len(pages), want[s])
			}
			seen := map[int32]int{}
			for k := range pages {
				if hosts[pages[k]] != int32(s) {
					t.Errorf("trial %d: page %d on host %d's list", trial, pages[k], s)
				}
				seen[pages[k]]++
				if want := EqualTime(model, seen[pages[k]], x[pages[k]], 1000); times[k] != want {
					t.Errorf("trial %d: page %d visit %d at %v, want %v", trial, pages[k], seen[pages[k]], times[k], want)
				}
				if k > 0 && (times[k] < times[k-1] || times[k] == times[k-1] && pages[k] < pages[k-1]) {
					t.Errorf("trial %d host %d: visit %d out of order", trial, s, k)
				}
			}
		}
	}
}

// naiveAssign is seed 000 §2.3 read literally: at every crawler tick, each
// crawler in turn scans every host for free visits and takes the most
// delayed, ties to the lowest host. O(ticks × hosts); for checking Assign.
func naiveAssign(p *Programme, delay []float64, fleet Fleet, T float64) []Visit {
	nHosts := len(p.Start) - 1
	next := make([]int, nHosts)
	last := make([]float64, nHosts)
	for s := range nHosts {
		next[s] = p.Start[s]
		last[s] = math.Inf(-1)
	}
	var out []Visit
	for k := 0; float64(k)/fleet.Rate <= T+1e-9; k++ {
		t := float64(k) / fleet.Rate
		served := map[int]bool{}
		for c := range fleet.Crawlers {
			best := -1
			for s := range nHosts {
				if next[s] == p.Start[s+1] || served[s] {
					continue
				}
				if p.Times[next[s]] <= t && last[s]+delay[s] <= t {
					if best < 0 || p.Times[next[s]] < p.Times[next[best]] {
						best = s
					}
				}
			}
			if best < 0 {
				break
			}
			out = append(out, Visit{Time: t, Page: p.Pages[next[best]], Crawler: int32(c)})
			last[best] = t
			served[best] = true
			next[best]++
		}
	}
	return out
}

// TestAssignMatchesNaive: Assign's heaps and buckets make the same
// choices as the literal procedure, politeness 0 included; the last
// trials have enough hosts for a deep heap of free hosts. Its runs of
// ticks are made short in a third of the trials (one tick, or three), so
// that runs end in idle stretches and mid-way through hosts' visits; its
// ring of buckets is made 4 or 16 ticks in two thirds of them, so that
// most hosts wait in its heap and the ring wraps at every turn.
func TestAssignMatchesNaive(t *testing.T) {
	defer func(n, r int64) { ticksPerRun, ringSize = n, r }(ticksPerRun, ringSize)
	rng := rand.New(rand.NewPCG(11, 12))
	for trial := range 180 {
		ticksPerRun = []int64{1 << 12, 1, 3}[trial/3%3]
		ringSize = []int64{1 << 16, 4, 16}[trial/9%3]
		const T = 600.0
		P := []float64{0, 5, 15}[trial%3]
		n, m := 1+rng.IntN(40), 1+rng.IntN(6)
		if trial >= 150 {
			n, m = 100+rng.IntN(400), 20+rng.IntN(80)
		}
		_, _, prog := randomProgramme(rng, staleness.Horizon, n, m, T, math.Max(P, 1))
		delay := make([]float64, m)
		for s := range delay {
			delay[s] = P
		}
		fleet := Fleet{Crawlers: 1 + rng.IntN(3), Rate: 0.1 + rng.Float64()}
		got, _, err := assign(staleness.Horizon, prog, delay, fleet, T)
		if err != nil {
			t.Fatal(err)
		}
		want := naiveAssign(prog, delay, fleet, T)
		if len(got) != len(want) {
			t.Errorf("trial %d: %d visits, literal procedure makes %d", trial, len(got), len(want))
			continue
		}
		for k := range want {
			if got[k] != want[k] {
				t.Errorf("trial %d visit %d: %+v, literal procedure %+v", trial, k, got[k], want[k])
				break
			}
		}
	}
}

// BenchmarkEquallySpaced1M programmes seed 000 §4's scale: 1M pages on
// 2000 hosts, 8.64M visits (1 to 17 a page).
func BenchmarkEquallySpaced1M(b *testing.B) {
	x, hosts, m := millionPages()
	b.ResetTimer()
	for b.Loop() {
		EquallySpaced(staleness.Horizon, x, hosts, m, 86400)
	}
}

// BenchmarkAssignPaper assigns a seed 000 §4-sized programme (1M pages on
// 2000 hosts, 8.5M visits merged per host) to 10 crawlers at 10 pages/s
// with a 15 s politeness delay: psp's costliest step.
func BenchmarkAssignPaper(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	const n, m, T = 1_000_000, 2000, 86400.0
	x := make([]int, n)
	hosts := make([]int32, n)
	for i := range n {
		x[i], hosts[i] = 1+rng.IntN(16), int32(i*m/n)
	}
	prog := Merge(staleness.Horizon, EquallySpaced(staleness.Horizon, x, hosts, m, T), T)
	delay := make([]float64, m)
	for s := range delay {
		delay[s] = 15
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := Assign(staleness.Horizon, prog, delay, Fleet{Crawlers: 10, Rate: 10}, T, func(int, Visit) {}); err != nil {
			b.Fatal(err)
		}
	}
}

// TestHostHeapOrder: random pushes and pops of distinct hosts come out
// in (key, host) order, ties in key included.
func TestHostHeapOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := range 200 {
		hosts := 1 + rng.IntN(300)
		h := newHostHeap(hosts)
		in := make(map[int32]hostEntry)
		for step := range 4 * hosts {
			if len(in) < hosts && (h.n == 0 || rng.IntN(3) > 0) {
				var e hostEntry
				for {
					e = hostEntry{key: float64(rng.IntN(20)), host: int32(rng.IntN(hosts))}
					if _, ok := in[e.host]; !ok {
						break
					}
				}
				in[e.host] = e
				h.push(e)
				continue
			}
			var want hostEntry
			first := true
			for _, e := range in {
				if first || e.before(want) {
					want, first = e, false
				}
			}
			if got := h.pop(); got != want {
				t.Fatalf("trial %d step %d: popped %+v, least is %+v", trial, step, got, want)
			}
			delete(in, want.host)
		}
	}
}

// millionPages is the benchmarks' instance at seed 000 §4's scale: 1M
// pages in order on 2000 hosts, 1 to 16 visits each (8.5M in all).
func millionPages() (x []int, hosts []int32, m int) {
	rng := rand.New(rand.NewPCG(1, 1))
	const n = 1_000_000
	m = 2000
	x, hosts = make([]int, n), make([]int32, n)
	for i := range n {
		x[i], hosts[i] = 1+rng.IntN(16), int32(i*m/n)
	}
	return x, hosts, m
}
