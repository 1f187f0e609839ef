package order

import (
	"fmt"
	"strings"
)

// SiteRule is how the queue of sites is ordered.
type SiteRule int

const (
	// BestPage puts first the site whose best pending page has the highest
	// priority: seed 004 §4.1.2's "the scheduler chooses the top Website
	// from the queue of Web sites and a number of pages from the top of the
	// corresponding queue of Web pages".
	BestPage SiteRule = iota
	// MostPending puts first the site with the most pages found but not
	// fetched: seed 004 §4.3.1's larger-sites-first.
	MostPending
)

// Strategy orders a crawl. The simulator calls Start once, after the
// seeds are seen; Found when a page is first seen (its Parent set);
// Fetched after a page is fetched and its new links found, where the
// strategy calls touch for every pending page whose priority changed, or
// returns true when any priority may have changed (a recalculation).
// Priority is read whenever a page enters or moves in its site's queue:
// higher first, ties to the page seen first. It only reads the strategy's
// state: after a recalculation the simulator reads the pending pages'
// priorities from several goroutines at once.
type Strategy interface {
	Name() string
	Sites() SiteRule
	Start(s *State)
	Found(p int32)
	Fetched(p int32, touch func(q int32)) (all bool)
	Priority(p int32) float64
}

// Names are the strategies New makes, in seed 004 §4.3's order.
var Names = []string{
	"breadth-first", "backlink-count", "batch-pagerank", "partial-pagerank", "opic", "larger-sites-first",
	"historical-pagerank-omniscient", "historical-pagerank-random", "historical-pagerank-zero", "historical-pagerank-parent",
	"omniscient", "random",
}

// Options are the strategies' parameters.
type Options struct {
	Batch   int       // K of batch- and partial-pagerank: pages between PageRank recalculations
	History []float64 // a previous crawl's PageRank per page, NaN for a page it did not have (historical strategies)
	Seed    uint64    // random and historical-pagerank-random draws
	Damping float64   // of the partial PageRank estimates
}

// New returns the strategy named name (one of Names).
func New(name string, o Options) (Strategy, error) {
	switch name {
	case "breadth-first":
		return &breadthFirst{}, nil
	case "backlink-count":
		return &backlinkCount{}, nil
	case "batch-pagerank", "partial-pagerank":
		if o.Batch < 1 {
			return nil, fmt.Errorf("%s: batch %d; want K ≥ 1 pages between PageRank calculations", name, o.Batch)
		}
		return &batchPageRank{partial: name == "partial-pagerank", k: o.Batch, d: o.Damping}, nil
	case "opic":
		return &opic{}, nil
	case "larger-sites-first":
		return &largerSitesFirst{}, nil
	case "omniscient":
		return &omniscient{}, nil
	case "random":
		return &random{seed: o.Seed}, nil
	}
	if fill, ok := strings.CutPrefix(name, "historical-pagerank-"); ok {
		switch fill {
		case "omniscient", "random", "zero", "parent":
			if o.History == nil {
				return nil, fmt.Errorf("%s needs a previous crawl's PageRank", name)
			}
			return &historical{fill: fill, history: o.History, seed: o.Seed}, nil
		}
	}
	return nil, fmt.Errorf("unknown strategy %q; want one of %s", name, strings.Join(Names, ", "))
}
