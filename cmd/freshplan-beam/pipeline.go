package main

import (
	"context"
	"fmt"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/freshplan/freshplan/core/estimate"
	"github.com/freshplan/freshplan/core/plan"
)

// readRecs builds an observation log's or change history's reading
// stages: every shard read by core's readers, each URL's histories from
// every shard joined and estimated (GroupByKey URL), keyed by host. It
// returns the records and the reading's Stats.
func readRecs(s beam.Scope, cfg Config, kind string, shards []Shard) (recs, stats beam.PCollection) {
	var st beam.PCollection
	if kind == plan.KindChanges {
		recs, st = readChanges(s, cfg, shards)
	} else {
		hists, sts := beam.ParDo2(s, &readLogFn{Cfg: cfg}, beam.CreateList(s, shards))
		var single beam.PCollection
		recs, single = beam.ParDo2(s, &mergeHistory{Cfg: cfg}, beam.GroupByKey(s, hists))
		st = beam.Flatten(s, sts, single)
	}
	return recs, beam.Combine(s, mergeStats, beam.Flatten(s, st, beam.Create(s, Stats{})))
}

// globalPriorOf is the prior of all pages: a Combine of every observed
// page's moments.
func globalPriorOf(s beam.Scope, recs beam.PCollection) beam.PCollection {
	moments := beam.Combine(s, mergeMoments, beam.Flatten(s,
		beam.ParDo(s, recMoments, recs), beam.Create(s, estimate.Moments{})))
	return beam.ParDo(s, globalPrior, moments)
}

// readHosts builds the stages that make the hosts (GroupByKey host) of
// the input: a pages table's shards' bundles joined (readTable), or the
// estimated pages of a log or change history with the priors.
func readHosts(s beam.Scope, cfg Config, kind string, shards []Shard) (hosts, stats beam.PCollection) {
	if kind == kindPages {
		return readTable(s, cfg, shards)
	}
	recs, stats := readRecs(s, cfg, kind, shards)
	global := globalPriorOf(s, recs)
	return beam.ParDo(s, &buildHost{Cfg: cfg}, beam.GroupByKey(s, recs), beam.SideInput{Input: global}), stats
}

// buildPlan builds the planning stages from the hosts: the threshold
// search (searchRounds Combines over the hosts without their URLs, each
// round passing them on to the next), the candidates between its
// thresholds, each host's allocation, bounds and seed lines, the crawler
// assignment per partition, and the outputs.
func buildPlan(s beam.Scope, cfg Config, hosts, stats beam.PCollection) {
	// The search reads every page once a round: the hosts go through its
	// rounds without their URLs, each round handing them to the next, so
	// that the runner holds one copy in flight rather than one a round.
	slim := beam.ParDo(s, slimHost, hosts)
	count := beam.Combine(s, sumInt, beam.ParDo(s, hostPages, slim))
	res := beam.ParDo(s, &resolveFn{Cfg: cfg}, count)
	side := func(c beam.PCollection) beam.SideInput { return beam.SideInput{Input: c} }

	search := beam.ParDo(s, &startSearch{Cfg: cfg}, res)
	for r := range searchRounds {
		rs := s.Scope(fmt.Sprintf("round%d", r+1))
		c, passed := beam.ParDo2(rs, &roundFn{Cfg: cfg}, slim, side(res), side(search))
		search = beam.ParDo(rs, advanceSearch, beam.Combine(rs, sumCounts, c), side(search), side(res))
		slim = passed
	}
	cands := beam.ParDo(s, &candFn{Cfg: cfg}, slim, side(res), side(search))
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
	shards, kind, err := openInput(ctx, glob, cfg.MaxContent)
	if err != nil {
		return nil, err
	}
	p, s := beam.NewPipelineWithRoot()
	hosts, stats := readHosts(s, cfg, kind, shards)
	buildPlan(s, cfg, hosts, stats)
	return p, nil
}
