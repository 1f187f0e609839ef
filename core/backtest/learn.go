package backtest

import (
	"context"
	"math"
	"sort"

	"github.com/freshplan/freshplan/core/estimate"
	"github.com/freshplan/freshplan/core/learn"
	"github.com/freshplan/freshplan/core/observe"
	"github.com/freshplan/freshplan/core/plan"
)

// learnStart is what the learning policy (core/learn) knows at the
// split, whatever the budget: each page's host prior with the training
// crawl's fetches folded in at a half-life chosen on that crawl
// (learn.ChooseHalfLife), and the host delays the plans keep.
type learnStart struct {
	halfLife  float64 // days
	pages     []learn.Page
	hostDelay []float64
}

// newLearnStart starts the learning policy from the training crawl's
// histories and their estimates at the split (estimate.Of's): the host
// priors and the half-life as plan.StartFromHistories chooses them for a
// log, and each page's fetches folded in.
func newLearnStart(pages []observe.Changes, training *observe.Crawled, ests []estimate.Estimate, cfg Config) *learnStart {
	hosts := make([]string, len(pages))
	for i, p := range pages {
		hosts[i] = p.Host
	}
	priors := estimate.PagePriors(ests, hosts)
	history := training.Each()
	fetches := func(i int) []observe.Fetch { return history(i).Fetches }
	s := &learnStart{halfLife: learn.ChooseHalfLifeEach(priors, fetches), pages: make([]learn.Page, len(pages))}
	hostIndex := map[string]int{}
	for i, p := range pages {
		h, ok := hostIndex[p.Host]
		if !ok {
			h = len(s.hostDelay)
			hostIndex[p.Host] = h
			s.hostDelay = append(s.hostDelay, cfg.Params.Politeness.Seconds())
		}
		// A host's delay is the largest its pages ask for, as plans keep it.
		s.hostDelay[h] = math.Max(s.hostDelay[h], p.CrawlDelay)
		fs := fetches(i)
		post, _ := learn.Fold(priors[i], fs, s.halfLife)
		last := p.Times[0] // found when it appeared, after the training crawl's last round
		if len(fs) > 0 {
			last = fs[len(fs)-1].At
		}
		s.pages[i] = learn.Page{Host: h, Weight: p.Weight, Posterior: post, Last: last}
	}
	return s
}

// row replays the learning policy from the split at cfg's budget and
// politeness, making at most maxVisits visits in all (the static plans'
// count, so that it competes at equal or fewer visits); what each visit
// sees comes from the page's real changes, as a server would report it.
func (s *learnStart) row(ctx context.Context, pages []observe.Changes, cfg Config, maxVisits int) (Row, error) {
	prev := make([]float64, len(pages))
	for i := range pages {
		prev[i] = s.pages[i].Last
	}
	visits, err := learn.Run(ctx, s.pages, learn.Config{
		Start: cfg.Split, End: cfg.Until, Horizon: cfg.Params.Horizon.Seconds(), Budget: cfg.Params.Budget,
		MaxVisits: maxVisits, HostDelay: s.hostDelay, HalfLife: s.halfLife, Burst: &learn.DefaultBurst,
	}, func(i int, t float64) (bool, float64) {
		c := pages[i].Times
		j := sort.SearchFloat64s(c, math.Nextafter(t, math.Inf(1))) // changes ≤ t
		k := sort.SearchFloat64s(c, math.Nextafter(prev[i], math.Inf(1)))
		prev[i] = t
		lm := math.NaN()
		if j > 0 {
			lm = c[j-1]
		}
		return k < j, lm
	})
	if err != nil {
		return Row{}, err
	}
	return replay(string(plan.Learn), pages, cfg, func(i int) []float64 { return visits[i] }), nil
}
