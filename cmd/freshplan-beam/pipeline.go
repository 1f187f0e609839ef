package main

import (
	"context"
	"fmt"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/freshplan/freshplan/core/estimate"
)

// readRecs builds the reading stages: every shard read by core's readers,
// each URL's histories from every shard joined and estimated (GroupByKey
// URL), keyed by host. It returns the records and the reading's Stats.
func readRecs(s beam.Scope, cfg Config, kind string, shards []Shard) (recs, stats beam.PCollection) {
	files := beam.CreateList(s, shards)
	byURL, hists, st := beam.ParDo3(s, &readFn{Cfg: cfg, Kind: kind}, files)
	stats = beam.Combine(s, mergeStats, beam.Flatten(s, st, beam.Create(s, Stats{})))
	if kind == kindPages {
		return beam.ParDo(s, onePage, beam.GroupByKey(s, byURL)), stats
	}
	return beam.ParDo(s, &mergeHistory{Cfg: cfg}, beam.GroupByKey(s, hists)), stats
}

// buildPlan builds the planning stages from records keyed by host: the
// hosts (GroupByKey host, with the priors: a Combine of every observed
// page's moments), the threshold search (searchRounds Combines), the
// candidates between its thresholds, each host's allocation, bounds and
// seed lines, the crawler assignment per partition, and the outputs.
func buildPlan(s beam.Scope, cfg Config, recs, stats beam.PCollection) {
	moments := beam.Combine(s, mergeMoments, beam.Flatten(s,
		beam.ParDo(s, recMoments, recs), beam.Create(s, estimate.Moments{})))
	global := beam.ParDo(s, globalPrior, moments)
	hosts := beam.ParDo(s, &buildHost{Cfg: cfg}, beam.GroupByKey(s, recs), beam.SideInput{Input: global})

	count := beam.Combine(s, sumInt, beam.ParDo(s, hostPages, hosts))
	res := beam.ParDo(s, &resolveFn{Cfg: cfg}, count)
	side := func(c beam.PCollection) beam.SideInput { return beam.SideInput{Input: c} }

	search := beam.ParDo(s, &startSearch{Cfg: cfg}, res)
	for r := range searchRounds {
		rs := s.Scope(fmt.Sprintf("round%d", r+1))
		c := beam.Combine(rs, sumCounts, beam.ParDo(rs, &roundFn{Cfg: cfg}, hosts, side(res), side(search)))
		search = beam.ParDo(rs, advanceSearch, c, side(search), side(res))
	}
	cands := beam.ParDo(s, &candFn{Cfg: cfg}, hosts, side(res), side(search))
	all := beam.Combine(s, concatCands, beam.Flatten(s, cands, beam.Create(s, Cands{})))
	extras := beam.ParDo(s, pickExtras, all, side(search), side(res))

	parts, alloc, plans := beam.ParDo3(s, &allocFn{Cfg: cfg}, hosts, side(res), side(search), side(extras))
	seeds, assigned := beam.ParDo2(s, &assignFn{Cfg: cfg}, beam.GroupByKey(s, plans), side(res))
	part := beam.Combine(s, sumParts, beam.Flatten(s, parts, assigned))

	headers := beam.Create(s, Headers{Kinds: []string{"seeds-csv", "pages", "allocation"}, Lines: []string{
		"url,host,interval_seconds,visits\n",
		"url,host,changes_per_day,weight,visits,interval_seconds,staleness\n",
		"url,visits,nonpolite_visits\n"}})
	beam.ParDo0(s, &writeShard{Prefix: cfg.Output}, beam.GroupByKey(s, beam.Flatten(s, seeds, alloc)), side(headers))
	beam.ParDo0(s, &writeSummary{Cfg: cfg}, part, side(res))
	beam.ParDo0(s, &writeStats{Prefix: cfg.Output}, stats)
}

// planPipeline is freshplan-beam plan's pipeline.
func planPipeline(ctx context.Context, cfg Config, glob string) (*beam.Pipeline, error) {
	shards, err := listShards(ctx, glob)
	if err != nil {
		return nil, err
	}
	kind, err := inputKind(ctx, shards, cfg.MaxContent)
	if err != nil {
		return nil, err
	}
	p, s := beam.NewPipelineWithRoot()
	recs, stats := readRecs(s, cfg, kind, shards)
	buildPlan(s, cfg, recs, stats)
	return p, nil
}
