package app

import (
	"math"
	"strings"

	"github.com/freshplan/freshplan/core/plan"
)

// pageSet is the pages as the page keeps them: columns without pointers
// but the hosts' names and the rare change models and exposures. The URLs
// are one string, each page's its slice of it, hosts are indices, and a
// column every page has the same value in is that one value. A million
// pages are then their URLs' bytes and 20 to 36 bytes a page, against
// about 150 bytes a page and a million strings as []plan.Page: the page
// holds half as much (its Go 128 MB against 245 MB at paper scale), and
// the collector has nothing in the columns to mark. Planning reads it as
// a plan.Table.
type pageSet struct {
	urls   string  // every URL, back to back
	ends   []int   // page i's URL ends at ends[i] and starts where page i−1's ends; nil: no URLs
	hostOf []int32 // page i's host is hosts[hostOf[i]]
	hosts  []string
	rates  []float64
	// weights and delays (the rows' crawl delays) have one value when
	// every page has it (see at).
	weights, delays []float64
	changes         map[int]*plan.Change   // pages with a change model, by index
	exposures       map[int]*plan.Exposure // pages with an exposure, by index
}

// newPageSet makes the set of pg, hostOf[i] being the index of page i's
// host in hosts.
func newPageSet(pg []plan.Page, hostOf []int32, hosts []string) *pageSet {
	n := len(pg)
	s := &pageSet{hostOf: hostOf, hosts: hosts, ends: make([]int, n), rates: make([]float64, n)}
	total := 0
	for _, p := range pg {
		total += len(p.URL)
	}
	var first plan.Page
	if n > 0 {
		first = pg[0]
	}
	sameWeight, sameDelay := true, true
	for _, p := range pg {
		sameWeight = sameWeight && math.Float64bits(p.Weight) == math.Float64bits(first.Weight)
		sameDelay = sameDelay && math.Float64bits(p.CrawlDelay) == math.Float64bits(first.CrawlDelay)
	}
	s.weights, s.delays = column(n, sameWeight, first.Weight), column(n, sameDelay, first.CrawlDelay)
	var b strings.Builder
	b.Grow(total)
	for i, p := range pg {
		b.WriteString(p.URL)
		s.ends[i] = b.Len()
		s.rates[i] = p.Rate
		if !sameWeight {
			s.weights[i] = p.Weight
		}
		if !sameDelay {
			s.delays[i] = p.CrawlDelay
		}
		if p.Change != nil {
			if s.changes == nil {
				s.changes = map[int]*plan.Change{}
			}
			s.changes[i] = p.Change
		}
		if p.Exposure != nil {
			if s.exposures == nil {
				s.exposures = map[int]*plan.Exposure{}
			}
			s.exposures[i] = p.Exposure
		}
	}
	s.urls = b.String()
	return s
}

// column is a column of n values, or, when every page has the same
// value v, of v alone (filled by the caller otherwise).
func column(n int, same bool, v float64) []float64 {
	if same && n > 0 {
		return []float64{v}
	}
	return make([]float64, n)
}

// at is page i's value in a column: a column of one value is every
// page's.
func at(col []float64, i int) float64 {
	if len(col) == 1 {
		return col[0]
	}
	return col[i]
}

func (s *pageSet) Len() int { return len(s.rates) }

// url is page i's URL ("" in a set sent without them).
func (s *pageSet) url(i int) string {
	if s.ends == nil {
		return ""
	}
	lo := 0
	if i > 0 {
		lo = s.ends[i-1]
	}
	return s.urls[lo:s.ends[i]]
}

func (s *pageSet) host(i int) string        { return s.hosts[s.hostOf[i]] }
func (s *pageSet) rate(i int) float64       { return s.rates[i] }
func (s *pageSet) weight(i int) float64     { return at(s.weights, i) }
func (s *pageSet) crawlDelay(i int) float64 { return at(s.delays, i) }

// Page is page i as planning takes it: a set is a plan.Table, planned
// without being made a []plan.Page.
func (s *pageSet) Page(i int) plan.Page {
	return plan.Page{URL: s.url(i), Host: s.host(i), Rate: s.rates[i], Weight: s.weight(i), CrawlDelay: s.crawlDelay(i),
		Change: s.changes[i], Exposure: s.exposures[i]}
}

// Hosts is the pages' hosts, numbered as plan.Hosts numbers them (every
// set's are: it was made from them, or sent as made).
func (s *pageSet) Hosts() (hostOf []int32, names []string) { return s.hostOf, s.hosts }

// pages makes the pages as a []plan.Page, for an export (their URLs share
// the set's).
func (s *pageSet) pages() []plan.Page {
	pg := make([]plan.Page, s.Len())
	for i := range pg {
		pg[i] = s.Page(i)
	}
	return pg
}

// hostDelays is each host's longest crawl delay asked for by its rows
// (plan.UnvisitableHosts).
func (s *pageSet) hostDelays() []float64 {
	d := make([]float64, len(s.hosts))
	for i, h := range s.hostOf {
		d[h] = math.Max(d[h], s.crawlDelay(i))
	}
	return d
}
