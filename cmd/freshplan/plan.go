//go:build !wasm

package main

import (
	"context"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/freshplan/freshplan/core/export"
	"github.com/freshplan/freshplan/core/plan"
	"github.com/freshplan/freshplan/core/schedule"
	"github.com/freshplan/freshplan/core/staleness"
)

func runPlan(args []string, stdout, stderr io.Writer) error {
	args, exportFormat, exportFile, err := splitExport(args)
	if err != nil {
		return err
	}
	f := newPlanFlags("plan", stderr)
	schedulePath := f.fs.String("schedule", "", "write the schedule CSV (time_seconds,crawler,url,host) to this file")
	pagesPath := f.fs.String("pages", "", "write the per-page CSV to this file")
	hostsPath := f.fs.String("hosts", "", "write the per-host CSV to this file")
	jsonPath := f.fs.String("json", "", `write the JSON summary to this file ("-" for stdout)`)
	f.fs.String("export", "", "nutch|stormcrawler|csv FILE: write a seed list the crawler can load")
	simulateRuns := f.fs.Int("simulate", 0, "replay every schedule N times against sampled Poisson changes and show each figure's simulated counterpart with its 95% interval")
	seed := f.fs.Uint64("seed", 1, "seed of --simulate's random changes")
	compare := f.fs.String("compare", "auto", "the policies to compare with --policy's: all, none, or a list (mp2,uniform,…); the bounds are always computed. auto: all when --json is written (its summary has every policy's figure, SPEC §6), else none")
	cycle := f.fs.String("cycle", "auto", "horizons the plan spans: auto (the fewest in which the budget reaches every page; 1 when it does in one) or a number; 1 plans one horizon, as the papers do")
	if err := f.parse(args); err != nil {
		return err
	}
	if *simulateRuns < 0 || *simulateRuns > plan.MaxSimulateRuns {
		return fmt.Errorf("--simulate %d: want 0 (none) to %d runs", *simulateRuns, plan.MaxSimulateRuns)
	}
	compared, err := parseCompare(*compare, *jsonPath != "")
	if err != nil {
		return err
	}
	start := time.Now()
	params, pg, err := f.setup(stderr)
	if err != nil {
		return err
	}
	read := time.Since(start).Seconds()
	params.Simulate, params.Seed = *simulateRuns, *seed
	params.Compare = compared
	if params.Cycle, err = parseCycle(*cycle, len(pg), params); err != nil {
		return err
	}
	if params.Cycle > 1 {
		budget, _ := params.Visits()
		fmt.Fprintf(stderr, "freshplan: %d visits per horizon for %d pages: the plan spans a cycle of %d horizons (%s), each horizon within its budget (--cycle 1 plans one horizon, as the papers do)\n",
			budget, len(pg), params.Cycle, plan.ShortDuration(time.Duration(params.Cycle)*params.Horizon))
	}
	// Per page, the exports write the policy's figures and the summary
	// counts psp's visits; every other result needs its value only.
	params.PerPage = []plan.Policy{params.Policy, plan.PSP}
	// The schedule is streamed: to its file with --schedule, else nowhere
	// (no other output needs it); learn's is held (RunLearn).
	need, err := checkPlanMemory(pg, params, params.Policy != plan.Learn)
	if err != nil {
		return err
	}
	defer limitPlanning(need)()
	var pl *plan.Plan
	streamed := false
	if params.Policy == plan.Learn {
		pl, err = plan.RunLearn(context.Background(), plan.List(pg), learnStart(f.input), params)
	} else if *schedulePath != "" {
		// The schedule goes to its file as it is made: the plan holds none.
		streamed = true
		werr := writeTo(*schedulePath, stdout, func(w io.Writer) error {
			sw := export.NewScheduleWriter(w, plan.List(pg))
			params.Stream = sw.Write
			if pl, err = plan.Run(context.Background(), pg, params); err != nil {
				return err
			}
			return sw.Flush()
		})
		switch {
		case err != nil: // planning's, not the file's
			if *schedulePath != "-" {
				os.Remove(*schedulePath) // no schedule was made: leave no file behind
			}
		case werr != nil:
			return werr
		}
	} else {
		params.Stream = func(schedule.Visit) {} // counted (Plan.Scheduled, Host.Visits), not held
		pl, err = plan.Run(context.Background(), pg, params)
	}
	if err != nil {
		return fmt.Errorf("%s: %w", f.inputName(), err)
	}
	// seconds.estimate in the summary: reading the input and, for an
	// observation log, estimating its rates.
	pl.Seconds.Estimate = read
	if u := export.Summarize(pl).Unbounded; len(u) > 0 {
		names := slices.Sorted(maps.Keys(u))
		fmt.Fprintf(stderr, "freshplan: warning: %d of the figures are unbounded (+Inf; null in the JSON, explained under \"unbounded\"): %s: %s\n",
			len(names), strings.Join(plan.Names(names), ", "), u[names[0]])
	}
	outputs := []struct {
		path  string
		write func(io.Writer) error
	}{
		{*schedulePath, func(w io.Writer) error { return export.Write(w, pl, "schedule") }},
		{*pagesPath, func(w io.Writer) error { return export.Write(w, pl, "pages") }},
		{*hostsPath, func(w io.Writer) error { return export.Write(w, pl, "hosts") }},
		{exportFile, func(w io.Writer) error { return export.Write(w, pl, exportFormat) }},
		{*jsonPath, func(w io.Writer) error { return export.Write(w, pl, "json") }},
	}
	if streamed {
		outputs[0].write = nil // written as it was made
	}
	toStdout := false
	for _, o := range outputs {
		if o.path == "" {
			continue
		}
		toStdout = toStdout || o.path == "-"
		if o.write == nil {
			continue
		}
		if err := writeTo(o.path, stdout, o.write); err != nil {
			return err
		}
	}
	if !toStdout { // the human summary would corrupt a file written to stdout
		report(stdout, pl)
	}
	return nil
}

