package adaptive

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// randomPages draws Poisson change histories with rates log-uniform
// between one a year and four a day, over [start−60 d, end).
func randomPages(seed uint64, n int, start, end float64) [][]float64 {
	rng := rand.New(rand.NewPCG(seed, 99))
	pages := make([][]float64, n)
	for i := range pages {
		rate := math.Exp(math.Log(1/(365*day)) + rng.Float64()*math.Log(4*365))
		var c []float64
		for x := start - 60*day + rng.ExpFloat64()/rate; x < end; x += rng.ExpFloat64() / rate {
			c = append(c, math.Round(x))
		}
		pages[i] = c
	}
	return pages
}

func total(s Scheduler, pages [][]float64, start, end float64) int {
	n := 0
	for _, c := range pages {
		n += len(s.Visits(c, start, end))
	}
	return n
}

// TestTuneHitsTarget tunes both schedulers on random histories to several
// budgets: the total must not exceed the target and be within 1% of it,
// and Tune's count must be what the tuned scheduler then does.
func TestTuneHitsTarget(t *testing.T) {
	start := 1.7e9
	end := start + 365*day
	pages := randomPages(3, 150, start, end)
	cases := []struct {
		name  string
		every float64 // one visit per page per every seconds
	}{
		{"weekly", 7 * day},
		{"every 2 days", 2 * day},
		{"monthly", 30 * day},
	}
	for _, c := range cases {
		target := int(float64(len(pages)) * (end - start) / c.every)
		n, vn := TuneNutch(DefaultNutch(), pages, start, end, target)
		s, vs := TuneStormCrawler(DefaultStormCrawler(), pages, start, end, target)
		for _, r := range []struct {
			s    Scheduler
			v    int
			base float64 // the untuned MinInterval, to check the scaling
			min  float64
		}{{n, vn, DefaultNutch().MinInterval, n.MinInterval}, {s, vs, DefaultStormCrawler().MinInterval, s.MinInterval}} {
			if got := total(r.s, pages, start, end); got != r.v {
				t.Errorf("%s %s: Tune says %d visits, replay makes %d", c.name, r.s.Name(), r.v, got)
			}
			if r.v > target || float64(r.v) < 0.99*float64(target) {
				t.Errorf("%s %s: %d visits, target %d", c.name, r.s.Name(), r.v, target)
			}
			t.Logf("%s %s: %d visits for %d, interval scale %.4g", c.name, r.s.Name(), r.v, target, r.min/r.base)
		}
	}
}

// TestTuneScalesIntervals checks that Tune moves only the interval knobs,
// all by one factor.
func TestTuneScalesIntervals(t *testing.T) {
	start := 1.7e9
	end := start + 60*day
	pages := randomPages(5, 40, start, end)
	target := len(pages) * 10
	base := DefaultNutch()
	n, _ := TuneNutch(base, pages, start, end, target)
	f := n.InitInterval / base.InitInterval
	scaled := base
	scaled.InitInterval, scaled.MinInterval, scaled.MaxInterval = n.InitInterval, n.MinInterval, n.MaxInterval
	if n != scaled || math.Abs(n.MinInterval/base.MinInterval/f-1) > 1e-12 || math.Abs(n.MaxInterval/base.MaxInterval/f-1) > 1e-12 {
		t.Errorf("Nutch: %+v is not %+v scaled by %v", n, base, f)
	}
	sb := DefaultStormCrawler()
	s, _ := TuneStormCrawler(sb, pages, start, end, target)
	g := s.DefaultInterval / sb.DefaultInterval
	if s.IncRate != sb.IncRate || s.DecRate != sb.DecRate ||
		math.Abs(s.MinInterval/sb.MinInterval/g-1) > 1e-12 || math.Abs(s.MaxInterval/sb.MaxInterval/g-1) > 1e-12 {
		t.Errorf("StormCrawler: %+v is not %+v scaled by %v", s, sb, g)
	}
}

