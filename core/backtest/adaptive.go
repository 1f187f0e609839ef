package backtest

import (
	"github.com/freshplan/freshplan/core/adaptive"
	"github.com/freshplan/freshplan/core/observe"
)

// adaptiveRow replays Nutch's AdaptiveFetchSchedule (k = 0) or
// StormCrawler's AdaptiveScheduler (k = 1) over the test period, tuned
// (adaptive.Tune…) to at most target visits, so that each competes at
// equal budget.
func adaptiveRow(k int, pages []observe.Changes, cfg Config, target int) Row {
	changes := make([][]float64, len(pages))
	for i, p := range pages {
		changes[i] = p.Times
	}
	var s adaptive.Scheduler
	if k == 0 {
		s, _ = adaptive.TuneNutch(adaptive.DefaultNutch(), changes, cfg.Split, cfg.Until, target)
	} else {
		s, _ = adaptive.TuneStormCrawler(adaptive.DefaultStormCrawler(), changes, cfg.Split, cfg.Until, target)
	}
	return replay(s.Name()+"-adaptive", pages, cfg, func(i int) []float64 {
		return s.Visits(changes[i], cfg.Split, cfg.Until)
	})
}
