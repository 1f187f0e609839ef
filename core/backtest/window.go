package backtest

import (
	"time"

	"github.com/freshplan/freshplan/core/observe"
)

// DefaultHorizon is the horizon of a backtest's plans unless told: a
// week, the unit of its budgets (PerPageWeek). A shorter plan, repeated,
// would visit the same few pages every horizon at one visit per page per
// week.
const DefaultHorizon = 7 * 24 * time.Hour

// DefaultCrawlInterval is the interval of the simulated training crawl
// over a change history unless told: a daily crawl.
const DefaultCrawlInterval = 24 * time.Hour

// Window is a backtest's periods around its split unless told: a year of
// training crawl before it and a year of test after it, in calendar years.
func Window(split time.Time) (trainStart, until time.Time) {
	return split.AddDate(-1, 0, 0), split.AddDate(1, 0, 0)
}

// PagesBefore is the number of pages a backtest split at split replays:
// those that appear before it (nothing could have been planned for the
// rest) — the pages its budgets per page count.
func PagesBefore(all []observe.Changes, split float64) int {
	n := 0
	for _, p := range all {
		if appearsBefore(p, split) {
			n++
		}
	}
	return n
}

// appearsBefore reports whether p was seen before split: its first time
// (the times are sorted, the first being when the page appeared).
func appearsBefore(p observe.Changes, split float64) bool {
	return len(p.Times) > 0 && p.Times[0] < split
}

// VisitsPerPageWeek is budget visits per horizon for pages in visits per
// page per week: PerPageWeek's k, before its rounding.
func VisitsPerPageWeek(budget, pages int, horizon time.Duration) float64 {
	return float64(budget) / float64(pages) * (7 * day) / horizon.Seconds()
}
