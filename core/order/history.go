package order

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/freshplan/freshplan/core/graph"
	"github.com/freshplan/freshplan/core/rank"
)

// SimulatedHistory stands in for a previous crawl when there is none: the
// pages it had are a random share old of g's pages (every seed among
// them), its graph the links among them, its PageRank computed on that
// graph and scaled by |old|/N so that an old page's mean value is the
// current mean 1/N; the other pages are NaN, new. Seed 004 §4.3.2's
// previous crawl had 55% of the pages (four months earlier).
func SimulatedHistory(g *graph.Graph, old float64, seed uint64) ([]float64, error) {
	if old <= 0 || old > 1 || math.IsNaN(old) {
		return nil, fmt.Errorf("share of old pages %g: want 0 < share ≤ 1", old)
	}
	n := g.Pages()
	rng := rand.New(rand.NewPCG(seed, 0x4157))
	id := make([]int32, n)
	isSeed := make([]bool, n)
	for _, s := range g.Seeds {
		isSeed[s] = true
	}
	var m int32
	for p := range n {
		id[p] = -1
		if isSeed[p] || rng.Float64() < old {
			id[p] = m
			m++
		}
	}
	host := make([]int32, m)
	var edges []graph.Edge
	for p := range int32(n) {
		if id[p] < 0 {
			continue
		}
		host[id[p]] = g.Host[p]
		for _, q := range g.OutOf(p) {
			if id[q] >= 0 {
				edges = append(edges, graph.Edge{From: id[p], To: id[q]})
			}
		}
	}
	prev, err := graph.Build(nil, host, g.Hosts, edges)
	if err != nil {
		return nil, err
	}
	pr, _, err := rank.PageRank(prev, rank.Damping, rank.Tolerance)
	if err != nil {
		return nil, err
	}
	h := make([]float64, n)
	scale := float64(m) / float64(n)
	for p := range h {
		h[p] = math.NaN()
		if id[p] >= 0 {
			h[p] = pr[id[p]] * scale
		}
	}
	return h, nil
}
