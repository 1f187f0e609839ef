package app

import (
	"math"
	"sort"

	"github.com/freshplan/freshplan/core/plan"
)

// pagesSummary is what the page knows of a set of pages without holding
// them: counts, the hosts (a few thousand where the pages are a million),
// the range of the rates and their histogram. A file read in a worker
// stays there (see holder), and the page has its summary alone.
type pagesSummary struct {
	Pages      int
	HostNames  []string
	HostPages  []int     // pages per host
	HostDelays []float64 // each host's longest crawl delay asked for (pages.Set.HostDelays)
	// The change rates: the smallest and largest positive, how many are
	// 0, and how many fall in each of rateBins' bins.
	MinRate, MaxRate float64
	ZeroRates        int
	RateBins         []int
	Quasi            int // pages with a quasi-deterministic change model
	// Estimated: the rates are estimates (uncertainty), Uncertain of them
	// too wide to plan with; Suggested is the input's own horizon and
	// budget (plan.Suggest), nil for none.
	Estimated bool
	Uncertain int
	Suggested *plan.Suggestion `json:",omitempty"`
}

// ratesPerDecade is the histogram's bins per decade of change rate.
const ratesPerDecade = 4

// summarize is s's summary, with est how well its rates were estimated
// (nil for a pages table).
func summarize(s *pageSet, est *uncertainty) pagesSummary {
	m := pagesSummary{Pages: s.Len(), HostNames: s.HostNames, HostPages: make([]int, len(s.HostNames)),
		HostDelays: s.HostDelays(), MinRate: math.Inf(1)}
	for _, h := range s.HostOf {
		m.HostPages[h]++
	}
	for _, c := range s.Changes {
		if c.Model == "quasi" {
			m.Quasi++
		}
	}
	for _, r := range s.Rates {
		switch {
		case r > 0:
			m.MinRate = math.Min(m.MinRate, r)
			m.MaxRate = math.Max(m.MaxRate, r)
		default:
			m.ZeroRates++
		}
	}
	if math.IsInf(m.MinRate, 1) {
		m.MinRate = 0
	}
	if m.MaxRate > 0 {
		edges := m.rateEdges()
		m.RateBins = make([]int, len(edges)-1)
		for _, r := range s.Rates {
			if r <= 0 {
				continue
			}
			k := sort.SearchFloat64s(edges, r*(1+1e-12)) - 1
			m.RateBins[min(max(k, 0), len(m.RateBins)-1)]++
		}
	}
	m.estimated(est)
	return m
}

// estimated adds how well the rates were estimated (est; nil for a pages
// table).
func (m *pagesSummary) estimated(est *uncertainty) {
	if est != nil {
		m.Estimated, m.Uncertain, m.Suggested = true, est.uncertain(), est.Suggested
	}
}

// rateEdges are the edges of the rate histogram's bins (logBins): whole
// decades around the positive rates.
func (m *pagesSummary) rateEdges() []float64 { return logBins(m.MinRate, m.MaxRate, ratesPerDecade) }
