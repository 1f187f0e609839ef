package app

import (
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

// dataset is a pages table the page has read — or, for a file read in
// the planner's worker, its summary: the worker keeps the pages (see
// holder), and the page asks it for the rows, chart and files it shows.
type dataset struct {
	// version comes first: the components given a dataset (go-app compares
	// their fields deeply) tell a new one from the old by it alone, not
	// page by page — nor take a new one read from the same file for the
	// old.
	version uint64
	name    string
	size    int64 // bytes read
	sample  bool
	raw     []byte       // the input as read; nil when not kept (see keeper)
	file    goapp.Value  // the browser's File it was read from, if any: read again when raw is nil
	sum     *[32]byte    // the input's SHA-256, when made (see digest)
	kind    string       // the input's format: pages table, observation log, change history
	skipped *Skipped     // the bad rows reading left out (the person chose to skip them); nil for none
	est     *uncertainty // how well an estimated input pinned each page's rate; nil for a pages table, or pages held elsewhere
	// pages, with the hosts indexed in the order planning indexes them
	// (first appearance); nil when the planner's worker holds them (held).
	pages *pageSet
	held  int // with pages nil, the read job whose pages an engine holds (engine.run plans them)
	pagesSummary
}

// setDataset is the dataset of a set of pages the page holds.
func setDataset(name string, size int64, sample bool, s *pageSet) *dataset {
	return &dataset{version: nextVersion(), name: name, size: size, sample: sample, pages: s, pagesSummary: summarize(s, nil)}
}

// heldDataset is the dataset of pages an engine holds, read by its job
// seq, as its summary tells them.
func heldDataset(name string, size int64, seq int, m pagesSummary) *dataset {
	return &dataset{version: nextVersion(), name: name, size: size, held: seq, pagesSummary: m}
}

// setEstimate adds how well the pages' rates were estimated.
func (d *dataset) setEstimate(est *uncertainty) {
	d.est = est
	d.estimated(est)
}

// unvisitable says which hosts no polite policy visits over the horizon
// (plan.UnvisitableHosts); "" for none.
func (d *dataset) unvisitable(horizon time.Duration) string {
	if !slices.ContainsFunc(d.HostDelays, func(v float64) bool { return v > horizon.Seconds() }) {
		return ""
	}
	return plan.UnvisitableHosts(d.HostNames, d.HostDelays, d.HostPages, horizon)
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
func (d *dataset) suggested() *plan.Suggestion { return d.Suggested }
