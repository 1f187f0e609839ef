package app

import (
	"context"
	"errors"
	"io"
	"runtime"
	"runtime/debug"
	"time"

	"github.com/freshplan/freshplan/core/plan"
)

// maxSweepVisits bounds the sweep's budgets above the chosen one: psp's
// step holds some 20 bytes a visit, and in the browser memory once grown
// is never given back — at paper scale the sweep's 4× point (34.56M
// visits) took the tab from 1.0 to 2.8 GB. Bigger budgets are left to the
// CLI's sweep.
const maxSweepVisits = 20_000_000

// Compute runs a request's stages on the pages of set, sending each result
// to emit as soon as it is ready, and a last stage "done" (or "error"). It
// stops early when ctx ends. A request that reads its own input
// (StageRead) is given an empty set.
func Compute(ctx context.Context, set *pageSet, q Request, emit func(*Stage)) {
	if q.Stages&StageRead != 0 {
		readInput(ctx, newReadJobReader(ctx, q.File), q, emit)
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
		planning := saying(progress, "planning every policy")
		start := time.Now()
		p := params
		p.Policy = plan.None                                       // no schedule kept: the app shows allocations and values
		p.PerPage = []plan.Policy{plan.Policy(q.Policy), plan.PSP} // what planResult shows
		if set.Len() <= perPageAll {
			p.PerPage = nil // every policy's, to count the pages each starves
		}
		p.Progress = planning
		p.Simulate, p.Seed = q.Simulate, 1
		if early(q.Policy) {
			p.Early = func(pl *plan.Plan) {
				r := planResult(pl, q.Policy)
				r.Early = true
				emit(&Stage{Seq: q.Seq, Kind: "plan", Plan: r, Seconds: time.Since(start).Seconds()})
			}
			// psp's allocation's figure and uniform's before any schedule:
			// the headline's psp is at most wp's until its schedule is
			// scored (nonpolite follows psp's schedule, through Scored).
			p.Allocated = func(pl *plan.Plan) {
				emit(&Stage{Seq: q.Seq, Kind: "allocated", Plan: planFigures(pl, q.Policy), Seconds: time.Since(start).Seconds()})
			}
			// Each policy after, as it is scored: its figures alone, the
			// per-page arrays being the early plan's.
			p.Scored = func(pl *plan.Plan) {
				emit(&Stage{Seq: q.Seq, Kind: "scored", Plan: planFigures(pl, q.Policy), Seconds: time.Since(start).Seconds()})
			}
		}
		perVisit := int64(planBytesPerVisit)
		if p.Simulate > 0 {
			perVisit += replayBytesPerVisit
		}
		restore := limitPlanMemory(set.Len(), visits(p), perVisit)
		pl, err := plan.RunTable(ctx, set, p)
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
		sweep = runSweep(ctx, set, params, cur, progress)
		if ctx.Err() != nil {
			return
		}
		emit(&Stage{Seq: q.Seq, Kind: "sweep", Sweep: sweep, Seconds: time.Since(start).Seconds()})
	}
	if q.Stages&StageTarget != 0 && ctx.Err() == nil {
		start := time.Now()
		t, err := findBudget(ctx, set, params, q, cur, sweep, progress)
		if err != nil {
			fail(err)
			return
		}
		emit(&Stage{Seq: q.Seq, Kind: "target", Target: t, Seconds: time.Since(start).Seconds()})
	}
	if q.Stages&StageExport != 0 && ctx.Err() == nil {
		start := time.Now()
		ep := params
		ep.Progress = saying(progress, "writing "+q.Export)
		e, err := exportFile(ctx, set, ep, q)
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

// saying says note and returns the plan.Params.Progress that says each
// stage of a plan under it: every plan the worker makes tells its progress
// from inside, where the worker takes a Stop (ServeWorker).
func saying(progress func(string), note string) func(stage string) {
	progress(note)
	return func(stage string) { progress(note + ": " + stage) }
}

// perPageAll is the most pages for which a plan keeps every policy's
// per-page visits (16 bytes a page a policy), to count the pages each
// leaves unvisited; above it only the policy shown and psp keep theirs.
const perPageAll = 50_000

// early reports whether a plan is shown as soon as psp, the bounds and
// uniform are ready (plan.Params.Early): whenever the policy shown is one
// of them. The other policies (mp2, mwolf, mwolf-exact, proportional,
// cho, azar) take some 40% of the sample's planning natively (every
// policy 81–154 ms, psp, the bounds and uniform 50–70 ms: a benchmark of
// plan.Run on the sample at 20,000 visits, 3 runs each, 2 cores shared,
// 2026-11-26) and as long again as the rest at a million pages; the
// headline needs none of them.
func early(policy string) bool {
	return policy == "psp" || policy == "uniform"
}

// visits returns the visits per horizon p plans (plan.Params.Visits): 0
// for parameters the plan refuses, which then says why.
func visits(p plan.Params) int {
	v, _ := p.Visits()
	return v
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
	// a quarter, whatever the rows take (a memory limit set too low would
	// have it run without end). A quarter rather than half: the 1M-row
	// log's tab at most 399–401 → 388–396 MB, its read as fast (e2e
	// TestBenchFile, two pairs).
	gc := debug.SetGCPercent(25)
	set, skipped, est, err := decode(ctx, kept, q.Name, q.Size, q.SkipBad, progress, nil, true)
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
	// What reading held but the set is garbage now, and the message that
	// sends the set is made in its room rather than on top of it: the
	// worker's memory, which never shrinks, is the tab's until it is let
	// go.
	runtime.GC()
	emit(&Stage{Seq: q.Seq, Kind: "read", Read: &ReadResult{Size: size, Sum: *sum, Kind: kindOf(kept.head), Skipped: skipped,
		Summary: summarize(set, est), Pages: set, Est: est}})
	emit(&Stage{Seq: q.Seq, Kind: "done"})
}

// planResult extracts what the page shows of a plan.
func planResult(pl *plan.Plan, policy string) *PlanResult {
	r := planFigures(pl, policy)
	res := pl.Result(plan.Policy(policy))
	if res == nil {
		res = pl.Result(plan.PSP)
		r.Policy = string(plan.PSP)
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

// planFigures is what the page shows of every policy and bound of a plan,
// without the per-page and per-host arrays of the one shown.
func planFigures(pl *plan.Plan, policy string) *PlanResult {
	r := &PlanResult{Budget: pl.Params.Budget, Crawlers: pl.Params.Crawlers, Rate: pl.Params.Rate, Policy: policy,
		Values: map[string]float64{}, Simulated: map[string]bool{}, Seconds: pl.Seconds}
	for p, why := range pl.Omitted {
		if r.Omitted == nil {
			r.Omitted = map[string]string{}
		}
		r.Omitted[string(p)] = why
	}
	for p, res := range pl.Results {
		name := string(p) // the page's maps are keyed by the policy's spelling
		r.Values[name] = res.Value
		r.Simulated[name] = res.Simulated
		if e := res.Sim; e != nil {
			if r.Sim == nil {
				r.Sim = map[string][3]float64{}
			}
			r.Sim[name] = [3]float64{e.Mean, e.Low, e.High}
		}
		if res.Dropped > 0 {
			if r.DroppedBy == nil {
				r.DroppedBy = map[string]int{}
			}
			r.DroppedBy[name] = res.Dropped
		}
		if res.Visits == nil {
			continue
		}
		n := 0
		for _, v := range res.Visits {
			if v < 1e-9 {
				n++
			}
		}
		if n > 0 {
			if r.Starved == nil {
				r.Starved = map[string]int{}
			}
			r.Starved[name] = n
		}
	}
	return r
}
