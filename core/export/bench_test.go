package export

import (
	"io"
	"strconv"
	"testing"
	"time"

	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/core/plan"
)

// benchPlan is a plan of n pages as the seed-list writers read it: the
// pages, and psp's visits and staleness (made up: the writers do no
// planning).
func benchPlan(n int) *plan.Plan {
	list := make(pages.List, n)
	visits, stale := make([]float64, n), make([]float64, n)
	for i := range list {
		host := "host" + strconv.Itoa(i%2000) + ".example.com"
		list[i] = pages.Page{URL: "https://" + host + "/section/page-" + strconv.Itoa(i) + ".html", Host: host,
			Rate: 0.24 + float64(i%100)/4, Weight: 1 + float64(i%3), CrawlDelay: 0}
		visits[i], stale[i] = float64(i%17), float64(i%1000)/1000
	}
	return &plan.Plan{Params: plan.Params{Horizon: 24 * time.Hour, Policy: plan.PSP}, Table: list,
		Results: map[plan.Policy]*plan.Result{plan.PSP: {Name: plan.PSP, Visits: visits, Page: stale}}}
}

// BenchmarkWrite1M writes each per-page file of a million pages: what
// the page writes from the plan it shows (app's shownPlan), where every
// byte allocated is garbage the page's heap grows by.
func BenchmarkWrite1M(b *testing.B) {
	pl := benchPlan(1_000_000)
	for _, kind := range []string{"nutch", "stormcrawler", "csv", "pages"} {
		b.Run(kind, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := Write(io.Discard, pl, kind); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
