package app

import (
	"strings"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/freshplan/freshplan/core/plan"
)

// policiesTable is every policy and bound of the plan on screen, or, while
// one is made, of its allocations: the rest, psp first, comes as it is
// scored.
type policiesTable struct {
	goapp.Compo
	Plan    *PlanResult // nil: none
	Req     Request     // the request Plan answers
	Partial bool        // Plan is the allocations' figures, or an early plan
	Stale   bool        // a newer plan is being made
	Pages   int         // the pages planned …
	Quasi   int         // … of which with a quasi-deterministic change model
}

// policiesTable is the policies table of the results on screen.
func (h *home) policiesTable() *policiesTable {
	r := &h.res
	t := &policiesTable{Plan: r.plan, Req: r.req, Stale: r.stalePlan}
	if pr := r.provisional; pr != nil {
		t.Plan, t.Req, t.Stale = pr, r.provisionalReq, false
	}
	t.Partial = t.Plan != nil && (t.Plan.Early || t.Plan == r.provisional)
	if h.data != nil {
		t.Pages, t.Quasi = h.data.Pages, h.data.Quasi
	}
	return t
}

func (t *policiesTable) Render() goapp.UI {
	p, req, stale, partial := t.Plan, t.Req, t.Stale, t.Partial
	if p == nil {
		return goapp.Text("")
	}
	obj := objective(req.Objective)
	names := append(plan.Names(plan.Policies()), plan.Names(plan.Bounds())...)
	cls := "panel"
	if stale {
		cls += " stale"
	}
	return goapp.Section().ID("policies").Class(cls).Aria("labelledby", "policies-h").Body(
		goapp.H2().ID("policies-h").Text("Every policy and bound"),
		goapp.Div().Class("table-wrap").Body(goapp.Table().Class("results").Body(
			goapp.Caption().Text(sprintf("At %s visits per horizon, %s model; simulated values replay the schedule, analytical ones are closed forms.",
				fmtInt(int64(p.Budget)), req.Model)+
				map[bool]string{true: " The policies not listed yet are still being planned; each appears as it is scored.", false: ""}[partial]),
			goapp.THead().Body(goapp.Tr().Body(
				goapp.Th().Scope("col").Text("policy"),
				goapp.Th().Scope("col").Class("num").Text(obj.label()),
				goapp.Th().Scope("col").Class("num").Text("staleness"),
				goapp.If(p.Sim != nil, goapp.Th().Scope("col").Class("num").Title("the figure replayed against changes sampled at random, mean of the runs ± the half-width of its 95% interval").Text("sampled changes, 95%")),
				goapp.Th().Scope("col").Text("how"),
				goapp.Th().Scope("col").Text("what it is"),
			)),
			goapp.TBody().Body(goapp.Range(names).Slice(func(k int) goapp.UI {
				name := names[k]
				v, ok := p.Values[name]
				if why, omitted := p.Omitted[name]; !ok && omitted {
					return goapp.Tr().Class("policy omitted").Body(
						goapp.Th().Scope("row").Text(name),
						goapp.Td().Class("num").Text("–"),
						goapp.Td().Class("num").Text("–"),
						goapp.If(p.Sim != nil, goapp.Td().Class("num").Text("–")),
						goapp.Td().Text("not planned"),
						goapp.Td().Text(why),
					)
				}
				if !ok {
					return nil
				}
				how := "analytical"
				if p.Simulated[name] {
					how = "simulated"
				}
				cls := "policy"
				if plan.Policy(name).IsBound() {
					cls = "bound"
				}
				if name == p.Policy {
					cls += " chosen"
				}
				stale := sprintf("%.4f", v)
				if !obj.fresh() {
					stale = "–"
				}
				nameCell := term(name, name)
				note := policyNote(p, name, t.Pages)
				if name == "uniform" && t.Quasi > 0 {
					// plan.Describe says "equally spaced": not so for these.
					note = strings.TrimSpace(note + " " + sprintf("Its %s with a known change pattern (quasi-deterministic) are not equally spaced: each visit is placed just after a possible change, by the quasi greedy (seed 003 §4).",
						plural(t.Quasi, "page", "pages")))
				}
				return goapp.Tr().Class(cls).Body(
					goapp.Th().Scope("row").Body(nameCell),
					goapp.Td().Class("num", "p-value").DataSet("label", obj.label()).Text(obj.text(v, 2)),
					goapp.Td().Class("num", "p-stale").DataSet("label", "staleness").Text(stale),
					goapp.If(p.Sim != nil, goapp.Td().Class("num").Text(simText(p.Sim, name, obj))),
					goapp.Td().Class("p-how").Text(how),
					goapp.Td().Body(goapp.Text(plan.Describe[plan.Policy(name)]),
						goapp.If(note != "", goapp.Span().Class("policy-note").Text(" "+note))),
				)
			})),
		)),
	)
}

// simText shows a figure's simulated counterpart: the mean of the runs
// and the half-width of its 95% interval.
func simText(sim map[string][3]float64, name string, obj objective) string {
	v, ok := sim[name]
	if !ok {
		return "–"
	}
	half := (v[2] - v[1]) / 2
	if obj.fresh() {
		return fmtPct(1-v[0], 2) + " ± " + fmtPointsAbs(half)
	}
	return obj.text(v[0], 2) + " ± " + obj.diff(half)
}

// policyNote says how many visits a policy drops and how many pages it
// leaves unvisited, and why, when it does (bounds have no note: they are
// not schedules a crawler runs).
func policyNote(p *PlanResult, name string, pages int) string {
	if plan.Policy(name).IsBound() {
		return ""
	}
	var out []string
	if n := p.DroppedBy[name]; n > 0 {
		out = append(out, sprintf("Drops %s of %s visits (%s): they do not fit the hosts' politeness in the horizon.",
			fmtInt(int64(n)), fmtInt(int64(p.Budget)), sprintf("%.2g%%", 100*float64(n)/float64(max(1, p.Budget)))))
	}
	if n := p.Starved[name]; n > 0 {
		why := "a visit gains them least"
		switch name {
		case "proportional":
			why = "the budget goes to the pages that change most"
		case "cho", "azar":
			why = "its optimum deems them not worth a visit"
		case "uniform":
			why = "the budget is smaller than the pages"
		}
		out = append(out, sprintf("Never visits %s of %s pages: %s.", fmtInt(int64(n)), fmtInt(int64(pages)), why))
	}
	return strings.Join(out, " ")
}
