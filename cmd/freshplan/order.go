//go:build !wasm

package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/freshplan/freshplan/core/crawlsim"
	"github.com/freshplan/freshplan/core/export"
	"github.com/freshplan/freshplan/core/firstcrawl"
	"github.com/freshplan/freshplan/core/graph"
	"github.com/freshplan/freshplan/core/order"
)

// runOrder is `freshplan order [flags] GRAPH`: seed 004 §4.3's comparison
// of first-crawl orders on a link graph (issue 23).
func runOrder(args []string, stdout, stderr io.Writer) error {
	args, exportFormat, exportFile, err := splitExport(args)
	if err != nil {
		return err
	}
	fs := flag.NewFlagSet("order", flag.ContinueOnError)
	fs.SetOutput(stderr)
	def := crawlsim.DefaultParams()
	strategies := fs.String("strategies", "all", "comma-separated strategies, or all: "+strings.Join(order.Names, ", "))
	robots := fs.Int("robots", def.Robots, "r: simultaneous connections, never two to one site")
	wait := fs.Float64("wait", def.Wait, "w: seconds between connections to one site")
	perConn := fs.Int("per-connection", def.PerConnection, "c: pages fetched per connection (HTTP keep-alive)")
	bandwidth := fs.Float64("bandwidth", 0, "B: the crawler's bandwidth in bytes/s, shared by its connections (0: more than any site's)")
	batch := fs.Int("batch", 0, "K: pages between PageRank recalculations of batch- and partial-pagerank (0: pages/35)")
	seed := fs.Uint64("seed", def.Seed, "seed of page sizes, latencies, site bandwidths and the random draws")
	seedsFile := fs.String("seeds", "", "seed list, one URL a line (default: every site's home page)")
	synthetic := fs.Int("synthetic", 0, "instead of GRAPH, a generated graph of this many pages (seed 004 §4.1's properties: Zipf sites of 200 pages on average, 10 links a page, 90% inside the site)")
	curves := fs.String("curves", "", "write strategy,fraction_pages,fraction_pagerank,seconds at every 1% of pages to FILE (- for stdout)")
	fs.Usage = func() {}
	out := fs.Output()
	fs.SetOutput(io.Discard)
	err = fs.Parse(args)
	fs.SetOutput(out)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprint(out, "usage: freshplan order [flags] [--export nutch|stormcrawler|csv FILE] GRAPH\n\n"+
				"GRAPH is a CSV of from,to URLs (gzip or not; - for stdin). The first strategy listed is the one exported.\n\nflags:\n")
			fs.PrintDefaults()
			return errHelp
		}
		return usagef("%v (run 'freshplan order -h' for the flags)", err)
	}
	if (fs.NArg() != 1) == (*synthetic == 0) {
		return usagef("order needs one link graph, a CSV of from,to URLs, or --synthetic PAGES: freshplan order [flags] GRAPH")
	}
	names, err := parseStrategies(*strategies)
	if err != nil {
		return err
	}
	p := crawlsim.Params{Robots: *robots, Wait: *wait, PerConnection: *perConn, Bandwidth: *bandwidth, Timing: crawlsim.DefaultTiming, Seed: *seed}
	switch {
	case p.Robots < 1:
		return usagef("--robots %d: want 1 or more", p.Robots)
	case !(p.Wait >= 0) || math.IsInf(p.Wait, 0):
		return usagef("--wait %g: want 0 or more seconds", p.Wait)
	case p.PerConnection < 1:
		return usagef("--per-connection %d: want 1 or more", p.PerConnection)
	case !(p.Bandwidth >= 0) || math.IsInf(p.Bandwidth, 0):
		return usagef("--bandwidth %g: want bytes/s, or 0 for unlimited", p.Bandwidth)
	case *batch < 0:
		return usagef("--batch %d: want 1 or more pages, or 0 for pages/35", *batch)
	}

	name := fs.Arg(0)
	var g *graph.Graph
	if *synthetic != 0 {
		name = fmt.Sprintf("synthetic graph (seed %d)", p.Seed)
		if *synthetic < 0 || *synthetic > 50_000_000 {
			return usagef("--synthetic %d: want 1 to 50,000,000 pages", *synthetic)
		}
		g, err = graph.Generate(graph.DefaultSynthetic(*synthetic, p.Seed))
	} else {
		g, err = readGraph(name)
	}
	if err != nil {
		return err
	}
	if *seedsFile != "" {
		file, err := openInput(*seedsFile)
		if err != nil {
			return err
		}
		g.Seeds, err = graph.ReadSeeds(file, *seedsFile, g)
		file.Close()
		if err != nil {
			return err
		}
	}
	all, links := g.Pages(), g.Links()
	g, dropped, err := graph.Reachable(g)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	rep, err := firstcrawl.RunParallel(context.Background(), firstcrawl.Study{Graph: g, Strategies: names, Params: p, Batch: *batch})
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	bw := bufio.NewWriter(stdout)
	fmt.Fprintf(bw, "%s: %d pages, %d links, %d sites; %d seeds", name, all, links, len(g.Hosts), len(g.Seeds))
	if g.SelfLoops+g.Duplicates > 0 {
		fmt.Fprintf(bw, "; dropped %d self-loops and %d duplicate links", g.SelfLoops, g.Duplicates)
	}
	fmt.Fprintln(bw)
	if dropped > 0 {
		fmt.Fprintf(bw, "%d pages are not reachable from the seeds and are left out: %d pages crawled\n", dropped, g.Pages())
	}
	k := *batch
	if k == 0 {
		k = firstcrawl.DefaultBatch(g.Pages())
	}
	fmt.Fprintf(bw, "r = %d robots, w = %g s, c = %d pages per connection, B = %s, K = %d; PageRank in %d iterations\n",
		p.Robots, p.Wait, p.PerConnection, bandwidthText(p.Bandwidth), k, rep.Iterations)
	fmt.Fprintf(bw, "best possible average cumulative PageRank (pages in PageRank order): %.4f\n\n", rep.Best)
	writeOrderTable(bw, rep)
	if err := bw.Flush(); err != nil {
		return err
	}
	if *curves != "" {
		if err := writeTo(*curves, stdout, func(w io.Writer) error { return firstcrawl.WriteCurves(w, rep) }); err != nil {
			return err
		}
	}
	if exportFormat != "" {
		res := rep.Summaries[0].Result
		pages := make([]export.Ordered, len(res.Order))
		for i, pg := range res.Order {
			pages[i] = export.Ordered{URL: g.URL(pg), Host: g.Hosts[g.Host[pg]]}
		}
		if err := writeTo(exportFile, stdout, func(w io.Writer) error { return export.Order(w, pages, p.Wait, exportFormat) }); err != nil {
			return err
		}
	}
	return nil
}

