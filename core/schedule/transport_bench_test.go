package schedule_test

import (
	"math"
	"testing"
	"time"

	"github.com/freshplan/freshplan/core/allocate"
	"github.com/freshplan/freshplan/core/internal/synth"
	"github.com/freshplan/freshplan/core/schedule"
	"github.com/freshplan/freshplan/core/staleness"
)

// instance20k is a 20,000-crawl day in the setting of seed 000 §4 Figure 3
// (8.64 visits per page, at about 1/9 of its scale): 2,315 pages on 40
// servers (Zipf θ = 1), Poisson rates uniform in [0.24, 24] changes per
// day, equal weights, a
// politeness delay of 15 s, R = 20,000 visits made by 4 crawlers at
// 20,000/(4 × 86,400) pages per second (exactly 20,000 slots), the
// steady model. It holds the programmes of mwolf (Wolf's allocation
// without caps, each page's visits equally spaced: seed 003 §2.3's ideal
// times) and psp (the capped allocation, spaced by MERGE: seed 000 §2.2).
type instance20k struct {
	rates          []float64 // per second
	weights        []float64
	hosts          []int32
	delay          []float64
	fleet          schedule.Fleet
	mwolf, psp     *schedule.Programme
	xWolf, xPolite []int
}

const day = 86400.0

func newInstance20k(tb testing.TB) *instance20k {
	pg := synth.Zipf(2315, 40, 1, 0.24, 24, 3)
	in := &instance20k{fleet: schedule.Fleet{Crawlers: 4, Rate: 20000.0 / (4 * day)}}
	hostIndex := map[string]int32{}
	for _, p := range pg {
		h, ok := hostIndex[p.Host]
		if !ok {
			h = int32(len(hostIndex))
			hostIndex[p.Host] = h
		}
		in.rates = append(in.rates, p.Rate/day)
		in.weights = append(in.weights, p.Weight)
		in.hosts = append(in.hosts, h)
	}
	m := len(hostIndex)
	in.delay = make([]float64, m)
	caps := make([]int, m)
	for s := range m {
		in.delay[s], caps[s] = 15, int(day/15)
	}
	problem := allocate.Problem{Rates: in.rates, Weights: in.weights, Budget: 20000, Horizon: day,
		Model: staleness.Steady, Objective: staleness.Stale}
	var err error
	if in.xWolf, err = allocate.Greedy(problem); err != nil {
		tb.Fatal(err)
	}
	problem.Hosts, problem.Caps = in.hosts, caps
	if in.xPolite, err = allocate.Greedy(problem); err != nil {
		tb.Fatal(err)
	}
	in.mwolf = schedule.EquallySpaced(staleness.Steady, in.xWolf, in.hosts, m, day)
	in.psp = schedule.Merge(staleness.Steady, schedule.EquallySpaced(staleness.Steady, in.xPolite, in.hosts, m, day), day)
	return in
}

// outcome is what a schedule of a programme achieves.
type outcome struct {
	stale      float64 // realized staleness, steady model, equal weights
	deviation  float64 // mean |s − t| over the visits made, seconds
	dropped    int
	violations int // politeness (Validate)
	others     int // other violations (Validate with no politeness delay)
	early      int // visits made before their release time
	seconds    float64
}

func (in *instance20k) judge(p *schedule.Programme, release []float64, visits []schedule.Visit, made []int, start time.Time) outcome {
	o := outcome{seconds: time.Since(start).Seconds(), dropped: p.Len() - len(visits)}
	tr := staleness.NewTracker(staleness.Steady, staleness.Stale, in.rates, day)
	for j, v := range visits {
		tr.Visit(int(v.Page), v.Time)
		o.deviation += math.Abs(v.Time - p.Times[made[j]])
		if release != nil && v.Time < release[made[j]] {
			o.early++
		}
	}
	o.deviation /= float64(len(visits))
	o.stale = tr.Average(in.weights)
	o.violations, _ = schedule.Validate(staleness.Steady, visits, in.hosts, in.delay, in.fleet, day)
	o.others, _ = schedule.Validate(staleness.Steady, visits, in.hosts, make([]float64, len(in.delay)), in.fleet, day)
	return o
}

// assign returns psp's most-delayed-free assignment of p (seed 000 §2.3).
func (in *instance20k) assign(tb testing.TB, p *schedule.Programme) outcome {
	start := time.Now()
	var visits []schedule.Visit
	var made []int
	if _, err := schedule.Assign(staleness.Steady, p, in.delay, in.fleet, day, func(k int, v schedule.Visit) {
		visits = append(visits, v)
		made = append(made, k)
	}); err != nil {
		tb.Fatal(err)
	}
	return in.judge(p, nil, visits, made, start)
}

