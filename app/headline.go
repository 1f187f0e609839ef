package app

import (
	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// card is one headline number.
func card(id string, label any, value, sub string, stale bool) goapp.UI {
	cls := "card"
	if stale {
		cls += " stale"
	}
	return goapp.Div().ID(id).Class(cls).Body(
		goapp.P().Class("card-label").Body(labelUI(label)),
		// elementtiming: the browser records when each number is first
		// painted (the e2e harness's TestBenchLoad reads the headline's).
		goapp.P().Class("card-value").Attr("elementtiming", id).Text(value),
		goapp.P().Class("card-sub").Text(sub),
	)
}

// headline is the plan's four numbers: psp's freshness, its distance to
// the wp bound, what politeness costs, and the budget for the target.
type headline struct {
	goapp.Compo
	Plan        *PlanResult // the plan on screen (nil: none) …
	Req         Request     // … made by this request
	Provisional *PlanResult // the allocations' figures of the plan being made (nil: none) …
	ProvReq     Request     // … and its request
	Target      *TargetResult
	StalePlan   bool   // a newer plan is being made
	StaleTarget bool   // a newer target is being searched for
	Placeholder string // what shows without a plan
}

// headline is the headline of the results on screen.
func (h *home) headline() *headline {
	r := &h.res
	msg := "Planning…"
	switch h.state() {
	case "error", "stopped":
		msg = "No plan yet."
	case "awaiting":
		msg = "No plan yet: the link's plan needs " + h.opened.awaiting.Name + "."
	}
	return &headline{Plan: r.plan, Req: r.req, Provisional: r.provisional, ProvReq: r.provisionalReq, Target: r.target,
		StalePlan: r.stalePlan, StaleTarget: r.staleTarget, Placeholder: msg}
}

func (r *headline) Render() goapp.UI {
	if r.Provisional != nil {
		return r.provisional()
	}
	p := r.Plan
	if p == nil {
		return goapp.Section().ID("headline").Class("headline").Aria("label", "headline").Body(goapp.P().Class("placeholder").Text(r.Placeholder))
	}
	obj := objective(r.Req.Objective)
	v := p.Values
	psp, uni, wp := v["psp"], v["uniform"], v["wp"]
	var c1, c2 goapp.UI
	if !obj.fresh() {
		c1 = card("h-fresh", freshLabel(obj), obj.text(psp, 2), "uniform "+obj.text(uni, 2)+", not polite", r.StalePlan)
		c2 = card("h-bound", boundLabel(), obj.diff(psp-wp), "wp "+obj.text(wp, 2)+": no polite schedule does better", r.StalePlan)
	} else {
		c1 = card("h-fresh", freshLabel(obj), fmtPct(1-psp, 2), "uniform "+fmtPct(1-uni, 2)+", not polite ("+fmtPoints(uni-psp)+" for psp)", r.StalePlan)
		c2 = card("h-bound", boundLabel(), fmtPointsAbs(psp-wp), "wp "+fmtPct(1-wp, 2)+": no polite schedule does better", r.StalePlan)
	}
	c3 := politenessCard(obj, v, r.Req.Politeness, r.StalePlan)
	return goapp.Section().ID("headline").Class("headline").Aria("label", "headline").Body(c1, c2, c3, r.targetCard())
}

// provisional is the headline while psp's schedule is being made
// (plan.Params.Allocated): psp's allocation's figure is in, and wp, the
// bound no polite schedule beats, bounds psp's.
func (r *headline) provisional() goapp.UI {
	q := r.ProvReq
	obj := objective(q.Objective)
	v := r.Provisional.Values
	uni, wp := v["uniform"], v["wp"]
	note := "psp's own schedule is being made"
	var c1 goapp.UI
	if !obj.fresh() {
		c1 = card("h-fresh", freshLabel(obj), "≥ "+obj.text(wp, 2), "the wp bound: "+note+"; uniform "+obj.text(uni, 2), false)
	} else {
		c1 = card("h-fresh", freshLabel(obj), "≤ "+fmtPct(1-wp, 2), "the wp bound: "+note+"; uniform "+fmtPct(1-uni, 2), false)
	}
	c2 := card("h-bound", boundLabel(), "…", note, true)
	return goapp.Section().ID("headline").Class("headline", "provisional").Aria("label", "headline, provisional").
		Body(c1, c2, politenessCard(obj, v, q.Politeness, false), r.targetCard())
}

// freshLabel is the label of psp's card: its freshness, or the objective.
func freshLabel(obj objective) any {
	if !obj.fresh() {
		return "psp " + obj.label()
	}
	return []goapp.UI{term("psp", "psp"), goapp.Text(" "), term("freshness", "freshness")}
}

// boundLabel is the label of the card of psp's distance to the wp bound.
func boundLabel() []goapp.UI {
	return []goapp.UI{term("psp", "psp"), goapp.Text("'s distance to the "), term("wp", "wp bound")}
}

// politenessCard is what politeness costs, wp − nonpolite, at the
// politeness delay P (seconds), from a plan's values: "…" until nonpolite
// is in (plan.Params.Early gives psp's figure before it).
func politenessCard(obj objective, v map[string]float64, politeness float64, stale bool) goapp.UI {
	label := []goapp.UI{goapp.Text("what "), term("politeness", "politeness"), goapp.Text(" costs")}
	wp := v["wp"]
	np, ok := v["nonpolite"]
	if !ok {
		return card("h-polite", label, "…", "the plan without politeness (nonpolite) is being made", true)
	}
	if !obj.fresh() {
		return card("h-polite", label, obj.diff(wp-np), "wp − nonpolite, at P = "+fmtSeconds(politeness), stale)
	}
	return card("h-polite", label, fmtPointsAbs(wp-np), "wp − nonpolite ("+fmtPct(1-np, 2)+" without politeness), P = "+fmtSeconds(politeness), stale)
}

// targetCard is the headline's budget for the target freshness.
func (r *headline) targetCard() goapp.UI {
	obj := objective(r.Req.Objective)
	budget := 0
	switch {
	case r.Plan != nil:
		budget = r.Plan.Budget
	case r.Provisional != nil:
		budget = r.Provisional.Budget
	}
	var c4 goapp.UI
	t := r.Target
	switch {
	case t == nil && r.StaleTarget:
		c4 = card("h-target", "budget for the target", "…", "searching", true)
	case t == nil:
		c4 = card("h-target", "budget for the target", "–", "", false)
	case t.Age:
		c4 = card("h-target", "budget for a target", "–", "targets are freshness; the objective is "+obj.label(), r.StaleTarget)
	case t.Unreachable:
		c4 = card("h-target", "budget for "+fmtPct(t.Target, 0)+" fresh", "out of reach",
			"politeness caps psp at "+fmtPct(t.Freshness, 2)+" ("+fmtInt(int64(t.MaxBudget))+" visits fill every host's cap)", r.StaleTarget)
	default:
		ratio := float64(t.Budget) / float64(max(1, budget))
		c4 = card("h-target", "budget for "+fmtPct(t.Target, 0)+" fresh", "≈ "+fmtInt(int64(t.Budget))+" visits",
			sprintf("%.2g × the budget; psp then %s fresh (%d plans searched)", ratio, fmtPct(t.Freshness, 2), t.Runs), r.StaleTarget)
	}
	return c4
}

// labelUI is a card's label: text, or text with glossary terms.
func labelUI(l any) goapp.UI {
	switch v := l.(type) {
	case goapp.UI:
		return v
	case []goapp.UI:
		return goapp.Span().Body(v...)
	}
	return goapp.Text(sprintf("%v", l))
}
