package graph

import (
	"bufio"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/freshplan/freshplan/core/internal/canonurl"
	"github.com/freshplan/freshplan/core/internal/gzipped"
	"github.com/freshplan/freshplan/core/internal/inputerr"
)

// HomePages returns one page per site, the crawl's default seeds: seed
// 004 §4.3.1's breadth-first "starts by visiting all the home pages of
// all the seed Web sites". A site's home page is its page with the
// fewest slashes in its URL, then the shortest URL, then the first in
// byte order (https://host/ when the graph has it); a generated graph's
// home pages are each site's first page.
func HomePages(g *Graph) []int32 {
	best := make([]int32, len(g.Hosts))
	for i := range best {
		best[i] = -1
	}
	for p := range int32(g.Pages()) {
		h := g.Host[p]
		if best[h] < 0 || (g.URLs != nil && homeLess(g.URLs[p], g.URLs[best[h]])) {
			best[h] = p
		}
	}
	seeds := make([]int32, 0, len(best))
	for _, p := range best {
		if p >= 0 {
			seeds = append(seeds, p)
		}
	}
	slices.Sort(seeds)
	return seeds
}

// homeLess orders URLs by how likely each is a site's home page.
func homeLess(a, b string) bool {
	sa, sb := strings.Count(a, "/"), strings.Count(b, "/")
	if sa != sb {
		return sa < sb
	}
	if len(a) != len(b) {
		return len(a) < len(b)
	}
	return a < b
}

// ReadSeeds reads a seed list — one URL a line, anything after a tab,
// comma or space ignored (so a Nutch or StormCrawler seed list serves),
// blank lines and lines starting with # skipped — and returns the pages
// it names, in its order, each once. A URL the graph does not have is an
// error naming the line: the crawl could not start there.
func ReadSeeds(r io.Reader, name string, g *Graph) ([]int32, error) {
	content, err := gzipped.Reader(r, name)
	if err != nil {
		return nil, err
	}
	id := make(map[string]int32, g.Pages())
	for p, u := range g.URLs {
		id[u] = int32(p)
	}
	seen := make(map[int32]bool)
	var seeds []int32
	sc := bufio.NewScanner(content)
	sc.Buffer(make([]byte, 64<<10), 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(strings.TrimPrefix(sc.Text(), "\ufeff"))
		if text == "" || text[0] == '#' {
			continue
		}
		if i := strings.IndexAny(text, "\t, "); i >= 0 {
			text = text[:i]
		}
		if line == 1 && strings.EqualFold(text, "url") {
			continue
		}
		if bad := inputerr.BadText(text); bad != "" {
			return nil, &InputError{File: name, Line: line, Column: 1, Field: "url", Msg: inputerr.Quote(text) + " " + bad}
		}
		p, ok := id[canonurl.Of(text)]
		if !ok {
			p, ok = id[text]
		}
		if !ok {
			return nil, &InputError{File: name, Line: line, Column: 1, Field: "url", Msg: inputerr.Quote(text) + " is not a page of the link graph; want a URL that appears in it"}
		}
		if !seen[p] {
			seen[p] = true
			seeds = append(seeds, p)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, &InputError{File: name, Msg: "cannot read the seed list (a line over 1 MiB?)", Err: err}
	}
	if len(seeds) == 0 {
		return nil, &InputError{File: name, Msg: "no seed URLs; want one URL a line"}
	}
	return seeds, nil
}

// Reachable returns g cut down to the pages reachable from its seeds
// (the package rule, after seed 001 §2.5.1), renumbered in the order a
// breadth-first walk meets them, and how many pages were left out; g
// itself when every page is reachable.
func Reachable(g *Graph) (*Graph, int, error) {
	if len(g.Seeds) == 0 {
		return nil, 0, fmt.Errorf("the graph has no seeds to start from")
	}
	n := g.Pages()
	newID := make([]int32, n)
	for i := range newID {
		newID[i] = -1
	}
	queue := make([]int32, 0, n)
	for _, s := range g.Seeds {
		if newID[s] < 0 {
			newID[s] = int32(len(queue))
			queue = append(queue, s)
		}
	}
	for i := 0; i < len(queue); i++ {
		for _, q := range g.OutOf(queue[i]) {
			if newID[q] < 0 {
				newID[q] = int32(len(queue))
				queue = append(queue, q)
			}
		}
	}
	if len(queue) == n {
		return g, 0, nil
	}
	h := &Graph{Hosts: g.Hosts, Host: make([]int32, len(queue)), Off: make([]int32, len(queue)+1),
		SelfLoops: g.SelfLoops, Duplicates: g.Duplicates}
	if g.URLs != nil {
		h.URLs = make([]string, len(queue))
	}
	for i, p := range queue {
		h.Host[i] = g.Host[p]
		if g.URLs != nil {
			h.URLs[i] = g.URLs[p]
		}
		h.Off[i+1] = h.Off[i] + int32(g.OutDegree(p))
	}
	h.Out = make([]int32, h.Off[len(queue)])
	for i, p := range queue {
		row := h.Out[h.Off[i]:h.Off[i+1]]
		for j, q := range g.OutOf(p) {
			row[j] = newID[q] // every link of a reachable page is reachable
		}
		slices.Sort(row)
	}
	for _, s := range g.Seeds {
		h.Seeds = append(h.Seeds, newID[s])
	}
	h.Seeds = slices.Compact(h.Seeds)
	return h, n - len(queue), nil
}
