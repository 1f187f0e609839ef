package rank

import (
	"math"

	"github.com/freshplan/freshplan/core/graph"
)

// Partial returns the PageRank of the part of g a crawl has seen: the
// pages with seen set, linked by the out-links of the pages with fetched
// set (every link of a fetched page is known and leads to a seen page);
// a seen page not yet fetched has no known out-link, and so links, as
// every dangling page, to every seen page (seed 001 §2.2). Pages not
// seen get 0; the rest sum to 1. start, when not nil, is where the
// iteration starts (an earlier estimate), which saves iterations as the
// crawl grows; seed 004 §4.3.1's batch-pagerank recomputes this every K
// pages. Pushes each fetched page's rank along its links: no transposed
// graph to rebuild each time.
func Partial(g *graph.Graph, seen, fetched []bool, d, tol float64, start []float64) ([]float64, int) {
	n := g.Pages()
	m := 0
	for _, s := range seen {
		if s {
			m++
		}
	}
	pr := make([]float64, n)
	if m == 0 {
		return pr, 0
	}
	if start != nil {
		copy(pr, start)
		s := 0.0
		for p := range n {
			if !seen[p] {
				pr[p] = 0
			} else if pr[p] == 0 {
				pr[p] = 1 / float64(m) // a page the estimate did not know
			}
			s += pr[p]
		}
		for p := range pr {
			pr[p] /= s
		}
	} else {
		for p := range n {
			if seen[p] {
				pr[p] = 1 / float64(m)
			}
		}
	}
	next := make([]float64, n)
	iter := 0
	for iter < MaxIterations {
		iter++
		dangling := 0.0
		clear(next)
		for u := range int32(n) {
			if !seen[u] {
				continue
			}
			out := g.OutOf(u)
			if !fetched[u] || len(out) == 0 {
				dangling += pr[u]
				continue
			}
			s := d * pr[u] / float64(len(out))
			for _, v := range out {
				next[v] += s
			}
		}
		base := (1-d)/float64(m) + d*dangling/float64(m)
		diff := 0.0
		for p := range n {
			if seen[p] {
				next[p] += base
				diff += math.Abs(next[p] - pr[p])
			}
		}
		pr, next = next, pr
		if diff < tol {
			break
		}
	}
	normalize(pr)
	return pr, iter
}
