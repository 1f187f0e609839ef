package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"runtime/debug"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/freshplan/freshplan/core/export"
	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/core/plan"
	"github.com/freshplan/freshplan/core/schedule"
	"github.com/freshplan/freshplan/core/staleness"
)

// Stages says which results a request asks for.
type Stages uint8

const (
	// StagePlan is every policy and bound at the chosen budget, and the
	// chosen policy's visits per page and load per host.
	StagePlan Stages = 1 << iota
	// StageSweep is every policy and bound at budgets around the chosen one.
	StageSweep
	// StageTarget is the budget at which psp reaches the target freshness.
	StageTarget
	// StageExport is the file Request.Export names, written as the CLI
	// writes it (core/export.Write).
	StageExport
	// StageBacktest replays every policy against the kept input's history
	// after Request.Split (core/backtest).
	StageBacktest
	// StageRead reads Request.File into pages: a big log is read by a
	// worker, let go once it has sent them (with the memory reading took),
	// not by the page, whose memory never shrinks.
	StageRead

	allStages = StagePlan | StageSweep | StageTarget
)

// Request is one planning job: the parameters, as the form gives them.
type Request struct {
	Seq        int
	Horizon    float64 // seconds
	Budget     int     // visits per horizon; 0 means Crawlers × Rate × Horizon
	Crawlers   int
	Rate       float64 // pages per second per crawler
	Politeness float64 // seconds
	Objective  string  // staleness, age or harmonic
	Model      string  // steady or horizon
	Policy     string  // whose pages and hosts are shown
	Target     float64 // freshness the budget search aims at, in (0, 1)
	Simulate   int     // runs of the simulator for the plan at the chosen budget; 0 for none
	Export     string  // with StageExport: the export's kind (export.Kinds)
	Split      float64 // with StageBacktest: Unix seconds; 0 picks backtest.DefaultSplit
	Name       string  // with StageBacktest and StageRead: the input's name, for messages
	Size       int64   // with StageRead: the input's size in bytes
	SkipBad    bool    `json:",omitempty"` // with StageRead or StageBacktest: skip a log's or a change history's bad rows (Skipped says which)
	Stages     Stages
	// Raw is, with StageBacktest, the input as read (sent as the job's blob).
	Raw []byte `json:"-"`
	// File is, with StageRead, the browser's File to read (sent beside the
	// job: the worker reads it itself).
	File goapp.Value `json:"-"`
	// Known is psp's freshness at budgets already planned, and MaxUseful
	// the hosts' caps summed, from earlier results: the budget search
	// starts from them.
	Known     map[int]float64 `json:",omitempty"`
	MaxUseful int             `json:",omitempty"`
}

// params returns the request's planning parameters.
func (q Request) params() (plan.Params, error) {
	p := plan.DefaultParams()
	p.Horizon = time.Duration(q.Horizon * float64(time.Second))
	p.Politeness = time.Duration(q.Politeness * float64(time.Second))
	p.Budget, p.Crawlers, p.Rate = q.Budget, q.Crawlers, q.Rate
	var err error
	if p.Objective, err = staleness.ParseObjective(q.Objective); err != nil {
		return p, err
	}
	if p.Model, err = staleness.ParseModel(q.Model); err != nil {
		return p, err
	}
	if !slices.Contains(plan.Policies, q.Policy) {
		return p, fmt.Errorf("unknown policy %q", q.Policy)
	}
	return p, nil
}

// Stage is one step of a job's results, sent as soon as it is ready.
type Stage struct {
	Seq      int
	Kind     string // "progress", "reading", "read", "plan", "sweep", "target", "export", "backtest", "error" or "done"
	Note     string // what is being computed, or the error
	Seconds  float64
	Plan     *PlanResult     `json:",omitempty"`
	Sweep    *SweepResult    `json:",omitempty"`
	Target   *TargetResult   `json:",omitempty"`
	Export   *ExportResult   `json:",omitempty"`
	Backtest *BacktestResult `json:",omitempty"`
	Read     *ReadResult     `json:",omitempty"` // Kind "read"
	Progress *Progress       `json:",omitempty"` // Kind "reading"
	InputErr *InputError     `json:",omitempty"` // with Kind "error", when the input is at fault
	// Names are, between the worker and the page, the names of the plan's
	// values or of the sweep's points (sent as arrays: JSON has no ∞).
	Names []string `json:",omitempty"`
	// Memory is, from a worker, the bytes its program had from the system
	// when it sent the stage: in the browser memory is never given back,
	// so this is its peak so far.
	Memory int64 `json:",omitempty"`
}

