package graph

import (
	"bytes"
	"slices"
	"testing"
)

// TestWriteCSV: a synthetic graph written and read back has the same
// pages (by URL), the same links and the same sites.
func TestWriteCSV(t *testing.T) {
	g, err := Generate(DefaultSynthetic(2000, 3))
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := g.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	h, err := Read(&b, "written.csv")
	if err != nil {
		t.Fatal(err)
	}
	if h.Links() != g.Links() {
		t.Fatalf("links: wrote %d, read %d", g.Links(), h.Links())
	}
	links := func(g *Graph) []string {
		var out []string
		for p := range int32(g.Pages()) {
			for _, q := range g.OutOf(p) {
				out = append(out, g.URL(p)+" "+g.URL(q))
			}
		}
		slices.Sort(out)
		return out
	}
	if !slices.Equal(links(g), links(h)) {
		t.Errorf("the links read back differ from those written")
	}
	if h.Pages() > g.Pages() || len(h.Hosts) != len(g.Hosts) {
		t.Errorf("pages %d → %d, sites %d → %d", g.Pages(), h.Pages(), len(g.Hosts), len(h.Hosts))
	}
}
