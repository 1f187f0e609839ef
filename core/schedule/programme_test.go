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
		a, err := Assign(model, prog, delay, fleet, T)
		if err != nil {
			t.Fatal(err)
		}
		if bad, err := Validate(model, a.Visits, hosts, delay, fleet, T); bad != 0 {
			t.Errorf("trial %d: %d violations, first: %v", trial, bad, err)
		}
		made := make([]int, n)
		for _, v := range a.Visits {
			made[v.Page]++
		}
		total := 0
		for i := range x {
			if made[i] > x[i] {
				t.Errorf("trial %d: page %d visited %d times, programmed %d", trial, i, made[i], x[i])
			}
			total += made[i]
		}
		if total+a.Dropped != prog.Len() {
			t.Errorf("trial %d: %d made + %d dropped != %d programmed", trial, total, a.Dropped, prog.Len())
		}
	}
}

// TestAssignFollowsMergeWithEnoughCrawlers: with crawlers far faster than
// any host's programme needs and programmed times on the crawler ticks,
// every visit is made on time.
func TestAssignFollowsMergeWithEnoughCrawlers(t *testing.T) {
	const T = 100.0
	prog := Merge(staleness.Horizon, EquallySpaced(staleness.Horizon, []int{1, 3}, []int32{0, 0}, 1, T), T)
	a, err := Assign(staleness.Horizon, prog, []float64{10}, Fleet{Crawlers: 1, Rate: 1}, T)
	if err != nil {
		t.Fatal(err)
	}
	if a.Dropped != 0 || len(a.Visits) != 4 {
		t.Fatalf("%d visits, %d dropped", len(a.Visits), a.Dropped)
	}
	for k, v := range a.Visits {
		if v.Time != prog.Times[k] || v.Page != prog.Pages[k] {
			t.Errorf("visit %d: page %d at %v, programmed page %d at %v", k, v.Page, v.Time, prog.Pages[k], prog.Times[k])
		}
	}
}

// TestAssignMostDelayedFirst: one crawler, two hosts both free; the visit
// programmed earlier goes first, and on equal delays the lower host.
func TestAssignMostDelayedFirst(t *testing.T) {
	prog := &Programme{Start: []int{0, 1, 2}, Pages: []int32{0, 1}, Times: []float64{5, 3}}
	a, err := Assign(staleness.Horizon, prog, []float64{1, 1}, Fleet{Crawlers: 1, Rate: 0.1}, 100)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Visits) != 2 || a.Visits[0].Page != 1 || a.Visits[0].Time != 10 || a.Visits[1].Time != 20 {
		t.Errorf("got %+v, want page 1 at 10 s then page 0 at 20 s", a.Visits)
	}
}

func TestValidateCatches(t *testing.T) {
	hosts := []int32{0, 0}
	fleet := Fleet{Crawlers: 1, Rate: 1}
	cases := map[string][]Visit{
		"impolite":     {{Time: 1, Page: 0}, {Time: 5, Page: 1}},
		"too fast":     {{Time: 1, Page: 0}, {Time: 1.5, Page: 0}},
		"outside":      {{Time: 120, Page: 0}},
		"out of order": {{Time: 50, Page: 0}, {Time: 10, Page: 0}},
	}
	for name, visits := range cases {
		if name == "too fast" {
			hosts = []int32{0, 1}
		}
		if bad, _ := Validate(staleness.Horizon, visits, hosts, []float64{10, 10}, fleet, 100); bad == 0 {
			t.Errorf("%s: not caught", name)
		}
	}
	wrap := []Visit{{Time: 2, Page: 0}, {Time: 95, Page: 0}}
	if bad, _ := Validate(staleness.Steady, wrap, []int32{0}, []float64{10}, fleet, 100); bad != 1 {
		t.Errorf("wrap-around gap of 7 s: %d violations, want 1", bad)
	}
}
