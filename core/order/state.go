package order

import "github.com/freshplan/freshplan/core/graph"

// State is what the crawl knows so far, kept by the simulator and read by
// the strategies: which pages were fetched, which were seen (found as a
// link or given as a seed), in what order they were seen, and which
// page's fetch found each.
type State struct {
	G       *graph.Graph
	Fetched []bool
	Seen    []bool
	Seq     []int32 // order in which pages were seen; -1 when unseen
	Parent  []int32 // the page whose fetch found the page; -1 for a seed
	Oracle  []float64
	Fetches int // pages fetched so far
}

// NewState is the state before the first fetch, with oracle the true
// PageRank of every page (only omniscient strategies and the evaluation
// read it).
func NewState(g *graph.Graph, oracle []float64) *State {
	n := g.Pages()
	s := &State{G: g, Fetched: make([]bool, n), Seen: make([]bool, n), Seq: make([]int32, n), Parent: make([]int32, n), Oracle: oracle}
	for i := range s.Seq {
		s.Seq[i], s.Parent[i] = -1, -1
	}
	return s
}
