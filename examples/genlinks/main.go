// Command genlinks writes examples/links.csv, a small link graph for
// freshplan order and the app's First crawl view, made up here and copied
// from nowhere: 200 pages on four sites of unequal size (100, 60, 28 and
// 12 pages), as seed 004 §4.1's web has many small sites and few large
// ones. Every page links to its site's home page and to the next page of
// its section; home pages and section pages link down into their site;
// each page links to a few pages of its own site at random and, one time
// in ten, to another site's page — most links inside a site, a few pages
// with many in-links.
//
// Run from the repository's root: go run ./examples/genlinks. Its test
// checks that the committed file is what it writes.
package main

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
)

type site struct {
	host  string
	pages int
}

var sites = []site{{"docs.example", 100}, {"blog.example", 60}, {"shop.example", 28}, {"status.example", 12}}

// url is page i of s: its home page for 0, else a page of one of its
// sections, ten pages a section.
func url(s site, i int) string {
	if i == 0 {
		return "https://" + s.host + "/"
	}
	return fmt.Sprintf("https://%s/s%d/p%d", s.host, i/10, i)
}

// Links writes the graph as a from,to CSV.
func Links(w io.Writer) error {
	rng := rand.New(rand.NewPCG(23, 4))
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, "from,to")
	for k, s := range sites {
		for i := range s.pages {
			from := url(s, i)
			link := func(to string) { fmt.Fprintf(bw, "%s,%s\n", from, to) }
			if i != 0 {
				link(url(s, 0))
			}
			if i+1 < s.pages && (i+1)%10 != 0 {
				link(url(s, i+1))
			}
			if i == 0 || i%10 == 0 { // a home or section page: down to the next sections
				for j := i + 10 - i%10; j < s.pages && j < i+40; j += 10 {
					link(url(s, j))
				}
			}
			for range 1 + rng.IntN(3) {
				// Small indexes more often: a few pages gather many links.
				j := int(float64(s.pages) * rng.Float64() * rng.Float64())
				if j != i {
					link(url(s, j))
				}
			}
			if rng.IntN(10) == 0 {
				o := sites[(k+1+rng.IntN(len(sites)-1))%len(sites)]
				link(url(o, rng.IntN(o.pages)))
			}
		}
	}
	return bw.Flush()
}

func main() {
	f, err := os.Create("examples/links.csv")
	if err == nil {
		err = Links(f)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "genlinks:", err)
		os.Exit(1)
	}
}
