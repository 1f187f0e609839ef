package synth

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/freshplan/freshplan/core/allocate"
	"github.com/freshplan/freshplan/core/pages"
)

// sampleHosts name the sample's sites, the largest first.
var sampleHosts = []string{"news", "shop", "docs", "blog", "forum", "wiki", "jobs", "status", "api", "events",
	"careers", "help", "store", "press", "maps", "video", "music", "travel", "food", "sport",
	"science", "health", "cars", "homes", "games", "books", "art", "weather", "finance", "tech",
	"garden", "pets", "kids", "photo", "code", "radio"}

// Sample returns the pages table freshplan ships: 3,000 pages on 36 hosts
// whose sizes follow a Zipf law with θ = 1 (a few large sites, many small
// ones, as on the web; seed 000 §4), change rates log-uniform between one
// change in 90 days and 48 a day (seed 001 ch. 4 found rates spanning
// these decades), a tenth of the pages weighted 2 to 10, and two hosts
// asking for a longer crawl delay.
func Sample() []pages.Page {
	const n = 3000
	shares := make([]float64, len(sampleHosts))
	for s := range shares {
		shares[s] = 1 / float64(s+1)
	}
	counts := allocate.Apportion(n, shares)
	rng := rand.New(rand.NewPCG(2026, 11))
	lo, hi := math.Log(1.0/90), math.Log(48)
	var out []pages.Page
	for s, k := range counts {
		host := sampleHosts[s] + ".example.com"
		delay := 0.0
		if s == 2 || s == 7 {
			delay = 30
		}
		for j := range k {
			w := 1.0
			if rng.IntN(10) == 0 {
				w = float64(2 + rng.IntN(9))
			}
			rate := math.Exp(lo + (hi-lo)*rng.Float64())
			out = append(out, pages.Page{
				URL:        fmt.Sprintf("https://%s/page/%d", host, j+1),
				Host:       host,
				Rate:       math.Round(rate*1e4) / 1e4,
				Weight:     w,
				CrawlDelay: delay,
			})
		}
	}
	return out
}
