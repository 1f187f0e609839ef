package main

import (
	"strconv"
	"strings"

	"github.com/freshplan/freshplan/app"
	"github.com/freshplan/freshplan/core/plan"
)

// The app names, for what it leaves to the CLI, the commands that do it;
// the flags are this command's, so their names are written here.
func init() { app.CLI = appCLI{} }

type appCLI struct{}

// Sweep returns the commands that plan every policy at the budgets given
// as the app plans them (plan.AtBudget): one sweep when the budget sets
// the crawl, else a plan a budget, each with the crawlers' rate it needs.
func (appCLI) Sweep(p plan.Params, budgets []int) []string {
	if p.Crawlers == 0 {
		list := make([]string, len(budgets))
		for k, x := range budgets {
			list[k] = strconv.Itoa(x)
		}
		return []string{"freshplan sweep --budgets " + strings.Join(list, ",") + " " + paramFlags(p) + " FILE"}
	}
	out := make([]string, len(budgets))
	for k, x := range budgets {
		out[k] = "freshplan plan " + budgetFlags(p, x) + " " + paramFlags(p) + " FILE"
	}
	return out
}

// Schedule returns the command that writes policy's schedule at x visits.
func (appCLI) Schedule(p plan.Params, x int, policy string) string {
	return "freshplan plan " + budgetFlags(p, x) + " --policy " + policy + " --schedule schedule.csv " + paramFlags(p) + " FILE"
}

// budgetFlags returns the flags for a budget of x visits as the app plans
// it: with crawlers, at the rate x needs.
func budgetFlags(p plan.Params, x int) string {
	f := "--budget " + strconv.Itoa(x)
	if p.Crawlers > 0 {
		q := plan.AtBudget(p, x)
		f += " --crawlers " + strconv.Itoa(q.Crawlers) + " --rate " + strconv.FormatFloat(q.Rate, 'g', -1, 64)
	}
	return f
}

// paramFlags returns the flags for the rest of a plan's parameters.
func paramFlags(p plan.Params) string {
	return "--horizon " + plan.ShortDuration(p.Horizon) + " --politeness " + plan.ShortDuration(p.Politeness) +
		" --objective " + p.Objective.String() + " --model " + p.Model.String()
}

// Learn returns the command that writes the learning policy's Nutch seed
// list at x visits per horizon.
func (appCLI) Learn(p plan.Params, x int) string {
	return "freshplan plan --policy learn " + budgetFlags(p, x) + " " + paramFlags(p) + " --export nutch seeds.txt FILE"
}
