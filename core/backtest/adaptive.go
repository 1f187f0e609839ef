package backtest

import (
	"github.com/freshplan/freshplan/core/adaptive"
	"github.com/freshplan/freshplan/core/observe"
)

// adaptiveRows replays Nutch's AdaptiveFetchSchedule and StormCrawler's
// AdaptiveScheduler over the test period, each tuned (adaptive.Tune…) to
// at most target visits, so that they compete at equal budget.
func adaptiveRows(pages []observe.Changes, cfg Config, target int) []Row {
	changes := make([][]float64, len(pages))
	for i, p := range pages {
		changes[i] = p.Times
	}
	nutch, _ := adaptive.TuneNutch(adaptive.DefaultNutch(), changes, cfg.Split, cfg.Until, target)
	storm, _ := adaptive.TuneStormCrawler(adaptive.DefaultStormCrawler(), changes, cfg.Split, cfg.Until, target)
	var rows []Row
	for _, s := range []adaptive.Scheduler{nutch, storm} {
		rows = append(rows, replay(s.Name()+"-adaptive", pages, cfg, func(i int) []float64 {
			return s.Visits(changes[i], cfg.Split, cfg.Until)
		}))
	}
	return rows
}
