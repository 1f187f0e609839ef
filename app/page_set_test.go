package app

import (
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"testing"
	"time"

	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/core/plan"
)

// TestPageSetKeepsPages: the set gives back every page as it was, field
// by field, whichever columns collapse to one value: the sample, and
// random pages with URLs of every length (the empty one too), weights
// and crawl delays varied or shared, change models and exposures here
// and there.
func TestPageSetKeepsPages(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	random := func(n int, sameWeight, sameDelay bool) []pages.Page {
		pg := make([]pages.Page, n)
		for i := range pg {
			p := pages.Page{URL: "https://h" + strconv.Itoa(rng.IntN(7)) + "/" + strconv.Itoa(i)[:rng.IntN(len(strconv.Itoa(i))+1)],
				Rate: rng.ExpFloat64(), Weight: 1}
			if rng.IntN(9) == 0 {
				p.URL = ""
			}
			p.Host = "h" + strconv.Itoa(rng.IntN(5))
			if !sameWeight {
				p.Weight = rng.Float64()
			}
			if !sameDelay && rng.IntN(3) == 0 {
				p.CrawlDelay = float64(rng.IntN(60))
			}
			if rng.IntN(10) == 0 {
				p.Change = &pages.Change{Model: "quasi", Times: []float64{rng.Float64()}}
			}
			if rng.IntN(10) == 0 {
				p.Exposure = &pages.Exposure{Wrong: rng.Float64(), Returned: []pages.Returned{{Position: 1 + rng.IntN(9), Prob: rng.Float64()}}}
			}
			pg[i] = p
		}
		return pg
	}
	for name, pg := range map[string][]pages.Page{
		"sample":                   samplePages(t),
		"varied":                   random(500, false, false),
		"one weight":               random(300, true, false),
		"one weight and one delay": random(300, true, true),
		"one page":                 random(1, false, false),
		"none":                     {},
	} {
		hostOf, hosts := plan.Hosts(pg, nil)
		s := newPageSet(pg, hostOf, hosts)
		if s.Len() != len(pg) {
			t.Fatalf("%s: %d pages in the set, want %d", name, s.Len(), len(pg))
		}
		for i, p := range pg {
			if got := s.Page(i); !reflect.DeepEqual(got, p) {
				t.Fatalf("%s: page %d is %+v, want %+v", name, i, got, p)
			}
		}
		if got := s.pages(); len(pg) > 0 && !reflect.DeepEqual(got, pg) {
			t.Errorf("%s: the pages made differ", name)
		}
		// Each host's longest crawl delay, page by page.
		want := make([]float64, len(hosts))
		for i, p := range pg {
			want[hostOf[i]] = math.Max(want[hostOf[i]], p.CrawlDelay)
		}
		if got := s.hostDelays(); !reflect.DeepEqual(got, want) && len(hosts) > 0 {
			t.Errorf("%s: host delays %v, want %v", name, got, want)
		}
	}
}

// TestDatasetUnvisitable: the dataset's note on hosts no polite policy
// visits is plan.Unvisitable's on the same pages.
func TestDatasetUnvisitable(t *testing.T) {
	pg := []pages.Page{{URL: "https://a/1", Host: "a", Rate: 1, Weight: 1}, {URL: "https://b/1", Host: "b", Rate: 1, Weight: 1, CrawlDelay: 7200},
		{URL: "https://b/2", Host: "b", Rate: 1, Weight: 1}, {URL: "https://c/1", Host: "c", Rate: 1, Weight: 1, CrawlDelay: 90000}}
	d := newDataset("x", 0, false, pg, nil)
	for _, T := range []time.Duration{time.Minute, time.Hour, 3 * time.Hour, 24 * time.Hour, 48 * time.Hour} {
		want := plan.Unvisitable(pg, T)
		if got := d.unvisitable(T); got != want {
			t.Errorf("horizon %v: %q, want %q", T, got, want)
		}
		if T == time.Hour && want == "" {
			t.Errorf("horizon %v: no host unvisitable; the test would prove nothing", T)
		}
	}
}
