package adaptive

import (
	"math"
	"testing"
)

// s0 is the start of the hand-made histories: far from 0, because Nutch
// reads a modified time ≤ 0 as "unset".
const s0 = 1000 * day

// every returns change times s0 + k·gap days for k in [from, to].
func every(gap float64, from, to int) []float64 {
	var c []float64
	for k := from; k <= to; k++ {
		c = append(c, s0+float64(k)*gap*day)
	}
	return c
}

const (
	U = Unknown
	M = Modified
	N = NotModified
)

// simple has exact binary rates, so the hand-computed values are exact.
func simple(init, minI, maxI float64, sync bool) Nutch {
	return Nutch{IncRate: 0.5, DecRate: 0.5, InitInterval: init * day, MinInterval: minI,
		MaxInterval: maxI * day, SyncDelta: sync, SyncDeltaRate: 0.5}
}

func withLastMod(n Nutch) Nutch          { n.ServerLastModified = true; return n }
func withCycle(n Nutch, g float64) Nutch { n.GenerateCycle = g; return n }
func withSysMax(n Nutch, m float64) Nutch {
	n.FetchIntervalMax = m
	return n
}

// TestNutchSteps replays hand-made histories and compares every visit,
// state and stored interval with values worked out by hand from the rules
// of AdaptiveFetchSchedule.setFetchSchedule (days after s0).
func TestNutchSteps(t *testing.T) {
	cases := []struct {
		name      string
		n         Nutch
		changes   []float64
		end       float64 // days after s0
		visits    []float64
		states    []State
		intervals []float64 // days
	}{
		{"never changes, sync off: ×1.5, capped at 10 d", simple(1, 60, 10, false), nil, 30,
			[]float64{0, 1, 2.5, 4.75, 8.125, 13.1875, 20.78125},
			[]State{U, N, N, N, N, N, N},
			[]float64{1, 1.5, 2.25, 3.375, 5.0625, 7.59375, 10}},
		{"never changes, sync on: offset = delta/2, interval = delta once larger", simple(1, 60, 10, true), nil, 19,
			[]float64{0, 1, 2, 3.25, 5, 7.5625, 11.375, 15.6875, 17.84375, 18.921875},
			[]State{U, N, N, N, N, N, N, N, N, N},
			[]float64{1, 1.5, 2.25, 3.375, 5.0625, 7.59375, 10, 10, 10, 10}},
		{"every 3 days, sync off", simple(4, day, 10, false), every(3, -1, 6), 15,
			[]float64{0, 4, 6, 7, 8.5, 10.75, 11.875, 13.5625, 14.5625},
			[]State{U, M, M, N, N, M, N, M, N},
			[]float64{4, 2, 1, 1.5, 2.25, 1.125, 1.6875, 1, 1.5}},
		{"every 3 days, sync on: delta from the last fetch that found a change", simple(4, day, 10, true), every(3, -1, 6), 15,
			[]float64{0, 4, 6, 7, 8, 9.25, 10.375, 11.5, 12.90625, 14.171875},
			[]State{U, M, M, N, N, M, N, N, M, N},
			[]float64{4, 2, 1, 1.5, 2.25, 1.125, 1.6875, 2.53125, 1.265625, 1.8984375}},
		{"every 3 days, sync on: delta from the server's Last-Modified", withLastMod(simple(4, day, 10, true)), every(3, -1, 6), 15,
			[]float64{0, 4, 6, 7, 8, 9.25, 10.375, 11.375, 12.71875, 13.984375, 14.9765625},
			[]State{U, M, M, N, N, M, N, N, M, N, N},
			[]float64{4, 2, 1, 1.5, 2.25, 1.125, 1.6875, 2.53125, 1.265625, 1.984375, 2.9765625}},
		{"changed once 100 d ago: NUTCH-1564 zeroes an offset above max", withLastMod(simple(1, 60, 10, true)), []float64{s0 - 100*day}, 35,
			[]float64{0, 10, 20, 30},
			[]State{U, N, N, N},
			[]float64{10, 10, 10, 10}},
		{"hourly changes: ×0.5 down to the 6 h minimum", simple(1, 6*3600, 10, false), every(1.0/24, 0, 72), 2.5,
			[]float64{0, 1, 1.5, 1.75, 2, 2.25},
			[]State{U, M, M, M, M, M},
			[]float64{1, 0.5, 0.25, 0.25, 0.25, 0.25}},
		{"daily generate rounds: due times round up", withCycle(simple(1.1, 60, 10, false), day), nil, 10,
			[]float64{0, 2, 4, 7},
			[]State{U, N, N, N},
			[]float64{1.1, 1.65, 2.475, 3.7125}},
		{"db.fetch.interval.max 4 d: forceRefetch and the Generator's pull-forward",
			withSysMax(withCycle(simple(1, 60, 365, false), day/4), 4*day), nil, 17,
			[]float64{0, 1, 2.5, 4.75, 8.25, 8.5, 12.25, 12.5, 16.25, 16.5},
			[]State{U, N, N, N, N, U, N, U, N, U},
			[]float64{1, 1.5, 2.25, 3.375, 3.6, 3.6, 3.6, 3.6, 3.6, 3.6}},
		{"DefaultNutch on a page that never changes", DefaultNutch(), nil, 366,
			[]float64{0, 30, 63, 107.125, 182.125, 263.125, 352.25},
			[]State{U, N, N, N, U, N, U},
			[]float64{30, 42, 63, 81, 81, 81, 81}},
	}
	for _, c := range cases {
		steps := c.n.Trace(c.changes, s0, s0+c.end*day)
		if len(steps) != len(c.visits) {
			t.Errorf("%s: %d visits, want %d: %v", c.name, len(steps), len(c.visits), steps)
			continue
		}
		for i, s := range steps {
			got := (s.Time - s0) / day
			// 1 s: the Java keeps float32 intervals and a float32 0.3.
			if math.Abs(got-c.visits[i])*day > 1 || s.State != c.states[i] ||
				math.Abs(s.Interval/day-c.intervals[i])*day > 1 {
				t.Errorf("%s: visit %d at %v d (%v, interval %v d), want %v d (%v, %v d)",
					c.name, i, got, s.State, s.Interval/day, c.visits[i], c.states[i], c.intervals[i])
			}
			if i+1 < len(steps) && steps[i+1].Time != s.Next {
				t.Errorf("%s: step %d schedules %v, next visit at %v", c.name, i, s.Next, steps[i+1].Time)
			}
		}
		if v := c.n.Visits(c.changes, s0, s0+c.end*day); len(v) != len(steps) {
			t.Errorf("%s: Visits gives %d visits, Trace %d", c.name, len(v), len(steps))
		}
	}
}

