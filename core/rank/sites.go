package rank

import (
	"slices"

	"github.com/freshplan/freshplan/core/graph"
)

// sites is an Estimator's correction of each site's total: before the
// first sweep and after each, every fetched page v of site s is scaled by
// 1 + α_s, α_s solving the residual equation (I − d·A)·e = r summed over
// the site's fetched pages with e_v = α_s·y_v — the aggregation step of
// iterative aggregation–disaggregation (Takahashi 1975; Stewart,
// "Introduction to the Numerical Solution of Markov Chains", 1994, ch. 6)
// with the other sites' corrections left out:
//
//	α_s·(Y_s − d·F_ss) = R_s,   R_s = m_s + d·In_s − Y_s,
//
// Y_s the Σy of the site's fetched pages, m_s their number, F_ss the
// flow, before damping, along links between them (Σ y_u·(u's links to
// fetched pages of s)/out-degree(u) over them) and In_s the flow into
// them along every link between fetched pages, so that R_s is the
// residual 1 + d·A·y − y summed over them. Only fetched pages: the
// Estimator's sweeps solve for them alone (estimator.go). Leaving out the
// sites' coupling cost nothing measurable: solving the coupled sites'
// system instead (Gauss–Seidel over the pairs of linked sites, 534k of
// them on the 1M-page synthetic graph) took the same sweeps on the 100k-
// and 300k-page synthetic graphs, and each solve cost as much as a sweep.
type sites struct {
	host  []int32
	pages []float64 // m_s, fetched pages per site

	// Page u's share of links to fetched pages inside its site, and to
	// fetched pages of other sites as (site, share) rows — the sites from
	// the graph, the shares grown by link as pages are fetched.
	inside   []float64
	outOff   []int32
	outSite  []int32
	outShare []float64

	block [2]siteSums // each block's sums
}

// siteSums are a block's per-site Σy, F_ss and In_s.
type siteSums struct{ mass, inside, in []float64 }

func (a *siteSums) clear() { clear(a.mass); clear(a.inside); clear(a.in) }

func (c *sites) init(g *graph.Graph) {
	n, k := g.Pages(), len(g.Hosts)
	c.host = g.Host
	c.pages = make([]float64, k)
	c.inside = make([]float64, n)
	c.outOff = make([]int32, n+1)
	for u := range int32(n) {
		out := g.OutOf(u)
		start := len(c.outSite)
		for _, v := range out {
			if s := g.Host[v]; s != g.Host[u] && !slices.Contains(c.outSite[start:], s) {
				c.outSite = append(c.outSite, s)
			}
		}
		c.outOff[u+1] = int32(len(c.outSite))
	}
	c.outShare = make([]float64, len(c.outSite))
	for i := range c.block {
		c.block[i] = siteSums{make([]float64, k), make([]float64, k), make([]float64, k)}
	}
}

// link adds the link u → v between two fetched pages, w = 1/out-degree(u),
// to u's shares.
func (c *sites) link(u, v int32, w float64) {
	s := c.host[v]
	if s == c.host[u] {
		c.inside[u] += w
		return
	}
	for i := c.outOff[u]; i < c.outOff[u+1]; i++ {
		if c.outSite[i] == s {
			c.outShare[i] += w
			return
		}
	}
}

// sums sets a block's sums, of fetched pages lo ≤ v < hi, from y.
func (c *sites) sums(y []float64, fetched []bool, lo, hi int, acc *siteSums) {
	acc.clear()
	for v := lo; v < hi; v++ {
		if !fetched[v] {
			continue
		}
		site := c.host[v]
		acc.mass[site] += y[v]
		f := y[v] * c.inside[v]
		acc.inside[site] += f
		acc.in[site] += f
		for i := c.outOff[v]; i < c.outOff[v+1]; i++ {
			acc.in[c.outSite[i]] += y[v] * c.outShare[i]
		}
	}
}

// rescale scales every fetched page of each site by 1 + α_s (and its share),
// from the blocks' sums (sums); a site whose factor would not be positive
// is left as it is.
func (c *sites) rescale(e *Estimator, fetched []bool) {
	d := e.d
	b0, b1 := &c.block[0], &c.block[1]
	for s := range c.pages {
		mass := b0.mass[s] + b1.mass[s]
		inside := b0.inside[s] + b1.inside[s]
		in := b0.in[s] + b1.in[s]
		f := 1.0
		if den := mass - d*inside; den > 0 {
			f += (c.pages[s] + d*in - mass) / den
		}
		if !(f > 0) {
			f = 1
		}
		b0.mass[s] = f // the factor, read below
	}
	e.inBlocks(func(_, lo, hi int) {
		for v := lo; v < hi; v++ {
			if fetched[v] {
				y := e.y[v] * b0.mass[c.host[v]]
				e.y[v] = y
				sh := y * e.inv[v]
				e.share[v], e.prev[v] = sh, sh
			}
		}
	})
}
