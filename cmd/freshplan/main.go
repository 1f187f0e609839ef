//go:build !wasm

// Command freshplan plans recrawls: it estimates how often pages change and
// computes how often and when to revisit each one under a crawl budget and
// per-host politeness (SPEC §6).
//
//	freshplan plan [flags] [FILE]
//	freshplan sweep [flags] --budgets 1e5,2e5 [FILE]
//	freshplan order [flags] GRAPH
//	freshplan serve [--addr 127.0.0.1:8000]
package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/freshplan/freshplan/core/plan"
)

// Exit codes of SPEC §6.
const (
	exitOK       = 0
	exitBadInput = 1
	exitUsage    = 2
)

// usageError is a mistake in how the command was called (exit 2).
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return usageError{fmt.Sprintf(format, args...)}
}

const usage = `freshplan plans recrawls under a crawl budget and per-host politeness.

usage:
  freshplan estimate [--format csv|json] [--classes hourly=24,daily=1] FILE
                                     change rate of every URL of an observation log (CSV, CDX, CDXJ, Wayback JSON, Heritrix crawl.log)
                                     or of a change history (url,host,time, one row per change)
  freshplan plan  [flags] [FILE]     plan a pages table, an observation log or a change history (the built-in sample without FILE)
  freshplan sweep [flags] --budgets 1e5,2e5,... [FILE]
                                     staleness of every policy at each budget, as CSV
  freshplan backtest [flags] --split 2024-01-01 [--until DATE] FILE
                                     plan from FILE's past, replay every policy on what came after (CSV)
  freshplan order [flags] GRAPH      the first crawl: compare ordering strategies on a link graph (from,to URLs)
                                     in a simulated crawl; --export nutch|stormcrawler|csv FILE writes the order
  freshplan serve [--addr 127.0.0.1:8000]
                                     serve the web app
  freshplan build-static OUT         write the web app as a static site

FILE may be gzip-compressed; "-" is the standard input: xzcat log.csv.xz | freshplan estimate -
Run 'freshplan plan -h' for the planning flags.
`

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// run executes one command line and returns its exit code.
func run(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	if args[0] != "serve" {
		guardMemory(stderr)
	}
	var err error
	switch args[0] {
	case "estimate":
		err = runEstimate(args[1:], stdout, stderr)
	case "plan":
		err = runPlan(args[1:], stdout, stderr)
	case "backtest":
		err = runBacktest(args[1:], stdout, stderr)
	case "sweep":
		err = runSweep(args[1:], stdout, stderr)
	case "order":
		err = runOrder(args[1:], stdout, stderr)
	case "serve":
		err = runServe(args[1:], stdout, stderr)
	case "build-static":
		err = runBuildStatic(args[1:], stdout, stderr)
	case "-h", "-help", "--help", "help":
		fmt.Fprint(stdout, usage)
		return exitOK
	default:
		err = usagef("unknown command %q\n\n%s", args[0], usage)
	}
	var ue usageError
	switch {
	case err == nil:
		return exitOK
	case errors.As(err, &ue):
		fmt.Fprintln(stderr, "freshplan:", err)
		return exitUsage
	case errors.Is(err, errHelp):
		return exitOK
	default:
		fmt.Fprintln(stderr, "freshplan:", inFlagWords(err))
		return exitBadInput
	}
}

// flagWords are the flags that set the plan.Params and backtest.Config
// fields a plan.ParamError can name, and how to give a missing one.
var flagWords = plan.Words{
	Name: map[string]string{
		"Horizon":       "--horizon",
		"Budget":        "--budget",
		"Split":         "--split",
		"Until":         "--until",
		"TrainStart":    "--train-start",
		"CrawlInterval": "--crawl-interval",
	},
	Give: map[string]string{
		"Budget": "--budget N (visits per horizon), or --crawlers C --rate PAGES_PER_SECOND",
	},
}

// inFlagWords says a core error that names a parameter's field in the
// words of the flag that sets it, the context around it kept.
func inFlagWords(err error) error {
	var pe *plan.ParamError
	if errors.As(err, &pe) {
		return errors.New(strings.Replace(err.Error(), pe.Error(), pe.Say(flagWords), 1))
	}
	return err
}
