package schedule

import (
	"math/rand/v2"
	"testing"

	"github.com/freshplan/freshplan/core/staleness"
)

// randomCounts returns n pages' visit counts on m hosts, with many ties
// in time (pages visited once, or a divisor of another's count) and, in
// some trials, pages visited far more often than a window holds.
func randomCounts(rng *rand.Rand, n, m int) ([]int, []int32) {
	x := make([]int, n)
	hosts := make([]int32, n)
	big := rng.IntN(3) == 0
	for i := range n {
		hosts[i] = int32(rng.IntN(m))
		switch k := rng.IntN(10); {
		case k < 3:
			x[i] = 1
		case k < 4:
			x[i] = 0
		case big && k == 9:
			x[i] = 100 + rng.IntN(500)
		default:
			x[i] = 1 + rng.IntN(12)
		}
	}
	return x, hosts
}

// TestLazyMatchesEquallySpaced: the lazy programme gives every host's
// visits, merged or not, bit for bit as EquallySpaced (and Merge) hold
// them, on random instances of both models, hosts from 1 visit to many
// windows.
func TestLazyMatchesEquallySpaced(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for trial := range 300 {
		model := staleness.Model(trial % 2)
		merge := trial%4 >= 2
		n, m := 1+rng.IntN(400), 1+rng.IntN(8)
		if trial%10 == 0 {
			n = 2000 + rng.IntN(3000)
		}
		x, hosts := randomCounts(rng, n, m)
		T := []float64{86400, 1000, 7}[trial%3]
		want := EquallySpaced(model, x, hosts, m, T)
		if merge {
			want = Merge(model, want, T)
		}
		lazy := NewLazy(model, x, hosts, m, T, merge)
		if lazy.Hosts() != m {
			t.Fatalf("trial %d: %d hosts, want %d", trial, lazy.Hosts(), m)
		}
		for s := range m {
			if lazy.Count(s) != want.Count(s) {
				t.Fatalf("trial %d host %d: %d visits, want %d", trial, s, lazy.Count(s), want.Count(s))
			}
			for r := range want.Count(s) {
				gp, gt := lazy.Visit(s, r)
				if r%3 == 0 { // asked again: the same answer
					gp, gt = lazy.Visit(s, r)
				}
				wp, wt := want.Visit(s, r)
				if gp != wp || gt != wt {
					t.Fatalf("trial %d host %d rank %d: page %d at %v, want page %d at %v", trial, s, r, gp, gt, wp, wt)
				}
			}
		}
	}
}

// TestAssignLazy: Assign makes the same visits, in the same order and
// with the same programme indices, from a lazy programme as from the
// whole one, hosts interleaving as the crawlers consume them.
func TestAssignLazy(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	for trial := range 120 {
		model := staleness.Model(trial % 2)
		n, m := 50+rng.IntN(2000), 1+rng.IntN(40)
		x, hosts := randomCounts(rng, n, m)
		const T = 3600.0
		P := []float64{0, 5, 30}[trial%3]
		delay := make([]float64, m)
		for s := range delay {
			delay[s] = P + float64(rng.IntN(3))
		}
		fleet := Fleet{Crawlers: 1 + rng.IntN(4), Rate: 0.2 + 3*rng.Float64()}
		type made struct {
			k int
			v Visit
		}
		run := func(src Source) ([]made, int) {
			var out []made
			d, err := Assign(model, src, delay, fleet, T, func(k int, v Visit) { out = append(out, made{k, v}) })
			if err != nil {
				t.Fatal(err)
			}
			return out, d
		}
		want, wd := run(Merge(model, EquallySpaced(model, x, hosts, m, T), T))
		got, gd := run(NewLazy(model, x, hosts, m, T, true))
		if gd != wd || len(got) != len(want) {
			t.Fatalf("trial %d: %d made, %d dropped; whole programme %d, %d", trial, len(got), gd, len(want), wd)
		}
		for k := range want {
			if got[k] != want[k] {
				t.Fatalf("trial %d visit %d: %+v, whole programme %+v", trial, k, got[k], want[k])
			}
		}
	}
}

// BenchmarkLazy1M makes BenchmarkEquallySpaced1M's programme lazily, host
// by host to the end.
func BenchmarkLazy1M(b *testing.B) {
	x, hosts, m := millionPages()
	b.ResetTimer()
	for b.Loop() {
		l := NewLazy(staleness.Horizon, x, hosts, m, 86400, false)
		for s := range m {
			for r := range l.Count(s) {
				l.Visit(s, r)
			}
		}
	}
}

// BenchmarkAssignPaperLazy is BenchmarkAssignPaper from a lazy programme,
// made as it is assigned.
func BenchmarkAssignPaperLazy(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	const n, m, T = 1_000_000, 2000, 86400.0
	x := make([]int, n)
	hosts := make([]int32, n)
	for i := range n {
		x[i], hosts[i] = 1+rng.IntN(16), int32(i*m/n)
	}
	delay := make([]float64, m)
	for s := range delay {
		delay[s] = 15
	}
	b.ResetTimer()
	for b.Loop() {
		prog := NewLazy(staleness.Horizon, x, hosts, m, T, true)
		if _, err := Assign(staleness.Horizon, prog, delay, Fleet{Crawlers: 10, Rate: 10}, T, func(int, Visit) {}); err != nil {
			b.Fatal(err)
		}
	}
}
