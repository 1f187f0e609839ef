package adaptive

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestStalenessHand checks small cases worked out by hand on [0, 10).
func TestStalenessHand(t *testing.T) {
	cases := []struct {
		name     string
		changes  []float64
		visits   []float64
		stale    float64
		detected int
	}{
		{"no changes", nil, []float64{0, 5}, 0, 0},
		{"change, never revisited", []float64{2}, []float64{0}, 0.8, 0},
		{"change before start is history", []float64{-1}, nil, 0, 0},
		{"change at start is seen", []float64{0}, []float64{0}, 0, 0},
		{"change at a visit is seen by it", []float64{4}, []float64{0, 4}, 0, 1},
		{"two changes, one gap", []float64{2, 3}, []float64{0, 6}, 0.4, 1},
		{"visits outside the window ignored", []float64{2}, []float64{-3, 0, 12}, 0.8, 0},
		{"unsorted input", []float64{7, 2}, []float64{5, 0}, 0.6, 1},
		{"no visits, copy fresh at start", []float64{9}, nil, 0.1, 0},
	}
	for _, c := range cases {
		s, d := Staleness(c.changes, c.visits, 0, 10)
		if math.Abs(s-c.stale) > 1e-12 || d != c.detected {
			t.Errorf("%s: staleness %v, detected %d; want %v, %d", c.name, s, d, c.stale, c.detected)
		}
	}
	if s, d := Staleness([]float64{1}, nil, 5, 5); s != 0 || d != 0 {
		t.Errorf("empty window: %v, %d", s, d)
	}
}

// TestStalenessBruteForce compares Staleness with sampling a fine grid: at
// time x the copy is stale when a change happened in (r, x], r being the
// last visit at or before x (or start).
func TestStalenessBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for trial := range 20 {
		start, end := 100.0, 1100.0
		var changes, visits []float64
		for range rng.IntN(30) {
			changes = append(changes, start-50+rng.Float64()*1100)
		}
		for range rng.IntN(20) {
			visits = append(visits, start+rng.Float64()*1000)
		}
		if trial%2 == 0 {
			visits = append(visits, start)
		}
		slices.Sort(changes)
		slices.Sort(visits)
		const n = 1_000_000
		h := (end - start) / n
		stale, ci, vi, ref := 0, 0, 0, start
		lastChange := math.Inf(-1)
		for i := range n {
			x := start + (float64(i)+0.5)*h
			for ci < len(changes) && changes[ci] <= x {
				lastChange = changes[ci]
				ci++
			}
			for vi < len(visits) && visits[vi] <= x {
				ref = visits[vi]
				vi++
			}
			if lastChange > ref {
				stale++
			}
		}
		detected, prev := 0, start
		for _, v := range visits {
			for _, c := range changes {
				if c > prev && c <= v {
					detected++
					break
				}
			}
			prev = v
		}
		got, d := Staleness(changes, visits, start, end)
		want := float64(stale) / n
		// Each change or visit can misplace at most one grid cell.
		if tol := float64(len(changes)+len(visits)+1) / n; math.Abs(got-want) > tol || d != detected {
			t.Errorf("trial %d: staleness %v, grid %v; detected %d, brute force %d", trial, got, want, d, detected)
		}
	}
}
