package simulate

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/freshplan/freshplan/core/staleness"
)

// quasiExact returns the expected time-average staleness and age of a
// quasi-deterministic page by enumerating the 2^Q outcomes of its coins:
// each outcome fixes the update times of a horizon, repeated every
// horizon (under the steady model a staleness window (last visit, t] is
// shorter than T, so it meets each coin once and the repetition does not
// correlate coins that are really independent). Per outcome, the copy's
// state is evaluated on the pieces between consecutive breakpoints
// (visits, updates): stale or not is constant on a piece and the age is
// linear, so the midpoint rule is exact. This shares no code with the
// event-driven replay.
func quasiExact(m staleness.Model, T float64, q Quasi, visits []float64) (stale, age float64) {
	Q := len(q.Times)
	for mask := range 1 << Q {
		prob := 1.0
		var ups []float64
		for j := range Q {
			if mask&(1<<j) != 0 {
				prob *= q.Probs[j]
				ups = append(ups, q.Times[j])
			} else {
				prob *= 1 - q.Probs[j]
			}
		}
		if prob == 0 {
			continue
		}
		// Updates and visits of the previous, this and the next horizon.
		var allUps, allVisits []float64
		for h := -1.0; h <= 1; h++ {
			for _, u := range ups {
				allUps = append(allUps, h*T+u)
			}
			for _, v := range visits {
				if m == staleness.Steady || h == 0 {
					allVisits = append(allVisits, h*T+v)
				}
			}
		}
		if m == staleness.Horizon {
			allVisits = append(allVisits, 0) // the fresh copy at 0
		}
		// lastRefresh(t): the latest visit ≤ t; firstUpdate: the first update after it, ≤ t.
		stateAt := func(t float64) (bool, float64) {
			last := math.Inf(-1)
			for _, v := range allVisits {
				if v <= t && v > last {
					last = v
				}
			}
			for _, u := range allUps { // sorted per horizon, horizons in order
				if u > last && u <= t {
					return true, t - u
				}
			}
			return false, 0
		}
		cuts := []float64{0, T}
		for _, x := range append(slices.Clone(allUps), allVisits...) {
			if x > 0 && x < T {
				cuts = append(cuts, x)
			}
		}
		slices.Sort(cuts)
		var s, a float64
		for k := 1; k < len(cuts); k++ {
			lo, hi := cuts[k-1], cuts[k]
			if hi <= lo {
				continue
			}
			st, ag := stateAt((lo + hi) / 2)
			if st {
				s += hi - lo
				a += ag * (hi - lo)
			}
		}
		stale += prob * s / T
		age += prob * a / T
	}
	return stale, age
}

// TestQuasiMatchesEnumeration compares the simulated quasi-deterministic
// pages of seed 003 §2.3.3 with quasiExact, within ciFactor half-widths
// (4000 runs; the steady runs measure 10 horizons each), for visits
// between potential times, at potential times (the visit sees the update
// made at its own instant) and none.
func TestQuasiMatchesEnumeration(t *testing.T) {
	const T = 10.0
	q := Quasi{Times: []float64{1, 4, 4.5, 8}, Probs: []float64{0.5, 0.9, 0.2, 0.7}}
	cases := []struct {
		name   string
		visits []float64
	}{
		{"between", []float64{2, 6}},
		{"at-updates", []float64{4, 8}},
		{"one", []float64{9.5}},
		{"start-end", []float64{0, 10}},
		{"none", nil},
	}
	for k, c := range cases {
		for _, m := range []staleness.Model{staleness.Steady, staleness.Horizon} {
			if m == staleness.Steady && c.visits == nil {
				continue // stale for good: TestQuasiDeterministic
			}
			cfg := Config{Model: m, Horizon: T, Runs: 4000, Seed: uint64(7 + 10*k + int(m))}
			if m == staleness.Steady {
				cfg.Horizons = 10
			}
			res := runOne(t, cfg, q, c.visits)
			s, a := quasiExact(m, T, q, c.visits)
			name := fmt.Sprintf("%v/%s", m, c.name)
			within(t, name+" staleness", res.Staleness, s, 0.02)
			within(t, name+" age", res.Age, a, 0.03*T)
		}
	}
}

// TestQuasiDeterministic: with every probability 1 (a deterministic page)
// every run is the same, the interval collapses and the value is the
// enumeration's to 1e-12; a page that never updates is fresh; a page never
// visited under the steady model is stale for good.
func TestQuasiDeterministic(t *testing.T) {
	const T = 10.0
	q := Quasi{Times: []float64{1, 4, 4.5, 8}, Probs: []float64{1, 1, 1, 1}}
	for _, m := range []staleness.Model{staleness.Steady, staleness.Horizon} {
		for _, visits := range [][]float64{{2, 6}, {4, 8}, {0}} {
			res := runOne(t, Config{Model: m, Horizon: T, Runs: 5, Horizons: 1}, q, visits)
			s, a := quasiExact(m, T, q, visits)
			if res.Staleness.Low != res.Staleness.High || math.Abs(res.Staleness.Mean-s) > 1e-12 || math.Abs(res.Age.Mean-a) > 1e-12 {
				t.Errorf("%v %v: staleness %+v age %+v, exact %v and %v", m, visits, res.Staleness, res.Age, s, a)
			}
		}
	}
	never := Quasi{Times: []float64{3}, Probs: []float64{0}}
	if res := runOne(t, Config{Model: staleness.Steady, Horizon: T, Runs: 2}, never, nil); res.Staleness.Mean != 0 {
		t.Errorf("page that never updates: staleness %v", res.Staleness.Mean)
	}
	if res := runOne(t, Config{Model: staleness.Steady, Horizon: T, Runs: 2}, q, nil); res.Staleness.Mean != 1 {
		t.Errorf("updating page never visited: staleness %v", res.Staleness.Mean)
	}
}
