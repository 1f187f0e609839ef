package schedule_test

import (
	"fmt"
	"math"

	"github.com/freshplan/freshplan/core/schedule"
)

// Seed 003 Fig. 5's network: C = 2 crawlers with S = 2 slots each (at 0 s
// and 1 s), R = 4 crawls. Page 1 is quasi-deterministic: its crawl, ideal
// at 0.5 s, may not come before then, so it takes a slot at 1 s although
// the slot at 0 s is as near.
func ExampleTransport() {
	p := &schedule.Programme{Start: []int{0, 4}, Pages: []int32{0, 1, 2, 3}, Times: []float64{0.4, 0.5, 0.6, 1.2}}
	release := []float64{math.Inf(-1), 0.5, math.Inf(-1), math.Inf(-1)}
	total, err := schedule.Transport(p, release, schedule.Fleet{Crawlers: 2, Rate: 1}, 2, func(k int, v schedule.Visit) {
		fmt.Printf("%.0f s: crawler %d fetches page %d (ideal %.1f s)\n", v.Time, v.Crawler, v.Page, p.Times[k])
	})
	if err != nil {
		fmt.Println(err)
	}
	fmt.Printf("total deviation %.1f s\n", total)
	// Output:
	// 0 s: crawler 0 fetches page 0 (ideal 0.4 s)
	// 0 s: crawler 1 fetches page 2 (ideal 0.6 s)
	// 1 s: crawler 0 fetches page 1 (ideal 0.5 s)
	// 1 s: crawler 1 fetches page 3 (ideal 1.2 s)
	// total deviation 1.7 s
}
