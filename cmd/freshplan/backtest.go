//go:build !wasm

package main

import (
	"bufio"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/freshplan/freshplan/core/backtest"
	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/core/plan"
)

// runBacktest is `freshplan backtest [flags] --split DATE [--until DATE] FILE`
// (SPEC §6): plan from the part of FILE before the split, replay every
// policy against what happened after it.
func runBacktest(args []string, stdout, stderr io.Writer) error {
	f := newPlanFlags("backtest", stderr)
	split := f.fs.String("split", "", "date (YYYY-MM-DD or RFC 3339) that ends training and starts the test")
	until := f.fs.String("until", "", "end of the test period (default: a year after the split)")
	trainStart := f.fs.String("train-start", "", "start of the simulated training crawl (default: a year before the split)")
	interval := f.fs.Duration("crawl-interval", backtest.DefaultCrawlInterval, "interval of the simulated training crawl over a change history")
	replan := f.fs.Bool("replan", true, "also replay psp re-planned every horizon")
	adaptive := f.fs.Bool("adaptive", true, "also replay Nutch's and StormCrawler's adaptive schedulers tuned to psp's visits")
	learn := f.fs.Bool("learn", true, "also replay the policy that learns as it crawls (the recommended one)")
	hindsight := f.fs.Bool("hindsight", true, "also replay psp planned from the test period's own rates: the headroom of a static plan")
	cycle := f.fs.Int("cycle", 0, "horizons a static plan spans (0: the fewest that reach every page, 1: the papers' single horizon)")
	budgetList := f.fs.String("budgets", "", "several budgets in one run: visits per page per week (0.25,0.5,1,2,4), or per horizon with a v (500v,1000v)")
	if err := f.parse(args); err != nil {
		return err
	}
	f.unused(stderr, "it replays every policy", "policy")
	if f.weights != "given" {
		// A log's weight column weighs its pages, in the plans and in the
		// replay's average; embarrassment needs a pages table's columns.
		return usagef("--weights %s: backtest weighs each page by its log's weight column (--weights given); it replays a change history or an observation log, which has no wrong or returned columns", f.weights)
	}
	if f.fs.NArg() == 0 {
		return usagef("backtest needs a change history or an observation log: freshplan backtest [flags] --split 2024-01-01 FILE")
	}
	if *split == "" {
		return usagef("backtest needs --split DATE, e.g. --split 2024-01-01")
	}
	at, err := parseDate("--split", *split)
	if err != nil {
		return err
	}
	start, end := backtest.Window(at)
	if *until != "" {
		if end, err = parseDate("--until", *until); err != nil {
			return err
		}
	}
	if *trainStart != "" {
		if start, err = parseDate("--train-start", *trainStart); err != nil {
			return err
		}
	}
	if !start.Before(at) || !at.Before(end) {
		return fmt.Errorf("--train-start %s, --split %s, --until %s: want them in that order", start.Format(time.DateOnly), at.Format(time.DateOnly), end.Format(time.DateOnly))
	}
	if *interval <= 0 {
		return fmt.Errorf("--crawl-interval %v: want a positive duration", *interval)
	}
	set := map[string]bool{}
	f.fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	if !set["budget"] && !set["crawlers"] {
		if err := f.fs.Set("budget", "1"); err != nil { // validated below, then left to the backtest's default
			return err
		}
	}
	if !set["horizon"] {
		if err := f.fs.Set("horizon", backtest.DefaultHorizon.String()); err != nil {
			return err
		}
	}
	params, err := f.params()
	if err != nil {
		return err
	}
	if !set["budget"] && !set["crawlers"] {
		params.Budget = 0 // one visit per page per week
	}
	if err := backtest.Check(backtest.Config{Params: params, TrainStart: float64(start.Unix()), Split: float64(at.Unix()),
		Until: float64(end.Unix()), CrawlInterval: interval.Seconds()}, 0); err != nil {
		return err // before the input is read: bad values are told at once
	}
	file, err := openInput(f.fs.Arg(0))
	if err != nil {
		return err
	}
	defer file.Close()
	content, err := f.content(file)
	if err != nil {
		return err
	}
	changes, log, err := backtest.Load(context.Background(), content, backtest.LoadOptions{Name: f.inputName(), SkipBad: f.skipBad, StripWWW: f.stripWWW, MaxMemory: memory.budget * 3 / 4})
	if err != nil {
		return limitHint(err)
	}
	reportRead(stderr, f.inputName(), log)
	hosts := make([]pages.Page, len(changes))
	for i, c := range changes {
		hosts[i] = pages.Page{URL: c.URL, Host: c.Host, CrawlDelay: c.CrawlDelay}
	}
	if err := checkMemory(fmt.Sprintf("backtesting %d pages at %d visits per horizon", len(changes), params.Budget), backtestNeed(len(changes), params)); err != nil {
		return err
	}
	if note := plan.Unvisitable(hosts, params.Horizon); note != "" {
		fmt.Fprintf(stderr, "freshplan: %s: %s\n", f.inputName(), note)
	}
	if *cycle < 0 {
		return usagef("--cycle %d: want 0 (the fewest horizons that reach every page) or a number of horizons", *cycle)
	}
	n := backtest.PagesBefore(changes, float64(at.Unix()))
	var budgets []int
	if *budgetList != "" {
		if set["budget"] || set["crawlers"] {
			return usagef("--budgets replaces --budget and --crawlers: give one or the other")
		}
		if budgets, err = parseBudgets(*budgetList, n, params.Horizon); err != nil {
			return err
		}
	}
	cfg := backtest.Config{
		Params: params, TrainStart: float64(start.Unix()), Split: float64(at.Unix()), Until: float64(end.Unix()),
		CrawlInterval: interval.Seconds(), Prior: f.prior, HalfLife: f.halfLife.Hours() / 24, Replan: *replan, Adaptive: *adaptive,
		Learn: *learn, Hindsight: *hindsight, Cycle: *cycle,
	}
	results, err := backtest.RunBudgets(context.Background(), changes, cfg, budgets)
	if err != nil {
		var pe *plan.ParamError
		if errors.As(err, &pe) {
			err = pe // a parameter's error is told after the file alone, as Check's are
		}
		return fmt.Errorf("%s: %w", f.fs.Arg(0), err)
	}
	for _, res := range results {
		if res.Cycle > 1 && res.Budget < res.Pages {
			// A plan of one horizon with fewer visits than pages would
			// never visit the rest (SPEC §5's steady model).
			fmt.Fprintf(stderr, "freshplan: %d visits per horizon for %d pages: the static plans span a cycle of %d horizons (%s) at %d visits, so every page can be visited (--cycle 1 plans one horizon, as the papers do)\n",
				res.Budget, res.Pages, res.Cycle, plan.ShortDuration(time.Duration(res.Cycle)*params.Horizon), res.Cycle*res.Budget)
		}
		for _, r := range res.Rows {
			if r.NotPlanned != "" {
				fmt.Fprintf(stderr, "freshplan: warning: %s is not replayed at %d visits per horizon: it cannot be planned here (%s)\n", r.Policy, res.Budget, r.NotPlanned)
			}
		}
	}
	if budgets != nil {
		return writeBudgetRows(stdout, results, params.Horizon)
	}
	rows := results[0].Rows
	bw := bufio.NewWriter(stdout)
	bw.WriteString("policy,staleness,visits,changes_detected\n")
	for _, r := range rows {
		if r.NotPlanned != "" {
			continue
		}
		fmt.Fprintf(bw, "%s,%s,%d,%d\n", r.Policy, strconv.FormatFloat(r.Staleness, 'g', -1, 64), r.Visits, r.ChangesDetected)
	}
	return bw.Flush()
}

