package graph

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func read(t *testing.T, text string) *Graph {
	t.Helper()
	g, err := Read(strings.NewReader(text), "g.csv")
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	return g
}

// The package rules on a graph with a self-loop, a duplicate link (spelled
// two ways), a dangling page and two sites.
func TestReadRules(t *testing.T) {
	g := read(t, "from,to\n"+
		"https://a.example/,https://a.example/x\n"+
		"HTTPS://A.example:443/x#top,https://a.example/\n"+ // canonical: https://a.example/x
		"https://a.example/x,https://a.example/x\n"+ // self-loop
		"https://a.example/,https://a.example/x\n"+ // duplicate
		"https://a.example/x,https://b.example/deep/page\n")
	if g.Pages() != 3 || g.Links() != 3 || g.SelfLoops != 1 || g.Duplicates != 1 {
		t.Fatalf("pages %d links %d self-loops %d duplicates %d; want 3 3 1 1", g.Pages(), g.Links(), g.SelfLoops, g.Duplicates)
	}
	if !slices.Equal(g.Hosts, []string{"a.example", "b.example"}) {
		t.Fatalf("hosts %v", g.Hosts)
	}
	if !slices.Equal(g.URLs, []string{"https://a.example/", "https://a.example/x", "https://b.example/deep/page"}) {
		t.Fatalf("urls %v", g.URLs)
	}
	if !slices.Equal(g.OutOf(1), []int32{0, 2}) || g.OutDegree(2) != 0 {
		t.Fatalf("out of x %v, out-degree of the dangling page %d", g.OutOf(1), g.OutDegree(2))
	}
	// Home pages: a.example/ (fewest slashes) and b's only page.
	if !slices.Equal(g.Seeds, []int32{0, 2}) {
		t.Fatalf("seeds %v; want [0 2]", g.Seeds)
	}
}

func TestOnePageGraph(t *testing.T) {
	g := read(t, "https://a.example/,https://a.example/\n")
	if g.Pages() != 1 || g.Links() != 0 || g.SelfLoops != 1 || !slices.Equal(g.Seeds, []int32{0}) {
		t.Fatalf("%+v", g)
	}
}

func TestReadErrors(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"", "g.csv: the file is empty"},
		{"from,to\n", "g.csv: no links"},
		{"from,to\nhttps://a.example/,https://b.example/,x\n", "g.csv:2: 3 fields; want 2"},
		{"https://a.example/,ftp://b.example/\n", `g.csv:1:2 (to): "ftp://b.example/" is not an http(s) URL`},
		{"https://a.example/,\n", "g.csv:1:2 (to): empty"},
		{"https://a.example/,https:///x\n", "g.csv:1:2 (to):"},
		{"https://a.example/,\"https://b.example/\n", "g.csv:1:"},
		{"https://a.example/\x01,https://b.example/\n", "g.csv:1:1 (from):"},
		{"\x00\x01\x02\x03", "g.csv: not a text file"},
	} {
		_, err := Read(strings.NewReader(c.in), "g.csv")
		var ie *InputError
		if err == nil || !errors.As(err, &ie) || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("Read(%q) = %v; want an InputError starting %q", c.in, err, c.want)
		}
	}
}

func TestSeedsAndReachable(t *testing.T) {
	// a→b→c, d→e isolated from a, f alone on its site.
	g := read(t, "from,to\n"+
		"https://x.example/a,https://x.example/b\n"+
		"https://x.example/b,https://x.example/c\n"+
		"https://x.example/long/d,https://x.example/long/e\n"+
		"https://y.example/f,https://x.example/c\n")
	seeds, err := ReadSeeds(strings.NewReader("# start\nhttps://x.example/b\tnutch.score=1\n\nHTTPS://X.EXAMPLE/b\n"), "s.txt", g)
	if err != nil || !slices.Equal(seeds, []int32{1}) {
		t.Fatalf("ReadSeeds = %v, %v; want [1]", seeds, err)
	}
	g.Seeds = seeds
	h, dropped, err := Reachable(g)
	if err != nil || dropped != 4 || h.Pages() != 2 || !slices.Equal(h.URLs, []string{"https://x.example/b", "https://x.example/c"}) ||
		!slices.Equal(h.OutOf(0), []int32{1}) || !slices.Equal(h.Seeds, []int32{0}) {
		t.Fatalf("Reachable = %+v, %d, %v", h, dropped, err)
	}
	_, err = ReadSeeds(strings.NewReader("https://x.example/a\nhttps://nowhere.example/\n"), "s.txt", g)
	if err == nil || !strings.HasPrefix(err.Error(), `s.txt:2:1 (url): "https://nowhere.example/" is not a page`) {
		t.Fatalf("unknown seed: %v", err)
	}
	if _, err = ReadSeeds(strings.NewReader("# nothing\n"), "s.txt", g); err == nil {
		t.Fatal("an empty seed list was accepted")
	}
}

// Build against a brute-force set of distinct non-loop links.
func TestBuildBruteForce(t *testing.T) {
	edges := []Edge{{3, 1}, {0, 2}, {3, 1}, {2, 2}, {1, 0}, {0, 3}, {0, 2}, {3, 0}}
	g, err := Build(nil, []int32{0, 0, 1, 1}, []string{"a", "b"}, edges)
	if err != nil {
		t.Fatal(err)
	}
	want := map[Edge]bool{}
	for _, e := range edges {
		if e.From != e.To {
			want[e] = true
		}
	}
	got := map[Edge]bool{}
	for p := range int32(4) {
		row := g.OutOf(p)
		if !slices.IsSorted(row) {
			t.Fatalf("row %d unsorted: %v", p, row)
		}
		for _, q := range row {
			got[Edge{p, q}] = true
		}
	}
	if len(got) != len(want) || g.Links() != len(want) || g.SelfLoops != 1 || g.Duplicates != 2 {
		t.Fatalf("got %v (%d links, %d loops, %d dups), want %v", got, g.Links(), g.SelfLoops, g.Duplicates, want)
	}
	for e := range want {
		if !got[e] {
			t.Fatalf("missing %v", e)
		}
	}
}
