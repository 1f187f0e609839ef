//go:build !wasm

package rank

import (
	"sync"
	"testing"

	"github.com/freshplan/freshplan/core/graph"
	"gonum.org/v1/gonum/graph/network"
	"gonum.org/v1/gonum/graph/simple"

	"github.com/freshplan/freshplan/core/internal/cputime"
)

var (
	bigOnce sync.Once
	big     *graph.Graph
)

// bigGraph is the scale: 1M pages, 10M links (seed 004 §4.1's
// properties, graph.DefaultSynthetic).
func bigGraph(b *testing.B) *graph.Graph {
	bigOnce.Do(func() {
		g, err := graph.Generate(graph.DefaultSynthetic(1_000_000, 1))
		if err != nil {
			b.Fatal(err)
		}
		big = g
	})
	return big
}

// BenchmarkPageRank1M is the power iteration of PageRank at 1M pages and
// 10M links, to Tolerance.
func BenchmarkPageRank1M(b *testing.B) {
	g := bigGraph(b)
	b.ResetTimer()
	start := cputime.Now()
	for b.Loop() {
		_, it, _ := PageRank(g, Damping, Tolerance)
		b.ReportMetric(float64(it), "iterations")
	}
	cputime.Report(b, start)
}

// BenchmarkGonumPageRank1M is gonum's graph/network.PageRankSparse on the
// same graph and tolerance, the graph already built as gonum's
// simple.DirectedGraph (building it is not timed).
func BenchmarkGonumPageRank1M(b *testing.B) {
	g := bigGraph(b)
	gg := simple.NewDirectedGraph()
	for v := range g.Pages() {
		gg.AddNode(simple.Node(v))
	}
	for u := range int32(g.Pages()) {
		for _, v := range g.OutOf(u) {
			gg.SetEdge(simple.Edge{F: simple.Node(u), T: simple.Node(v)})
		}
	}
	b.ResetTimer()
	start := cputime.Now()
	for b.Loop() {
		network.PageRankSparse(gg, Damping, Tolerance)
	}
	cputime.Report(b, start)
}
