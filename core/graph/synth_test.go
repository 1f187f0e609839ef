package graph

import (
	"slices"
	"testing"
)

// The generator's graph has the properties seed 004 §4.1 relies on: Zipf
// site sizes, most links inside a site, heavy-tailed in-degree, every
// page reachable from the home pages; and the same seed gives the same
// graph.
func TestGenerateProperties(t *testing.T) {
	s := DefaultSynthetic(20000, 7)
	g, err := Generate(s)
	if err != nil {
		t.Fatal(err)
	}
	if g.Pages() != 20000 || len(g.Hosts) != 100 {
		t.Fatalf("%d pages on %d sites", g.Pages(), len(g.Hosts))
	}
	sizes := g.SitePages()
	// Zipf θ=1: site 1 holds about 1/H(100) of the pages beyond one each.
	if sizes[0] < 3500 || sizes[0] > 4500 || sizes[1] < sizes[9] || sizes[99] < 1 {
		t.Fatalf("site sizes %v", sizes[:10])
	}
	inside := 0
	for p := range int32(g.Pages()) {
		for _, q := range g.OutOf(p) {
			if g.Host[p] == g.Host[q] {
				inside++
			}
		}
	}
	if share := float64(inside) / float64(g.Links()); share < 0.88 || share > 0.95 {
		t.Fatalf("%.3f of links inside their site; want about 0.9", share)
	}
	if g.Links() < 9*g.Pages() {
		t.Fatalf("%d links", g.Links())
	}
	in := g.InDegrees()
	sorted := slices.Clone(in)
	slices.Sort(sorted)
	median, top := sorted[len(sorted)/2], sorted[len(sorted)-1]
	if top < 50*median {
		t.Fatalf("in-degree median %d, max %d: not heavy-tailed", median, top)
	}
	h, dropped, err := Reachable(g)
	if err != nil || dropped != 0 || h != g {
		t.Fatalf("Reachable dropped %d (%v)", dropped, err)
	}
	g2, _ := Generate(s)
	if !slices.Equal(g.Out, g2.Out) || !slices.Equal(g.Off, g2.Off) {
		t.Fatal("the same seed gave two graphs")
	}
	s.Seed++
	g3, _ := Generate(s)
	if slices.Equal(g.Out, g3.Out) {
		t.Fatal("another seed gave the same graph")
	}
}

func TestGenerateRejects(t *testing.T) {
	for _, s := range []Synthetic{{Pages: 0, Sites: 1}, {Pages: 5, Sites: 6}, {Pages: 5, Sites: 1, Skew: 0.5}, {Pages: 5, Sites: 1, Skew: 1, Internal: 2}} {
		if _, err := Generate(s); err == nil {
			t.Errorf("Generate(%+v) accepted", s)
		}
	}
	g, err := Generate(Synthetic{Pages: 1, Sites: 1, Links: 3, Skew: 1, Internal: 1})
	if err != nil || g.Pages() != 1 || g.Links() != 0 {
		t.Fatalf("one-page graph: %+v %v", g, err)
	}
}
