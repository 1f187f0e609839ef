// Command freshplan-beam runs freshplan's planning pipeline on Apache
// Beam (issue 24): the same stages as freshplan plan and freshplan
// estimate, reusing core as a library, on Prism in-process or on Flink,
// Spark and Dataflow through Beam's portable runner flags.
//
//	freshplan-beam plan [plan flags] --input GLOB --output PREFIX [--runner prism|flink|spark|dataflow …]
//	freshplan-beam estimate [--prior] --input GLOB --output PREFIX [--runner …]
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/x/beamx"
	"github.com/freshplan/freshplan/core/export"
	"github.com/freshplan/freshplan/core/plan"
)

const usage = `usage:
  freshplan-beam plan [plan flags] --input GLOB --output PREFIX [--runner prism|flink|spark|dataflow and Beam's flags]
  freshplan-beam estimate [--prior] --input GLOB --output PREFIX [--runner …]
  freshplan-beam synth --pages N --hosts M --shards K --output PREFIX   (seed 000 §4's synthetic pages, for measurements)
Run "freshplan-beam plan -h" for the flags.`

func main() {
	if len(os.Args) < 2 || strings.HasPrefix(os.Args[1], "-") {
		// A Beam worker is started with flags only (--worker, --id, …).
		flag.Parse()
		beam.Init()
		fmt.Fprintln(os.Stderr, usage)
		os.Exit(2)
	}
	cmd := os.Args[1]
	var err error
	if cmd == "synth" {
		err = runSynth(os.Args[2:])
	} else {
		err = run(context.Background(), cmd, os.Args[2:])
	}
	if errors.Is(err, flag.ErrHelp) {
		os.Exit(0)
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "freshplan-beam %s: %v\n", cmd, err)
		os.Exit(1)
	}
}

// formats is --export's list.
type formats []string

func (f *formats) String() string { return strings.Join(*f, ",") }
func (f *formats) Set(s string) error {
	*f = nil
	for _, v := range strings.Split(s, ",") {
		if !slices.Contains(export.Formats, v) { // seed lists only, as freshplan plan's --export
			return fmt.Errorf("unknown format %q; want nutch, stormcrawler or csv", v)
		}
		*f = append(*f, v)
	}
	return nil
}

