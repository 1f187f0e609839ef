package graph

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Synthetic describes a generated web graph with the properties seed 004
// §4.1 relies on: many sites of Zipf-distributed sizes, most links inside
// a site, heavy-tailed in-degree.
type Synthetic struct {
	Pages, Sites int
	Links        int     // about; duplicates and self-loops drawn are dropped
	Theta        float64 // Zipf exponent of site sizes: site s (from 1) gets a share ∝ 1/s^θ
	Internal     float64 // share of links that stay inside their site
	Skew         float64 // ≥ 1: a link's target is page ⌊size·u^Skew⌋ of its site, u uniform, so low pages are hubs
	Seed         uint64
}

// DefaultSynthetic is seed 004's scale (§4.1.1: .cl and .gr, 2.5 and 3.5
// million pages, up to 25,000 a site, "thousands of sites") cut to 1M
// pages: 10 links a page, 90% inside the site (real-links.csv: 93.8%).
func DefaultSynthetic(pages int, seed uint64) Synthetic {
	return Synthetic{Pages: pages, Sites: max(1, pages/200), Links: 10 * pages, Theta: 1, Internal: 0.9, Skew: 3, Seed: seed}
}

// Generate makes the graph. Site sizes are Zipf(θ), every site has at
// least one page and none more than 25,000 pages when the pages allow
// (seed 004 §4.1.1's cap), the pages flooring leaves handed out from the largest site down.
// Page j > 0 of a site is linked from a page of the site before it (so
// that the site's home page, its page 0, reaches all of it), and the
// other links go from uniformly drawn pages to targets drawn with the
// skew: in-degree of a site's k-th page ∝ k^(1/Skew − 1), a power law.
// Every site's home page seeds the crawl.
func Generate(s Synthetic) (*Graph, error) {
	if s.Pages < 1 || s.Sites < 1 || s.Sites > s.Pages || s.Links < 0 || s.Theta < 0 ||
		s.Internal < 0 || s.Internal > 1 || s.Skew < 1 || math.IsNaN(s.Skew) {
		return nil, fmt.Errorf("synthetic graph %+v: want 1 ≤ sites ≤ pages, links ≥ 0, θ ≥ 0, internal in [0,1], skew ≥ 1", s)
	}
	sizes := zipfSizes(s.Pages, s.Sites, s.Theta)
	start := make([]int32, s.Sites+1)
	host := make([]int32, 0, s.Pages)
	hosts := make([]string, s.Sites)
	for site, k := range sizes {
		hosts[site] = fmt.Sprintf("s%d.example", site+1)
		start[site+1] = start[site] + int32(k)
		for range k {
			host = append(host, int32(site))
		}
	}
	rng := rand.New(rand.NewPCG(s.Seed, 0x9a4b))
	edges := make([]Edge, 0, max(s.Links, s.Pages))
	target := func(site int32) int32 {
		size := float64(start[site+1] - start[site])
		return start[site] + min(int32(size*math.Pow(rng.Float64(), s.Skew)), int32(size)-1)
	}
	for p := range int32(s.Pages) {
		site := host[p]
		if p > start[site] { // the backbone: from a page of the site before p
			edges = append(edges, Edge{start[site] + rng.Int32N(p-start[site]), p})
		}
	}
	for len(edges) < s.Links {
		from := rng.Int32N(int32(s.Pages))
		site := host[from]
		if rng.Float64() >= s.Internal && s.Sites > 1 {
			site = host[rng.Int32N(int32(s.Pages))] // a site drawn by its size
		}
		edges = append(edges, Edge{from, target(site)})
	}
	g, err := Build(nil, host, hosts, edges)
	if err != nil {
		return nil, err
	}
	g.Seeds = make([]int32, s.Sites)
	copy(g.Seeds, start[:s.Sites])
	return g, nil
}

// zipfSizes splits n pages over m sites by a Zipf law of exponent θ, at
// least one page and at most 25,000 a site where n allows.
func zipfSizes(n, m int, theta float64) []int {
	const capSize = 25000
	limit := max(capSize, (n+m-1)/m)
	w := make([]float64, m)
	total := 0.0
	for i := range w {
		w[i] = math.Pow(float64(i+1), -theta)
		total += w[i]
	}
	sizes := make([]int, m)
	left := n - m // one page each first
	used := 0
	for i := range w {
		x := float64(left) * w[i] / total
		k := min(int(x), limit-1)
		sizes[i] = 1 + k
		used += k
	}
	// Hand out what flooring and the cap left, one page a site from the
	// largest, over the sites under the cap.
	for i := 0; used < left; i = (i + 1) % m {
		if sizes[i] < limit {
			sizes[i]++
			used++
		}
	}
	return sizes
}
