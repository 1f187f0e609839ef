//go:build !wasm

package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/freshplan/freshplan/core/export"
	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/core/plan"
	"github.com/freshplan/freshplan/core/staleness"
	"github.com/freshplan/freshplan/web"
)

// errHelp reports that -h was asked for and answered.
var errHelp = errors.New("help")

// planFlags are the flags plan and sweep share.
type planFlags struct {
	fs         *flag.FlagSet
	horizon    time.Duration
	budget     int
	crawlers   int
	rate       float64
	politeness time.Duration
	objective  string
	policy     string
	model      string
	minVisits  int
	maxVisits  int
}

func newPlanFlags(name string, stderr io.Writer) *planFlags {
	f := &planFlags{fs: flag.NewFlagSet(name, flag.ContinueOnError)}
	fs := f.fs
	fs.SetOutput(stderr)
	fs.DurationVar(&f.horizon, "horizon", 24*time.Hour, "planning horizon T")
	fs.IntVar(&f.budget, "budget", 0, "visits per horizon R (default crawlers × rate × horizon)")
	fs.IntVar(&f.crawlers, "crawlers", 0, "number of crawlers C")
	fs.Float64Var(&f.rate, "rate", 0, "pages per second each crawler fetches")
	fs.DurationVar(&f.politeness, "politeness", 15*time.Second, "minimum time between requests to one host (crawl_delay overrides upward)")
	fs.StringVar(&f.objective, "objective", "staleness", "staleness or age")
	fs.StringVar(&f.policy, "policy", "psp", "policy whose pages, schedule and exports are written: "+strings.Join(plan.Policies, ", "))
	fs.StringVar(&f.model, "model", "steady", "steady (the plan repeats every horizon) or horizon (the papers' single horizon)")
	fs.IntVar(&f.minVisits, "min-visits", 0, "visits every page gets at least")
	fs.IntVar(&f.maxVisits, "max-visits", 0, "visits no page gets more than (0: no limit)")
	return f
}

// parse parses args; flag syntax errors are usage errors (exit 2).
func (f *planFlags) parse(args []string) error {
	if err := f.fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return errHelp
		}
		return usageError{err.Error()}
	}
	if f.fs.NArg() > 1 {
		return usagef("one input file at most, got %q", f.fs.Args())
	}
	return nil
}

// params turns the flags into planning parameters; a value out of range
// is bad input (exit 1), named after its flag.
func (f *planFlags) params() (plan.Params, error) {
	p := plan.DefaultParams()
	var err error
	if p.Objective, err = staleness.ParseObjective(f.objective); err != nil {
		return p, fmt.Errorf("--objective: %w", err)
	}
	if p.Model, err = staleness.ParseModel(f.model); err != nil {
		return p, fmt.Errorf("--model: %w", err)
	}
	if !slices.Contains(plan.Policies, f.policy) {
		return p, fmt.Errorf("--policy: unknown policy %q: want one of %s", f.policy, strings.Join(plan.Policies, ", "))
	}
	set := map[string]bool{}
	f.fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	switch {
	case set["budget"] && f.budget <= 0:
		return p, fmt.Errorf("--budget %d: want a positive number of visits per horizon", f.budget)
	case set["crawlers"] && f.crawlers <= 0:
		return p, fmt.Errorf("--crawlers %d: want a positive number of crawlers", f.crawlers)
	case set["crawlers"] != set["rate"]:
		return p, errors.New("--crawlers and --rate go together: give both, or --budget alone")
	case !set["budget"] && !set["crawlers"]:
		return p, errors.New("no budget: give --budget N, or --crawlers C --rate PAGES_PER_SECOND")
	}
	p.Horizon, p.Budget, p.Crawlers, p.Rate = f.horizon, f.budget, f.crawlers, f.rate
	p.Politeness, p.Policy = f.politeness, f.policy
	p.MinVisits, p.MaxVisits = f.minVisits, f.maxVisits
	return p, nil
}

// readInput reads the pages table named on the command line, or the
// built-in sample (saying so on stderr) when none is.
func (f *planFlags) readInput(stderr io.Writer) ([]pages.Page, error) {
	if f.fs.NArg() == 0 {
		fmt.Fprintf(stderr, "freshplan: no file given; planning the built-in sample (%s)\n", web.SampleName)
		return pages.Read(bytes.NewReader(web.SamplePages), web.SampleName)
	}
	name := f.fs.Arg(0)
	file, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer file.Close()
	return pages.Read(file, name)
}

// splitExport pulls "--export FORMAT FILE" (two values, which package flag
// cannot take) out of args.
func splitExport(args []string) (rest []string, format, file string, err error) {
	for k := 0; k < len(args); k++ {
		a := args[k]
		if a == "--" {
			rest = append(rest, args[k:]...)
			break
		}
		if a != "--export" && a != "-export" {
			rest = append(rest, a)
			continue
		}
		if k+2 >= len(args) {
			return nil, "", "", usagef("--export takes a format and a file: --export nutch|stormcrawler|csv FILE")
		}
		format, file = args[k+1], args[k+2]
		if !slices.Contains(export.Formats, format) {
			return nil, "", "", fmt.Errorf("--export: unknown format %q: want nutch, stormcrawler or csv", format)
		}
		k += 2
	}
	return rest, format, file, nil
}
