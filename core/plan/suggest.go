package plan

import (
	"fmt"
	"math"
	"time"
)

// Suggestion is a horizon and budget to plan an input at before anyone
// has given one, and why, in words a user reads beside the budget.
type Suggestion struct {
	Horizon time.Duration
	Budget  int
	Why     string
}

// Suggest returns the horizon and budget an input's own data suggests
// (issue 20: the same four visits per page per day for every file made a
// change history's plan meaningless):
//   - a change history shows how pages change, not how fast anyone crawls
//     them: one visit per page per week over a week, the backtest's default
//     (backtest.WeeklyBudget);
//   - an observation log shows how fast its crawler went: its fetches over
//     the days they span, per day, over a day;
//   - a pages table says nothing of a crawl: no suggestion (ok false).
func Suggest(in *Input) (s Suggestion, ok bool) {
	switch {
	case in == nil || len(in.Pages) == 0:
		return s, false
	case in.Kind == KindChanges:
		return Suggestion{Horizon: week, Budget: len(in.Pages),
			Why: "one visit per page per week: a change history shows how the pages change, not how fast you crawl"}, true
	case in.Kind == KindPages || in.Log == nil:
		return s, false
	}
	fetches := 0
	first, last := math.Inf(1), math.Inf(-1)
	for _, h := range in.Log.Histories {
		if n := len(h.Fetches); n > 0 {
			fetches += n
			first, last = math.Min(first, h.Fetches[0].At), math.Max(last, h.Fetches[n-1].At)
		}
	}
	days := (last - first) / day
	if !(days >= 1) {
		return s, false // a log of less than a day shows no rate
	}
	perDay := float64(fetches) / days
	b := int(math.Max(1, math.Round(perDay)))
	if b > MaxBudget {
		return s, false
	}
	return Suggestion{Horizon: 24 * time.Hour, Budget: b,
		Why: fmt.Sprintf("the rate your log shows: %d fetches over %.3g days", fetches, days)}, true
}

const week = 7 * 24 * time.Hour
