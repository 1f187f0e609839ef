package observe

import (
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"
)

// TestCrawl: what a crawler sees, by hand.
func TestCrawl(t *testing.T) {
	changes := []float64{5, 12, 13, 30}
	got := Crawl(changes, []float64{0, 10, 12, 20, 25, 40, 40})
	want := []Fetch{
		{At: 0, LastModified: math.NaN()},
		{At: 10, Changed: true, LastModified: 5},
		{At: 12, Changed: true, LastModified: 12}, // a change at the visit is seen
		{At: 20, Changed: true, LastModified: 13},
		{At: 25, LastModified: 13}, // no change since the visit before
		{At: 40, Changed: true, LastModified: 30},
		{At: 40, LastModified: 30}, // a visit again at the same time sees nothing new
	}
	if len(got) != len(want) {
		t.Fatalf("%d fetches, want %d", len(got), len(want))
	}
	for k := range want {
		g, w := got[k], want[k]
		if g.At != w.At || g.Changed != w.Changed || !(g.LastModified == w.LastModified || math.IsNaN(g.LastModified) && math.IsNaN(w.LastModified)) {
			t.Errorf("fetch %d: %+v, want %+v", k, g, w)
		}
	}
}

// TestCrawlTick: the tick of the clock every change is on; a daily crawl
// at any page's phase on it meets no change at its very time.
func TestCrawlTick(t *testing.T) {
	const day = 86400
	for _, c := range []struct {
		name  string
		times []float64
		want  float64
	}{
		{"dates", []float64{19000 * day, 19003 * day}, day},
		{"hours", []float64{19000 * day, 19000*day + 7*3600}, 3600},
		{"minutes", []float64{19000 * day, 19000*day + 7*60}, 60},
		{"seconds", []float64{19000 * day, 19000*day + 7}, 1},
		{"milliseconds", []float64{19000 * day, 19000*day + 0.25}, 0},
		{"before 1970", []float64{-3 * day, 0}, day},
	} {
		pages := []Changes{{URL: "https://a.example/", Times: c.times[:1]}, {URL: "https://a.example/b", Times: c.times[1:]}}
		tick := CrawlTick(pages)
		if tick != c.want {
			t.Errorf("%s: tick %v, want %v", c.name, tick, c.want)
		}
		for _, url := range []string{"https://a.example/", "https://a.example/b", "https://b.example/c?d=1"} {
			h := CrawlPage(Changes{URL: url, Times: c.times}, c.times[0], CrawlPhase(url, tick, day), day, c.times[0]+5*day)
			for _, f := range h.Fetches {
				if f.LastModified == f.At && tick > 0 {
					t.Errorf("%s: a visit to %s at %v falls on a change", c.name, url, f.At)
				}
			}
		}
	}
}

// TestCrawlPhase: a page's phase is half a tick plus whole ticks, inside
// the interval, the same every time; with a tick of a day and a daily
// crawl it is noon; on a clock of seconds, pages' phases spread over the
// day (2,000 pages: every hour gets 83 on average; were the phases drawn
// uniformly at random, all 24 hours would hold between 50 and 120 with a
// probability above 99.7%).
func TestCrawlPhase(t *testing.T) {
	const day = 86400
	perHour := make([]int, 24)
	for k := range 2000 {
		url := "https://example.com/page/" + strconv.Itoa(k)
		p := CrawlPhase(url, 1, day)
		if p != CrawlPhase(url, 1, day) {
			t.Fatalf("%s: the phase changes from call to call", url)
		}
		if !(p > 0 && p < day) || p-0.5 != math.Floor(p) {
			t.Fatalf("%s: phase %v is not half a second plus whole seconds inside the day", url, p)
		}
		perHour[int(p/3600)]++
		if got := CrawlPhase(url, day, day); got != day/2 {
			t.Errorf("%s: phase %v on a clock of days, want noon", url, got)
		}
		if got := CrawlPhase(url, 0, day); !(got >= 0 && got < day) {
			t.Errorf("%s: phase %v on no clock, want inside the day", url, got)
		}
	}
	for h, n := range perHour {
		if n < 50 || n > 120 {
			t.Errorf("hour %d holds %d of 2,000 pages' phases: not spread over the day", h, n)
		}
	}
}

// TestCrawlPageNotLocked: where a page's visits fall in the day does not
// depend on when its changes are: a page appearing after the crawl's start
// is found at the crawl's next round, not at its first change.
func TestCrawlPageNotLocked(t *testing.T) {
	const day = 86400
	start := 19000.0 * day
	phase := CrawlPhase("https://a.example/", 1, day)
	for _, appears := range []float64{start - 3*day, start + 3*day + 7*3600, start + 10*day + 1} {
		times := []float64{appears}
		for k := 1; k <= 20; k++ {
			times = append(times, appears+float64(k)*day)
		}
		h := CrawlPage(Changes{URL: "https://a.example/", Times: times}, start, phase, day, start+40*day)
		if len(h.Fetches) == 0 {
			t.Fatalf("page appearing at %v: no visit", appears)
		}
		first := h.Fetches[0].At
		if first < appears || first-day >= math.Max(appears, start+phase) {
			t.Errorf("page appearing at %v: first visit at %v, want the first round after it", appears, first)
		}
		for _, f := range h.Fetches {
			if got := math.Mod(f.At-start, day); got != phase {
				t.Errorf("page appearing at %v: a visit at %v s into its day, want %v (the page's phase)", appears, got, phase)
				break
			}
		}
	}
}

// AppendSeen logs a page's new visits as Crawl does after the fetches
// before them (its first visit, the baseline, when there are none), from
// each visit's count of changes alone (a backtest's replan keeps only
// those).
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
		fs := Crawl(changes, before)
		want := Crawl(changes, append(slices.Clone(before), after...))
		seen := make([]int32, len(after))
		for k, at := range after {
			seen[k] = int32(ChangesBy(changes, at))
		}
		got := AppendSeen(fs, changes, after, seen)
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
