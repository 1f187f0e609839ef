package app

import (
	"bufio"
	"bytes"
	"context"
	"encoding/csv"
	"io"
	"math"

	"github.com/freshplan/freshplan/core/observe"
	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/core/plan"
)

// Progress is how far reading an input has got.
type Progress struct {
	Bytes int64 // bytes read
	Total int64 // the input's size, 0 when unknown
	Rows  int64 // lines read
}

// format is one kind of input the app reads into pages.
type format struct {
	name string
	// detect reports, from the header line, whether the input is of this
	// format.
	detect func(header []string) bool
	// read reads the input (size: its bytes, 0 when unknown), skipping
	// bad rows when skip is set and the format can, and says how well it
	// knows each page's rate when it estimated them.
	read func(r io.Reader, file string, size int64, skip bool) ([]pages.Page, *Skipped, *uncertainty, error)
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

// formats are the inputs Decode knows by their first line; anything else
// is read as an observation log (observationLog).
var formats = []format{
	{name: "pages table", detect: pages.IsTable, read: pagesTable},
	{name: "change history", detect: observe.IsChangeHeader, read: estimated},
}

// estimated reads an observation log (a fetch log or a web-archive index:
// CSV, CDX, CDXJ, Wayback JSON, a Heritrix crawl.log, told apart by
// core/observe) or a complete change history and estimates each URL's
// rate, shrunk towards its host's prior, as the CLI's plan does
// (plan.Load).
// With skip, bad rows are skipped and counted, as the CLI's --skip-bad
// does.
func estimated(r io.Reader, file string, size int64, skip bool) ([]pages.Page, *Skipped, *uncertainty, error) {
	in, err := plan.Load(context.Background(), r, plan.LoadOptions{Name: file, Size: size, Prior: true, Now: math.NaN(), SkipBad: skip, MaxMemory: maxReadMemory})
	if err != nil {
		return nil, nil, nil, err
	}
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
	return in.Pages, sk, u, nil
}

// pagesTable reads a pages table, which has no rows to skip: a bad rate
// or weight is the table's to fix.
func pagesTable(r io.Reader, file string, size int64, _ bool) ([]pages.Page, *Skipped, *uncertainty, error) {
	pg, err := pages.ReadMax(r, file, size, maxReadMemory)
	return pg, nil, nil, err
}

// observationLog is every input not told by its first line.
var observationLog = format{name: "observation log", read: estimated}

// Decode reads an input file into pages, reporting progress as it goes
// (progress is called after every read, at most 64 KiB apart; it may block
// to let the browser breathe). It stops with ctx's error when ctx ends.
// Errors locate the problem: an *InputError with the line, the column and
// the text of the offending line when the file has one.
func Decode(ctx context.Context, r io.Reader, name string, size int64, progress func(Progress)) ([]pages.Page, error) {
	pg, _, _, err := decode(ctx, r, name, size, false, progress)
	return pg, err
}

// decode is Decode, skipping an observation log's bad rows when skip is
// set and saying what it left out, and how well it knows the rates it
// estimated (nil for a pages table).
func decode(ctx context.Context, r io.Reader, name string, size int64, skip bool, progress func(Progress)) ([]pages.Page, *Skipped, *uncertainty, error) {
	cr := &countingReader{ctx: ctx, r: r, total: size, progress: progress}
	br := bufio.NewReaderSize(cr, 64<<10)
	f := detect(br)
	pg, skipped, est, err := f.read(br, name, size, skip)
	if cerr := ctx.Err(); cerr != nil {
		return nil, nil, nil, cerr
	}
	if err != nil {
		return nil, nil, nil, cr.locate(err, name)
	}
	if progress != nil {
		progress(Progress{Bytes: cr.n, Total: max(size, cr.n), Rows: cr.lines})
	}
	if err := checkPages(pg, name); err != nil {
		return nil, nil, nil, err
	}
	return pg, skipped, est, nil
}

// kindOf names the format of an input from its first bytes.
func kindOf(head []byte) string {
	return detect(bufio.NewReaderSize(bytes.NewReader(head), headSize)).name
}

// detect picks the format from the first non-blank line.
func detect(br *bufio.Reader) format {
	head, _ := br.Peek(br.Size())
	head = bytes.TrimPrefix(head, []byte("\xef\xbb\xbf"))
	for len(head) > 0 {
		line := head
		if k := bytes.IndexByte(head, '\n'); k >= 0 {
			line, head = head[:k], head[k+1:]
		} else {
			head = nil
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		rec, err := csv.NewReader(bytes.NewReader(line)).Read()
		if err != nil {
			break
		}
		for _, f := range formats {
			if f.detect(rec) {
				return f
			}
		}
		break
	}
	return observationLog
}
