package main

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/freshplan/freshplan/core/observe"
	"github.com/freshplan/freshplan/core/plan"
)

// A change history (url,host,time, one row per change) is planned as
// freshplan plan plans one (core/plan's loadChanges): each page's rate is
// estimated from what a crawler visiting it daily, from the history's
// first change until a day after its last, would have logged
// (observe.CrawlPage), each page at its own phase on the history's clock
// (observe.CrawlPhase, observe.CrawlTick). The first and last change and
// the clock are the whole history's: a Combine of every page's (Span)
// between the join of each URL's changes and the crawl.

// day is a simulated crawl's interval, core/plan's day.
const day = 86400.0

// maxHistoryYears bounds the span of a change history planned as it is,
// core/plan's bound (the web is younger).
const maxHistoryYears = 100

// Chg is one shard's change history of one URL, Idx its place in the
// input (its shard's number times 2^40 plus its order of appearance).
type Chg struct {
	Idx int64
	C   observe.Changes
}

// Span is what the simulated crawl of every page shares: the first and
// last change of the whole history, and its clock's tick (the coarsest of
// a day, an hour, a minute and a second every change is on, 0 if none).
type Span struct {
	First, Last, Tick float64
}

// noSpan is mergeSpan's identity.
var noSpan = Span{First: math.Inf(1), Last: math.Inf(-1), Tick: 86400}

// readChangesFn reads one shard of a change history with core's reader
// (observe.ReadChangesWith).
type readChangesFn struct {
	Cfg Config
}

func (f *readChangesFn) ProcessElement(ctx context.Context, sh Shard, emit func(string, Chg), emitStats func(Stats)) error {
	defer timed(ctx, "read", time.Now())
	br, c, err := openKind(ctx, sh, plan.KindChanges, f.Cfg.MaxContent)
	if err != nil {
		return err
	}
	defer c.Close()
	changes, log, err := observe.ReadChangesWith(ctx, br, observe.Options{Name: sh.Path, SkipBad: f.Cfg.SkipBad, StripWWW: f.Cfg.StripWWW})
	if err != nil {
		return err
	}
	base := sh.N << shardBits
	for i, ch := range changes {
		emit(ch.URL, Chg{Idx: base + int64(i), C: ch})
	}
	emitStats(statsOf(log))
	return nil
}

// joinChanges joins one URL's changes from every shard that has it:
// times sorted and each kept once (observe.ReadChangesWith's rule within
// a file), the host, weight and crawl delay its first shard's.
func joinChanges(ctx context.Context, url string, parts func(*Chg) bool, emit func(Chg)) {
	defer timed(ctx, "join+estimate", time.Now())
	all := collect(parts)
	slices.SortFunc(all, func(a, b Chg) int { return cmp.Compare(a.Idx, b.Idx) })
	c := all[0]
	if len(all) > 1 {
		c.C.Times = nil
		for _, p := range all {
			c.C.Times = append(c.C.Times, p.C.Times...)
		}
		slices.Sort(c.C.Times)
		c.C.Times = slices.Compact(c.C.Times)
	}
	emit(c)
}

// spanOf is one page's Span.
func spanOf(c Chg) Span {
	t := c.C.Times
	return Span{First: t[0], Last: t[len(t)-1], Tick: observe.CrawlTick([]observe.Changes{c.C})}
}

// mergeSpan is the Span of two sets of pages: the ticks are nested (a day
// is whole hours, an hour whole minutes), so the coarsest tick both are
// on is the finer of the two.
func mergeSpan(a, b Span) Span {
	return Span{First: math.Min(a.First, b.First), Last: math.Max(a.Last, b.Last), Tick: math.Min(a.Tick, b.Tick)}
}

// checkSpan refuses a history too long to crawl daily, with core's
// message: a time out of place (seconds read as milliseconds, a year
// typed wrong) must not hang the crawl.
type checkSpan struct {
	Name string
}

func (f *checkSpan) ProcessElement(sp Span) (Span, error) {
	if span := sp.Last - sp.First; span > maxHistoryYears*365.25*day {
		return sp, &observe.Error{File: f.Name, Msg: fmt.Sprintf("the changes run from %s to %s, %.0f years; at most %d are planned: is a time wrong?",
			rfc3339(sp.First), rfc3339(sp.Last), span/(365.25*day), maxHistoryYears)}
	}
	return sp, nil
}

func rfc3339(s float64) string {
	return time.Unix(int64(math.Floor(s)), 0).UTC().Format(time.RFC3339)
}

// crawlChanges estimates a page's rate from its simulated daily crawl, as
// core/plan's loadChanges does (plan.EstimateOf: seed 001 ch. 6).
type crawlChanges struct {
	Cfg Config
}

func (f *crawlChanges) ProcessElement(ctx context.Context, c Chg, sp Span, emit func(string, Rec)) {
	defer timed(ctx, "join+estimate", time.Now())
	h := observe.CrawlPage(c.C, sp.First, observe.CrawlPhase(c.C.URL, sp.Tick, day), day, sp.Last+day)
	e := plan.EstimateOf(h, f.Cfg.Now, f.Cfg.HalfLife)
	emit(h.Host, Rec{Idx: c.Idx, URL: h.URL, Host: h.Host, Rate: e.Rate, Weight: h.Weight, CrawlDelay: h.CrawlDelay, HasEst: true, Est: e})
}

// readChanges builds a change history's reading stages: each URL's
// estimate keyed by host, and the reading's Stats (unmerged).
func readChanges(s beam.Scope, cfg Config, shards []Shard) (recs, stats beam.PCollection) {
	chg, st := beam.ParDo2(s, &readChangesFn{Cfg: cfg}, beam.CreateList(s, shards))
	joined := beam.ParDo(s, joinChanges, beam.GroupByKey(s, chg))
	name := shards[0].Path
	if len(shards) > 1 {
		name = fmt.Sprintf("%s (and %d more shards)", name, len(shards)-1)
	}
	span := beam.ParDo(s, &checkSpan{Name: name},
		beam.Combine(s, mergeSpan, beam.Flatten(s, beam.ParDo(s, spanOf, joined), beam.Create(s, noSpan))))
	return beam.ParDo(s, &crawlChanges{Cfg: cfg}, joined, beam.SideInput{Input: span}), st
}

func init() {
	register.DoFn4x1[context.Context, Shard, func(string, Chg), func(Stats), error](&readChangesFn{})
	register.Emitter2[string, Chg]()
	register.Function4x0(joinChanges)
	register.Iter1[Chg]()
	register.Emitter1[Chg]()
	register.Function1x1(spanOf)
	register.Function2x1(mergeSpan)
	register.DoFn1x2[Span, Span, error](&checkSpan{})
	register.DoFn4x0[context.Context, Chg, Span, func(string, Rec)](&crawlChanges{})
	beam.RegisterType(reflectTypeOf[Chg]())
	beam.RegisterType(reflectTypeOf[Span]())
}
