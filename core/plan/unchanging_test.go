package plan

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/freshplan/freshplan/core/pages"
)

// TestNoPageChanges: pages that never change are planned — every policy
// keeps every copy fresh — with cho and azar said not planned (they share
// the budget out by the rates, and Azar's carousel needs a page that
// changes) instead of the whole plan failing on azar's carousel.
func TestNoPageChanges(t *testing.T) {
	var pg []pages.Page
	for i := range 20 {
		pg = append(pg, pages.Page{URL: fmt.Sprintf("https://h%d.example/%d", i%3, i), Host: fmt.Sprintf("h%d.example", i%3), Weight: 1})
	}
	p := DefaultParams()
	p.Budget = 100
	pl, err := Run(context.Background(), pg, p)
	if err != nil {
		t.Fatalf("planning pages that never change: %v", err)
	}
	for name, r := range pl.Results {
		if r.Value != 0 {
			t.Errorf("%s: staleness %v, want 0: no page changes", name, r.Value)
		}
	}
	for _, name := range []Policy{Cho, Azar} {
		if why := pl.Omitted[name]; !strings.Contains(why, "no page changes") {
			t.Errorf("%s omitted for %q; want: no page changes", name, why)
		}
	}
	p.Policy = "azar"
	var np *NotPlannedError
	if _, err := Run(context.Background(), pg, p); !errors.As(err, &np) || !strings.Contains(np.Why, "no page changes") {
		t.Errorf("azar asked for: error %v; want it not planned, saying no page changes", err)
	}
}
