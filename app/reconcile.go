package app

import (
	"slices"
	"strings"
)

// reconcile says, in words, why the planner's figures and the backtest's
// disagree where they do: a policy that beats uniform in the plan but is
// staler than uniform in the backtest at one visit per page per week. The
// plan assumes each page's estimated rate is true and its changes random
// (Poisson); the backtest replays what really changed, in bursts and mass
// edits, so the policies that trust the estimates most fall furthest.
// planned are the plan's figures by policy (PlanResult.Values). It
// returns "" when nothing disagrees or either is missing.
func reconcile(planned map[string]float64, r *BacktestResult) string {
	if planned == nil || r == nil {
		return ""
	}
	week, ok := weeklyOf(r)
	if !ok {
		return ""
	}
	var uni float64 = -1
	for _, row := range week.Rows {
		if row.Policy == "uniform" && row.NotPlanned == "" {
			uni = row.Staleness
		}
	}
	planUni, ok := planned["uniform"]
	if uni <= 0 || !ok {
		return ""
	}
	var names []string
	for _, row := range week.Rows {
		v, inPlan := planned[row.Policy]
		if row.NotPlanned != "" || !inPlan || row.Policy == "uniform" {
			continue
		}
		if v < planUni && row.Staleness > uni {
			names = append(names, sprintf("%s (%s staler than uniform here, though %s fresher in the plan)",
				row.Policy, fmtTimesPlain(row.Staleness/uni), fmtPointsAbs(planUni-v)))
		}
	}
	if len(names) == 0 {
		return ""
	}
	slices.Sort(names)
	return "Why the plan above and this backtest disagree on " + strings.Join(names, ", ") +
		": the plan takes each page's estimated change rate as exact and its changes as random (Poisson); the backtest replays what really changed, in bursts and mass edits. " +
		"A policy that leans hardest on the estimates — cho, which gives no visit to the pages it judges too fast to keep — looks best in the plan and loses most in the backtest. " +
		"Trust the backtest for real pages; the plan's figures hold for pages that do change at steady rates."
}

// fmtTimesPlain writes a ratio as "3.2×".
func fmtTimesPlain(x float64) string {
	if x >= 10 {
		return sprintf("%.0f×", x)
	}
	return sprintf("%.1f×", x)
}