// transport returns the exact transportation schedule of p (seed 003 §3).
func (in *instance20k) transport(tb testing.TB, p *schedule.Programme, release []float64) outcome {
	start := time.Now()
	var visits []schedule.Visit
	var made []int
	if _, err := schedule.Transport(p, release, in.fleet, day, func(k int, v schedule.Visit) {
		visits = append(visits, v)
		made = append(made, k)
	}); err != nil {
		tb.Fatal(err)
	}
	return in.judge(p, release, visits, made, start)
}

// TestTransport20k compares, on the 20,000-crawl day, the exact
// transportation schedule with psp's most-delayed-free assignment, on
// mwolf's programme and on psp's. Transport makes every visit (the slots
// match the budget) at the least total deviation; what it does not do is
// keep politeness. Both realized staleness values are logged; the test
// asserts that Transport drops nothing, breaks no rule but politeness, and
// deviates less than Assign when Assign drops nothing.
func TestTransport20k(t *testing.T) {
	in := newInstance20k(t)
	for _, c := range []struct {
		name string
		p    *schedule.Programme
	}{{"mwolf", in.mwolf}, {"psp", in.psp}} {
		a, x := in.assign(t, c.p), in.transport(t, c.p, nil)
		exact := c.p.Realized(staleness.Steady, staleness.Stale, in.rates, day).Average(in.weights)
		t.Logf("%s programme (%d visits; followed exactly: staleness %.5f)", c.name, c.p.Len(), exact)
		for _, r := range []struct {
			how string
			o   outcome
		}{{"most-delayed-free", a}, {"exact transport", x}} {
			t.Logf("  %-17s staleness %.5f, mean |s − t| %7.1f s, dropped %4d, politeness violations %5d, %.3f s",
				r.how, r.o.stale, r.o.deviation, r.o.dropped, r.o.violations, r.o.seconds)
		}
		if x.dropped != 0 || x.others != 0 || a.others != 0 {
			t.Errorf("%s: transport dropped %d visits and broke %d rules besides politeness, the assignment %d", c.name, x.dropped, x.others, a.others)
		}
		if a.dropped == 0 && x.deviation > a.deviation*(1+1e-12) {
			t.Errorf("%s: transport's mean deviation %v above the assignment's %v", c.name, x.deviation, a.deviation)
		}
	}
	release := quasi(in.mwolf)
	q := in.transport(t, in.mwolf, release)
	t.Logf("mwolf programme, every fifth visit quasi-deterministic:")
	t.Logf("  %-17s staleness %.5f, mean |s − t| %7.1f s, dropped %4d, politeness violations %5d, %.3f s",
		"exact transport", q.stale, q.deviation, q.dropped, q.violations, q.seconds)
	if q.dropped != 0 || q.others != 0 || q.early != 0 {
		t.Errorf("quasi-deterministic: %d dropped, %d rules broken besides politeness, %d visits before their release", q.dropped, q.others, q.early)
	}
}

// BenchmarkTransport20k times Transport on the 20,000-crawl day: mwolf's
// programme, the same with every fifth visit quasi-deterministic
// (released at its ideal time, as 20% of the crawls of seed 003 Fig. 10),
// and psp's programme.
func BenchmarkTransport20k(b *testing.B) {
	in := newInstance20k(b)
	for _, c := range []struct {
		name    string
		p       *schedule.Programme
		release []float64
	}{{"mwolf", in.mwolf, nil}, {"mwolf-qd20", in.mwolf, quasi(in.mwolf)}, {"psp", in.psp, nil}} {
		b.Run(c.name, func(b *testing.B) {
			for b.Loop() {
				if _, err := schedule.Transport(c.p, c.release, in.fleet, day, nil); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// quasi returns release times that make every fifth visit of p
// quasi-deterministic: not to be made before its ideal time (seed 003
// eq. 22).
func quasi(p *schedule.Programme) []float64 {
	r := make([]float64, p.Len())
	for k := range r {
		r[k] = math.Inf(-1)
		if k%5 == 0 {
			r[k] = p.Times[k]
		}
	}
	return r
}

// BenchmarkAssign20k times psp's assignment of the same programme.
func BenchmarkAssign20k(b *testing.B) {
	in := newInstance20k(b)
	b.ResetTimer()
	for b.Loop() {
		if _, err := schedule.Assign(staleness.Steady, in.mwolf, in.delay, in.fleet, day, func(int, schedule.Visit) {}); err != nil {
			b.Fatal(err)
		}
	}
}
