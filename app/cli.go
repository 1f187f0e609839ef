package app

import (
	"github.com/freshplan/freshplan/core/plan"
)

// CLI writes the command lines that do with the CLI what the app leaves
// to it (a sweep's budgets too big for the tab, a schedule too long to
// build there), for a file named FILE. The app holds no flag names: the
// CLI, which defines them, sets CLI (cmd/freshplan/appcli.go); unset, the
// app names the command without its flags.
var CLI interface {
	// Sweep plans every policy at budgets as the app plans them
	// (plan.AtBudget).
	Sweep(p plan.Params, budgets []int) []string
	// Schedule writes policy's schedule at x visits per horizon.
	Schedule(p plan.Params, x int, policy string) string
	// Learn writes the learning policy's Nutch seed list at x visits per
	// horizon, from a change history or fetch log named FILE.
	Learn(p plan.Params, x int) string
}

// cliSweep returns CLI.Sweep's commands, or a pointer to the CLI's sweep.
func cliSweep(p plan.Params, budgets []int) []string {
	if CLI == nil {
		return []string{"freshplan sweep (docs/cli.md)"}
	}
	return CLI.Sweep(p, budgets)
}

// cliSchedule returns ": " and CLI.Schedule's command, or "" without one.
func cliSchedule(p plan.Params, x int, policy string) string {
	if CLI == nil {
		return ""
	}
	return ": " + CLI.Schedule(p, x, policy)
}

// cliLearn returns CLI.Learn's command, or "" without one.
func cliLearn(p plan.Params, x int) string {
	if CLI == nil {
		return ""
	}
	return CLI.Learn(p, x)
}
