//go:build !wasm

package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/freshplan/freshplan/core/plan"
)

func runSweep(args []string, stdout, stderr io.Writer) error {
	f := newPlanFlags("sweep", stderr)
	list := f.fs.String("budgets", "", "comma-separated budgets (visits per horizon), e.g. 1e5,2e5")
	if err := f.parse(args); err != nil {
		return err
	}
	f.unused(stderr, "it writes every policy's staleness at every budget", "policy")
	if *list == "" {
		return usagef("sweep needs --budgets, e.g. --budgets 1e5,2e5,4e5")
	}
	var budgets []int
	for _, s := range strings.Split(*list, ",") {
		v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil || v < 1 || v > plan.MaxBudget || v != math.Trunc(v) {
			return fmt.Errorf("--budgets: %q is not a whole number of visits between 1 and %d", s, plan.MaxBudget)
		}
		budgets = append(budgets, int(v))
	}
	f.budget = budgets[0]
	if err := f.fs.Set("budget", strconv.Itoa(budgets[0])); err != nil {
		return err
	}
	params, pg, err := f.setup(stderr)
	if err != nil {
		return err
	}
	// A sweep plans every policy at each budget, keeping no schedule; the
	// largest budget needs the most.
	most := params
	most.Budget, most.Policy, most.Compare = slices.Max(budgets), plan.None, nil
	need, err := checkPlanMemory(pg, most, true)
	if err != nil {
		return err
	}
	defer limitPlanning(need)()
	points, err := plan.Sweep(context.Background(), plan.List(pg), params, budgets)
	if err != nil {
		return fmt.Errorf("%s: %w", f.inputName(), err)
	}
	bw := bufio.NewWriter(stdout)
	bw.WriteString("budget,policy,staleness\n")
	for _, pt := range points {
		fmt.Fprintf(bw, "%d,%s,%s\n", pt.Budget, pt.Name, strconv.FormatFloat(pt.Value, 'g', -1, 64))
	}
	return bw.Flush()
}
