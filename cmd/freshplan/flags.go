//go:build !wasm

package main

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/freshplan/freshplan/core/estimate"
	"github.com/freshplan/freshplan/core/export"
	"github.com/freshplan/freshplan/core/observe"
	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/core/plan"
	"github.com/freshplan/freshplan/core/staleness"
	"github.com/freshplan/freshplan/web"
)

// errHelp reports that -h was asked for and answered.
var errHelp = errors.New("help")

// planFlags are the flags plan and sweep share.
type planFlags struct {
	fs          *flag.FlagSet
	horizon     time.Duration
	budget      int
	crawlers    int
	rate        float64
	politeness  time.Duration
	objective   string
	policy      string
	model       string
	minVisits   int
	maxVisits   int
	skipBad     bool
	stripWWW    bool
	prior       bool
	weights     string
	halfLife    time.Duration
	maxContent  sizeFlag    // the most a gzip input may decompress to
	refusePages bool        // estimate's: a pages table is refused before it is read
	input       *plan.Input // what readInput read, for what the pages alone do not carry (a log's histories)
}

func newPlanFlags(name string, stderr io.Writer) *planFlags {
	f := newReadFlags(name, stderr)
	fs := f.fs
	fs.DurationVar(&f.horizon, "horizon", 24*time.Hour, "planning horizon T")
	fs.IntVar(&f.budget, "budget", 0, "visits per horizon R (default crawlers × rate × horizon)")
	fs.IntVar(&f.crawlers, "crawlers", 0, "number of crawlers C")
	fs.Float64Var(&f.rate, "rate", 0, "pages per second each crawler fetches")
	fs.DurationVar(&f.politeness, "politeness", 15*time.Second, "minimum time between requests to one host (crawl_delay overrides upward)")
	fs.StringVar(&f.objective, "objective", "staleness", "staleness, age, or harmonic (a copy that missed n changes costs 1 + 1/2 + … + 1/n)")
	fs.StringVar(&f.policy, "policy", string(plan.PSP), "policy whose pages, schedule and exports are written: "+plan.PolicyList()+", or learn (plan only: the policy that learns as it crawls)")
	fs.StringVar(&f.model, "model", "steady", "steady (the plan repeats every horizon) or horizon (the papers' single horizon)")
	fs.IntVar(&f.minVisits, "min-visits", 0, "visits every page gets at least")
	fs.IntVar(&f.maxVisits, "max-visits", 0, "visits no page gets more than (0: no limit)")
	fs.StringVar(&f.weights, "weights", "given", "given (the weight column, default 1) or embarrassment (seed 003 eq. 8 from the wrong and returned columns)")
	return f
}

// newReadFlags registers the flags of reading an input alone (estimate's):
// a planning flag given to estimate is then a usage error, not silently
// ignored.
func newReadFlags(name string, stderr io.Writer) *planFlags {
	f := &planFlags{fs: flag.NewFlagSet(name, flag.ContinueOnError)}
	fs := f.fs
	fs.SetOutput(stderr)
	fs.BoolVar(&f.skipBad, "skip-bad", false, "skip bad rows of an observation log or change history (counted, the first reported) instead of stopping")
	fs.BoolVar(&f.stripWWW, "strip-www", false, "drop a leading www. from hosts taken from URLs")
	fs.DurationVar(&f.halfLife, "half-life", 0, "weight an observation log's intervals by recency with this half-life, e.g. 720h (seed 001 §6.7); 0 weighs all alike")
	fs.BoolVar(&f.prior, "prior", true, "shrink estimated rates towards each host's fitted prior, so no page is planned at rate 0 for lack of evidence")
	f.maxContent = plan.DefaultMaxDecompressed
	fs.Var(&f.maxContent, "max-decompressed", "the most a gzip input may decompress to, e.g. 16GiB (a guard against decompression bombs)")
	return f
}

// sizeFlag is a number of bytes, given as 4GiB, 500MiB, 1e9 or 1000000.
type sizeFlag int64

func (s *sizeFlag) String() string { return plan.Bytes(int64(*s)) }

