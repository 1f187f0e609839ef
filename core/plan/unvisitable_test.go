package plan

import (
	"context"
	"testing"
	"time"

	"github.com/freshplan/freshplan/core/pages"
)

// TestUnvisitable: a host whose crawl delay is longer than the horizon
// has cap 0 (seed 000 §2.1: ⌊T/P⌋), psp and mp2 never visit it and break
// no politeness, the budget goes to the other hosts, and the note names
// the hosts and the horizon that would visit them.
func TestUnvisitable(t *testing.T) {
	pg := []pages.Page{
		{URL: "https://a/1", Host: "a", Rate: 1, Weight: 1, CrawlDelay: 90000},
		{URL: "https://b/1", Host: "b", Rate: 1, Weight: 1},
		{URL: "https://b/2", Host: "b", Rate: 3, Weight: 1},
		{URL: "https://c/1", Host: "c", Rate: 1, Weight: 1, CrawlDelay: 200000},
		{URL: "https://c/2", Host: "c", Rate: 1, Weight: 1},
	}
	p := DefaultParams()
	p.Budget = 40
	pl, err := Run(context.Background(), pg, p)
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range pl.Hosts {
		if want := map[string]int{"a": 0, "b": 40, "c": 0}[h.Name]; h.Cap != want {
			t.Errorf("host %s: cap %d, want %d", h.Name, h.Cap, want)
		}
	}
	for _, name := range []Policy{PSP, MP2} {
		r := pl.Results[name]
		if r.Violations != 0 || r.Visits[0] != 0 || r.Visits[3] != 0 || r.Visits[4] != 0 || r.Visits[1]+r.Visits[2] != 40 {
			t.Errorf("%s: visits %v, %d violations; want the 40 on b's pages, none broken", name, r.Visits, r.Violations)
		}
	}
	want := "2 hosts ask for crawl delays longer than the horizon (24h), the first a at 90000 s: politeness allows them no visit, " +
		"so their 3 pages are never visited by the polite policies (plan a horizon of at least 55h33m20s to visit them)"
	if got := Unvisitable(pg, 24*time.Hour); got != want {
		t.Errorf("note %q, want %q", got, want)
	}
	if got := Unvisitable(pg, 56*time.Hour); got != "" {
		t.Errorf("at 56h: note %q, want none", got)
	}
	want = "host c asks for a crawl delay of 200000 s, longer than the horizon (25h): politeness allows it no visit, " +
		"so its 2 pages are never visited by the polite policies (plan a horizon of at least 55h33m20s to visit them)"
	if got := Unvisitable(pg, 25*time.Hour); got != want {
		t.Errorf("at 25h: note %q, want %q", got, want)
	}
}
