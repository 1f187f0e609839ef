package backtest

import (
	"context"
	"errors"
	"fmt"
	"math"
	"slices"
	"sort"

	"github.com/freshplan/freshplan/core/observe"
	"github.com/freshplan/freshplan/core/plan"
	"github.com/freshplan/freshplan/core/staleness"
)

// Config sets up a backtest.
type Config struct {
	Params        plan.Params // planning parameters; a Budget of 0 means one visit per page per week
	TrainStart    float64     // Unix seconds: the simulated training crawl starts here
	Split         float64     // Unix seconds: plans are made from what came before, replayed on what comes after
	Until         float64     // Unix seconds: the end of the test period
	CrawlInterval float64     // seconds between the training crawl's visits (default one day)
	Policies      []string    // static policies to replay (default psp, uniform, cho, azar)
	Prior         bool        // smooth estimates towards each host's prior (estimate.Smooth)
	HalfLife      float64     // days: weight observations by recency (estimate.Recent); 0 for none
	Replan        bool        // also replay psp re-planned every horizon from everything observed so far
	Adaptive      bool        // also replay Nutch's and StormCrawler's adaptive schedulers, tuned to psp's visits
}

// Row is one policy's outcome over the test period.
type Row struct {
	Policy          string
	Staleness       float64 // time-average fraction of pages whose copy is out of date, each page counting by its weight
	Visits          int     // visits made in the test period
	ChangesDetected int     // visits that found the page changed
	PerHorizon      []float64
	// NotPlanned says why the policy could not be planned for these pages
	// (plan.NotPlannedError: Cho's policy for the harmonic penalty); the
	// row has no figures then.
	NotPlanned string
}

// DefaultPolicies are the static policies a backtest replays.
var DefaultPolicies = []string{"psp", "uniform", "cho", "azar"}

const day = 86400.0

// Run backtests plans on pages' complete change histories (sorted times,
// the first being when the page appeared). Pages that appear at or after
// the split are left out: nothing could have been planned for them.
func Run(ctx context.Context, all []observe.Changes, cfg Config) ([]Row, error) {
	if err := validate(all, cfg); err != nil {
		return nil, fmt.Errorf("backtest: %w", err)
	}
	if !(cfg.TrainStart < cfg.Split && cfg.Split < cfg.Until) {
		return nil, errors.New("backtest: want train start < split < until")
	}
	if cfg.CrawlInterval <= 0 {
		cfg.CrawlInterval = day
	}
	if cfg.Policies == nil {
		cfg.Policies = DefaultPolicies
	}
	var pages []observe.Changes
	for _, p := range all {
		if len(p.Times) > 0 && p.Times[0] < cfg.Split {
			pages = append(pages, p)
		}
	}
	if len(pages) == 0 {
		return nil, errors.New("backtest: no page appears before the split")
	}
	var wsum float64
	for _, p := range pages {
		if !(p.Weight >= 0 && p.Weight <= plan.MaxWeight) {
			return nil, fmt.Errorf("backtest: %s: weight %v is not between 0 and %g", p.URL, p.Weight, plan.MaxWeight)
		}
		wsum += p.Weight
	}
	if wsum == 0 {
		return nil, errors.New("backtest: every page that appears before the split has weight 0: there is no staleness to average")
	}
	T := cfg.Params.Horizon.Seconds()
	if !(T > 0) {
		return nil, errors.New("backtest: the horizon must be positive")
	}
	if cfg.Params.Budget == 0 && cfg.Params.Crawlers == 0 {
		cfg.Params.Budget = int(math.Max(1, math.Round(float64(len(pages))*T/(7*day))))
	}
	histories := observe.CrawlEvery(pages, cfg.TrainStart, cfg.CrawlInterval, cfg.Split)
	in, err := plan.FromHistories(ctx, histories, plan.LoadOptions{Prior: cfg.Prior, Now: cfg.Split, HalfLife: cfg.HalfLife})
	if err != nil {
		return nil, err
	}
	var rows []Row
	var pspVisits int
	for _, name := range cfg.Policies {
		params := cfg.Params
		params.Policy = name
		params.Compare = []string{}
		pl, err := plan.Run(ctx, in.Pages, params)
		var np *plan.NotPlannedError
		if errors.As(err, &np) {
			rows = append(rows, Row{Policy: name, NotPlanned: np.Why})
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("backtest: planning %s: %w", name, err)
		}
		offsets := make([][]float64, len(pages))
		for _, v := range pl.Schedule {
			offsets[v.Page] = append(offsets[v.Page], offset(v.Time, T))
		}
		row := replay(name, pages, cfg, func(i int) []float64 { return repeat(offsets[i], cfg.Split, T, cfg.Until) })
		if name == "psp" {
			pspVisits = row.Visits
		}
		rows = append(rows, row)
	}
	if cfg.Replan {
		row, err := replan(ctx, pages, histories, cfg)
		if err != nil {
			return nil, err
		}
		rows = append(rows, row)
	}
	if cfg.Adaptive {
		target := pspVisits
		if target == 0 {
			target = int(float64(cfg.Params.Budget) * (cfg.Until - cfg.Split) / T)
		}
		rows = append(rows, adaptiveRows(pages, cfg, target)...)
	}
	return rows, nil
}

// offset returns a schedule's visit time as an offset into its horizon,
// [0, T): a schedule's times lie in [0, T], and the plan repeats every
// horizon, so a visit at T — the last crawler tick, where a crawler at one
// visit a horizon makes its only visit — is the next horizon's visit at
// 0. Replayed at T, it fell after the horizon it was planned for (a
// re-planned backtest of one page made no visit at all).
func offset(t, T float64) float64 {
	if t >= T {
		return t - T
	}
	return t
}

// repeat lays a horizon's visit offsets end to end from start until end.
func repeat(offsets []float64, start, T, end float64) []float64 {
	sorted := slices.Clone(offsets)
	sort.Float64s(sorted)
	var out []float64
	for k := 0; start+float64(k)*T < end; k++ {
		for _, o := range sorted {
			if t := start + float64(k)*T + o; t < end {
				out = append(out, t)
			}
		}
	}
	return out
}

// replay scores the visits that visitsOf gives each page against its real
// changes over the test period, overall and horizon by horizon: the
// pages' weighted average, normalised by Σw, as the plans' own figures
// are (SPEC §5) — with every weight 1, the plain average.
func replay(name string, pages []observe.Changes, cfg Config, visitsOf func(i int) []float64) Row {
	T := cfg.Params.Horizon.Seconds()
	windows := int(math.Ceil((cfg.Until - cfg.Split) / T))
	row := Row{Policy: name, PerHorizon: make([]float64, windows)}
	var stale, wsum float64
	for i, p := range pages {
		v := visitsOf(i)
		st, detected := staleness.Replay(p.Times, v, cfg.Split, cfg.Until)
		stale += p.Weight * staleness.Total(st, cfg.Split, cfg.Until)
		wsum += p.Weight
		row.Visits += len(v)
		row.ChangesDetected += detected
		for w := range windows {
			a := cfg.Split + float64(w)*T
			row.PerHorizon[w] += p.Weight * staleness.Total(st, a, math.Min(a+T, cfg.Until)) / (math.Min(a+T, cfg.Until) - a)
		}
	}
	row.Staleness = stale / (cfg.Until - cfg.Split) / wsum
	for w := range row.PerHorizon {
		row.PerHorizon[w] /= wsum
	}
	return row
}
