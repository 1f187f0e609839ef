package backtest

import (
	"fmt"
	"math"
	"time"

	"github.com/freshplan/freshplan/core/observe"
	"github.com/freshplan/freshplan/core/plan"
)

// Limits on a backtest's size. Each horizon of the test period is
// replayed (and, with Replan, re-planned), every visit of the training
// crawl and of a replay is held in memory (8 bytes or more each): a
// horizon of 1ns once asked for a slice of 3·10¹⁶ horizons (issue 22).
const (
	// MaxHorizons is the most horizons a test period may hold: an hourly
	// horizon over a year (8,784) fits.
	MaxHorizons = 10_000
	// MaxVisits is the most visits a policy's replay may make in all
	// (256 MiB of visit times).
	MaxVisits = 1 << 25
	// MaxTrainingFetches is the most fetches the training crawl may make
	// (observe.Crawled keeps 4 bytes of each: 512 MiB): a daily crawl of
	// a year over 367,000 pages.
	MaxTrainingFetches = 1 << 27
)

// Check validates cfg's parameters alone, before any input is read: the
// order of the dates, and the number of horizons, crawl rounds and visits
// they make, each against its limit. pages is the number of pages, 0 when
// not yet known (the visits are then checked by Run). A parameter out of
// range is a *plan.ParamError naming its field, of Config or of its
// Params, for the CLI and the app to say in their words.
func Check(cfg Config, pages int) error {
	T := cfg.Params.Horizon.Seconds()
	date := func(t float64) string { return time.Unix(int64(t), 0).UTC().Format(time.DateOnly) }
	switch {
	case !(T > 0):
		return &plan.ParamError{Field: "Horizon", Value: cfg.Params.Horizon.String(), Msg: "want a positive duration such as 168h"}
	case !(cfg.TrainStart < cfg.Split && cfg.Split < cfg.Until):
		return &plan.ParamError{Field: "Split", Value: date(cfg.Split), Msg: fmt.Sprintf("want the training start (%s) before the split and the split before the test's end (%s)", date(cfg.TrainStart), date(cfg.Until))}
	case cfg.CrawlInterval < 0 || math.IsNaN(cfg.CrawlInterval):
		return &plan.ParamError{Field: "CrawlInterval", Value: fmt.Sprint(cfg.CrawlInterval), Msg: "want a positive duration"}
	}
	test := cfg.Until - cfg.Split
	if n := math.Ceil(test / T); n > MaxHorizons {
		return &plan.ParamError{Field: "Horizon", Value: cfg.Params.Horizon.String(), Msg: fmt.Sprintf(
			"the test period (%s to %s) holds %.4g horizons; want at most %d (a longer {Horizon} or an earlier {Until})",
			date(cfg.Split), date(cfg.Until), n, MaxHorizons)}
	}
	interval := cfg.CrawlInterval
	if interval == 0 {
		interval = DefaultCrawlInterval.Seconds()
	}
	rounds := math.Ceil((cfg.Split - cfg.TrainStart) / interval)
	if rounds > MaxHorizons*10 {
		return &plan.ParamError{Field: "CrawlInterval", Value: time.Duration(interval * 1e9).String(), Msg: fmt.Sprintf(
			"the training crawl (%s to %s) makes %.4g rounds; want at most %d (a longer {CrawlInterval} or a later {TrainStart})",
			date(cfg.TrainStart), date(cfg.Split), rounds, MaxHorizons*10)}
	}
	if pages == 0 {
		return nil
	}
	if v := rounds * float64(pages); v > MaxTrainingFetches {
		return &plan.ParamError{Field: "CrawlInterval", Value: time.Duration(interval * 1e9).String(), Msg: fmt.Sprintf(
			"the training crawl of %d pages makes %.4g visits; want at most %d (a longer {CrawlInterval} or a later {TrainStart})",
			pages, v, MaxTrainingFetches)}
	}
	budget := float64(cfg.Params.Budget)
	if budget == 0 && cfg.Params.Crawlers > 0 {
		budget = math.Floor(float64(cfg.Params.Crawlers) * cfg.Params.Rate * T)
	}
	if budget == 0 {
		budget = float64(WeeklyBudget(pages, cfg.Params.Horizon))
	}
	if v := budget * math.Ceil(test/T); v > MaxVisits {
		return &plan.ParamError{Field: "Budget", Value: fmt.Sprint(budget), Msg: fmt.Sprintf(
			"%.0f visits per horizon over the test period (%s to %s) make %.4g visits to replay; want at most %d (a smaller {Budget} or an earlier {Until})",
			budget, date(cfg.Split), date(cfg.Until), v, MaxVisits)}
	}
	return nil
}

// validate checks cfg against the pages to backtest: Check's limits, and
// a test period the history reaches into — a split after its last
// change replays nothing, and every policy would score a staleness of 0.
func validate(all []observe.Changes, cfg Config) error {
	n, last := 0, math.Inf(-1)
	for _, p := range all {
		if len(p.Times) == 0 {
			continue
		}
		if appearsBefore(p, cfg.Split) {
			n++
		}
		last = math.Max(last, p.Times[len(p.Times)-1])
	}
	if err := Check(cfg, n); err != nil {
		return err
	}
	if n > 0 && last <= cfg.Split {
		at := time.Unix(int64(last), 0).UTC().Format(time.RFC3339)
		return &plan.ParamError{Field: "Split", Value: time.Unix(int64(cfg.Split), 0).UTC().Format(time.DateOnly), Msg: fmt.Sprintf(
			"the history's last change is at %s: the test period has nothing to replay; want a split before it", at)}
	}
	return nil
}