// PlanResult is every policy and bound at one budget.
type PlanResult struct {
	Budget    int
	Crawlers  int
	Rate      float64
	Policy    string
	Values    map[string]float64 `json:"-"` // staleness (or age in seconds) by policy and bound; may be +Inf
	Simulated map[string]bool
	// Sim is, with Request.Simulate, each figure replayed against sampled
	// changes: mean, low and high of its 95% interval (core/simulate).
	Sim        map[string][3]float64 `json:"-"`
	Dropped    int                   // the policy's visits no crawler could make
	Violations int                   // the policy's politeness violations (0)
	MaxUseful  int                   // Σ of the hosts' caps: more visits than this no polite schedule makes
	Seconds    plan.Seconds
	// Early is set on a big plan's first "plan" stage: psp, the bounds and
	// uniform are final, the other policies still coming.
	Early bool `json:",omitempty"`
	// Omitted says why policies have no value (plan.Plan.Omitted); Policy
	// is psp when the policy asked for is one of them.
	Omitted map[string]string `json:",omitempty"`

	// Per page, the policy's visits per horizon and staleness (or age);
	// per host, its load (visits per horizon), cap and delay.
	Visits, Stale                []float64 `json:"-"`
	HostLoad, HostCap, HostDelay []float64 `json:"-"`
}

// ReadResult is an input read into pages (StageRead).
type ReadResult struct {
	Size int64
	Sum  [32]byte // SHA-256 of the input
	Kind string   // its format (see kindOf)
	// Skipped is, with Request.SkipBad, the bad rows left out; nil for none.
	Skipped   *Skipped     `json:",omitempty"`
	Pages     []pages.Page `json:"-"`
	Est       *uncertainty `json:"-"`          // how well an estimated input pinned each page's rate; nil for a pages table
	Wire      *pagesMsg    `json:",omitempty"` // how Pages cross from the worker to the page
	Estimated bool         `json:",omitempty"` // on the wire: the rates were estimated, and Est's columns follow the pages' arrays
	// Suggested is, on the wire, Est's Suggested.
	Suggested *plan.Suggestion `json:",omitempty"`
}

// ExportResult is a file to download.
type ExportResult struct {
	Kind, File, MIME string
	Data             []byte `json:"-"`
}

// SweepResult is every policy and bound at budgets around the chosen one.
type SweepResult struct {
	Budgets []int
	Points  []plan.Point   `json:"-"`
	Failed  map[int]string `json:",omitempty"` // budgets that could not be planned, and why
	TooBig  []int          `json:",omitempty"` // budgets left to the CLI for their size (maxSweepVisits)
	CLI     []string       `json:",omitempty"` // the commands that plan them (cliCommands)
}

// TargetResult is the budget at which psp reaches the target freshness.
type TargetResult struct {
	Target      float64 // freshness aimed at
	Budget      int     // the smallest budget found that reaches it (0 if none)
	Freshness   float64 // psp's freshness at Budget (or at MaxBudget when unreachable)
	Unreachable bool    // politeness caps freshness below the target
	MaxBudget   int     // Σ caps, when unreachable
	Runs        int     // plans computed to find it
	Age         bool    // the objective is not staleness (age, harmonic): no freshness target
}

// sweepFactors are the budgets of the sweep, relative to the chosen one.
var sweepFactors = []float64{0.125, 0.25, 0.5, 1, 2, 4}

// maxSweepBudget keeps sweeps inside what every policy plans (Azar's
// carousel builds at most this many slots).
const maxSweepBudget = schedule.MaxCarouselSlots

// maxSweepVisits bounds the sweep's budgets above the chosen one: psp's
// step holds some 20 bytes a visit, and in the browser memory once grown
// is never given back — at paper scale the sweep's 4× point (34.56M
// visits) took the tab from 1.0 to 2.8 GB. Bigger budgets are left to the
// CLI's sweep.
const maxSweepVisits = 20_000_000