// parseDate reads a flag's date: YYYY-MM-DD (UTC) or RFC 3339.
func parseDate(flagName, s string) (time.Time, error) {
	if t, err := time.Parse(time.DateOnly, s); err == nil {
		return t, nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	return time.Time{}, fmt.Errorf("%s %q: want a date such as 2024-01-01 or 2024-01-01T00:00:00Z", flagName, s)
}

// parseBudgets reads --budgets: visits per page per week (0.25,0.5,1), each
// made visits per horizon for the pages replayed, or visits per horizon
// with a v (500v).
func parseBudgets(list string, pages int, horizon time.Duration) ([]int, error) {
	var out []int
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		perHorizon := strings.HasSuffix(f, "v")
		v, err := strconv.ParseFloat(strings.TrimSuffix(f, "v"), 64)
		if err != nil || !(v > 0) || math.IsInf(v, 0) {
			return nil, usagef("--budgets %q: %q is not a positive number of visits per page per week (0.25) or per horizon (500v)", list, f)
		}
		var b int
		switch {
		case !perHorizon:
			b = backtest.PerPageWeek(v, pages, horizon)
		case v > plan.MaxBudget: // before it is made an int, which it may not fit
			b = math.MaxInt
		default:
			b = max(1, int(math.Round(v)))
		}
		if b > plan.MaxBudget {
			return nil, usagef("--budgets %q: %s is more than the %d visits per horizon a plan schedules", list, f, plan.MaxBudget)
		}
		out = append(out, b)
	}
	return out, nil
}

// writeBudgetRows writes --budgets' CSV: for each budget and policy, its
// staleness and visits, and its staleness over uniform's at that budget.
func writeBudgetRows(w io.Writer, results []backtest.Result, horizon time.Duration) error {
	bw := bufio.NewWriter(w)
	bw.WriteString("budget,visits_per_page_per_week,policy,staleness,visits,changes_detected,vs_uniform\n")
	for _, res := range results {
		uniform := math.NaN()
		for _, r := range res.Rows {
			if r.Policy == string(plan.Uniform) && r.NotPlanned == "" {
				uniform = r.Staleness
			}
		}
		perPage := backtest.VisitsPerPageWeek(res.Budget, res.Pages, horizon)
		for _, r := range res.Rows {
			if r.NotPlanned != "" {
				continue
			}
			ratio := ""
			if uniform > 0 {
				ratio = strconv.FormatFloat(r.Staleness/uniform, 'g', 6, 64)
			}
			fmt.Fprintf(bw, "%d,%s,%s,%s,%d,%d,%s\n", res.Budget, strconv.FormatFloat(perPage, 'g', 6, 64), r.Policy,
				strconv.FormatFloat(r.Staleness, 'g', -1, 64), r.Visits, r.ChangesDetected, ratio)
		}
	}
	return bw.Flush()
}
