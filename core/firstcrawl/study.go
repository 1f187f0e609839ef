package firstcrawl

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/freshplan/freshplan/core/crawlsim"
	"github.com/freshplan/freshplan/core/graph"
	"github.com/freshplan/freshplan/core/order"
	"github.com/freshplan/freshplan/core/rank"
)

// OldShare is the share of pages the simulated previous crawl had, for the
// historical strategies: seed 004 §4.3.2's May crawl had 55% of
// September's pages.
const OldShare = 0.55

// DefaultBatch is batch- and partial-pagerank's K for n pages when none is
// given: n/35, at least 1, as seed 004 §4.3.1's K = 100,000 "gives about
// 30 to 40 Pagerank calculations during the crawl".
func DefaultBatch(n int) int { return max(1, (n+34)/35) }

// Study is the comparison's input.
type Study struct {
	Graph      *graph.Graph // cut to the pages reachable from its seeds (graph.Reachable)
	Strategies []string     // order.Names or a subset
	Params     crawlsim.Params
	Batch      int // K; 0 for DefaultBatch
}

// Summary is one strategy's headline figures.
type Summary struct {
	Strategy       string
	Average        float64    // average cumulative PageRank, seed 004 Table 4.1
	Tau            float64    // Kendall's τ against the PageRank order, Table 4.1
	At             [4]float64 // cumulative PageRank after 10%, 20%, 30% and 50% of pages
	HalfAt         float64    // fraction of pages after which half the PageRank is in
	CrawlStop      float64    // seed 001 §2.3's P_CS after 10% of pages, importance PageRank: the share of them among the top 10%
	Seconds        float64    // time to crawl every page
	PagesPerSecond float64
	IdleAtEnd      float64 // mean idle connections over the last tenth of the crawl
	Curve          []Point // every 1% of pages
	Result         *crawlsim.Result
	Elapsed        time.Duration // the simulation's own running time
}

// Point is the crawl after a fraction of its pages.
type Point struct {
	Pages, PageRank, Seconds float64
}

// AtFractions are the fractions of pages Summary.At is taken at.
var AtFractions = [4]float64{0.1, 0.2, 0.3, 0.5}

// Report is the comparison's outcome.
type Report struct {
	PageRank   []float64 // every page's PageRank (the oracle)
	Iterations int
	Best       float64 // the average cumulative PageRank of the PageRank order, the bound of Fig. 4.3
	Summaries  []Summary

	old     []float64 // the historical strategies' previous crawl (history)
	oldSeed uint64
}

// Run computes the graph's PageRank, then simulates every strategy in
// turn. progress, when not nil, is told each strategy before it starts,
// with the report so far: its Summaries are the strategies finished (a
// view may show them while the rest run; they are not changed after).
func Run(ctx context.Context, s Study, progress func(so *Report, next string)) (*Report, error) {
	rep, err := Rank(s.Graph)
	if err != nil {
		return nil, err
	}
	for _, name := range s.Strategies {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if progress != nil {
			so := *rep
			so.Summaries = slices.Clip(rep.Summaries)
			progress(&so, name)
		}
		sum, err := rep.Simulate(ctx, s, name)
		if err != nil {
			return nil, err
		}
		rep.Summaries = append(rep.Summaries, sum)
	}
	return rep, nil
}

// Rank computes g's PageRank, the oracle every strategy is judged by: a
// report with no strategy yet.
func Rank(g *graph.Graph) (*Report, error) {
	if g.Pages() == 0 {
		return nil, fmt.Errorf("the graph has no pages")
	}
	pr, it, err := rank.PageRank(g, rank.Damping, rank.Tolerance)
	if err != nil {
		return nil, err
	}
	return &Report{PageRank: pr, Iterations: it, Best: order.Average(order.Best(pr))}, nil
}

// Simulate crawls s.Graph (the graph r ranked) with strategy name and
// returns its summary, judged by r's PageRank.
func (r *Report) Simulate(ctx context.Context, s Study, name string) (Summary, error) {
	start := time.Now()
	res, err := r.crawl(ctx, s, name)
	if err != nil {
		return Summary{}, err
	}
	sum := Summarize(res, r.PageRank, s.Params.Seed)
	sum.Elapsed = time.Since(start)
	return sum, nil
}

// crawl simulates strategy name on s.Graph; r keeps the simulated
// previous crawl the historical strategies share.
func (r *Report) crawl(ctx context.Context, s Study, name string) (*crawlsim.Result, error) {
	g := s.Graph
	opts := order.Options{Batch: s.Batch, Seed: s.Params.Seed, Damping: rank.Damping}
	if opts.Batch == 0 {
		opts.Batch = DefaultBatch(g.Pages())
	}
	if strings.HasPrefix(name, "historical-") {
		var err error
		if opts.History, err = r.history(g, s.Params.Seed); err != nil {
			return nil, err
		}
	}
	st, err := order.New(name, opts)
	if err != nil {
		return nil, err
	}
	res, err := crawlsim.Run(ctx, g, st, r.PageRank, s.Params)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return res, nil
}

// history is the simulated previous crawl of g for a seed, made once.
func (r *Report) history(g *graph.Graph, seed uint64) ([]float64, error) {
	if r.old == nil || r.oldSeed != seed {
		h, err := order.SimulatedHistory(g, OldShare, seed)
		if err != nil {
			return nil, err
		}
		r.old, r.oldSeed = h, seed
	}
	return r.old, nil
}

// Summarize reads a crawl's headline figures and its curve.
func Summarize(res *crawlsim.Result, pr []float64, seed uint64) Summary {
	cum := order.Cumulative(res.Order, pr)
	s := Summary{
		Strategy:       res.Strategy,
		Average:        order.Average(cum),
		Tau:            order.Kendall(res.Order, pr, order.KendallSample, seed),
		HalfAt:         order.PagesFor(cum, 0.5),
		CrawlStop:      order.CrawlAndStop(res.Order, pr, (len(res.Order)+9)/10),
		Seconds:        res.Duration,
		PagesPerSecond: res.PagesPerSecond(),
		IdleAtEnd:      res.IdleAtEnd(),
		Result:         res,
	}
	for i, f := range AtFractions {
		s.At[i] = order.At(cum, f)
	}
	// Seconds at k pages: when the first k handled had all finished.
	done := make([]float64, len(res.Time))
	last := 0.0
	for i, t := range res.Time {
		last = math.Max(last, t)
		done[i] = last
	}
	n := len(cum)
	for pct := 1; pct <= 100; pct++ {
		k := max(1, int(math.Round(float64(pct)*float64(n)/100)))
		s.Curve = append(s.Curve, Point{Pages: float64(pct) / 100, PageRank: cum[k-1], Seconds: done[k-1]})
	}
	return s
}
