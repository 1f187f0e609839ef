//go:build !wasm

package crawlsim

import (
	"context"
	"sync"
	"testing"

	"github.com/freshplan/freshplan/core/graph"
	"github.com/freshplan/freshplan/core/order"
	"github.com/freshplan/freshplan/core/rank"

	"github.com/freshplan/freshplan/core/internal/cputime"
)

var (
	bigOnce sync.Once
	big     *graph.Graph
	bigPR   []float64
)

// bigGraph is the scale: 1M pages, 10M links, 5,000 sites
// (graph.DefaultSynthetic), with its PageRank.
func bigGraph(b *testing.B) (*graph.Graph, []float64) {
	bigOnce.Do(func() {
		g, err := graph.Generate(graph.DefaultSynthetic(1_000_000, 1))
		if err != nil {
			b.Fatal(err)
		}
		pr, _, err := rank.PageRank(g, rank.Damping, rank.Tolerance)
		if err != nil {
			b.Fatal(err)
		}
		big, bigPR = g, pr
	})
	return big, bigPR
}

func benchStrategy(b *testing.B, name string, robots int) {
	g, pr := bigGraph(b)
	batch := (g.Pages() + 34) / 35 // firstcrawl.DefaultBatch: seed 004 §4.3.1's 30 to 40 calculations
	p := DefaultParams()
	p.Robots = robots
	b.ResetTimer()
	start := cputime.Now()
	for b.Loop() {
		s, err := order.New(name, order.Options{Seed: 1, Batch: batch})
		if err != nil {
			b.Fatal(err)
		}
		if _, err := Run(context.Background(), g, s, pr, p); err != nil {
			b.Fatal(err)
		}
	}
	cputime.Report(b, start)
}

// One strategy's simulated crawl of 1M pages and 10M links (issue 23's
// target: ≤ 3 s).
func BenchmarkSimulate1MBreadthFirst(b *testing.B)     { benchStrategy(b, "breadth-first", 1) }
func BenchmarkSimulate1MLargerSitesFirst(b *testing.B) { benchStrategy(b, "larger-sites-first", 1) }
func BenchmarkSimulate1MOPIC(b *testing.B)             { benchStrategy(b, "opic", 1) }
func BenchmarkSimulate1MBacklinkCount(b *testing.B)    { benchStrategy(b, "backlink-count", 1) }
func BenchmarkSimulate1MLargerSitesFirst256(b *testing.B) {
	benchStrategy(b, "larger-sites-first", 256)
}

// batch- and partial-pagerank recompute PageRank of the crawled graph
// every K = pages/35 pages (rank.Estimator).
func BenchmarkSimulate1MBatchPageRank(b *testing.B)   { benchStrategy(b, "batch-pagerank", 1) }
func BenchmarkSimulate1MPartialPageRank(b *testing.B) { benchStrategy(b, "partial-pagerank", 1) }
