package observe

import (
	"math"
	"testing"
)

// TestCrawl: what a crawler sees, by hand.
func TestCrawl(t *testing.T) {
	changes := []float64{5, 12, 13, 30}
	got := Crawl(changes, []float64{0, 10, 12, 20, 40})
	want := []Fetch{
		{At: 0, LastModified: math.NaN()},
		{At: 10, Changed: true, LastModified: 5},
		{At: 12, Changed: true, LastModified: 12}, // a change at the visit is seen
		{At: 20, Changed: true, LastModified: 13},
		{At: 40, Changed: true, LastModified: 30},
	}
	for k := range want {
		g, w := got[k], want[k]
		if g.At != w.At || g.Changed != w.Changed || !(g.LastModified == w.LastModified || math.IsNaN(g.LastModified) && math.IsNaN(w.LastModified)) {
			t.Errorf("fetch %d: %+v, want %+v", k, g, w)
		}
	}
}