// Compute runs a request's stages on pages, sending each result to emit
// as soon as it is ready, and a last stage "done" (or "error"). It stops
// early when ctx ends.
func Compute(ctx context.Context, pg []pages.Page, q Request, emit func(*Stage)) {
	if q.Stages&StageRead != 0 {
		readInput(ctx, newContentReader(ctx, q.File), q, emit)
		return
	}
	fail := func(err error) {
		if ctx.Err() != nil {
			return
		}
		emit(&Stage{Seq: q.Seq, Kind: "error", Note: err.Error()})
	}
	params, err := q.params()
	if err != nil {
		fail(err)
		return
	}
	progress := func(note string) { emit(&Stage{Seq: q.Seq, Kind: "progress", Note: note}) }
	var cur *PlanResult
	if q.Stages&StagePlan != 0 {
		progress("planning every policy")
		start := time.Now()
		p := params
		p.Policy = "none"                     // no schedule kept: the app shows allocations and values
		p.PerPage = []string{q.Policy, "psp"} // what planResult shows
		p.Progress = func(stage string) { progress("planning every policy: " + stage) }
		p.Simulate, p.Seed = q.Simulate, 1
		if early(p, q.Policy) {
			p.Early = func(pl *plan.Plan) {
				r := planResult(pl, q.Policy)
				r.Early = true
				emit(&Stage{Seq: q.Seq, Kind: "plan", Plan: r, Seconds: time.Since(start).Seconds()})
			}
		}
		perVisit := int64(planBytesPerVisit)
		if p.Simulate > 0 {
			perVisit += replayBytesPerVisit
		}
		restore := limitPlanMemory(len(pg), visits(p), perVisit)
		pl, err := plan.Run(ctx, pg, p)
		restore()
		if err != nil {
			fail(err)
			return
		}
		cur = planResult(pl, q.Policy)
		emit(&Stage{Seq: q.Seq, Kind: "plan", Plan: cur, Seconds: time.Since(start).Seconds()})
	}
	var sweep *SweepResult
	if q.Stages&StageSweep != 0 && ctx.Err() == nil {
		start := time.Now()
		sweep = runSweep(ctx, pg, params, cur, progress)
		if ctx.Err() != nil {
			return
		}
		emit(&Stage{Seq: q.Seq, Kind: "sweep", Sweep: sweep, Seconds: time.Since(start).Seconds()})
	}
	if q.Stages&StageTarget != 0 && ctx.Err() == nil {
		start := time.Now()
		t, err := findBudget(ctx, pg, params, q, cur, sweep, progress)
		if err != nil {
			fail(err)
			return
		}
		emit(&Stage{Seq: q.Seq, Kind: "target", Target: t, Seconds: time.Since(start).Seconds()})
	}
	if q.Stages&StageExport != 0 && ctx.Err() == nil {
		start := time.Now()
		progress("writing " + q.Export)
		e, err := exportFile(ctx, pg, params, q)
		if err != nil {
			fail(err)
			return
		}
		emit(&Stage{Seq: q.Seq, Kind: "export", Export: e, Seconds: time.Since(start).Seconds()})
	}
	if q.Stages&StageBacktest != 0 && ctx.Err() == nil {
		start := time.Now()
		bt, err := runBacktest(ctx, q, progress)
		if err != nil {
			fail(err)
			return
		}
		emit(&Stage{Seq: q.Seq, Kind: "backtest", Backtest: bt, Seconds: time.Since(start).Seconds()})
	}
	if ctx.Err() == nil {
		emit(&Stage{Seq: q.Seq, Kind: "done"})
	}
}

// earlyBudget is the budget from which a plan is shown as soon as psp,
// the bounds and uniform are ready (plan.Params.Early): the other policies
// then take as long again.
const earlyBudget = 1_000_000

// early reports whether a plan is worth showing early: a big one, whose
// policy shown is ready early (psp or uniform).
func early(p plan.Params, policy string) bool {
	return visits(p) >= earlyBudget && (policy == "psp" || policy == "uniform")
}

// visits returns the visits per horizon p plans: its budget, or else
// what its crawlers make.
func visits(p plan.Params) int {
	if p.Budget > 0 {
		return p.Budget
	}
	return int(math.Floor(float64(p.Crawlers) * p.Rate * p.Horizon.Seconds()))
}

