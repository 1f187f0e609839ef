package backtest

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/freshplan/freshplan/core/observe"
)

// appendSeen logs a page's new visits as observe.Crawl does after the
// fetches before them (its first visit, the baseline, when there are
// none): replan keeps only each visit's count of changes.
func TestAppendSeenIsCrawl(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	for trial := range 500 {
		changes := make([]float64, rng.IntN(30))
		for i := range changes {
			changes[i] = float64(rng.IntN(200))
		}
		slices.Sort(changes)
		var before, after []float64
		for t := float64(rng.IntN(20)); t < 200; t += 1 + float64(rng.IntN(15)) {
			if t < 100 {
				before = append(before, t)
			} else {
				after = append(after, t)
			}
		}
		if rng.IntN(4) == 0 {
			before = nil // a page found after the training crawl
		}
		fs := observe.Crawl(changes, before)
		want := observe.Crawl(changes, append(slices.Clone(before), after...))
		seen := make([]int32, len(after))
		for k, at := range after {
			seen[k] = int32(changesBy(changes, at))
		}
		got := appendSeen(fs, changes, after, seen)
		if len(got) != len(want) {
			t.Fatalf("trial %d: %d fetches, want %d", trial, len(got), len(want))
		}
		for k := range want {
			g, w := got[k], want[k]
			if g.At != w.At || g.Changed != w.Changed || math.Float64bits(g.LastModified) != math.Float64bits(w.LastModified) {
				t.Fatalf("trial %d fetch %d: %+v, want %+v", trial, k, g, w)
			}
		}
	}
}
