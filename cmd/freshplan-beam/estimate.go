package main

import (
	"bytes"
	"cmp"
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/freshplan/freshplan/core/estimate"
	"github.com/freshplan/freshplan/core/export"
	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/core/plan"
)

// estimateLines writes one host's rows of freshplan estimate's table, by
// core's writer (export.EstimatesCSV) on the host's pages alone; with
// the prior, each rate and interval after the host's prior (as
// estimate.Smooth: the Gamma posterior's mean and 90% interval).
type estimateLines struct {
	Cfg Config
}

func (f *estimateLines) ProcessElement(host string, recs func(*Rec) bool, global estimate.Prior, weights bool, emit func(string, string)) error {
	all := collect(recs)
	slices.SortFunc(all, func(a, b Rec) int { return cmp.Compare(a.Idx, b.Idx) })
	in := &plan.Input{Pages: make([]pages.Page, len(all)), Estimates: make([]estimate.Estimate, len(all))}
	mine := false
	for i, r := range all {
		in.Pages[i] = pages.Page{URL: r.URL, Host: r.Host, Rate: r.Rate, Weight: r.Weight, CrawlDelay: r.CrawlDelay}
		in.Estimates[i] = r.Est
		mine = mine || r.Weight != 1
	}
	if f.Cfg.Prior {
		prior := estimate.HostPrior(in.Estimates, global)
		in.Smoothed = make([]estimate.Smoothed, len(all))
		for i, e := range in.Estimates {
			post := prior.Posterior(e)
			lo, hi := estimate.Interval(post)
			in.Smoothed[i] = estimate.Smoothed{Rate: post.Mean(), Low: lo, High: hi}
			// A URL fetched once: its access interval follows from its
			// prior's rate, as core/plan's fromEach gives it (seed 001
			// §6.4.2, r ≈ 1.5).
			if e := &in.Estimates[i]; e.Visits == 0 && e.SuggestedIntervalDays == 0 && post.Mean() > 0 {
				e.SuggestedIntervalDays = estimate.BestRatio / post.Mean()
			}
		}
	}
	var b bytes.Buffer
	if err := export.EstimatesCSV(&b, in, nil); err != nil {
		return err
	}
	s := b.String()
	s = s[strings.IndexByte(s, '\n')+1:]
	if weights && !mine {
		// The weight column is written when any page's weight is not 1:
		// another host's may be, and this one's are 1.
		s = strings.ReplaceAll(s, "\n", ",1\n")
	}
	emit("estimates-"+pad(shardOf(host, f.Cfg.Shards)), s)
	return nil
}

func pad(n int) string { return fmt.Sprintf("%05d", n) }

func or(a, b bool) bool { return a || b }

// estimateHeader is the table's header: with the weight column when any
// page's weight is not 1.
func estimateHeader(weights bool) Headers {
	cols := slices.Clone(export.EstimateColumns)
	if weights {
		cols = append(cols, "weight")
	}
	return Headers{Kinds: []string{"estimates"}, Lines: []string{strings.Join(cols, ",") + "\n"}}
}

// recOf reports whether the page's weight is not 1.
func recOf(host string, r Rec) bool { return r.Weight != 1 }

// estimatePipeline is freshplan-beam estimate's pipeline: read, join and
// estimate as plan does, then write PREFIX-estimates-NNNNN, each a pages
// table with freshplan estimate's columns.
func estimatePipeline(ctx context.Context, cfg Config, glob string) (*beam.Pipeline, error) {
	shards, kind, err := openInput(ctx, glob, cfg.MaxContent)
	if err != nil {
		return nil, err
	}
	if kind == kindPages {
		return nil, errPagesTable(shards[0].Path)
	}
	p, s := beam.NewPipelineWithRoot()
	recs, stats := readRecs(s, cfg, kind, shards)
	global := globalPriorOf(s, recs)
	weights := beam.Combine(s, or, beam.Flatten(s, beam.ParDo(s, recOf, recs), beam.Create(s, false)))
	lines := beam.ParDo(s, &estimateLines{Cfg: cfg}, beam.GroupByKey(s, recs),
		beam.SideInput{Input: global}, beam.SideInput{Input: weights})
	header := beam.ParDo(s, estimateHeader, weights)
	beam.ParDo0(s, &writeShard{Prefix: cfg.Output}, beam.GroupByKey(s, lines), beam.SideInput{Input: header})
	beam.ParDo0(s, &writeStats{Prefix: cfg.Output}, stats)
	return p, nil
}

func init() {
	register.DoFn5x1[string, func(*Rec) bool, estimate.Prior, bool, func(string, string), error](&estimateLines{})
	register.Function2x1(recOf)
	register.Function2x1(or)
	register.Function1x1(estimateHeader)
}
