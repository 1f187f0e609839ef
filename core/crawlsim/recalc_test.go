package crawlsim_test

import (
	"context"
	"math"
	"os"
	"testing"

	"github.com/freshplan/freshplan/core/crawlsim"
	"github.com/freshplan/freshplan/core/firstcrawl"
	"github.com/freshplan/freshplan/core/graph"
	"github.com/freshplan/freshplan/core/order"
	"github.com/freshplan/freshplan/core/rank"
)

// batch- and partial-pagerank's recalculations stop at
// order.RecalcTolerance, not at the oracle's tolerance: at every
// recalculation of a crawl the estimate must be within a tenth of how far
// the K pages fetched since the one before moved it (the strategy's own
// staleness), measured against an estimate of the same crawl's graph
// stopped at 10⁻¹⁰. The crawl replayed is batch-pagerank's own, on the
// real link graph and on a synthetic graph of seed 004's shape.
func TestRecalcToleranceAgainstDrift(t *testing.T) {
	for _, name := range []string{"real-links.csv.gz", "synthetic"} {
		g, err := recalcGraph(name)
		if err != nil {
			t.Fatal(err)
		}
		pr, _, err := rank.PageRank(g, rank.Damping, rank.Tolerance)
		if err != nil {
			t.Fatal(err)
		}
		batch := (g.Pages() + 34) / 35 // firstcrawl.DefaultBatch
		s, err := order.New("batch-pagerank", order.Options{Seed: 1, Batch: batch})
		if err != nil {
			t.Fatal(err)
		}
		res, err := crawlsim.Run(context.Background(), g, s, pr, crawlsim.DefaultParams())
		if err != nil {
			t.Fatal(err)
		}

		n := g.Pages()
		seen, fetched := make([]bool, n), make([]bool, n)
		for _, p := range g.Seeds {
			seen[p] = true
		}
		loose := rank.NewEstimator(g, rank.Damping, order.RecalcTolerance)
		exact := rank.NewEstimator(g, rank.Damping, 1e-10)
		x, last, ref := make([]float64, n), make([]float64, n), make([]float64, n)
		worst := 0.0
		for i, p := range res.Order {
			fetched[p] = true
			for _, q := range g.OutOf(p) {
				seen[q] = true
			}
			if (i+1)%batch != 0 {
				continue
			}
			copy(last, x)
			loose.Estimate(seen, fetched, x)
			exact.Estimate(seen, fetched, ref)
			if i+1 == batch {
				continue // no estimate before the first to move from
			}
			var drift, off float64
			for v := range x {
				drift += math.Abs(x[v] - last[v])
				off += math.Abs(x[v] - ref[v])
			}
			if off > drift/10 {
				t.Errorf("%s, after %d pages: the estimate is %.3g from the exact one in L1, more than a tenth of the %.3g it moved since the last", name, i+1, off, drift)
			}
			worst = max(worst, off/drift)
		}
		t.Logf("%s: the estimate's error at most %.3f of its move between recalculations", name, worst)
	}
}

// recalcGraph is the real link graph (core/graph/testdata) or a 30,000-page
// synthetic one, cut to the pages their home pages reach, as a study reads
// them.
func recalcGraph(name string) (*graph.Graph, error) {
	if name == "synthetic" {
		g, err := graph.Generate(graph.DefaultSynthetic(30_000, 1))
		if err != nil {
			return nil, err
		}
		g, _, err = graph.Reachable(g)
		return g, err
	}
	f, err := os.Open("../graph/testdata/" + name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	in, err := firstcrawl.ReadInput(f, name)
	if err != nil {
		return nil, err
	}
	return in.Graph, nil
}
