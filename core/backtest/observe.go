package backtest

import (
	"math"
	"time"

	"github.com/freshplan/freshplan/core/observe"
)

// DefaultSplit is where a backtest of pages splits when not told: at the
// start of the first month that leaves a year after it, ending at the
// last change seen — so the test covers the last (at most) year.
func DefaultSplit(pages []observe.Changes) (float64, bool) {
	last := math.Inf(-1)
	for _, p := range pages {
		if n := len(p.Times); n > 0 {
			last = math.Max(last, p.Times[n-1])
		}
	}
	if math.IsInf(last, -1) {
		return 0, false
	}
	t, _ := Window(time.Unix(int64(last), 0).UTC()) // a year before the last change
	return float64(time.Date(t.Year(), t.Month()+1, 1, 0, 0, 0, 0, time.UTC).Unix()), true
}
