package firstcrawl

import (
	"fmt"
	"io"
	"slices"

	"github.com/freshplan/freshplan/core/crawlsim"
	"github.com/freshplan/freshplan/core/export"
	"github.com/freshplan/freshplan/core/graph"
	"github.com/freshplan/freshplan/core/order"
)

// Input is a link graph read for a study: what the app needs of
// core/graph, carried here so that the app imports no package below
// firstcrawl.
type Input struct {
	Graph        *graph.Graph // cut to the pages its seeds reach
	Pages, Links int          // as read, before the cut
	Dropped      int          // pages the seeds do not reach, left out
}

// ReadInput reads a link graph (graph.Read: a CSV of from,to URLs, gzip
// or not; its errors are *graph.InputError with the line and column) and
// keeps the pages reachable from every site's home page, as the CLI's
// order command does.
func ReadInput(r io.Reader, name string) (*Input, error) {
	g, err := graph.Read(r, name)
	if err != nil {
		return nil, err
	}
	in := &Input{Pages: g.Pages(), Links: g.Links()}
	if in.Graph, in.Dropped, err = graph.Reachable(g); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return in, nil
}

// Sites is the number of sites of the pages crawled.
func (in *Input) Sites() int { return len(in.Graph.Hosts) }

// Seeds is the number of pages the crawl starts from.
func (in *Input) Seeds() int { return len(in.Graph.Seeds) }

// Names are the strategies a study can run, in seed 004 §4.3's order.
func Names() []string { return slices.Clone(order.Names) }

// DefaultParams are the simulator's defaults (crawlsim.DefaultParams:
// seed 004 §4.3's r = 1, w = 15 s, c = 1, unlimited B).
func DefaultParams() crawlsim.Params { return crawlsim.DefaultParams() }

// WriteOrder writes the order of a strategy's crawl of in as a seed list
// (export.Order: nutch, stormcrawler or csv), delay the wait w.
func (in *Input) WriteOrder(w io.Writer, s *Summary, delay float64, format string) error {
	g := in.Graph
	pages := make([]export.Ordered, len(s.Result.Order))
	for i, p := range s.Result.Order {
		pages[i] = export.Ordered{URL: g.URL(p), Host: g.Hosts[g.Host[p]]}
	}
	return export.Order(w, pages, delay, format)
}
