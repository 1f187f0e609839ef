package app

import (
	"math"
	"slices"
	"sync/atomic"
	"time"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/freshplan/freshplan/core/plan"
)

// versions numbers every view the page builds, so a child component sees
// a new view by its first field alone (see chartSpec and tableSource).
var versions atomic.Uint64

func nextVersion() uint64 { return versions.Add(1) }

// dataset is a pages table the page has read.
type dataset struct {
	// version comes first: the components given a dataset (go-app compares
	// their fields deeply) tell a new one from the old by it alone, not
	// page by page — nor take a new one read from the same file for the
	// old.
	version   uint64
	name      string
	size      int64 // bytes read
	sample    bool
	raw       []byte       // the input as read; nil when not kept (see keeper)
	file      goapp.Value  // the browser's File it was read from, if any: read again when raw is nil
	sum       *[32]byte    // the input's SHA-256, when made (see digest)
	kind      string       // the input's format: pages table, observation log, change history
	skipped   *Skipped     // the bad rows reading left out (the person chose to skip them); nil for none
	est       *uncertainty // how well an estimated input pinned each page's rate; nil for a pages table
	pages     *pageSet     // with the hosts indexed in the order planning indexes them (first appearance)
	hostPages []int
	// Change rates: the smallest and largest positive, and how many are 0.
	minRate, maxRate float64
	zeroRates        int
	quasi            int // pages with a quasi-deterministic change model
}

// setDataset is the dataset of a set of pages.
func setDataset(name string, size int64, sample bool, s *pageSet) *dataset {
	d := &dataset{version: nextVersion(), name: name, size: size, sample: sample, pages: s, minRate: math.Inf(1)}
	d.hostPages = make([]int, len(s.HostNames))
	for _, h := range s.HostOf {
		d.hostPages[h]++
	}
	for _, c := range s.Changes {
		if c.Model == "quasi" {
			d.quasi++
		}
	}
	for _, r := range s.Rates {
		switch {
		case r > 0:
			d.minRate = math.Min(d.minRate, r)
			d.maxRate = math.Max(d.maxRate, r)
		default:
			d.zeroRates++
		}
	}
	if math.IsInf(d.minRate, 1) {
		d.minRate = 0
	}
	return d
}

// unvisitable says which hosts no polite policy visits over the horizon
// (plan.UnvisitableHosts); "" for none.
func (d *dataset) unvisitable(horizon time.Duration) string {
	s := d.pages
	if !slices.ContainsFunc(s.Delays, func(v float64) bool { return v > horizon.Seconds() }) {
		return "" // the usual case, without going through the hosts
	}
	return plan.UnvisitableHosts(s.HostNames, s.HostDelays(), d.hostPages, horizon)
}

// containsFold reports whether sub (already lower-case) occurs in s,
// ignoring the case of ASCII letters, without allocating.
func containsFold(s, sub string) bool {
	n := len(sub)
	if n == 0 {
		return true
	}
	first := sub[0]
	for i := 0; i+n <= len(s); i++ {
		if lowerASCII(s[i]) != first {
			continue
		}
		k := 1
		for k < n && lowerASCII(s[i+k]) == sub[k] {
			k++
		}
		if k == n {
			return true
		}
	}
	return false
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// suggested is the horizon and budget the input's own data suggests
// (plan.Suggest); nil for a pages table or the sample.
func (d *dataset) suggested() *plan.Suggestion {
	if d.est == nil {
		return nil
	}
	return d.est.Suggested
}
