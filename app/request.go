package app

import (
	"fmt"
	"time"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/freshplan/freshplan/core/plan"
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
	Learn      bool    `json:",omitempty"` // with StageExport: the learning policy's file, for a change history
	Split      float64 // with StageBacktest: Unix seconds; 0 picks backtest.DefaultSplit
	Name       string  // with StageBacktest and StageRead: the input's name, for messages
	Size       int64   // with StageRead: the input's size in bytes; with StageBacktest and File, the size it had when read
	SkipBad    bool    `json:",omitempty"` // with StageRead or StageBacktest: skip a log's or a change history's bad rows (Skipped says which)
	Stages     Stages
	// Raw is, with StageBacktest, the input as read (sent as the job's blob).
	Raw []byte `json:"-"`
	// File is, with StageRead, the browser's File to read, and with
	// StageBacktest the history to read again when the page did not keep
	// it (sent beside the job: the worker reads it itself).
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
	if p.Objective, err = plan.ParseObjective(q.Objective); err != nil {
		return p, err
	}
	if p.Model, err = plan.ParseModel(q.Model); err != nil {
		return p, err
	}
	if !plan.Policy(q.Policy).IsPolicy() {
		return p, fmt.Errorf("unknown policy %q", q.Policy)
	}
	return p, nil
}

// params0 returns the request's planning parameters, or the defaults
// where it has none that parse (for naming a command, not planning).
func (q Request) params0() plan.Params {
	p, err := q.params()
	if err != nil {
		return plan.DefaultParams()
	}
	return p
}

// Stage is one step of a job's results, sent as soon as it is ready.
type Stage struct {
	Seq      int
	Kind     string // "progress", "reading", "read", "allocated", "plan", "scored", "sweep", "target", "export", "backtest", "error" or "done"
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
	Sim     map[string][3]float64 `json:"-"`
	Dropped int                   // the policy's visits no crawler could make
	// DroppedBy is each policy's visits no crawler could make in the
	// horizon, and Starved each policy's pages left without a visit (when
	// the plan kept every policy's per-page visits: up to perPageAll pages).
	DroppedBy  map[string]int `json:",omitempty"`
	Starved    map[string]int `json:",omitempty"`
	Violations int            // the policy's politeness violations (0)
	MaxUseful  int            // Σ of the hosts' caps: more visits than this no polite schedule makes
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
	// Scatter is, for pages the page does not hold, the scatter of the
	// policy's visits against the rates, drawn where the pages are (its
	// Visits and Stale stay there).
	Scatter *chartSpec `json:",omitempty"`
}

// values are r's figures by policy and bound; nil for no plan.
func (r *PlanResult) values() map[string]float64 {
	if r == nil {
		return nil
	}
	return r.Values
}

// ReadResult is an input read into pages (StageRead).
type ReadResult struct {
	Size int64
	Sum  [32]byte // SHA-256 of the input
	Kind string   // its format (see kindOf)
	// Skipped is, with Request.SkipBad, the bad rows left out; nil for none.
	Skipped *Skipped     `json:",omitempty"`
	Summary pagesSummary // what the page knows of the pages
	// Pages are the pages read and Est how well their rates were
	// estimated (nil for a pages table): the engine's holder keeps them,
	// and the page has the summary (see holder).
	Pages *pageSet     `json:"-"`
	Est   *uncertainty `json:"-"`
}

// ExportResult is a file to download: its bytes, or, from a web worker,
// the browser's Blob the worker made of them (Size bytes), passed by
// reference so that the page never copies the file (a million pages'
// seed list is some 70 MB).
type ExportResult struct {
	Kind, File, MIME string
	Size             int64
	Data             []byte      `json:"-"`
	Blob             goapp.Value `json:"-"`
}

// SweepResult is every policy and bound at budgets around the chosen one.
type SweepResult struct {
	Budgets []int
	Points  []plan.Point   `json:"-"`
	Failed  map[int]string `json:",omitempty"` // budgets that could not be planned, and why
	TooBig  []int          `json:",omitempty"` // budgets left to the CLI for their size (maxSweepVisits)
	CLI     []string       `json:",omitempty"` // the commands that plan them (cliCommands)
}

// TargetResult is the budget at which psp reaches the target freshness
// (plan.FindBudget).
type TargetResult = plan.BudgetTarget
