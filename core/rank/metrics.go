package rank

import (
	"strings"

	"github.com/freshplan/freshplan/core/graph"
)

// Backlinks is seed 001 §2.2's IB(p): the number of links to p over the
// whole graph (duplicates counted once, see package graph).
func Backlinks(g *graph.Graph) []int32 { return g.InDegrees() }

// ForwardLinks is seed 001 §2.2's IF(p): the number of links out of p.
func ForwardLinks(g *graph.Graph) []int32 {
	f := make([]int32, g.Pages())
	for p := range f {
		f[p] = int32(g.OutDegree(int32(p)))
	}
	return f
}

// Location is seed 001 §2.2's IL(p) in the form the text gives last,
// "URLs with fewer slashes more useful than those with more slashes":
// minus the number of slashes in p's path.
func Location(g *graph.Graph) []float64 {
	l := make([]float64, g.Pages())
	for p := range l {
		u := g.URL(int32(p))
		if i := strings.Index(u, "://"); i >= 0 {
			u = u[i+3:]
		}
		l[p] = -float64(strings.Count(u, "/"))
	}
	return l
}
