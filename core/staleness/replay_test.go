package staleness

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestReplayAgainstGrid: the stale time Replay finds equals a fine grid's
// count of instants at which the latest change is later than the latest
// refresh (start or a visit), and the detected visits are those with a
// change since the previous refresh.
func TestReplayAgainstGrid(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	for trial := range 300 {
		const start, end = 100.0, 200.0
		draw := func(k int) []float64 {
			out := make([]float64, k)
			for j := range out {
				out[j] = math.Round(80 + 140*rng.Float64()) // integers, some outside [start, end), some equal
			}
			slices.Sort(out)
			return out
		}
		changes, visits := draw(rng.IntN(8)), draw(rng.IntN(6))
		stale, detected := Replay(changes, visits, start, end)
		const step = 1.0 / 64
		var grid float64
		for s := start + step/2; s < end; s += step {
			refresh, latest := start, math.Inf(-1)
			for _, v := range visits {
				if v >= start && v < end && v <= s {
					refresh = v
				}
			}
			for _, c := range changes {
				if c <= s {
					latest = c
				}
			}
			if latest > refresh {
				grid += step
			}
		}
		// The grid's midpoints are exact on integer event times.
		if got := Total(stale, start, end); math.Abs(got-grid) > 1e-9 {
			t.Errorf("trial %d: stale %v s, grid %v s (changes %v, visits %v)", trial, got, grid, changes, visits)
		}
		want, prev := 0, start
		for _, v := range visits {
			if v < start || v >= end {
				continue
			}
			for _, c := range changes {
				if c > prev && c <= v {
					want++
					break
				}
			}
			prev = v
		}
		if detected != want {
			t.Errorf("trial %d: %d visits detected a change, want %d", trial, detected, want)
		}
	}
}
