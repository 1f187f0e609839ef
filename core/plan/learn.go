package plan

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/freshplan/freshplan/core/estimate"
	"github.com/freshplan/freshplan/core/learn"
	"github.com/freshplan/freshplan/core/observe"
	"github.com/freshplan/freshplan/core/schedule"
	"github.com/freshplan/freshplan/core/staleness"
)

// warmUp is how many cycles the learning policy is run before the cycle
// it plans, from pages known by their rates alone, and after it, to
// measure each page's visits per cycle.
const warmUp = 4

// knownRate is the pseudo-days a rate given as known counts for: a
// Gamma posterior this strong does not move.
const knownRate = 1e9

// LearnStart is what the learning policy knows of each page when it
// plans from an observation log: its host's prior, its fetches, and the
// half-life its evidence is forgotten at.
type LearnStart struct {
	Priors   []estimate.Prior
	Fetches  [][]observe.Fetch
	HalfLife float64 // days
}

// StartFromHistories is the learning policy's start from an observation
// log: each page's host prior (estimate.Priors, fitted on ests), its
// fetches, and the half-life that best predicted them
// (learn.ChooseHalfLife). RunLearn replays the fetches in time order
// across pages (learn.Replay), so that both the pages' posteriors and
// their hosts' change events are as the crawl that made the log would
// have learnt them, and plans from the log's last fetch.
func StartFromHistories(histories []observe.History, ests []estimate.Estimate) *LearnStart {
	hosts := make([]string, len(histories))
	for i, h := range histories {
		hosts[i] = h.Host
	}
	s := &LearnStart{Priors: estimate.PagePriors(ests, hosts), Fetches: make([][]observe.Fetch, len(histories))}
	for i, h := range histories {
		s.Fetches[i] = h.Fetches
	}
	s.HalfLife = learn.ChooseHalfLife(s.Priors, histories)
	return s
}

// RunLearn plans pages as Run does — every other policy and bound beside
// it, psp's schedule planned too — and keeps the learning policy's
// schedule for the next cycle (Params.Cycle horizons): slot by slot, each
// to the page of highest freshness index (learn.Run ahead of the crawl:
// nothing observed yet), polite to every host and within the budget in
// every horizon. start gives each page's posterior and last fetch; nil
// takes each page's rate as known and its copy as fresh at the start. The
// crawler learns by planning again from its log after each horizon: what
// each fetch saw goes into the posteriors then (see docs/learn.md).
//
// Its value is analytical: the time-average chance each page is stale over
// the cycle planned, from its last fetch through its visits, at its
// posterior mean rate (staleAhead) — the steady model's figure when the
// policy has run long enough, which warmUp sees to for pages known by
// their rates alone. Staleness only, under the steady model: the index is
// derived for it.
func RunLearn(ctx context.Context, pg Table, start *LearnStart, params Params) (*Plan, error) {
	if params.Objective != staleness.Stale || params.Model != staleness.Steady {
		return nil, &NotPlannedError{Policy: Learn, Why: "its index is derived for staleness under the steady model"}
	}
	n := pg.Len()
	if start != nil && (len(start.Priors) != n || len(start.Fetches) != n) {
		return nil, fmt.Errorf("learn: %d pages to plan, a start for %d", n, len(start.Priors))
	}
	params.Policy = PSP
	params.Stream = nil // learn's schedule is made after psp's: it is held
	if params.PerPage != nil {
		params.PerPage = append(slices.Clone(params.PerPage), Learn)
	}
	pl, err := RunTable(ctx, pg, params)
	if err != nil {
		return nil, err
	}
	lp, events, halfLife := learnPages(pl, pg, start)
	rates := make([]float64, n)
	for i := range lp {
		rates[i] = lp[i].Posterior.Mean() // changes a day
	}
	delays := make([]float64, len(pl.Hosts))
	for h, host := range pl.Hosts {
		delays[h] = host.Delay
	}
	L := pl.Params.Horizon.Seconds() // a cycle
	from := 0.0
	if start == nil {
		// Pages known by their rates alone have no last fetch: the crawl
		// is run ahead warmUp cycles first, so that the cycle planned
		// starts from the state the policy keeps, not from every copy
		// fresh at once.
		from = -warmUp * L
		for i := range lp {
			lp[i].Last = from
		}
	}
	// Run on warmUp cycles past the one planned too: a page's visits per
	// cycle, and so the interval the exports give it, is its average over
	// the whole run — a page the policy visits every third cycle gets a
	// third of a visit, not none.
	end := L * (1 + warmUp)
	visits, err := learn.Run(ctx, lp, learn.Config{Start: from, End: end, Horizon: L, Budget: pl.Params.Budget, HostDelay: delays,
		HalfLife: halfLife, Burst: &learn.DefaultBurst, Events: events, Ahead: true}, nil)
	if err != nil {
		return nil, err
	}
	r := &Result{Name: Learn, Visits: make([]float64, n), Page: make([]float64, n)}
	var sched []schedule.Visit
	var sum, wsum float64
	for i, v := range visits {
		k, _ := slices.BinarySearch(v, 0)
		last := lp[i].Last
		if k > 0 {
			last = v[k-1]
		}
		j, _ := slices.BinarySearch(v, L)
		planned := v[k:j]
		r.Visits[i] = float64(len(v)) * L / (end - from)
		r.Page[i] = staleAhead(rates[i]/day, last, planned, L)
		w := pg.Page(i).Weight
		sum += w * r.Page[i]
		wsum += w
		for _, t := range planned {
			sched = append(sched, schedule.Visit{Time: t, Page: int32(i)})
		}
	}
	if wsum > 0 {
		r.Value = sum / wsum
	}
	slices.SortStableFunc(sched, func(a, b schedule.Visit) int { return cmp.Compare(a.Time, b.Time) })
	pl.store(r)
	pl.Params.Policy = Learn
	pl.Schedule, pl.Scheduled = sched, len(sched)
	for h := range pl.Hosts {
		pl.Hosts[h].Visits = 0
	}
	for _, v := range sched {
		pl.Hosts[pl.HostOf[v.Page]].Visits++
	}
	return pl, nil
}