// learnStart is where the learning policy starts from an observation
// log: every page's fetches folded into its posterior; nil (rates taken
// as known) for a pages table or a change history.
func learnStart(in *plan.Input) *plan.LearnStart {
	if in == nil || in.Kind == plan.KindPages || in.Kind == plan.KindChanges || in.Log == nil || len(in.Log.Histories) != len(in.Pages) || len(in.Estimates) != len(in.Pages) {
		return nil
	}
	return plan.StartFromHistories(in.Log.Histories, in.Estimates)
}

// parseCompare reads --compare: the policies Run computes beside the
// chosen one and the bounds (plan.Params.Compare: nil for all, empty for
// none). auto compares every policy when the JSON summary is written,
// whose staleness object SPEC §6 gives every policy's figure, and none
// otherwise: the chosen policy and the bounds are a quarter of the work.
func parseCompare(s string, summary bool) ([]plan.Policy, error) {
	switch s {
	case "all":
		return nil, nil
	case "none":
		return []plan.Policy{}, nil
	case "auto":
		if summary {
			return nil, nil
		}
		return []plan.Policy{}, nil
	}
	var list []plan.Policy
	for name := range strings.SplitSeq(s, ",") {
		p := plan.Policy(strings.TrimSpace(name))
		if !p.IsPolicy() {
			return nil, usagef("--compare %q: want all, none, auto or a comma-separated list of %s", s, plan.PolicyList())
		}
		list = append(list, p)
	}
	return list, nil
}

// parseCycle reads --cycle: auto (plan.AutoCycle for the pages at the
// parameters' budget) or a whole number of horizons.
func parseCycle(s string, pages int, params plan.Params) (int, error) {
	if s == "auto" {
		budget, err := params.Visits()
		if err != nil {
			return 0, err
		}
		return plan.AutoCycle(pages, budget), nil
	}
	m, err := strconv.Atoi(s)
	if err != nil || m < 1 {
		return 0, usagef("--cycle %q: want auto or a whole number of horizons, 1 or more", s)
	}
	return m, nil
}