// readInput reads an input into pages as Decode does, hashing it as it
// passes (a file read here is never kept: see keepTable), and sends
// "reading" stages at most every 80 ms, then "read" (or "error") and
// "done".
func readInput(ctx context.Context, r io.Reader, q Request, emit func(*Stage)) {
	var shown time.Time
	progress := func(p Progress) {
		if time.Since(shown) > 80*time.Millisecond {
			shown = time.Now()
			emit(&Stage{Seq: q.Seq, Kind: "reading", Progress: &p})
		}
	}
	kept := newKeeper(r, q.Size, -1)
	// The worker's memory never shrinks, and it counts in the tab's until
	// the worker is let go: the collector runs when the heap has grown by
	// half, whatever the rows take (a memory limit set too low would have
	// it run without end).
	gc := debug.SetGCPercent(50)
	pg, skipped, est, err := decode(ctx, kept, q.Name, q.Size, q.SkipBad, progress)
	debug.SetGCPercent(gc)
	var size int64
	var sum *[32]byte
	if err == nil {
		_, size, sum, err = kept.finish()
	}
	if ctx.Err() != nil {
		return
	}
	if err != nil {
		s := &Stage{Seq: q.Seq, Kind: "error", Note: err.Error()}
		errors.As(err, &s.InputErr)
		emit(s)
		return
	}
	emit(&Stage{Seq: q.Seq, Kind: "read", Read: &ReadResult{Size: size, Sum: *sum, Kind: kindOf(kept.head), Pages: pg, Skipped: skipped, Est: est}})
	emit(&Stage{Seq: q.Seq, Kind: "done"})
}

// maxScheduleExport is the most visits a schedule exported from the
// browser holds: at about 60 bytes a row, 2M visits are 120 MB, and the
// file is built in memory, twice (in the worker, then as a Blob).
const maxScheduleExport = 2_000_000

// exportFile plans pages as the CLI's plan command does (every policy,
// the schedule of q.Policy kept; for an export of the policy's per-page
// figures, the policy alone) and writes the export q.Export names.
func exportFile(ctx context.Context, pg []pages.Page, params plan.Params, q Request) (*ExportResult, error) {
	kind, ok := export.KindOf(q.Export)
	if !ok {
		return nil, fmt.Errorf("unknown export %q", q.Export)
	}
	if v := visits(params); kind.Name == "schedule" && v > maxScheduleExport {
		return nil, fmt.Errorf("the schedule of %s visits is too big to build in the browser (about %d MB); write it with the CLI: freshplan plan %s --policy %s --schedule schedule.csv %s FILE",
			fmtInt(int64(v)), v*60>>20, budgetFlags(params, v), q.Policy, paramFlags(params))
	}
	params.Policy = q.Policy
	params.PerPage = []string{q.Policy} // what the exports write
	perVisit := int64(planBytesPerVisit + keptBytesPerVisit)
	if kind.Name == "json" && q.Simulate > 0 {
		// The summary holds the replays (its "replayed"), as plan
		// --simulate N --json writes them; no other file has them.
		params.Simulate, params.Seed = q.Simulate, 1
		perVisit += replayBytesPerVisit
	}
	if kind.PolicyOnly {
		// Only the policy is planned, psp and the bounds aside, and its
		// schedule is not kept: at a million pages the other policies take
		// as long again, and the file is the same.
		params.Policy, params.Compare = "none", []string{q.Policy}
		perVisit = planBytesPerVisit
	}
	defer limitPlanMemory(len(pg), visits(params), perVisit)()
	pl, err := plan.Run(ctx, pg, params)
	if err != nil {
		return nil, err
	}
	pl.Params.Policy = q.Policy // whose figures the file holds
	var buf bytes.Buffer
	if err := export.Write(&buf, pl, kind.Name); err != nil {
		return nil, err
	}
	return &ExportResult{Kind: kind.Name, File: downloadAs[kind.Name].file, MIME: downloadAs[kind.Name].mime, Data: buf.Bytes()}, nil
}