func (s *sizeFlag) Set(v string) error {
	num, unit := v, int64(1)
	for _, u := range []struct {
		suffix string
		size   int64
	}{{"TiB", 1 << 40}, {"GiB", 1 << 30}, {"MiB", 1 << 20}, {"KiB", 1 << 10}, {"TB", 1e12}, {"GB", 1e9}, {"MB", 1e6}, {"KB", 1e3}, {"B", 1}} {
		if strings.HasSuffix(v, u.suffix) {
			num, unit = strings.TrimSpace(strings.TrimSuffix(v, u.suffix)), u.size
			break
		}
	}
	x, err := strconv.ParseFloat(num, 64)
	if err != nil || !(x >= 1) || x*float64(unit) > math.MaxInt64/2 {
		return fmt.Errorf("want a size such as 4GiB, 500MiB or 1000000 (bytes), at least 1 byte")
	}
	*s = sizeFlag(x * float64(unit))
	return nil
}

// content returns file's content — decompressed, when it is gzipped, up
// to --max-decompressed.
func (f *planFlags) content(file *os.File) (io.Reader, error) {
	return plan.Content(file, f.inputName(), int64(f.maxContent))
}

// limitHint adds to an error from reading past --max-decompressed the
// flag that raises the limit.
func limitHint(err error) error {
	var tl *plan.TooLargeError
	switch {
	case errors.As(err, &tl):
		return fmt.Errorf("%w; --max-decompressed raises it", err)
	case errors.Is(err, plan.ErrMemory) && memory.limit > 0:
		return fmt.Errorf("%w (%s)", err, describeLimit())
	}
	return err
}

// parse parses args; flag syntax errors are usage errors (exit 2),
// reported in one line. -h prints the flags to stderr.
func (f *planFlags) parse(args []string) error {
	out := f.fs.Output()
	f.fs.SetOutput(io.Discard) // the error is reported once, by run
	err := f.fs.Parse(args)
	f.fs.SetOutput(out)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fmt.Fprintf(out, "usage: freshplan %s [flags] [FILE]\n\nflags:\n", f.fs.Name())
			f.fs.PrintDefaults()
			return errHelp
		}
		return usagef("%v (run 'freshplan %s -h' for the flags)", err, f.fs.Name())
	}
	if f.fs.NArg() > 1 {
		return usagef("one input file at most, got %d: %q (flags go before the file)", f.fs.NArg(), f.fs.Args())
	}
	return nil
}

// unused warns on stderr of each of the flags given that the command has
// no use for, and why, so that none is silently ignored. (SPEC §6 gives
// sweep and backtest plan's flags: they are accepted, not refused.)
func (f *planFlags) unused(stderr io.Writer, why string, names ...string) {
	f.fs.Visit(func(fl *flag.Flag) {
		if slices.Contains(names, fl.Name) {
			fmt.Fprintf(stderr, "freshplan: warning: --%s does nothing for %s: %s\n", fl.Name, f.fs.Name(), why)
		}
	})
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
	policy := plan.Policy(f.policy)
	if !policy.IsPolicy() && policy != plan.Learn {
		return p, fmt.Errorf("--policy: unknown policy %q: want one of %s, or %s", f.policy, plan.PolicyList(), plan.Learn)
	}
	if err := f.readParams(); err != nil {
		return p, err
	}
	set := map[string]bool{}
	f.fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	// Checked here, before any input is read, so the message names the flag.
	T := f.horizon.Seconds()
	switch {
	case f.horizon <= 0:
		return p, fmt.Errorf("--horizon %v: want a positive duration such as 24h", f.horizon)
	case f.politeness < 0:
		return p, fmt.Errorf("--politeness %v: want a duration of 0s or more, such as 15s", f.politeness)
	case f.politeness > f.horizon:
		return p, fmt.Errorf("--politeness %v is longer than --horizon %v: no host could be visited even twice; want a politeness of at most the horizon", f.politeness, f.horizon)
	case set["budget"] && f.budget <= 0:
		return p, fmt.Errorf("--budget %d: want a positive number of visits per horizon", f.budget)
	case f.budget > plan.MaxBudget:
		return p, fmt.Errorf("--budget %d: want at most %d visits per horizon (every visit of a schedule is held in memory)", f.budget, plan.MaxBudget)
	case set["crawlers"] && f.crawlers <= 0:
		return p, fmt.Errorf("--crawlers %d: want a positive number of crawlers", f.crawlers)
	case set["crawlers"] != set["rate"]:
		return p, errors.New("--crawlers and --rate go together: give both, or --budget alone")
	case set["rate"] && !(f.rate > 0 && !math.IsInf(f.rate, 1)):
		return p, fmt.Errorf("--rate %v: want a positive number of pages per second per crawler", f.rate)
	case !set["budget"] && !set["crawlers"]:
		return p, errors.New("no budget: give --budget N (visits per horizon), or --crawlers C --rate PAGES_PER_SECOND")
	case f.minVisits < 0:
		return p, fmt.Errorf("--min-visits %d: want 0 or more", f.minVisits)
	case f.maxVisits < 0:
		return p, fmt.Errorf("--max-visits %d: want 0 (no limit) or more", f.maxVisits)
	case f.maxVisits > 0 && f.minVisits > f.maxVisits:
		return p, fmt.Errorf("--min-visits %d is more than --max-visits %d", f.minVisits, f.maxVisits)
	}
	if !set["budget"] {
		b := math.Floor(float64(f.crawlers) * f.rate * T)
		switch {
		case b < 1:
			return p, fmt.Errorf("--crawlers %d --rate %v make no visit in --horizon %v; want a budget of at least 1 visit", f.crawlers, f.rate, f.horizon)
		case b > plan.MaxBudget:
			return p, fmt.Errorf("--crawlers %d --rate %v make %.0f visits per horizon; want at most %d (every visit of a schedule is held in memory)", f.crawlers, f.rate, b, plan.MaxBudget)
		}
	}
	p.Horizon, p.Budget, p.Crawlers, p.Rate = f.horizon, f.budget, f.crawlers, f.rate
	p.Politeness, p.Policy = f.politeness, policy
	p.MinVisits, p.MaxVisits = f.minVisits, f.maxVisits
	return p, nil
}