// TestReplayProperties checks, on random histories, that both schedulers
// visit first at start, strictly later each time, never at or after end;
// that replays are deterministic and do not depend on the order the
// changes are given in.
func TestReplayProperties(t *testing.T) {
	start := 1.7e9
	end := start + 200*day
	pages := randomPages(11, 60, start, end)
	scheds := []Scheduler{DefaultNutch(), NutchCodeDefaults(), withLastMod(DefaultNutch()),
		withCycle(DefaultNutch(), 0), DefaultStormCrawler()}
	for _, s := range scheds {
		for i, c := range pages {
			v := s.Visits(c, start, end)
			if len(v) == 0 || v[0] != start || v[len(v)-1] >= end {
				t.Fatalf("%s page %d: visits %v", s.Name(), i, v)
			}
			for j := 1; j < len(v); j++ {
				if v[j] <= v[j-1] {
					t.Fatalf("%s page %d: visit %d at %v after %v", s.Name(), i, j, v[j], v[j-1])
				}
			}
			shuffled := slices.Clone(c)
			rand.New(rand.NewPCG(uint64(i), 1)).Shuffle(len(shuffled), func(a, b int) {
				shuffled[a], shuffled[b] = shuffled[b], shuffled[a]
			})
			if w := s.Visits(shuffled, start, end); !slices.Equal(v, w) {
				t.Errorf("%s page %d: shuffled changes give other visits", s.Name(), i)
			}
			if w := s.Visits(c, start, end); !slices.Equal(v, w) {
				t.Errorf("%s page %d: replay not deterministic", s.Name(), i)
			}
		}
	}
	target := len(pages) * 20
	a, va := TuneNutch(DefaultNutch(), pages, start, end, target)
	b, vb := TuneNutch(DefaultNutch(), pages, start, end, target)
	if a != b || va != vb {
		t.Errorf("TuneNutch not deterministic: %+v %d, %+v %d", a, va, b, vb)
	}
	// Tuned on shuffled changes (sorted once, not at each replay), the
	// same factor and count; the pages given are left as they were.
	shuffled := make([][]float64, len(pages))
	for i, c := range pages {
		shuffled[i] = slices.Clone(c)
		rand.New(rand.NewPCG(uint64(i), 2)).Shuffle(len(c), func(a, b int) { shuffled[i][a], shuffled[i][b] = shuffled[i][b], shuffled[i][a] })
	}
	before := slices.Clone(shuffled[0])
	if c, vc := TuneNutch(DefaultNutch(), shuffled, start, end, target); c != a || vc != va {
		t.Errorf("TuneNutch on shuffled changes: %+v %d, want %+v %d", c, vc, a, va)
	}
	sa, sva := TuneStormCrawler(DefaultStormCrawler(), pages, start, end, target)
	if sb, svb := TuneStormCrawler(DefaultStormCrawler(), shuffled, start, end, target); sb != sa || svb != sva {
		t.Errorf("TuneStormCrawler on shuffled changes: %+v %d, want %+v %d", sb, svb, sa, sva)
	}
	if !slices.Equal(shuffled[0], before) {
		t.Errorf("tuning reordered the changes it was given")
	}
}

// TestTuneUnreachable checks the fallbacks: a target below one visit per
// page gives the fewest visits found, never an invalid scheduler.
func TestTuneUnreachable(t *testing.T) {
	start := 1.7e9
	end := start + 30*day
	pages := randomPages(7, 20, start, end)
	cases := []struct {
		name   string
		target int
	}{{"zero", 0}, {"half the pages", 10}}
	for _, c := range cases {
		n, vn := TuneNutch(DefaultNutch(), pages, start, end, c.target)
		s, vs := TuneStormCrawler(DefaultStormCrawler(), pages, start, end, c.target)
		if n.Validate() != nil || s.Validate() != nil {
			t.Errorf("%s: invalid result %+v %+v", c.name, n, s)
		}
		if vn != len(pages) || vs != len(pages) {
			t.Errorf("%s: %d and %d visits, want one per page (%d)", c.name, vn, vs, len(pages))
		}
	}
}
