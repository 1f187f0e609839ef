package graph

import (
	"fmt"
	"math"
	"slices"
)

// Graph is a link graph in compressed sparse rows: page p links to
// Out[Off[p]:Off[p+1]], sorted, without duplicates or self-loops.
type Graph struct {
	URLs  []string // page p's URL; "" for a generated graph's pages (see URL)
	Host  []int32  // page p's site, an index into Hosts
	Hosts []string
	Off   []int32 // len(Host)+1 offsets into Out
	Out   []int32
	Seeds []int32 // pages the crawl starts from, each once

	SelfLoops  int // self-loops dropped
	Duplicates int // duplicate links dropped
}

// Pages is the number of pages.
func (g *Graph) Pages() int { return len(g.Host) }

// Links is the number of links.
func (g *Graph) Links() int { return len(g.Out) }

// OutOf returns p's out-links.
func (g *Graph) OutOf(p int32) []int32 { return g.Out[g.Off[p]:g.Off[p+1]] }

// OutDegree is p's number of out-links.
func (g *Graph) OutDegree(p int32) int { return int(g.Off[p+1] - g.Off[p]) }

// URL is page p's URL: the one read, or for a generated graph one made
// from its site and its index there.
func (g *Graph) URL(p int32) string {
	if g.URLs != nil {
		return g.URLs[p]
	}
	return fmt.Sprintf("https://%s/p%d", g.Hosts[g.Host[p]], p)
}

// Edge is a link from page From to page To.
type Edge struct{ From, To int32 }

// MaxLinks is the most links a graph holds: offsets are 32-bit.
const MaxLinks = math.MaxInt32

// Build makes a graph of len(host) pages on len(hosts) sites from edges,
// which it sorts in place: self-loops dropped and duplicates kept once
// (and both counted, see the package rules); edges is not changed.
func Build(urls []string, host []int32, hosts []string, edges []Edge) (*Graph, error) {
	n := len(host)
	if n > math.MaxInt32-1 {
		return nil, fmt.Errorf("%d pages: at most %d fit", n, math.MaxInt32-1)
	}
	if len(edges) > MaxLinks {
		return nil, fmt.Errorf("%d links: at most %d fit", len(edges), MaxLinks)
	}
	g := &Graph{URLs: urls, Host: host, Hosts: hosts, Off: make([]int32, n+1)}
	for _, e := range edges {
		if e.From < 0 || int(e.From) >= n || e.To < 0 || int(e.To) >= n {
			return nil, fmt.Errorf("link %d→%d: pages are 0 to %d", e.From, e.To, n-1)
		}
	}
	// Counting sort by source, then each row sorted and its repeats
	// dropped: O(links + Σ d log d), no sort of the whole list.
	for _, e := range edges {
		g.Off[e.From+1]++
	}
	for p := range n {
		g.Off[p+1] += g.Off[p]
	}
	out := make([]int32, len(edges))
	next := slices.Clone(g.Off[:n])
	for _, e := range edges {
		out[next[e.From]] = e.To
		next[e.From]++
	}
	w := int32(0)
	for p := range n {
		row := out[g.Off[p]:g.Off[p+1]]
		slices.Sort(row)
		g.Off[p] = w
		for i, q := range row {
			switch {
			case q == int32(p):
				g.SelfLoops++
			case i > 0 && row[i-1] == q:
				g.Duplicates++
			default:
				out[w] = q
				w++
			}
		}
	}
	g.Off[n] = w
	g.Out = slices.Clip(out[:w])
	return g, nil
}

// InDegrees returns every page's number of in-links.
func (g *Graph) InDegrees() []int32 {
	in := make([]int32, g.Pages())
	for _, q := range g.Out {
		in[q]++
	}
	return in
}

// SitePages returns every site's number of pages.
func (g *Graph) SitePages() []int32 {
	n := make([]int32, len(g.Hosts))
	for _, h := range g.Host {
		n[h]++
	}
	return n
}
