package plan

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"time"

	"github.com/freshplan/freshplan/core/estimate"
	"github.com/freshplan/freshplan/core/internal/inputerr"
	"github.com/freshplan/freshplan/core/observe"
	"github.com/freshplan/freshplan/core/pages"
)

// KindPages is Input.Kind for a pages table, KindChanges for a change
// history; an observation log's Kind is its format (observe.FormatCSV,
// FormatCDX, FormatCDXJ, FormatWaybackJSON).
const (
	KindPages   = "pages"
	KindChanges = "changes"
)

// KindOf tells, from an input's first bytes (the header at least), what
// Load reads it as: KindPages, KindChanges, or "" for an observation log,
// whose format Load tells as it reads it.
func KindOf(head []byte) string {
	return kindOf(bufio.NewReaderSize(bytes.NewReader(head), max(len(head), 16)))
}

// kindOf is KindOf of a buffered input, consuming nothing.
func kindOf(br *bufio.Reader) string {
	header, ok := observe.PeekHeader(br)
	switch {
	case ok && pages.IsTable(header):
		return KindPages
	case ok && observe.IsChangeHeader(header):
		return KindChanges
	}
	return ""
}

// Input is what Load made of a file: the pages to plan and, for an
// observation log, how their rates were estimated.
type Input struct {
	Name      string
	Kind      string
	Pages     []pages.Page        // nil for a pages table read with LoadOptions.Set
	Set       *pages.Set          // a pages table read with LoadOptions.Set; else nil
	Estimates []estimate.Estimate // one per page for an observation log; nil for a pages table
	Classes   [][]float64         // per page, the posterior of each LoadOptions.Classes entry
	Log       *observe.Log        // the observation log's statistics and histories (a change history's: its rows and those skipped); nil for a pages table
	// Smoothed holds, with LoadOptions.Prior, each page's rate after its
	// host's prior (estimate.Smooth); the pages carry these rates.
	Smoothed []estimate.Smoothed
	Priors   map[string]estimate.Prior
}

// LoadOptions control Load.
type LoadOptions struct {
	Name string // the file's name, for messages
	Size int64  // the input's length in bytes, 0 when unknown (pages.ReadSized)
	// MaxMemory, when positive, bounds what reading may hold: an input
	// that needs more is an error said before the allocation that would
	// fail (pages.ReadMax, observe.Options.MaxMemory).
	MaxMemory int64
	// RefusePages makes a pages table ErrPagesTable, found from its
	// header, before its rows are read (estimate has nothing to do with
	// one: it once read a 200 MB table whole to say so).
	RefusePages bool
	// Set reads a pages table into Input.Set, its columns (pages.ReadSet),
	// not into Input.Pages: the browser's reader, which holds them so.
	Set      bool
	SkipBad  bool                    // skip bad rows of an observation log instead of stopping
	Progress func(bytes, rows int64) // reading progress of an observation log; may be nil
	StripWWW bool                    // hosts taken from URLs without "www."
	Now      float64                 // Unix seconds: Last-Modified dates after it are ignored; NaN for no check
	Classes  []estimate.Class        // change-rate classes to categorise pages into (seed 001 §6.6); may be nil
	// Prior shrinks every estimate towards its host's empirically fitted
	// prior, so that no page is planned with a zero rate for lack of
	// evidence (estimate.Smooth). Planning wants it; reproducing seed 001's
	// estimators does not.
	Prior bool
	// HalfLife, in days, weights each observed interval by
	// 2^(−age/HalfLife) (estimate.Recent, seed 001 §6.7): pages that
	// change in bursts are judged by their recent past. 0 weighs all alike.
	HalfLife float64
	// RatesOnly, with Prior, gives each page its posterior mean rate and
	// leaves Smoothed (the 90% intervals, the costly part) nil: a backtest
	// that re-plans every horizon needs the rates alone.
	RatesOnly bool
}

// ErrPagesTable is Load's error for a pages table when
// LoadOptions.RefusePages.
var ErrPagesTable = errors.New("a pages table")

