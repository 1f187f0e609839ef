package main

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/freshplan/freshplan/core/estimate"
	"github.com/freshplan/freshplan/core/plan"
)

// buildHost gathers one host's pages (sorted by Idx) and, for a log
// planned with the prior, shrinks each estimate towards the host's prior
// (estimate.HostPrior: its own when it has enough observed pages, else
// global, the prior of all pages; seed-free empirical Bayes of
// estimate.Smooth), the posterior mean being the rate planned. The pages
// are checked as plan.Run checks them.
type buildHost struct {
	Cfg Config
}

func (f *buildHost) ProcessElement(ctx context.Context, host string, recs func(*Rec) bool, global estimate.Prior, emit func(Host)) error {
	defer timed(ctx, "hosts+prior", time.Now())
	all := collect(recs)
	slices.SortFunc(all, func(a, b Rec) int { return cmp.Compare(a.Idx, b.Idx) })
	h := Host{Name: host, Pages: make([]Page, len(all))}
	var prior estimate.Prior
	if f.Cfg.Prior && all[0].HasEst {
		ests := make([]estimate.Estimate, len(all))
		for i, r := range all {
			ests[i] = r.Est
		}
		prior = estimate.HostPrior(ests, global)
	}
	for i, r := range all {
		rate := r.Rate
		if f.Cfg.Prior && r.HasEst {
			rate = prior.Posterior(r.Est).Mean()
		}
		h.Pages[i] = Page{Idx: r.Idx, URL: r.URL, Rate: rate, Weight: r.Weight, CrawlDelay: r.CrawlDelay}
	}
	if err := h.finish(f.Cfg); err != nil {
		return err
	}
	emit(h)
	return nil
}

// finish checks the host's pages as plan.Run checks them and sets its
// delay: the politeness, or the largest crawl_delay its pages ask for (a
// host asks for one delay; the most polite wins).
func (h *Host) finish(cfg Config) error {
	h.Delay = cfg.Politeness.Seconds()
	for _, p := range h.Pages {
		if err := checkPage(p.URL, p.Rate, p.Weight, p.CrawlDelay); err != nil {
			return err
		}
		h.Delay = math.Max(h.Delay, p.CrawlDelay)
	}
	return nil
}

// checkPage refuses what plan.Run refuses of a page.
func checkPage(url string, rate, weight, delay float64) error {
	switch {
	case !(rate >= 0 && rate <= plan.MaxRate):
		return fmt.Errorf("page %s: change rate %v is not a number of changes per day between 0 and %g", url, rate, plan.MaxRate)
	case !(weight >= 0 && weight <= plan.MaxWeight):
		return fmt.Errorf("page %s: weight %v is not between 0 and %g", url, weight, plan.MaxWeight)
	case !(delay >= 0) || math.IsInf(delay, 1):
		return fmt.Errorf("page %s: crawl delay %v s is not a finite non-negative number of seconds", url, delay)
	}
	return nil
}

// hostPages is a host's page count, for the total that resolves the cycle.
func hostPages(h Host) int64 { return int64(len(h.Pages)) }

func sumInt(a, b int64) int64 { return a + b }

// resolveFn resolves the parameters once the pages are counted.
type resolveFn struct {
	Cfg Config
}

func (f *resolveFn) ProcessElement(pages int64) (Resolved, error) {
	return f.Cfg.resolve(pages)
}

// globalPrior is the prior of all pages (estimate.FitMoments of every
// observed page's moments, merged; the half change a year of
// estimate.Priors when none was observed).
func globalPrior(m estimate.Moments) estimate.Prior { return estimate.FitMoments(m, estimate.Prior{}) }

func init() {
	register.DoFn5x1[context.Context, string, func(*Rec) bool, estimate.Prior, func(Host), error](&buildHost{})
	register.Emitter1[Host]()
	register.Function1x1(hostPages)
	register.Function2x1(sumInt)
	register.DoFn1x2[int64, Resolved, error](&resolveFn{})
	register.Function1x1(globalPrior)
}
