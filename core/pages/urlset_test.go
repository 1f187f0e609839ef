package pages

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// TestURLSetMatchesMap: the set finds the same first page for every URL
// as a map does, on URLs with long shared prefixes, all lengths from 0,
// repeats at random, and growth from the smallest table.
func TestURLSetMatchesMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 20 {
		n := 1 + rng.IntN(5000)
		var pg []Page
		urls := newURLSet(0)
		if trial%2 == 1 {
			urls = newURLSet(n)
		}
		first := map[string]int{}
		for i := range n {
			u := "https://example.com/" + strconv.Itoa(rng.IntN(n))
			switch rng.IntN(4) {
			case 0:
				u = u[:rng.IntN(len(u)+1)] // every length, "" included
			case 1:
				u += string(make([]byte, rng.IntN(20))) // shared long tails
			}
			pg = append(pg, Page{URL: u})
			want, seen := first[u]
			if !seen {
				want = -1
				first[u] = i
			}
			if got := addPage(urls, pg, i); got != want {
				t.Fatalf("trial %d page %d (%q): set says %d, map %d", trial, i, u, got, want)
			}
			if urls.n != len(first) {
				t.Fatalf("trial %d: %d URLs in the set, %d distinct", trial, urls.n, len(first))
			}
		}
	}
}

// TestHashURLSpreads: a million URLs that differ only in their last
// digits fill a table's slots about as evenly as random numbers would:
// at load ½ linear probing looks at 1.5 slots a URL on average
// (Knuth), and a poor hash many more.
func TestHashURLSpreads(t *testing.T) {
	const n = 1 << 20
	pg := make([]Page, n)
	urls := newURLSet(n)
	for i := range pg {
		pg[i].URL = "https://host" + strconv.Itoa(i%2000) + ".example.com/page/" + strconv.Itoa(i)
		addPage(urls, pg, i)
	}
	mask := uint32(len(urls.slots) - 1)
	var probes int
	for k, e := range urls.slots {
		if e != 0 {
			probes += 1 + int((uint32(k)-uint32(e>>32))&mask)
		}
	}
	if mean := float64(probes) / n; mean > 1.6 {
		t.Errorf("%.2f slots looked at per URL, want about 1.5", mean)
	}
}

// addPage adds page i's URL, pg[i].URL, to s and returns the index of the
// page that already has it, or −1.
func addPage(s *urlSet, pg []Page, i int) int {
	u := pg[i].URL
	return s.addURL(u, i, func(j int) bool { return pg[j].URL == u })
}
