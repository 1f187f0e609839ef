package main

import (
	"cmp"
	"context"
	"reflect"
	"slices"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/freshplan/freshplan/core/estimate"
	"github.com/freshplan/freshplan/core/observe"
	"github.com/freshplan/freshplan/core/plan"
)

func reflectTypeOf[T any]() reflect.Type { return reflect.TypeOf((*T)(nil)).Elem() }

// mergeHistory joins one URL's histories from every shard that has it
// (in shard order: the host is its first shard's, the weight and crawl
// delay its last's, as observe.Read takes them within a file) into one,
// fetches sorted by time, and estimates its rate as freshplan estimate
// does (plan.EstimateOf: seed 001 ch. 6, with the half-life's recency
// weights when given).
//
// Within a shard every rule of observe.Read holds. Across shards a URL's
// fetches are only put together: a digest log's first fetch in each
// shard is a baseline that sees no change, and duplicate rows across
// shards are not dropped. Shard logs by URL (as a crawler partitions
// them by host) and the answer is core's exactly.
//
// A URL fetched once in all (observe.Log.Single) is counted here, after
// the join: once in each of two shards is not once.
type mergeHistory struct {
	Cfg Config
}

func (f *mergeHistory) ProcessElement(ctx context.Context, url string, parts func(*Hist) bool, emit func(string, Rec), emitStats func(Stats)) {
	defer timed(ctx, "join+estimate", time.Now())
	all := collect(parts)
	slices.SortFunc(all, func(a, b Hist) int { return cmp.Compare(a.Idx, b.Idx) })
	merged := all[0].H
	if len(all) > 1 {
		merged.Fetches = nil
		for _, p := range all {
			merged.Fetches = append(merged.Fetches, p.H.Fetches...)
		}
		slices.SortStableFunc(merged.Fetches, func(a, b observe.Fetch) int { return cmp.Compare(a.At, b.At) })
		last := all[len(all)-1].H
		merged.Weight, merged.CrawlDelay = last.Weight, last.CrawlDelay
	}
	if len(merged.Fetches) == 1 {
		emitStats(Stats{Single: 1})
	}
	e := plan.EstimateOf(merged, f.Cfg.Now, f.Cfg.HalfLife)
	emit(merged.Host, Rec{Idx: all[0].Idx, URL: merged.URL, Host: merged.Host, Rate: e.Rate,
		Weight: merged.Weight, CrawlDelay: merged.CrawlDelay, HasEst: true, Est: e})
}

// observedMoments are the prior's moments of one page: its rate and span
// when it was observed (estimate.Priors' rule), else none.
func observedMoments(r Rec) estimate.Moments {
	if !r.HasEst || r.Est.Estimator == estimate.EstimatorNone || !(r.Est.SpanDays > 0) {
		return estimate.Moments{}
	}
	return estimate.MomentsOf(r.Est.Rate, r.Est.SpanDays)
}

func recMoments(host string, r Rec) estimate.Moments { return observedMoments(r) }

func mergeMoments(a, b estimate.Moments) estimate.Moments { return estimate.MergeMoments(a, b) }

func init() {
	register.Iter1[Rec]()
	register.Iter1[Hist]()
	register.DoFn5x0[context.Context, string, func(*Hist) bool, func(string, Rec), func(Stats)](&mergeHistory{})
	register.Function2x1(recMoments)
	register.Function2x1(mergeMoments)
}
