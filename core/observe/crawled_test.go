package observe

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// A Crawled gives every page's history as CrawlEvery does, bit for bit:
// pages that appear before the crawl, during it and after its end;
// changes at a visit's very time, repeated, on a whole-day clock or
// not; intervals that do not divide the span. Into a buffer too short,
// one long enough, and nil; and through Each.
func TestCrawledIsCrawlEvery(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 21))
	const day = 86400.0
	for trial := range 300 {
		pages := make([]Changes, 1+rng.IntN(12))
		onDays := rng.IntN(2) == 0
		for i := range pages {
			times := make([]float64, 1+rng.IntN(40))
			appears := rng.Float64() * 60 * day
			for k := range times {
				times[k] = appears + rng.Float64()*90*day
				if onDays {
					times[k] = math.Floor(times[k]/day) * day
				}
			}
			slices.Sort(times)
			pages[i] = Changes{URL: "https://h" + string(rune('a'+i%3)) + ".example/" + string(rune('a'+i)), Host: "h.example", Times: times, Weight: rng.Float64(), CrawlDelay: float64(rng.IntN(3))}
		}
		start, end := 10*day*rng.Float64(), 30*day+60*day*rng.Float64()
		interval := []float64{day, 0.37 * day, 3 * day, 3600}[rng.IntN(4)]
		want := CrawlEvery(pages, start, interval, end)
		if i := rng.IntN(len(pages)); !onDays && len(want[i].Fetches) > 1 {
			// A change at a visit's very time (the clock stays the same:
			// neither time is on a whole second).
			at := want[i].Fetches[rng.IntN(len(want[i].Fetches))].At
			pages[i].Times = append(pages[i].Times, at)
			slices.Sort(pages[i].Times)
			want = CrawlEvery(pages, start, interval, end)
		}
		kept := CrawlEveryKept(pages, start, interval, end)
		if kept.Len() != len(pages) {
			t.Fatalf("trial %d: %d pages kept, want %d", trial, kept.Len(), len(pages))
		}
		var buf []Fetch
		each := kept.Each()
		for i, w := range want {
			if rng.IntN(3) == 0 {
				buf = nil
			}
			got := kept.History(i, buf)
			buf = got.Fetches
			if rng.IntN(2) == 0 {
				got = each(i) // its own buffer, reused
			}
			if got.URL != w.URL || got.Host != w.Host || got.Weight != w.Weight || got.CrawlDelay != w.CrawlDelay || len(got.Fetches) != len(w.Fetches) {
				t.Fatalf("trial %d page %d: %+v, %d fetches; want %+v, %d", trial, i, got, len(got.Fetches), w, len(w.Fetches))
			}
			for k, f := range w.Fetches {
				g := got.Fetches[k]
				if math.Float64bits(g.At) != math.Float64bits(f.At) || g.Changed != f.Changed ||
					math.Float64bits(g.LastModified) != math.Float64bits(f.LastModified) {
					t.Fatalf("trial %d page %d fetch %d: %+v, want %+v", trial, i, k, g, f)
				}
			}
		}
	}
}
