package app

import (
	"errors"
	"sync"
)

// holder keeps the pages of a file an engine read — in the planning
// worker, or in the page without workers — and the per-page figures of
// the plans the page may be showing. It is their one copy: the page holds
// their summary (pagesSummary), and asks (Ask) for the rows of the page
// table and the seed lists it shows; a plan of them sends the page its
// figures and the scatter drawn here, not a figure per page.
//
// Pages a job brings (a file the page read itself, small enough for a
// link to carry) are kept for the next job too, and are the page's:
// their plans go to the page whole.
type holder struct {
	mu   sync.Mutex
	set  *pageSet
	data *dataset // set's, for the views made of it (the scatter, the page table)
	seq  int      // the read job that read set; 0 for pages a job brought
	// plans are the per-page figures of the last plans made of the held
	// pages, oldest first: the page shows one of them (see keepPlan).
	plans []*heldPlan
	order heldOrder // the page table's last order
}

// heldPlan is a plan the page may show: its request and result, per-page
// figures and all, and the page table made of it.
type heldPlan struct {
	q     Request
	r     *PlanResult
	table *tableSource
}

// heldOrder is the page table's order for a plan, sort and filter.
type heldOrder struct {
	seq    int
	sort   int
	desc   bool
	filter string
	rows   []int32
}

// heldPlans is how many plans a holder keeps: the page shows the newest
// it took in, and stages of a plan superseded before the page took them
// in are still kept — a few at most between two plans the page shows.
const heldPlans = 3

// adopt makes set the pages held: read by job seq (0 when a job brought
// them), with est how well their rates were estimated.
func (h *holder) adopt(set *pageSet, est *uncertainty, seq int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.set, h.seq, h.plans, h.order = set, seq, nil, heldOrder{}
	h.data = nil
	if set != nil {
		h.data = setDataset("", 0, false, set)
		h.data.setEstimate(est)
	}
}

// pages returns the pages held, and the read job that read them.
func (h *holder) pages() (*pageSet, int) {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.set, h.seq
}

// reading returns the emit of job seq, which reads a file: the pages it
// read are kept here, and the page gets their summary.
func (h *holder) reading(seq int, emit func(*Stage)) func(*Stage) {
	return func(s *Stage) {
		if r := s.Read; r != nil && r.Pages != nil {
			h.adopt(r.Pages, r.Est, seq)
			t, rr := *s, *r
			rr.Pages, rr.Est = nil, nil
			t.Read = &rr
			s = &t
		}
		emit(s)
	}
}

// emitting returns the emit of a job of q on the held pages: it keeps
// each plan's per-page figures here and sends the page the plan's
// figures, then ("scatter") its scatter, drawn here where the pages are —
// after, so that the headline does not wait for it; a plan's final stage
// whose figures per page are its early stage's is not drawn again.
func (h *holder) emitting(q Request, emit func(*Stage)) func(*Stage) {
	h.mu.Lock()
	d := h.data
	h.mu.Unlock()
	drawn := "" // the policy whose scatter this job has sent
	return func(s *Stage) {
		switch {
		case s.Kind == "plan" && s.Plan != nil && s.Plan.Visits != nil:
			r := *s.Plan
			r.Visits, r.Stale = nil, nil
			h.keepPlan(q, s.Plan)
			t := *s
			t.Plan = &r
			emit(&t)
			if drawn == r.Policy {
				return
			}
			drawn = r.Policy
			emit(&Stage{Seq: s.Seq, Kind: "scatter", Plan: &PlanResult{Policy: r.Policy, Budget: r.Budget,
				Scatter: scatterSpec(d, s.Plan, q, func() {})}})
			return
		case s.Kind == "error":
			t := *s
			t.Note = namePages(s.Note, d)
			s = &t
		}
		emit(s)
	}
}

