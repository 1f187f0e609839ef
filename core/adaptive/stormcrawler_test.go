package adaptive

import (
	"math"
	"testing"
)

// TestStormCrawlerSteps replays hand-made histories and compares every
// visit, state and stored interval with values worked out by hand from
// AdaptiveScheduler.schedule (minutes after s0).
func TestStormCrawlerSteps(t *testing.T) {
	quarter := StormCrawler{DefaultInterval: 600 * 60, MinInterval: 120 * 60, MaxInterval: 1000 * 60,
		IncRate: 0.25, DecRate: 0.25}
	subMinute := StormCrawler{DefaultInterval: 100, MinInterval: 10, MaxInterval: 200, IncRate: 0.5, DecRate: 0.5}
	mins := func(step float64, n int) []float64 { // changes every step minutes, from 0
		var c []float64
		for k := 0; k <= n; k++ {
			c = append(c, s0+float64(k)*step*60)
		}
		return c
	}
	cases := []struct {
		name      string
		s         StormCrawler
		changes   []float64
		end       float64 // minutes after s0
		visits    []float64
		states    []State
		intervals []float64 // minutes
	}{
		{"defaults, never changes: ×1.5 truncated, capped at 2 weeks", DefaultStormCrawler(), nil, 60 * 1440,
			[]float64{0, 1440, 3600, 6840, 11700, 18990, 29925, 46327, 66487},
			[]State{U, N, N, N, N, N, N, N, N},
			[]float64{1440, 2160, 3240, 4860, 7290, 10935, 16402, 20160, 20160}},
		{"defaults, every 3 days: halfway to the 60 min minimum on change", DefaultStormCrawler(), mins(4320, 10), 14 * 1440,
			[]float64{0, 1440, 3600, 6840, 8490, 10965, 12232, 14132, 15112, 16582, 18787, 19919},
			[]State{U, N, N, M, N, M, N, M, N, N, M, N},
			[]float64{1440, 2160, 3240, 1650, 2475, 1267, 1900, 980, 1470, 2205, 1132, 1698}},
		{"rates 0.25, every 2000 min", quarter, mins(2000, 5), 6000,
			[]float64{0, 600, 1350, 2287, 3019, 3934, 4934, 5714},
			[]State{U, N, N, M, N, N, M, N},
			[]float64{600, 750, 937, 732, 915, 1000, 780, 975}},
		{"seconds round to whole minutes, at least 1", subMinute, nil, 10,
			[]float64{0, 2, 5, 8},
			[]State{U, N, N, N},
			[]float64{2, 3, 3, 3}},
	}
	for _, c := range cases {
		steps := c.s.Trace(c.changes, s0, s0+c.end*60)
		if len(steps) != len(c.visits) {
			t.Errorf("%s: %d visits, want %d: %v", c.name, len(steps), len(c.visits), steps)
			continue
		}
		for i, s := range steps {
			got := (s.Time - s0) / 60
			if got != c.visits[i] || s.State != c.states[i] || s.Interval/60 != c.intervals[i] {
				t.Errorf("%s: visit %d at %v min (%v, interval %v min), want %v min (%v, %v min)",
					c.name, i, got, s.State, s.Interval/60, c.visits[i], c.states[i], c.intervals[i])
			}
			if i+1 < len(steps) && steps[i+1].Time != s.Next {
				t.Errorf("%s: step %d schedules %v, next visit at %v", c.name, i, s.Next, steps[i+1].Time)
			}
		}
		if v := c.s.Visits(c.changes, s0, s0+c.end*60); len(v) != len(steps) {
			t.Errorf("%s: Visits gives %d visits, Trace %d", c.name, len(v), len(steps))
		}
	}
}

// TestStormCrawlerDefaults pins the defaults read from the Java sources.
func TestStormCrawlerDefaults(t *testing.T) {
	want := StormCrawler{DefaultInterval: 1440 * 60, MinInterval: 60 * 60, MaxInterval: 20160 * 60,
		IncRate: 0.5, DecRate: 0.5}
	cases := []struct {
		name string
		got  StormCrawler
	}{{"DefaultStormCrawler", DefaultStormCrawler()}}
	for _, c := range cases {
		if c.got != want {
			t.Errorf("%s: %+v, want %+v", c.name, c.got, want)
		}
		if err := c.got.Validate(); err != nil || c.got.Name() != "stormcrawler" {
			t.Errorf("%s: %v, name %q", c.name, err, c.got.Name())
		}
	}
}

// TestStormCrawlerInvalid checks that bad parameters or windows give no
// visits.
func TestStormCrawlerInvalid(t *testing.T) {
	bad := func(f func(*StormCrawler)) StormCrawler { s := DefaultStormCrawler(); f(&s); return s }
	cases := []struct {
		name       string
		s          StormCrawler
		start, end float64
	}{
		{"zero default interval", bad(func(s *StormCrawler) { s.DefaultInterval = 0 }), 0, day},
		{"NaN rate", bad(func(s *StormCrawler) { s.IncRate = math.NaN() }), 0, day},
		{"decrement above 1", bad(func(s *StormCrawler) { s.DecRate = 2 }), 0, day},
		{"negative max", bad(func(s *StormCrawler) { s.MaxInterval = -1 }), 0, day},
		{"empty window", DefaultStormCrawler(), day, day},
		{"infinite start", DefaultStormCrawler(), math.Inf(-1), day},
	}
	for _, c := range cases {
		if v := c.s.Visits(nil, c.start, c.end); v != nil {
			t.Errorf("%s: %v, want no visits", c.name, v)
		}
	}
}