// readParams checks the reading flags' values (estimate's, and the
// others' through params): a negative half-life was once ignored.
func (f *planFlags) readParams() error {
	if f.halfLife < 0 {
		return fmt.Errorf("--half-life %v: want 0 (every interval weighs alike) or a positive duration such as 720h", f.halfLife)
	}
	return nil
}

// inputName is the input's name for messages.
func (f *planFlags) inputName() string {
	switch {
	case f.fs.NArg() == 0:
		return web.SampleName
	case f.fs.Arg(0) == "-":
		return "stdin"
	}
	return f.fs.Arg(0)
}

// setup returns the planning parameters and the pages to plan: the flags
// are checked before any input is read. The caller checks the plan's
// memory (checkPlanMemory) once its parameters are complete.
func (f *planFlags) setup(stderr io.Writer) (plan.Params, []pages.Page, error) {
	params, err := f.params()
	if err != nil {
		return params, nil, err
	}
	pg, err := f.readInput(stderr)
	return params, pg, err
}

// readInput reads the file named on the command line — a pages table, or
// an observation log or change history whose rates are then estimated —
// or the built-in sample (saying so on stderr) when none is, and checks
// the crawl delays against the horizon.
func (f *planFlags) readInput(stderr io.Writer) ([]pages.Page, error) {
	in, err := f.load(stderr, nil)
	if err != nil {
		return nil, err
	}
	switch f.weights {
	case "given":
	case "embarrassment":
		if err := plan.EmbarrassmentWeights(in.Pages); err != nil {
			return nil, fmt.Errorf("%s: --weights embarrassment: %w", f.inputName(), err)
		}
	default:
		return nil, fmt.Errorf("--weights %q: want given or embarrassment", f.weights)
	}
	if note := plan.Unvisitable(in.Pages, f.horizon); note != "" {
		fmt.Fprintf(stderr, "freshplan: %s: %s\n", f.inputName(), note)
	}
	f.input = in
	return in.Pages, nil
}

// load reads the input with plan.Load, reporting on stderr the rows it
// skipped and what it dropped or read in a particular way by rule.
func (f *planFlags) load(stderr io.Writer, classes []estimate.Class) (*plan.Input, error) {
	if err := f.readParams(); err != nil {
		return nil, err
	}
	opts := plan.LoadOptions{Name: f.inputName(), SkipBad: f.skipBad, StripWWW: f.stripWWW,
		Now: float64(time.Now().Unix()), Classes: classes, Prior: f.prior, HalfLife: f.halfLife.Hours() / 24,
		MaxMemory:   memory.budget * 3 / 4, // leaves room for what is estimated and planned from it
		RefusePages: f.refusePages}
	var r io.Reader
	if f.fs.NArg() == 0 {
		fmt.Fprintf(stderr, "freshplan: no file given; planning the built-in sample (%s)\n", web.SampleName)
		r = bytes.NewReader(web.SamplePages)
	} else {
		file, err := openInput(f.fs.Arg(0))
		if err != nil {
			return nil, err
		}
		defer file.Close()
		if r, err = f.content(file); err != nil {
			return nil, err
		}
		if size, ok := inputSize(file); ok {
			opts.Size = size
			br := bufio.NewReaderSize(r, 64<<10) // plan.Load reads through it as it is
			r = br
			if debug.SetMemoryLimit(-1) == math.MaxInt64 && !pagesTable(br) {
				// While reading, keep the heap near what the data needs; the
				// limit is lifted before planning, which needs far more.
				// (A pipe's size is not known: its heap is left alone.) A
				// pages table is left alone too: reading it holds its pages,
				// about three times the file (a row's Page, columns and URL),
				// which planning then holds and more; under a limit of 1.75
				// times the file the collector ran throughout its read (at
				// paper scale 1.5 s instead of 0.65 s).
				defer debug.SetMemoryLimit(boundMemory(size))
			}
		}
	}
	in, err := plan.Load(context.Background(), r, opts)
	if err != nil {
		return nil, limitHint(err)
	}
	reportRead(stderr, in.Name, in.Log)
	return in, nil
}

