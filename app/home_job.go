package app

import (
	"math"
	"strconv"
	"time"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// jobTimes are the seconds from a job's start to each of its stages, as
// the page saw them.
type jobTimes struct {
	read, allocated, early, plan, sweep, target, total float64
	// nonpolite is when the first figures scored after early came in:
	// the bound nonpolite (plan.Params.Scored).
	nonpolite float64
}

// setData makes d the data planned, and plans it.
func (h *home) setData(d *dataset) {
	h.adopt(d)
	h.startJob(allStages)
}

// adopt makes d the data on screen, with the budget and horizon it
// suggests unless the person chose them.
func (h *home) adopt(d *dataset) {
	h.data = d
	if !h.touched[fBudget] {
		b, T, why := SampleBudget, "24h", ""
		if !d.sample {
			// A pages table says nothing of a crawl: four visits per page
			// per day to start from. A log or a change history suggests
			// its own (plan.Suggest).
			b = niceRound(4 * float64(d.Pages))
			if s := d.suggested(); s != nil {
				b, T, why = s.Budget, durationInput(s.Horizon.Seconds()), s.Why
				if h.touched[fHorizon] {
					// The same crawl rate over the horizon the person chose.
					if t, err := parseDuration(h.form.Horizon); err == nil && t > 0 {
						b = max(1, int(math.Round(float64(b)*t.Seconds()/s.Horizon.Seconds())))
					}
				}
			}
		}
		h.form.Budget = strconv.Itoa(b)
		if !h.touched[fHorizon] {
			h.form.Horizon = T
		}
		h.budgetWhy = why
	}
	h.res = results{hist: histogramSpec(d)}
}

// startJob sends the planner a job for the stages asked, if the form is
// valid.
func (h *home) startJob(stages Stages) {
	q, errs := h.form.request()
	h.errs = errs
	if errs != nil || h.data == nil {
		return
	}
	// The first screen's plan is this job's early stage, made in the page
	// before the planner's worker started (see firstScreen): it stays on
	// screen, and the worker's copy of it is not shown again.
	first := h.first
	h.first = nil
	if first != nil && first.data != h.data {
		first = nil
	}
	if h.reading != nil && h.reading.worker {
		return // the file being read is planned next, with the form as it is then
	}
	if h.res.plan == nil {
		stages |= StagePlan
	}
	if h.res.sweep == nil && stages&StagePlan != 0 {
		stages |= StageSweep
	}
	h.seq++
	q.Seq, q.Stages = h.seq, stages
	if stages&StagePlan == 0 && h.res.plan != nil {
		// Only the target changed: the search starts from what is known.
		q.MaxUseful = h.res.plan.MaxUseful
		q.Known = map[int]float64{h.res.plan.Budget: 1 - h.res.plan.Values["psp"]}
		if h.res.sweep != nil {
			for _, p := range h.res.sweep.Points {
				if p.Name == "psp" {
					q.Known[p.Budget] = 1 - p.Value
				}
			}
		}
	}
	r := &h.res
	if stages&StagePlan != 0 {
		r.provisional = nil
	}
	r.stalePlan = r.stalePlan || stages&StagePlan != 0
	r.staleSweep = r.staleSweep || stages&StageSweep != 0
	r.staleTarget = r.staleTarget || stages&StageTarget != 0
	h.busy, h.note, h.planErr, h.jobStart, h.stopped = true, "starting", "", time.Now(), false
	read := h.times.read
	h.times = jobTimes{read: read}
	d := h.data
	var early *planViews
	if first != nil {
		early = first.views
		r.showPlan(q, first.res.plan, early)
		h.times.early = first.seconds
	}
	Mark("job")
	h.eng.run(q, d, func(s *Stage) {
		// The views of a plan are made here, off the page's event loop and
		// yielding to it; the dispatch only puts them in place. A plan shown
		// early keeps its views: the policy they show is the same.
		var v *planViews
		switch {
		case (s.Kind == "plan" && s.Plan != nil && s.Plan.Early || s.Kind == "allocated") && first != nil:
			return // on screen since the first screen
		case s.Kind == "scatter":
			// The scatter of a plan of pages the page does not hold, drawn
			// where they are: into the views of the plan it follows.
			if v := early; v != nil && s.Plan != nil && s.Plan.Scatter != nil {
				sc := *s.Plan.Scatter
				sc.Version = nextVersion()
				h.ctx.Dispatch(func(goapp.Context) {
					v.scatter = &sc
					if s.Seq == h.seq && h.res.req.Seq == q.Seq {
						h.res.scatter = &sc
					}
				})
			}
			return
		case s.Kind != "plan" || s.Plan == nil:
		case early != nil && !s.Plan.Early:
			v = early
		default:
			v = newPlanViews(d, s.Plan, q, breather(), h.eng)
			if s.Plan.Early || d.pages == nil {
				early = v // a held plan's scatter comes after it, into these views
			}
		}
		h.ctx.Dispatch(func(goapp.Context) { h.onStage(q, d, s, v) })
	})
}

// onStage takes one stage of the current job's results.
func (h *home) onStage(q Request, d *dataset, s *Stage, v *planViews) {
	if s.Seq != h.seq || d != h.data {
		return
	}
	since := time.Since(h.jobStart).Seconds()
	h.workerMemory = max(h.workerMemory, s.Memory)
	r := &h.res
	switch s.Kind {
	case "progress":
		h.note = s.Note
	case "plan":
		r.showPlan(q, s.Plan, v)
		if s.Plan.Early {
			h.times.early = since
			Mark("early")
		} else {
			h.times.plan = since
		}
	case "allocated":
		r.provisional, r.provisionalReq = s.Plan, q
		h.times.allocated = since
		Mark("allocated")
	case "scored":
		r.showScored(s.Plan)
		if h.times.nonpolite == 0 {
			h.times.nonpolite = since
		}
	case "sweep":
		r.sweep, r.staleSweep = s.Sweep, false
		h.times.sweep = since
		r.budget = sweepSpec(r.sweep, r.planBudget(), r.target, objective(r.req.Objective))
	case "target":
		r.target, r.staleTarget = s.Target, false
		h.times.target = since
		r.budget = sweepSpec(r.sweep, r.planBudget(), r.target, objective(r.req.Objective))
	case "error":
		h.busy, h.note, h.planErr, r.provisional = false, "", s.Note, nil
		r.stalePlan, r.staleSweep, r.staleTarget = r.plan != nil && r.stalePlan, false, false
	case "done":
		h.busy, h.note = false, ""
		h.times.total = since
	}
}

// planViews are the charts and tables of a plan, and its note on hosts
// no polite policy visits (made here where the pages have their
// hosts' names).
type planViews struct {
	scatter, load        *chartSpec
	pageTable, hostTable *tableSource
	unvisitable          string
}

// newPlanViews makes the views of plan r of d, made by job q; for pages
// the page does not hold, the scatter comes after r (drawn where they
// are: a "scatter" stage) and the page table asks eng, which holds them,
// for its rows.
func newPlanViews(d *dataset, r *PlanResult, q Request, breathe func(), eng engine) *planViews {
	v := &planViews{}
	if d.pages != nil {
		v.scatter = scatterSpec(d, r, q, breathe)
	}
	breathe()
	v.load = loadSpec(d, r, q.Horizon)
	v.pageTable, v.hostTable = pageTable(d, r, q), hostTable(d, r, q)
	if d.pages == nil {
		v.pageTable.Fetch = heldRows(eng, d.held, q.Seq)
	}
	v.unvisitable = d.unvisitable(time.Duration(q.Horizon * float64(time.Second)))
	return v
}

// breather returns a func that, called often from a goroutine, lets the
// page have a task of its own every 10 ms: Go in the browser is
// single-threaded, and yielding is what lets the page handle its events
// and draw.
func breather() func() { return yielder(10 * time.Millisecond) }

// yielder returns a func that, called often, returns in a later task of
// the event loop (nextTask) once every interval.
func yielder(interval time.Duration) func() {
	last := time.Now()
	return func() {
		if time.Since(last) > interval {
			nextTask()
			last = time.Now()
		}
	}
}

// showPlan puts a plan of q and its views on screen.
func (r *results) showPlan(q Request, p *PlanResult, v *planViews) {
	r.plan, r.req, r.stalePlan, r.provisional = p, q, false, nil
	r.scatter, r.load, r.pageTable, r.hostTable, r.unvisitable = v.scatter, v.load, v.pageTable, v.hostTable, v.unvisitable
	r.budget = sweepSpec(r.sweep, p.Budget, r.target, objective(q.Objective))
}

// showScored puts the figures of the policies scored after an early plan
// (plan.Params.Scored) into it: it stays early, its per-page views as
// they are. Once the finished plan is in, there is nothing to add.
func (r *results) showScored(p *PlanResult) {
	if p == nil || r.plan == nil || !r.plan.Early || p.Budget != r.plan.Budget {
		return
	}
	np := *r.plan
	np.Values, np.Simulated, np.Sim, np.Omitted = p.Values, p.Simulated, p.Sim, p.Omitted
	np.DroppedBy, np.Starved = p.DroppedBy, p.Starved
	r.plan = &np
}

func (r *results) planBudget() int {
	if r.plan == nil {
		return 0
	}
	return r.plan.Budget
}

// edit takes an edit of a parameter: checked at once, planned after a
// pause in typing (selects and radios at once).
func (h *home) edit(field, value string, pause time.Duration) {
	h.form.set(field, value)
	h.touched[field], h.pending[field] = true, true
	_, h.errs = h.form.request()
	h.formGen++
	gen := h.formGen
	h.ctx.After(pause, func(goapp.Context) {
		if gen == h.formGen {
			h.commit()
		}
	})
}

// commit plans what the edits since the last job need: a new policy only
// changes what is shown of the plan, a new target only the search.
func (h *home) commit() {
	changed := h.pending
	h.pending = map[string]bool{}
	if len(changed) == 0 || h.errs != nil {
		return
	}
	var stages Stages
	for f := range changed {
		switch f {
		case fPolicy:
			stages |= StagePlan
		case fTarget:
			stages |= StageTarget
		case fSimulate:
			stages |= StagePlan
		default:
			stages = allStages
		}
	}
	h.startJob(stages)
}

// stopPlanning abandons the job running; the results on screen stay,
// dimmed where they no longer match the parameters.
func (h *home) stopPlanning(ctx goapp.Context, e goapp.Event) {
	if !h.busy {
		return
	}
	h.eng.cancel()
	h.seq++ // stages of the abandoned job are ignored
	h.busy, h.note, h.stopped = false, "", true
	r := &h.res
	r.provisional = nil
	r.stalePlan = r.plan != nil && r.stalePlan
	r.staleSweep = r.sweep != nil && r.staleSweep
	r.staleTarget = r.target != nil && r.staleTarget
}
