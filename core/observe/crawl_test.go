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

// TestCrawlOffset: half the tick of the clock every change is on, so that
// a crawl never meets a change at its very time.
func TestCrawlOffset(t *testing.T) {
	const day = 86400
	for _, c := range []struct {
		name  string
		times []float64
		want  float64
	}{
		{"dates", []float64{19000 * day, 19003 * day}, day / 2},
		{"hours", []float64{19000 * day, 19000*day + 7*3600}, 1800},
		{"minutes", []float64{19000 * day, 19000*day + 7*60}, 30},
		{"seconds", []float64{19000 * day, 19000*day + 7}, 0.5},
		{"milliseconds", []float64{19000 * day, 19000*day + 0.25}, 0},
		{"before 1970", []float64{-3 * day, 0}, day / 2},
	} {
		pages := []Changes{{URL: "https://a.example/", Times: c.times[:1]}, {URL: "https://a.example/b", Times: c.times[1:]}}
		if got := CrawlOffset(pages); got != c.want {
			t.Errorf("%s: offset %v, want %v", c.name, got, c.want)
		}
		// A daily crawl from the first change, so offset, meets none.
		h := CrawlPage(Changes{Times: c.times}, c.times[0], CrawlOffset(pages), day, c.times[0]+5*day)
		for _, f := range h.Fetches {
			if f.LastModified == f.At && c.want > 0 {
				t.Errorf("%s: a visit at %v falls on a change", c.name, f.At)
			}
		}
	}
}