// writeTo writes to the named file, or to stdout for "-".
func writeTo(path string, stdout io.Writer, write func(io.Writer) error) error {
	if path == "-" {
		return write(stdout)
	}
	file, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(file); err != nil {
		file.Close()
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return file.Close()
}

// report prints the human summary: the policy, the bounds and the
// policies compared (--compare), side by side.
func report(w io.Writer, pl *plan.Plan) {
	p := pl.Params
	unit := "staleness"
	switch p.Objective {
	case staleness.Age:
		unit = "age (s)"
	case staleness.Harmonic:
		unit = "harmonic penalty"
	}
	T, R := p.PerHorizon()
	cycle := ""
	if p.Cycle > 1 {
		cycle = fmt.Sprintf(" (a cycle of %d horizons, %d visits)", p.Cycle, p.Budget)
	}
	fmt.Fprintf(w, "%d pages on %d hosts; horizon %v, budget %d visits%s, %d crawler(s) at %.4g pages/s, politeness %v, %s model\n",
		pl.Table.Len(), len(pl.Hosts), plan.ShortDuration(T), R, cycle, p.Crawlers, p.Rate, plan.ShortDuration(p.Politeness), p.Model)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	sim := p.Simulate > 0
	if sim {
		fmt.Fprintf(tw, "policy\t%s\tfreshness\tsimulated (%d runs, 95%%)\thow\n", unit, p.Simulate)
	} else {
		fmt.Fprintf(tw, "policy\t%s\tfreshness\thow\n", unit)
	}
	names := append(plan.Policies(), plan.Bounds()...)
	if pl.Result(plan.Learn) != nil {
		names = append([]plan.Policy{plan.Learn}, names...)
	}
	left := 0 // policies not compared (--compare)
	for _, name := range names {
		r := pl.Result(name)
		if r == nil && pl.Omitted[name] == "" {
			left++
			continue
		}
		if r == nil {
			why := pl.Omitted[name]
			if sim {
				fmt.Fprintf(tw, "%s\t–\t\t\tnot planned: %s\n", name, why)
			} else {
				fmt.Fprintf(tw, "%s\t–\t\tnot planned: %s\n", name, why)
			}
			continue
		}
		fresh := ""
		if p.Objective == staleness.Stale {
			fresh = fmt.Sprintf("%.4f", 1-r.Value)
		}
		if sim {
			s := "no schedule to replay"
			if e := r.Sim; e != nil {
				s = fmt.Sprintf("%.6g ± %.2g", e.Mean, e.HalfWidth())
			}
			fmt.Fprintf(tw, "%s\t%.6g\t%s\t%s\t%s\n", name, r.Value, fresh, s, plan.Describe[name])
			continue
		}
		fmt.Fprintf(tw, "%s\t%.6g\t%s\t%s\n", name, r.Value, fresh, plan.Describe[name])
	}
	tw.Flush()
	if left > 0 {
		fmt.Fprintf(w, "%d other policies not compared: --compare all (or a list, e.g. --compare mp2,uniform) plans them beside %s\n", left, p.Policy)
	}
	if pl.Params.Policy == plan.Learn {
		fmt.Fprintf(w, "learn schedule: %d visits in the cycle planned; plan again from the crawl's log after each horizon (docs/learn.md)\n", len(pl.Schedule))
	}
	psp := pl.Result(plan.PSP)
	fmt.Fprintf(w, "psp schedule: %d visits made, %d dropped, %d politeness violations; %.3f s allocating, %.3f s scheduling\n",
		int(sum(psp.Visits)), psp.Dropped, psp.Violations, pl.Seconds.Allocate, pl.Seconds.Schedule)
}

func sum(x []float64) float64 {
	var s float64
	for _, v := range x {
		s += v
	}
	return s
}