// TestNutchDefaults pins the defaults read from the Java sources.
func TestNutchDefaults(t *testing.T) {
	cases := []struct {
		name string
		got  Nutch
		want Nutch
	}{
		{"nutch-default.xml", DefaultNutch(), Nutch{IncRate: 0.4, DecRate: 0.2, MinInterval: 60,
			MaxInterval: 31536000, InitInterval: 2592000, SyncDelta: true, SyncDeltaRate: 0.3,
			FetchIntervalMax: 7776000, GenerateCycle: 3600}},
		{"setConf fallbacks", NutchCodeDefaults(), Nutch{IncRate: 0.2, DecRate: 0.2, MinInterval: 60,
			MaxInterval: 31536000, InitInterval: 2592000, SyncDelta: true, SyncDeltaRate: 0.2,
			FetchIntervalMax: 7776000, GenerateCycle: 3600}},
	}
	for _, c := range cases {
		if c.got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, c.got, c.want)
		}
		if err := c.got.Validate(); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		if c.got.Name() != "nutch" {
			t.Errorf("%s: name %q", c.name, c.got.Name())
		}
	}
}

// TestNutchInvalid checks that bad parameters or windows give no visits.
func TestNutchInvalid(t *testing.T) {
	bad := func(f func(*Nutch)) Nutch { n := DefaultNutch(); f(&n); return n }
	cases := []struct {
		name       string
		n          Nutch
		start, end float64
	}{
		{"zero min interval", bad(func(n *Nutch) { n.MinInterval = 0 }), 0, day},
		{"negative rate", bad(func(n *Nutch) { n.IncRate = -0.1 }), 0, day},
		{"NaN init", bad(func(n *Nutch) { n.InitInterval = math.NaN() }), 0, day},
		{"dec rate above 1", bad(func(n *Nutch) { n.DecRate = 1.5 }), 0, day},
		{"huge max", bad(func(n *Nutch) { n.MaxInterval = math.Inf(1) }), 0, day},
		{"empty window", DefaultNutch(), day, day},
		{"reversed window", DefaultNutch(), day, 0},
		{"NaN window", DefaultNutch(), math.NaN(), day},
	}
	for _, c := range cases {
		if v := c.n.Visits(nil, c.start, c.end); v != nil {
			t.Errorf("%s: %v, want no visits", c.name, v)
		}
	}
}
