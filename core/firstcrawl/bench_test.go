//go:build !wasm

package firstcrawl

import (
	"context"
	"testing"

	"github.com/freshplan/freshplan/core/internal/cputime"
)

// BenchmarkStudy100k is the study the app's First crawl view runs on the
// graph its benchmark drops (e2e TestBenchFirstCrawl): every strategy on
// DefaultSynthetic(100000, 1) at the defaults, PageRank included, then
// breadth-first at r = 1…64; it reports each strategy's seconds too.
func BenchmarkStudy100k(b *testing.B) {
	g := synthetic(b, 100000, 1)
	s := Study{Graph: g, Strategies: Names(), Params: DefaultParams()}
	b.ResetTimer()
	start := cputime.Now()
	var rep *Report
	var err error
	for b.Loop() {
		if rep, err = Run(context.Background(), s, nil); err != nil {
			b.Fatal(err)
		}
		if _, err = RobotsCurve(context.Background(), s, rep, "breadth-first", []int{1, 2, 4, 8, 16, 32, 64}, nil); err != nil {
			b.Fatal(err)
		}
	}
	cputime.Report(b, start)
	for _, x := range rep.Summaries {
		b.ReportMetric(x.Elapsed.Seconds(), x.Strategy+"-s")
	}
}