// planResult extracts what the page shows of a plan.
func planResult(pl *plan.Plan, policy string) *PlanResult {
	r := &PlanResult{Budget: pl.Params.Budget, Crawlers: pl.Params.Crawlers, Rate: pl.Params.Rate, Policy: policy,
		Values: map[string]float64{}, Simulated: map[string]bool{}, Seconds: pl.Seconds, Omitted: pl.Omitted}
	for name, res := range pl.Results {
		r.Values[name] = res.Value
		r.Simulated[name] = res.Simulated
		if e := res.Sim; e != nil {
			if r.Sim == nil {
				r.Sim = map[string][3]float64{}
			}
			r.Sim[name] = [3]float64{e.Mean, e.Low, e.High}
		}
	}
	res := pl.Results[policy]
	if res == nil {
		res = pl.Results["psp"]
		r.Policy = "psp"
	}
	r.Dropped, r.Violations = res.Dropped, res.Violations
	r.Visits, r.Stale = res.Visits, res.Page
	m := len(pl.Hosts)
	r.HostLoad, r.HostCap, r.HostDelay = make([]float64, m), make([]float64, m), make([]float64, m)
	for i, x := range res.Visits {
		r.HostLoad[pl.HostOf[i]] += x
	}
	for h, host := range pl.Hosts {
		r.HostCap[h], r.HostDelay[h] = float64(host.Cap), host.Delay
		r.MaxUseful += host.Cap
	}
	return r
}

// sweepBudgets returns the budgets of the sweep around b, ascending,
// without b itself when skip is set, and those left out for their size.
func sweepBudgets(b int, skip bool) (budgets, tooBig []int) {
	for _, f := range sweepFactors {
		x := int(math.Round(f * float64(b)))
		switch {
		case x < 1 || (skip && f == 1) || len(budgets) > 0 && budgets[len(budgets)-1] == x:
		case x > maxSweepBudget || x > b && x > maxSweepVisits:
			tooBig = append(tooBig, x)
		default:
			budgets = append(budgets, x)
		}
	}
	return budgets, tooBig
}

// runSweep plans every policy at the budgets around the chosen one; the
// chosen budget's values come from cur when it was just planned.
func runSweep(ctx context.Context, pg []pages.Page, params plan.Params, cur *PlanResult, progress func(string)) *SweepResult {
	b := visits(params)
	if cur != nil {
		b = cur.Budget
	}
	budgets, tooBig := sweepBudgets(b, cur != nil)
	out := &SweepResult{TooBig: tooBig}
	if len(tooBig) > 0 {
		out.CLI = cliCommands(params, tooBig)
	}
	for k, x := range budgets {
		if ctx.Err() != nil {
			return out
		}
		progress(sprintf("sweeping budgets: %d of %d (%s visits)", k+1, len(budgets), fmtInt(int64(x))))
		q := atBudget(params, x)
		restore := limitPlanMemory(len(pg), x, planBytesPerVisit)
		pts, err := plan.Sweep(ctx, pg, q, []int{x})
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
		for _, name := range append(slices.Clone(plan.Policies), plan.Bounds...) {
			if v, ok := cur.Values[name]; ok {
				out.Points = append(out.Points, plan.Point{Budget: cur.Budget, Name: name, Value: v})
			}
		}
	}
	sort.Ints(out.Budgets)
	sort.SliceStable(out.Points, func(i, j int) bool { return out.Points[i].Budget < out.Points[j].Budget })
	return out
}

// cliCommands returns the CLI commands that plan every policy at the
// budgets given as the app plans them (atBudget), for a file named FILE:
// one sweep when the budget sets the crawl, else a plan a budget (each
// with the crawlers' rate it needs).
func cliCommands(params plan.Params, budgets []int) []string {
	if params.Crawlers == 0 {
		list := make([]string, len(budgets))
		for k, x := range budgets {
			list[k] = strconv.Itoa(x)
		}
		return []string{"freshplan sweep --budgets " + strings.Join(list, ",") + " " + paramFlags(params) + " FILE"}
	}
	out := make([]string, len(budgets))
	for k, x := range budgets {
		out[k] = "freshplan plan " + budgetFlags(params, x) + " " + paramFlags(params) + " FILE"
	}
	return out
}

