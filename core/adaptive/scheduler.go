package adaptive

import (
	"math"
	"slices"
	"sort"

	"github.com/freshplan/freshplan/core/staleness"
)

// A Scheduler decides each page's next visit from what its visits found.
type Scheduler interface {
	// Name is a short label for tables and CSV output.
	Name() string
	// Visits replays the scheduler on one page whose content changes at the
	// given times (Unix seconds, sorted; history before start is allowed),
	// visiting first at start and never at or after end; it returns the
	// visit times, increasing. What a visit observes: whether the
	// content changed since the previous visit, and the Last-Modified time
	// = the latest change ≤ visit time (none if no change yet) — exactly
	// what a server reports. Invalid parameters give no visits.
	Visits(changes []float64, start, end float64) []float64
}

// State is what a visit learnt about the page, named after Nutch's
// FetchSchedule.STATUS_* constants.
type State int

const (
	// Unknown: nothing to compare with — the first fetch, or (Nutch) the
	// first fetch after forceRefetch cleared the signature.
	Unknown State = iota
	// Modified: the signature differs from the previous fetch's.
	Modified
	// NotModified: the same signature (or an HTTP 304).
	NotModified
)

func (s State) String() string {
	switch s {
	case Modified:
		return "modified"
	case NotModified:
		return "notmodified"
	}
	return "unknown"
}

// A Step is one visit of a replay and the decision taken after it.
type Step struct {
	Time     float64 // visit time, Unix seconds
	State    State   // what the visit observed
	Interval float64 // fetch interval stored after the visit, seconds
	Next     float64 // next visit time scheduled, Unix seconds
}

// MaxVisits bounds the visits of one replay, a safeguard against degenerate
// parameters (intervals of milliseconds); real configurations stay far
// below it.
const MaxVisits = 1 << 20

// observer answers what successive visits (at non-decreasing times) see.
// It is a value: a copy replays the same page again from the start.
type observer struct {
	changes []float64
	k       int // changes at or before the current visit
}

// newObserver returns the observer of changes, sorted, from start.
func newObserver(changes []float64, start float64) observer {
	// Changes at or before start are history: a first visit at start
	// already sees them.
	k := sort.Search(len(changes), func(i int) bool { return changes[i] > start })
	return observer{changes: changes, k: k}
}

// observers returns each page's observer from start: a tuning replays
// every page 170 to 300 times from the same start.
func observers(changes [][]float64, start float64) []observer {
	obs := make([]observer, len(changes))
	for i, c := range changes {
		obs[i] = newObserver(c, start)
	}
	return obs
}

// visit moves to time t and reports whether a change happened since the
// previous visit (in (prev, t]). Past the next change it gallops: a page
// that changes far more often than it is visited is not walked change by
// change at every visit of every replay.
func (o *observer) visit(t float64) (changed bool) {
	c, k := o.changes, o.k
	if k == len(c) || c[k] > t {
		return false
	}
	// c[k] ≤ t: find the first change after t in (k, k+step], step
	// doubling from 1.
	step := 1
	for k+step < len(c) && c[k+step] <= t {
		k += step
		step *= 2
	}
	// c[k] ≤ t, and c[hi] > t or hi = len(c).
	hi := min(k+step, len(c))
	o.k = k + 1 + sort.Search(hi-k-1, func(i int) bool { return c[k+1+i] > t })
	return true
}

// lastModified is the latest change at or before the current visit, NaN
// if none.
func (o *observer) lastModified() float64 {
	if o.k > 0 {
		return o.changes[o.k-1]
	}
	return math.NaN()
}

// msOf converts Unix seconds to Java's millisecond timestamps.
func msOf(s float64) int64 { return int64(math.Round(s * 1000)) }

// secs converts milliseconds back to seconds.
func secs(ms int64) float64 { return float64(ms) / 1000 }

// javaRound is Java's Math.round(double) for the magnitudes used here.
func javaRound(x float64) int64 { return int64(math.Floor(x + 0.5)) }

// javaInt is Java's (int) cast of a float: truncation toward zero,
// saturating, NaN → 0.
func javaInt(x float32) int32 {
	switch {
	case x != x:
		return 0
	case x >= math.MaxInt32:
		return math.MaxInt32
	case x <= math.MinInt32:
		return math.MinInt32
	}
	return int32(x)
}

// finite reports whether every value is a finite number in [0, 1e12]
// (1e12 s ≈ 31,700 years keeps millisecond times inside int64).
func finite(v ...float64) bool {
	for _, x := range v {
		if math.IsNaN(x) || x < 0 || x > 1e12 {
			return false
		}
	}
	return true
}

// Staleness scores a replay over [start, end): the time-average fraction
// during which the copy is stale, and the number of visits that detected a
// change. The copy is fresh at start (as if just visited); a visit makes it
// fresh again, and it stays fresh until the first change after the visit.
// A change at the very time of a visit is seen by that visit. A visit
// detects a change when one happened since the previous visit (or since
// start, for the first). Visits outside [start, end) are ignored; changes
// and visits need not be sorted.
func Staleness(changes []float64, visits []float64, start, end float64) (staleFraction float64, detected int) {
	if !(end > start) {
		return 0, 0
	}
	if !slices.IsSorted(changes) {
		changes = slices.Clone(changes)
		slices.Sort(changes)
	}
	if !slices.IsSorted(visits) {
		visits = slices.Clone(visits)
		slices.Sort(visits)
	}
	stretches, detected := staleness.Replay(changes, visits, start, end)
	return staleness.Total(stretches, start, end) / (end - start), detected
}

// sorted returns changes in increasing order: changes itself when it is,
// else a sorted copy. The replays (run) take sorted changes; their
// callers sort once, not at every replay (a tuning replays each page's
// changes 170 to 300 times).
func sorted(changes []float64) []float64 {
	if slices.IsSorted(changes) {
		return changes
	}
	c := slices.Clone(changes)
	slices.Sort(c)
	return c
}

// sortedEach is sorted of each page's changes (changes itself when every
// page's are).
func sortedEach(changes [][]float64) [][]float64 {
	var out [][]float64
	for i, c := range changes {
		if !slices.IsSorted(c) {
			if out == nil {
				out = slices.Clone(changes)
			}
			out[i] = sorted(c)
		}
	}
	if out == nil {
		return changes
	}
	return out
}
