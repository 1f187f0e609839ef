package graph

import (
	"os"
	"testing"
)

// The real link graph of shared/data (testdata/real-links.csv.gz) reads with the figures its README
// gives: 91,541 links among 16,736 URLs on 674 hosts.
func TestRealLinks(t *testing.T) {
	f, err := os.Open("testdata/real-links.csv.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	g, err := Read(f, "real-links.csv")
	if err != nil {
		t.Fatal(err)
	}
	if g.Pages() != 16736 || g.Links() != 91541 || len(g.Hosts) != 674 || g.SelfLoops != 0 || g.Duplicates != 0 {
		t.Fatalf("%d pages, %d links, %d hosts, %d self-loops, %d duplicates", g.Pages(), g.Links(), len(g.Hosts), g.SelfLoops, g.Duplicates)
	}
	// From the home pages (one a host), php.net's index reaches every
	// php.net page; opentelemetry.io's in-content links reach only part of
	// it (README: 247 of 709 from https://opentelemetry.io/).
	h, dropped, err := Reachable(g)
	if err != nil || h.Pages()+dropped != g.Pages() || dropped == 0 || h.Pages() < 12000 {
		t.Fatalf("reachable %d, dropped %d, %v", h.Pages(), dropped, err)
	}
}