// staleAhead is the time-average chance that a Poisson page of rate
// lambda (per second), last refreshed at last ≤ 0, is stale over [0, L)
// when visited at the given times: over each stretch [a, b) since a
// refresh at r, ∫(1 − e^{−λ(t−r)})dt = (b − a) − (e^{−λ(a−r)} − e^{−λ(b−r)})/λ.
func staleAhead(lambda, last float64, visits []float64, L float64) float64 {
	if !(lambda > 0) {
		return 0
	}
	var stale float64
	r, a := last, 0.0
	for _, b := range append(slices.Clone(visits), L) {
		stale += (b - a) - (math.Exp(-lambda*(a-r))-math.Exp(-lambda*(b-r)))/lambda
		r, a = b, b
	}
	return stale / L
}

// learnPages is where the learning policy starts for a plan's pages, on
// the plan's hosts: from a log, the pages' posteriors and their hosts'
// events as the crawl learnt them (learn.Replay), every time counted from
// the log's last fetch; else each page's rate taken as known.
func learnPages(pl *Plan, pg Table, start *LearnStart) ([]learn.Page, [][]learn.Event, float64) {
	lp := make([]learn.Page, pg.Len())
	for i := range lp {
		p := pg.Page(i)
		lp[i] = learn.Page{Host: int(pl.HostOf[i]), Weight: p.Weight, Posterior: learn.Posterior{PriorShape: p.Rate * knownRate, PriorRate: knownRate}}
	}
	if start == nil {
		return lp, nil, 0
	}
	for i := range lp {
		lp[i].Posterior = learn.Posterior{PriorShape: start.Priors[i].Shape, PriorRate: start.Priors[i].Rate}
	}
	lp, events := learn.Replay(lp, start.Fetches, len(pl.Hosts), start.HalfLife, &learn.DefaultBurst)
	now := math.Inf(-1)
	for _, fs := range start.Fetches {
		if n := len(fs); n > 0 {
			now = math.Max(now, fs[n-1].At)
		}
	}
	if math.IsInf(now, -1) {
		now = 0
	}
	for i := range lp {
		if len(start.Fetches[i]) == 0 {
			lp[i].Last = now // never fetched: as if fresh now, found by its prior
		}
		lp[i].Last -= now
	}
	for h := range events {
		for k := range events[h] {
			events[h][k].At -= now
		}
	}
	return lp, events, start.HalfLife
}
