package adaptive

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// The observer's galloping finds what a walk change by change finds:
// whether a change fell in (previous visit, t], and the latest change at
// or before t — on sorted changes with repeats, visits at repeated
// times, before the first change and after the last.
func TestObserverMatchesWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 11))
	for trial := range 2000 {
		changes := make([]float64, rng.IntN(60))
		for i := range changes {
			changes[i] = float64(rng.IntN(100)) // repeats are likely
		}
		slices.Sort(changes)
		start := float64(rng.IntN(100)) - 10
		o := newObserver(changes, start)
		k := 0 // the walk: changes at or before the current time
		for k < len(changes) && changes[k] <= start {
			k++
		}
		for at := start; at < 120; at += float64(rng.IntN(12)) { // steps of 0 too
			prev := k
			for k < len(changes) && changes[k] <= at {
				k++
			}
			wantLM := math.NaN()
			if k > 0 {
				wantLM = changes[k-1]
			}
			if got := o.visit(at); got != (k > prev) {
				t.Fatalf("trial %d, visit at %v of %v from %v: changed %v, want %v", trial, at, changes, start, got, k > prev)
			}
			if lm := o.lastModified(); lm != wantLM && !(math.IsNaN(lm) && math.IsNaN(wantLM)) {
				t.Fatalf("trial %d, visit at %v of %v: last modified %v, want %v", trial, at, changes, lm, wantLM)
			}
		}
	}
}