// Load reads a pages table (SPEC §3.3, told by its changes_per_day
// column), a complete change history (url,host,time, one row per change,
// as a backtest reads: loadChanges) or an observation log (SPEC §3.1–3.2:
// fetch CSV, CDX, CDXJ, Wayback JSON) and returns the pages to plan; for a
// log or a history, each URL's rate is estimated from what was observed
// (seed 001 ch. 6, estimate.Of).
func Load(ctx context.Context, r io.Reader, opts LoadOptions) (*Input, error) {
	name := opts.Name
	if name == "" {
		name = "input"
	}
	br := bufio.NewReaderSize(r, 64<<10)
	// The first bytes, for the message of a file that is not text.
	first, _ := br.Peek(9) // NotText shows 8, and "…" after them when there are more
	first = append([]byte(nil), first...)
	kind := kindOf(br)
	if kind == KindPages {
		if opts.RefusePages {
			return nil, ErrPagesTable
		}
		if opts.Set {
			set, err := pages.ReadSet(br, name, opts.Size, opts.MaxMemory)
			if err != nil {
				return nil, err
			}
			return &Input{Name: name, Kind: KindPages, Set: set}, nil
		}
		pg, err := pages.ReadMax(br, name, opts.Size, opts.MaxMemory)
		if err != nil {
			return nil, err
		}
		return &Input{Name: name, Kind: KindPages, Pages: pg}, nil
	}
	if kind == KindChanges {
		return loadChanges(ctx, br, name, opts)
	}
	log, err := observe.Read(ctx, br, observe.Options{Name: name, SkipBad: opts.SkipBad, Progress: opts.Progress, StripWWW: opts.StripWWW, MaxMemory: opts.MaxMemory})
	var oe *observe.Error
	if errors.As(err, &oe) && errors.Is(err, inputerr.ErrNotText) && opts.Size > 0 {
		oe.Msg = inputerr.NotText(opts.Size, first) // its size, though only its start was read
	}
	if errors.As(err, &oe) && oe.Line <= 1 && log == nil && strings.Contains(oe.Msg, "want") && oe.Msg != inputerr.MsgCROnly &&
		!strings.Contains(oe.Msg, inputerr.Inputs) { // the message lists every input already
		// A file whose header is neither kind's may have been meant as
		// either: say what both want (not to a file that is not text at
		// all, UTF-16 or an archive, whose message says what to do).
		return nil, fmt.Errorf("%w; or, for a pages table, a header with url,host,changes_per_day[,weight][,crawl_delay]", err)
	}
	if err != nil {
		return nil, err
	}
	in, err := FromHistories(ctx, log.Histories, opts)
	if err != nil {
		return nil, err
	}
	in.Name, in.Kind, in.Log = name, log.Format, log
	if len(in.Pages) == 0 {
		return nil, fmt.Errorf("%s: no URL has a usable fetch (%d rows read, %d skipped as not content)", name, log.Rows, log.NonOK)
	}
	return in, nil
}

// FromHistories estimates the change rate of every history (estimate.Of,
// then the prior when opts.Prior) and returns the pages to plan.
func FromHistories(ctx context.Context, histories []observe.History, opts LoadOptions) (*Input, error) {
	return FromEach(ctx, len(histories), func(i int) observe.History { return histories[i] }, opts)
}

