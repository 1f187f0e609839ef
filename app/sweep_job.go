package app

import (
	"context"
	"sort"

	"github.com/freshplan/freshplan/core/plan"
)

// runSweep plans every policy at the budgets around the chosen one; the
// chosen budget's values come from cur when it was just planned.
func runSweep(ctx context.Context, set *pageSet, params plan.Params, cur *PlanResult, progress func(string)) *SweepResult {
	b := visits(params)
	if cur != nil {
		b = cur.Budget
	}
	budgets, tooBig := plan.SweepBudgets(b, cur != nil, maxSweepVisits)
	out := &SweepResult{TooBig: tooBig}
	if len(tooBig) > 0 {
		out.CLI = cliSweep(params, tooBig)
	}
	for k, x := range budgets {
		if ctx.Err() != nil {
			return out
		}
		q := plan.AtBudget(params, x)
		q.Progress = saying(progress, sprintf("sweeping budgets: %d of %d (%s visits)", k+1, len(budgets), fmtInt(int64(x))))
		restore := limitPlanMemory(set.Len(), x, planBytesPerVisit)
		pts, err := plan.Sweep(ctx, set, q, []int{x})
		restore()
		if err != nil {
			if out.Failed == nil {
				out.Failed = map[int]string{}
			}
			out.Failed[x] = err.Error()
			continue
		}
		out.Budgets = append(out.Budgets, x)
		out.Points = append(out.Points, pts...)
	}
	if cur != nil {
		out.Budgets = append(out.Budgets, cur.Budget)
		for _, name := range append(plan.Names(plan.Policies()), plan.Names(plan.Bounds())...) {
			if v, ok := cur.Values[name]; ok {
				out.Points = append(out.Points, plan.Point{Budget: cur.Budget, Name: plan.Policy(name), Value: v})
			}
		}
	}
	sort.Ints(out.Budgets)
	sort.SliceStable(out.Points, func(i, j int) bool { return out.Points[i].Budget < out.Points[j].Budget })
	return out
}

// findBudget searches the smallest budget at which psp's freshness
// reaches req.Target (plan.FindBudget), starting from the budgets already
// planned: the request's, the plan's just made and the sweep's.
func findBudget(ctx context.Context, set *pageSet, params plan.Params, req Request,
	cur *PlanResult, sweep *SweepResult, progress func(string)) (*TargetResult, error) {
	known := map[int]float64{} // budget → psp freshness
	for b, f := range req.Known {
		known[b] = f
	}
	maxUseful := req.MaxUseful
	if cur != nil {
		known[cur.Budget] = 1 - cur.Values["psp"]
		maxUseful = cur.MaxUseful
	}
	if sweep != nil {
		for _, p := range sweep.Points {
			if p.Name == "psp" {
				known[p.Budget] = 1 - p.Value
			}
		}
	}
	runs := 0
	return plan.FindBudget(ctx, params, req.Target, known, maxUseful, func(ctx context.Context, q plan.Params) (float64, int, error) {
		runs++
		q.Progress = saying(progress, sprintf("finding the budget for %s freshness: plan %d (%s visits)", fmtPct(req.Target, 0), runs, fmtInt(int64(q.Budget))))
		defer limitPlanMemory(set.Len(), q.Budget, planBytesPerVisit)()
		return plan.PSPFreshness(ctx, set, q)
	})
}