// keepPlan keeps plan r of q, replacing an earlier stage of the same job
// (its early plan), and letting the oldest go past heldPlans.
func (h *holder) keepPlan(q Request, r *PlanResult) {
	h.mu.Lock()
	defer h.mu.Unlock()
	hp := &heldPlan{q: q, r: r, table: pageTable(h.data, r, q)}
	if n := len(h.plans); n > 0 && h.plans[n-1].q.Seq == q.Seq {
		h.plans[n-1] = hp
		if h.order.seq == q.Seq {
			h.order = heldOrder{}
		}
		return
	}
	h.plans = append(h.plans, hp)
	if len(h.plans) > heldPlans {
		h.plans = h.plans[len(h.plans)-heldPlans:]
	}
}

// plan returns the held plan of job seq, letting the older go: the page
// asks of the plan it shows, and never goes back to an older one.
func (h *holder) plan(seq int) *heldPlan {
	for k, hp := range h.plans {
		if hp.q.Seq == seq {
			h.plans = h.plans[k:]
			return hp
		}
	}
	return nil
}

// errNotHeld is the answer about a plan the holder no longer has (newer
// plans took its place), errPagesLost about pages it no longer has (its
// worker was let go and the file cannot be read again).
var (
	errNotHeld   = errors.New("the planner no longer holds this plan's figures; plan again to see them")
	errPagesLost = errors.New("the planner no longer holds the pages of this file; read it again")
)

// answer answers a question about the held pages.
func (h *holder) answer(a *Ask) *Answer {
	switch a.Kind {
	case "rows":
		rows, err := h.rows(a)
		return answerOf(a, err, func(ans *Answer) { ans.Rows = rows })
	case "export":
		e, err := h.export(a)
		return answerOf(a, err, func(ans *Answer) { ans.Export = e })
	case "pack":
		h.mu.Lock()
		set, seq := h.set, h.seq
		est := (*uncertainty)(nil)
		if h.data != nil {
			est = h.data.est
		}
		h.mu.Unlock()
		if set == nil || seq != a.Held {
			return answerOf(a, errPagesLost, nil)
		}
		return &Answer{Seq: a.Seq, Kind: a.Kind, Packed: &heldPages{set: set, est: est, seq: seq, names: a.Names}}
	}
	return answerOf(a, errors.New("unknown question "+a.Kind), nil)
}

// answerOf is the answer to a: err's, or what fill puts in.
func answerOf(a *Ask, err error, fill func(*Answer)) *Answer {
	ans := &Answer{Seq: a.Seq, Kind: a.Kind}
	if err != nil {
		ans.Err = err.Error()
		return ans
	}
	fill(ans)
	return ans
}

// rows is a page of the page table of the held plan a.Plan, in a.Table's
// order and filter.
func (h *holder) rows(a *Ask) (*tablePage, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if a.Held != h.seq {
		return nil, errPagesLost
	}
	hp := h.plan(a.Plan)
	if hp == nil {
		return nil, errNotHeld
	}
	t := a.Table
	o := &h.order
	if o.rows == nil || o.seq != a.Plan || o.sort != t.Sort || o.desc != t.Desc || o.filter != t.Filter {
		*o = heldOrder{seq: a.Plan, sort: t.Sort, desc: t.Desc, filter: t.Filter,
			rows: orderRows(hp.table, t.Sort, t.Desc, t.Filter)}
	}
	return pageOf(hp.table, o.rows, t), nil
}

// export writes the seed list or pages file a.Request names from the held
// plan a.Plan, the file the CLI writes of the same plan (shownPlan); nil
// with no error when the plan is not the one asked for: the file is then
// planned (see exporter).
func (h *holder) export(a *Ask) (*ExportResult, error) {
	h.mu.Lock()
	if a.Held != h.seq {
		h.mu.Unlock()
		return nil, errPagesLost
	}
	var r *PlanResult
	if hp := h.plan(a.Plan); hp != nil {
		r = hp.r
	}
	set := h.set
	h.mu.Unlock()
	pl := shownPlan(a.Request, set, a.Request.Export, false, r)
	if pl == nil {
		return nil, nil
	}
	return writeShown(pl, a.Request.Export)
}