// parse reads the command's flags into cfg, on fs: flag.CommandLine in
// main, where Beam's own flags (--runner, --endpoint, --environment_type,
// --project, …) are, as Beam reads them from there; its own set in tests.
// Every value is checked here, before any input is read.
func parse(fs *flag.FlagSet, cmd string, args []string) (Config, string, error) {
	cfg := Config{Now: float64(time.Now().Unix()), MaxContent: plan.DefaultMaxDecompressed}
	fs.Init("freshplan-beam "+cmd, flag.ContinueOnError)
	input := fs.String("input", "", "the input's files: a glob of pages tables or observation logs (gzipped or not), local or gs://")
	fs.StringVar(&cfg.Output, "output", "", "PREFIX of the outputs: PREFIX-seeds-FORMAT-NNNNN, PREFIX-summary.json (plan), PREFIX-estimates-NNNNN (estimate), PREFIX-read.json")
	fs.IntVar(&cfg.Shards, "shards", 4, "files per output")
	fs.BoolVar(&cfg.SkipBad, "skip-bad", false, "skip bad rows of an observation log (counted, the first in PREFIX-read.json) instead of stopping")
	fs.BoolVar(&cfg.StripWWW, "strip-www", false, "drop a leading www. from hosts taken from URLs")
	var halfLife time.Duration
	fs.DurationVar(&halfLife, "half-life", 0, "weight observed intervals by recency (observation logs)")
	var exports formats = []string{"nutch"}
	if cmd == "plan" {
		fs.DurationVar(&cfg.Horizon, "horizon", 24*time.Hour, "planning horizon T")
		fs.IntVar(&cfg.Budget, "budget", 0, "visits per horizon R (default crawlers × rate × horizon)")
		fs.IntVar(&cfg.Crawlers, "crawlers", 0, "number of crawlers C")
		fs.Float64Var(&cfg.Rate, "rate", 0, "pages per second each crawler fetches")
		fs.DurationVar(&cfg.Politeness, "politeness", 15*time.Second, "minimum time between requests to one host (crawl_delay overrides upward)")
		fs.StringVar(&cfg.Objective, "objective", "staleness", "staleness, age, or harmonic")
		fs.StringVar(&cfg.Model, "model", "steady", "steady or horizon")
		cycle := fs.String("cycle", "auto", "horizons the plan spans: auto (⌈pages/budget⌉) or N")
		fs.IntVar(&cfg.MinVisits, "min-visits", 0, "visits every page gets at least")
		fs.IntVar(&cfg.MaxVisits, "max-visits", 0, "visits no page gets more than (0: no limit)")
		fs.BoolVar(&cfg.Prior, "prior", true, "shrink estimated rates towards each host's fitted prior (observation logs)")
		fs.Var(&exports, "export", "seed lists to write, comma-separated: nutch, stormcrawler, csv")
		fs.BoolVar(&cfg.Pages, "pages", false, "write PREFIX-pages-NNNNN: url,host,changes_per_day,weight,visits,interval_seconds,staleness (freshplan plan --pages)")
		fs.BoolVar(&cfg.Allocation, "allocation", false, "write PREFIX-allocation-NNNNN: url,visits,nonpolite_visits (problem S with and without the hosts' caps)")
		fs.IntVar(&cfg.Partitions, "partitions", 0, "crawler groups, each assigned whole hosts, at most --crawlers (0 or 1: one group)")
		if err := fs.Parse(args); err != nil {
			return cfg, "", err
		}
		if *cycle != "auto" {
			// A whole number, as freshplan plan's parseCycle: Sscan once took 2.5 as 2, and 3x.
			m, err := strconv.Atoi(*cycle)
			if err != nil || m < 1 {
				return cfg, "", fmt.Errorf("--cycle %q: want auto or a whole number of horizons, 1 or more", *cycle)
			}
			cfg.Cycle = m
		}
		if err := checkPlanFlags(cfg, setFlags(fs)); err != nil {
			return cfg, "", err
		}
	} else {
		fs.BoolVar(&cfg.Prior, "prior", false, "shrink each estimate towards its host's fitted prior")
		if err := fs.Parse(args); err != nil {
			return cfg, "", err
		}
		exports = nil
	}
	cfg.Exports = exports
	cfg.HalfLife = halfLife.Hours() / 24
	switch {
	case fs.NArg() > 0:
		return cfg, "", fmt.Errorf("unexpected arguments %q: the input is --input GLOB", fs.Args())
	case *input == "":
		return cfg, "", errors.New("no input: give --input GLOB")
	case cfg.Output == "":
		return cfg, "", errors.New("no output: give --output PREFIX")
	case cfg.Shards < 1:
		return cfg, "", fmt.Errorf("--shards %d: want at least 1", cfg.Shards)
	case halfLife < 0 || math.IsInf(cfg.HalfLife, 0):
		return cfg, "", fmt.Errorf("--half-life %v must not be negative", halfLife)
	}
	return cfg, *input, nil
}

func run(ctx context.Context, cmd string, args []string) error {
	var build func(context.Context, Config, string) (*beam.Pipeline, error)
	switch cmd {
	case "plan":
		build = planPipeline
	case "estimate":
		build = estimatePipeline
	default:
		return fmt.Errorf("unknown command\n%s", usage)
	}
	cfg, input, err := parse(flag.CommandLine, cmd, args)
	if err != nil {
		return err
	}
	beam.Init()
	p, err := build(ctx, cfg, input)
	if err != nil {
		return err
	}
	start := time.Now()
	res, err := beamx.RunWithMetrics(ctx, p)
	if err != nil {
		return err
	}
	printStages(os.Stderr, res)
	fmt.Fprintf(os.Stderr, "freshplan-beam %s: done in %.1f s; outputs %s-*\n", cmd, time.Since(start).Seconds(), cfg.Output)
	return nil
}

func errPagesTable(path string) error {
	return fmt.Errorf("%s is a pages table (it has changes_per_day): its rates are already known; estimate reads observation logs and change histories", path)
}