// budgetFlags returns the CLI flags for a budget of x visits as the app
// plans it (atBudget): with crawlers, at the rate x needs.
func budgetFlags(params plan.Params, x int) string {
	f := "--budget " + strconv.Itoa(x)
	if params.Crawlers > 0 {
		q := atBudget(params, x)
		f += " --crawlers " + strconv.Itoa(q.Crawlers) + " --rate " + strconv.FormatFloat(q.Rate, 'g', -1, 64)
	}
	return f
}

// paramFlags returns the CLI flags for the rest of a plan's parameters.
func paramFlags(params plan.Params) string {
	return "--horizon " + plan.ShortDuration(params.Horizon) + " --politeness " + plan.ShortDuration(params.Politeness) +
		" --objective " + params.Objective.String() + " --model " + params.Model.String()
}

// atBudget returns params at budget x: with crawlers given, the same
// crawlers, each as fast as the budget needs.
func atBudget(params plan.Params, x int) plan.Params {
	q := params
	q.Budget = x
	if q.Crawlers > 0 {
		q.Rate = float64(x) / (float64(q.Crawlers) * q.Horizon.Seconds())
	}
	return q
}

// findBudget searches the smallest budget at which psp's freshness
// reaches target: from the budgets already planned, doubling or halving
// to bracket it, then bisecting (geometrically) to within 5%.
func findBudget(ctx context.Context, pg []pages.Page, params plan.Params, req Request,
	cur *PlanResult, sweep *SweepResult, progress func(string)) (*TargetResult, error) {
	target := req.Target
	t := &TargetResult{Target: target}
	if params.Objective != staleness.Stale {
		t.Age = true
		return t, nil
	}
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
	fresh := func(b int) (float64, error) {
		if f, ok := known[b]; ok {
			return f, nil
		}
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		progress(sprintf("finding the budget for %s freshness: plan %d (%s visits)", fmtPct(target, 0), t.Runs+1, fmtInt(int64(b))))
		q := atBudget(params, b)
		q.Policy, q.Compare = "none", []string{} // psp and the bounds only
		q.PerPage = []string{}                   // their values only
		restore := limitPlanMemory(len(pg), b, planBytesPerVisit)
		pl, err := plan.Run(ctx, pg, q)
		restore()
		if err != nil {
			return 0, err
		}
		t.Runs++
		if maxUseful == 0 {
			for _, h := range pl.Hosts {
				maxUseful += h.Cap
			}
		}
		f := 1 - pl.Results["psp"].Value
		known[b] = f
		return f, nil
	}
	if len(known) == 0 {
		b := params.Budget
		if b == 0 {
			b = max(1, int(float64(params.Crawlers)*params.Rate*params.Horizon.Seconds()))
		}
		if _, err := fresh(b); err != nil {
			return nil, err
		}
	}
	// Bracket: lo below the target, hi reaching it.
	lo, hi := 0, 0
	budgets := make([]int, 0, len(known))
	for b := range known {
		budgets = append(budgets, b)
	}
	sort.Ints(budgets)
	for _, b := range budgets {
		if known[b] >= target {
			hi = b
			break
		}
		lo = b
	}
	// probe plans budget b and moves the bracket's end it falls on.
	probe := func(b int) error {
		f, err := fresh(b)
		if err != nil {
			return err
		}
		if f >= target {
			hi = b
		} else {
			lo = b
		}
		return nil
	}
	limit := min(math.MaxInt32, max(maxUseful, 1))
	for hi == 0 {
		next := min(2*lo, limit)
		if next <= lo {
			f, err := fresh(limit)
			if err != nil {
				return nil, err
			}
			t.Unreachable, t.MaxBudget, t.Freshness = true, limit, f
			return t, nil
		}
		if err := probe(next); err != nil {
			return nil, err
		}
	}
	for lo == 0 && hi > 1 {
		if err := probe(max(1, hi/2)); err != nil {
			return nil, err
		}
	}
	for lo > 0 && float64(hi) > 1.05*float64(lo) && hi-lo > 1 {
		mid := int(math.Round(math.Sqrt(float64(lo) * float64(hi))))
		if err := probe(min(max(mid, lo+1), hi-1)); err != nil {
			return nil, err
		}
	}
	t.Budget, t.Freshness = hi, known[hi]
	return t, nil
}
