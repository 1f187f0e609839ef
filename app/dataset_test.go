package app

import (
	"testing"
	"time"

	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/core/plan"
)

// TestDatasetUnvisitable: the dataset's note on hosts no polite policy
// visits is plan.Unvisitable's on the same pages.
func TestDatasetUnvisitable(t *testing.T) {
	pg := []pages.Page{{URL: "https://a/1", Host: "a", Rate: 1, Weight: 1}, {URL: "https://b/1", Host: "b", Rate: 1, Weight: 1, CrawlDelay: 7200},
		{URL: "https://b/2", Host: "b", Rate: 1, Weight: 1}, {URL: "https://c/1", Host: "c", Rate: 1, Weight: 1, CrawlDelay: 90000}}
	d := newDataset("x", 0, false, pg)
	for _, T := range []time.Duration{time.Minute, time.Hour, 3 * time.Hour, 24 * time.Hour, 48 * time.Hour} {
		want := plan.Unvisitable(pg, T)
		if got := d.unvisitable(T); got != want {
			t.Errorf("horizon %v: %q, want %q", T, got, want)
		}
		if T == time.Hour && want == "" {
			t.Errorf("horizon %v: no host unvisitable; the test would prove nothing", T)
		}
	}
}
