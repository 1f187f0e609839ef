package app

import (
	"context"
	"io"
	"math"
	"runtime"

	"github.com/freshplan/freshplan/core/plan"
)

// Progress is how far reading an input has got.
type Progress struct {
	Bytes int64 // bytes read
	Total int64 // the input's size, 0 when unknown
	Rows  int64 // lines read
}

// Skipped is what reading a log or a change history left out: with "skip
// bad rows", how many rows and the first observe.MaxBadRows of them, each
// saying where and why; and what it set aside or read in a particular way
// by rule — duplicate rows, captures that are not content, URLs fetched
// once (observe.Log.Notes).
type Skipped struct {
	Rows  int
	First []string
	Notes string `json:",omitempty"`
}

// uncertainty is how well a log or a change history pinned each page's
// rate (SPEC §4): the estimator's 90% interval in changes per day, and,
// where that is too wide to plan with (estimate.TooWide), the fetch
// interval in days that would estimate the page best (estimate.Suggest,
// seed 001 §6.4.2: r = λ × interval ≈ 1.5); 0 where it is not, or where
// nothing was observed (a URL fetched once). Columns, one value a page,
// so that they cross from a worker as they are.
type uncertainty struct {
	Low, High, SuggestDays []float64
	// Suggested is the horizon and budget the input's own data suggests
	// (plan.Suggest); nil when it suggests none.
	Suggested *plan.Suggestion
}

// uncertain returns how many pages' intervals are too wide to plan with.
func (u *uncertainty) uncertain() int {
	n := 0
	for _, d := range u.SuggestDays {
		if d > 0 {
			n++
		}
	}
	return n
}

// Decode reads an input file into pages, reporting progress as it goes
// (progress is called after every read, at most 64 KiB apart; it may block
// to let the browser breathe). It stops with ctx's error when ctx ends.
// Errors locate the problem: an *InputError with the line, the column and
// the text of the offending line when the file has one.
func Decode(ctx context.Context, r io.Reader, name string, size int64, progress func(Progress)) ([]plan.Page, error) {
	set, _, _, err := decode(ctx, r, name, size, false, progress, nil, false)
	if err != nil {
		return nil, err
	}
	return set.Pages(), nil
}

// decode is Decode, skipping an observation log's bad rows when skip is
// set and saying what it left out, and how well it knows the rates it
// estimated (nil for a pages table). It reads as the CLI's plan does
// (plan.Load): a pages table as it is; an observation log (a fetch log or
// a web-archive index: CSV, CDX, CDXJ, Wayback JSON, a Heritrix
// crawl.log) or a complete change history with each URL's rate
// estimated and shrunk towards its host's prior.
func decode(ctx context.Context, r io.Reader, name string, size int64, skip bool, progress func(Progress), breathe func(), collect bool) (*pageSet, *Skipped, *uncertainty, error) {
	cr := &countingReader{ctx: ctx, r: r, total: size, progress: progress}
	in, err := plan.Load(ctx, cr, plan.LoadOptions{Name: name, Size: size, Prior: true, Now: math.NaN(), SkipBad: skip, MaxMemory: maxReadMemory, Set: true})
	if cerr := ctx.Err(); cerr != nil {
		return nil, nil, nil, cerr
	}
	if err != nil {
		return nil, nil, nil, cr.locate(err, name)
	}
	if progress != nil {
		progress(Progress{Bytes: cr.n, Total: max(size, cr.n), Rows: cr.lines})
	}
	if in.Set != nil { // a pages table, read as columns
		if err := checkPages(in.Set, name); err != nil {
			return nil, nil, nil, err
		}
		return in.Set, nil, nil, nil
	}
	sk, u := estimatedFrom(in)
	pg := in.Pages
	in = nil
	if collect {
		runtime.GC() // reading's scratch: the set is made in its room
	}
	hostOf, hosts := plan.Hosts(pg, breathe)
	set := plan.NewSet(pg, hostOf, hosts)
	if err := checkPages(set, name); err != nil {
		return nil, nil, nil, err
	}
	return set, sk, u, nil
}

// estimatedFrom is what the page says of the rates Load estimated: the
// rows it left out and how well it knows each rate.
func estimatedFrom(in *plan.Input) (*Skipped, *uncertainty) {
	n := len(in.Estimates)
	u := &uncertainty{Low: make([]float64, n), High: make([]float64, n), SuggestDays: make([]float64, n)}
	for i, e := range in.Estimates {
		u.Low[i], u.High[i], u.SuggestDays[i] = e.Low, e.High, e.SuggestedIntervalDays
	}
	if s, ok := plan.Suggest(in); ok {
		u.Suggested = &s
	}
	var sk *Skipped
	if in.Log != nil && (in.Log.Skipped > 0 || in.Log.Notes() != "") {
		sk = &Skipped{Rows: in.Log.Skipped, Notes: in.Log.Notes()}
		for _, e := range in.Log.BadRows {
			sk.First = append(sk.First, e.Error())
		}
	}
	return sk, u
}

// kindOf names, in the page's words, what an input is read as, from its
// first bytes (plan.KindOf).
func kindOf(head []byte) string {
	switch plan.KindOf(head) {
	case plan.KindPages:
		return "pages table"
	case plan.KindChanges:
		return "change history"
	}
	return "observation log"
}