// parseStrategies reads --strategies: all, or names from order.Names,
// each once.
func parseStrategies(s string) ([]string, error) {
	if strings.TrimSpace(s) == "all" {
		return order.Names, nil
	}
	var names []string
	for _, n := range strings.Split(s, ",") {
		n = strings.TrimSpace(n)
		if !slices.Contains(order.Names, n) {
			return nil, usagef("--strategies: unknown strategy %q; want all or some of %s", n, strings.Join(order.Names, ", "))
		}
		if !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	return names, nil
}

// readGraph reads the link graph named on the command line.
func readGraph(name string) (*graph.Graph, error) {
	file, err := openInput(name)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	if name == "-" {
		name = "stdin"
	}
	return graph.Read(file, name)
}

func bandwidthText(b float64) string {
	if b == 0 {
		return "unlimited"
	}
	return strconv.FormatFloat(b, 'g', -1, 64) + " bytes/s"
}

// writeOrderTable writes each strategy's headline figures.
func writeOrderTable(w io.Writer, rep *firstcrawl.Report) {
	fmt.Fprintf(w, "%-31s %7s %6s %6s %6s %6s %6s %9s %6s %10s %8s %6s\n",
		"strategy", "avg_PR", "tau", "PR@10%", "PR@20%", "PR@30%", "PR@50%", "half_PR@", "P_CS", "hours", "pages/s", "idle")
	for i := range rep.Summaries {
		s := &rep.Summaries[i]
		row := []any{s.Strategy}
		for _, f := range s.Figures() {
			row = append(row, f)
		}
		fmt.Fprintf(w, "%-31s %7s %6s %6s %6s %6s %6s %9s %6s %10s %8s %6s\n", row...)
	}
	fmt.Fprint(w, "\navg_PR: cumulative PageRank averaged over the crawl (seed 004 Table 4.1); tau: Kendall's τ against the PageRank order;\n"+
		"PR@x: PageRank fetched after x of the pages; half_PR@: pages fetched when half the PageRank is in;\n"+
		"P_CS: Cho's Crawl & Stop after 10% of the pages, the share of them among the 10% of highest PageRank;\n"+
		"hours: time to crawl every page; idle: robots idle on average over the last tenth of the crawl\n")
}