// reportRead says on stderr what reading a log or change history left
// out: the bad rows it skipped (--skip-bad), and the rows it set aside or
// read in a particular way by rule (observe.Log.Notes). log may be nil (a
// pages table).
func reportRead(stderr io.Writer, name string, log *observe.Log) {
	if log == nil {
		return
	}
	if log.Skipped > 0 {
		rows := "rows"
		if log.Skipped == 1 {
			rows = "row"
		}
		fmt.Fprintf(stderr, "freshplan: %s: skipped %d bad %s; the first: %v\n", name, log.Skipped, rows, log.BadRows[0])
	}
	if notes := log.Notes(); notes != "" {
		fmt.Fprintf(stderr, "freshplan: %s: %s\n", name, notes)
	}
}

// openInput opens the input named on the command line, "-" being the
// standard input: a log compressed other than by gzip (which is read as
// it is) is read as `xzcat log.csv.xz | freshplan estimate -`.
func openInput(name string) (*os.File, error) {
	if name == "-" {
		return os.Stdin, nil
	}
	return os.Open(name)
}

// pagesTable reports whether the input is a pages table, from its header.
func pagesTable(br *bufio.Reader) bool {
	head, _ := br.Peek(br.Size())
	return plan.KindOf(head) == plan.KindPages
}

// boundMemory sets a soft memory limit of 1.75 times the size of the file
// being read (at least 32 MiB) and returns the previous limit. Reading and
// estimating an observation log then stays within twice the file (issue
// 3): the collector runs sooner instead of letting the heap double, at a
// cost of about a tenth in time.
func boundMemory(size int64) int64 {
	return debug.SetMemoryLimit(max(size*7/4, 32<<20))
}

// inputSize returns the size of a regular file's content — for a gzip
// file, the size its trailer declares — and whether it is known (not for
// a pipe).
func inputSize(file *os.File) (int64, bool) {
	st, err := file.Stat()
	if err != nil || !st.Mode().IsRegular() {
		return 0, false
	}
	return plan.ContentSize(file, st.Size()), true
}

// splitExport pulls "--export FORMAT FILE" or "--export=FORMAT FILE" (two
// values, which package flag cannot take) out of args. FILE may be "-"
// for stdout.
func splitExport(args []string) (rest []string, format, file string, err error) {
	const how = "--export takes a format and a file: --export nutch|stormcrawler|csv FILE"
	for k := 0; k < len(args); k++ {
		a := args[k]
		if a == "--" {
			rest = append(rest, args[k:]...)
			break
		}
		var vals []string
		switch {
		case a == "--export" || a == "-export":
			vals = args[k+1 : min(k+3, len(args))]
		case strings.HasPrefix(a, "--export=") || strings.HasPrefix(a, "-export="):
			vals = append([]string{a[strings.IndexByte(a, '=')+1:]}, args[k+1:min(k+2, len(args))]...)
			k-- // one argument fewer than the two-word form
		default:
			rest = append(rest, a)
			continue
		}
		if len(vals) < 2 || vals[0] == "" || strings.HasPrefix(vals[0], "-") ||
			vals[1] == "" || (strings.HasPrefix(vals[1], "-") && vals[1] != "-") {
			return nil, "", "", usagef("%s", how)
		}
		if format != "" {
			return nil, "", "", usagef("--export given twice; one seed list per run")
		}
		format, file = vals[0], vals[1]
		if !slices.Contains(export.Formats, format) {
			return nil, "", "", fmt.Errorf("--export %s: unknown format; want nutch, stormcrawler or csv", format)
		}
		k += 2
	}
	return rest, format, file, nil
}