// FromEach is FromHistories with history(i) made on demand, so that only
// one is held at a time: it is asked for i = 0, 1, … in turn, and the
// history it returns is not used after the next call.
func FromEach(ctx context.Context, n int, history func(i int) observe.History, opts LoadOptions) (*Input, error) {
	in := &Input{Name: opts.Name, Pages: make([]pages.Page, n), Estimates: make([]estimate.Estimate, n)}
	if opts.Classes != nil {
		in.Classes = make([][]float64, n)
	}
	for i := range n {
		if i%256 == 0 { // a history may be decades of daily fetches
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		h := history(i)
		e := EstimateOf(h, opts.Now, opts.HalfLife)
		in.Estimates[i] = e
		in.Pages[i] = pages.Page{URL: h.URL, Host: h.Host, Rate: e.Rate, Weight: h.Weight, CrawlDelay: h.CrawlDelay}
		if opts.Classes != nil {
			days, changed := estimate.Intervals(h)
			in.Classes[i] = estimate.Categorize(opts.Classes, days, changed)
		}
	}
	if opts.Prior && opts.RatesOnly {
		in.Pages, in.Priors = Rated(in.Pages, in.Estimates)
	} else if opts.Prior {
		hosts := make([]string, len(in.Pages))
		for i, p := range in.Pages {
			hosts[i] = p.Host
		}
		in.Smoothed, in.Priors = estimate.Smooth(in.Estimates, hosts)
		for i := range in.Pages {
			in.Pages[i].Rate = in.Smoothed[i].Rate
			// A URL fetched once showed nothing: its host's prior is the
			// best guess of its rate, and the access interval that would
			// estimate it best follows from that (seed 001 §6.4.2, r ≈ 1.5;
			// estimate.Suggest, which has nothing to go on without it).
			if e := &in.Estimates[i]; e.Visits == 0 && e.SuggestedIntervalDays == 0 && in.Smoothed[i].Rate > 0 {
				e.SuggestedIntervalDays = estimate.BestRatio / in.Smoothed[i].Rate
			}
		}
	}
	return in, nil
}

// EstimateOf is a page's estimate as FromHistories makes it: weighted by
// recency with halfLife (days; estimate.Recent, seed 001 §6.7), else over
// its whole history (estimate.Of).
func EstimateOf(h observe.History, now, halfLife float64) estimate.Estimate {
	if halfLife > 0 {
		return estimate.Recent(h, now, halfLife)
	}
	return estimate.Of(h, now)
}

// Rated returns pages at the posterior mean rates of their estimates
// under their hosts' priors (estimate.Priors, the rates Smooth gives
// without its intervals), and the priors: for a caller that keeps
// estimates across plans and re-estimates only the pages it saw again.
func Rated(pg []pages.Page, ests []estimate.Estimate) ([]pages.Page, map[string]estimate.Prior) {
	hosts := make([]string, len(pg))
	for i, p := range pg {
		hosts[i] = p.Host
	}
	priors := estimate.Priors(ests, hosts)
	out := make([]pages.Page, len(pg))
	for i, p := range pg {
		p.Rate = priors[p.Host].Posterior(ests[i]).Mean()
		out[i] = p
	}
	return out, priors
}

// rfc3339 writes Unix seconds as a UTC date and time.
func rfc3339(s float64) string {
	return time.Unix(int64(math.Floor(s)), 0).UTC().Format(time.RFC3339)
}

// maxHistoryYears bounds the span of a change history planned as it is
// (the web is younger).
const maxHistoryYears = 100

// loadChanges reads a complete change history and estimates each page's
// rate from what a crawler visiting it daily, from the history's first
// change (or the page's, if later) until a day after its last, would have
// logged (observe.CrawlPage): the training a backtest gives its plans,
// over the whole history. A daily crawl sees at most one change a day, as
// a real crawler would; each page is visited at its own time of day, half
// a tick of the history's clock off it (observe.CrawlPhase), so that no
// visit falls on a change and none is locked to the page's changes.
func loadChanges(ctx context.Context, r io.Reader, name string, opts LoadOptions) (*Input, error) {
	changes, log, err := observe.ReadChangesWith(ctx, r, observe.Options{Name: name, SkipBad: opts.SkipBad, StripWWW: opts.StripWWW})
	if err != nil {
		return nil, err
	}
	// ReadChangesWith returns at least one page, each with its first change.
	first, last := math.Inf(1), math.Inf(-1)
	for _, c := range changes {
		first, last = math.Min(first, c.Times[0]), math.Max(last, c.Times[len(c.Times)-1])
	}
	if span := last - first; span > maxHistoryYears*365.25*day {
		// A daily crawl of it would take as long as the span is wide: a
		// time out of place (seconds read as milliseconds, a year typed
		// wrong) must not hang the reader.
		return nil, &observe.Error{File: name, Msg: fmt.Sprintf("the changes run from %s to %s, %.0f years; at most %d are planned: is a time wrong?",
			rfc3339(first), rfc3339(last), span/(365.25*day), maxHistoryYears)}
	}
	tick := observe.CrawlTick(changes)
	// One page's daily log at a time: a long history of many pages would
	// not fit at once (26 years of real-changes.csv's 1,980 pages are 19M
	// fetches).
	in, err := FromEach(ctx, len(changes), func(i int) observe.History {
		return observe.CrawlPage(changes[i], first, observe.CrawlPhase(changes[i].URL, tick, day), day, last+day)
	}, opts)
	if err != nil {
		return nil, err
	}
	in.Name, in.Kind, in.Log = name, KindChanges, log
	return in, nil
}
