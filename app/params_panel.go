package app

import (
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/freshplan/freshplan/core/plan"
)

// paramsPanel is the form of the plan's parameters. The page keeps the
// form and plans its edits (edit, submit): the panel shows it, with each
// field's hint or error.
type paramsPanel struct {
	goapp.Compo
	Form        form
	Errs        map[string]string // per field, what is wrong
	BudgetHint  string
	PolicyHint  string
	PlanErr     string // the plan failed, and why
	Unvisitable string // hosts no polite policy visits (see planViews)
	// Edit takes a field's new value, to plan after pause; Submit plans
	// the edits at once.
	Edit   func(field, value string, pause time.Duration)
	Submit func()
}

// paramsPanel is the form as the page has it.
func (h *home) paramsPanel() *paramsPanel {
	f := h.form
	crawlers := f.Mode == "crawlers"
	budgetHint := "visits per horizon"
	if h.res.plan != nil && !crawlers {
		budgetHint = sprintf("visits per horizon (%.2g per page)", float64(h.res.plan.Budget)/float64(max(1, h.data.Pages)))
	}
	if h.budgetWhy != "" && !h.touched[fBudget] && !crawlers {
		budgetHint += "; from your data — " + h.budgetWhy
	}
	p := &paramsPanel{Form: f, Errs: h.errs, BudgetHint: budgetHint, PolicyHint: policyHint(h.res.plan, f.Policy), PlanErr: h.planErr,
		Edit: func(field, value string, pause time.Duration) {
			h.edit(field, value, pause)
			h.redraw()
		},
		Submit: func() {
			h.formGen++
			h.commit()
			h.redraw()
		}}
	if h.planErr == "" && h.res.plan != nil {
		p.Unvisitable = h.res.unvisitable
	}
	return p
}

// onField takes an edit of a field. Its element must give the field as
// the handler's scope (OnInput(p.onField(id, pause), id)): go-app keeps a
// handler it takes for the same one when the event, the scope and the
// func's code match, and every func made here has the same code, so an
// element go-app reuses for another field (one that moved up as a field
// before it went) would keep writing to the field it was first.
func (p *paramsPanel) onField(field string, pause time.Duration) goapp.EventHandler {
	return func(ctx goapp.Context, e goapp.Event) {
		if p.Edit != nil {
			p.Edit(field, ctx.JSSrc().Get("value").String(), pause)
		}
	}
}

// field renders a labelled input with its hint or its error.
func (p *paramsPanel) field(id, label, value, hint string, pause time.Duration, attrs ...func(goapp.HTMLInput) goapp.HTMLInput) goapp.UI {
	msg := p.Errs[id]
	in := goapp.Input().Type("text").ID(id).Value(value).
		Aria("describedby", id+"-msg").
		AutoComplete(false).
		OnInput(p.onField(id, pause), id)
	if msg != "" {
		in = in.Aria("invalid", "true").Class("invalid")
	}
	for _, a := range attrs {
		in = a(in)
	}
	text, cls := hint, "hint"
	if msg != "" {
		text, cls = msg, "field-error"
	}
	return goapp.Div().Class("field").Body(
		goapp.Label().For(id).Text(label),
		in,
		goapp.Small().ID(id+"-msg").Class(cls).Text(text),
	)
}

func (p *paramsPanel) choice(id, label, value, hint string, options [][2]string) goapp.UI {
	return goapp.Div().Class("field").Body(
		goapp.Label().For(id).Text(label),
		goapp.Select().ID(id).Aria("describedby", id+"-msg").OnChange(p.onField(id, 0), id).Body(
			goapp.Range(options).Slice(func(k int) goapp.UI {
				o := options[k]
				return goapp.Option().Value(o[0]).Selected(o[0] == value).Text(o[1])
			}),
		),
		goapp.Small().ID(id+"-msg").Class("hint").Text(hint),
	)
}

func numeric(in goapp.HTMLInput) goapp.HTMLInput { return in.Attr("inputmode", "decimal") }

func (p *paramsPanel) Render() goapp.UI {
	f := p.Form
	crawlers := f.Mode == "crawlers"
	policies := make([][2]string, 0, len(plan.Policies()))
	for _, pol := range plan.Policies() {
		policies = append(policies, [2]string{string(pol), string(pol)})
	}
	modeRadio := func(v, label string) goapp.UI {
		return goapp.Label().Class("radio").Body(
			goapp.Input().Type("radio").Name("mode").ID("mode-"+v).Value(v).Checked(f.Mode == v).OnChange(p.onField(fMode, 0), fMode),
			goapp.Text(" "+label),
		)
	}
	return goapp.Section().ID("params").Class("panel").Aria("labelledby", "params-h").Body(
		goapp.H2().ID("params-h").Text("Parameters"),
		goapp.Form().ID("params-form").Class("params").OnSubmit(func(ctx goapp.Context, e goapp.Event) {
			e.PreventDefault()
			if p.Submit != nil {
				p.Submit()
			}
		}).Body(
			p.field(fHorizon, "Horizon T", f.Horizon, "the plan repeats every T: 24h, 7d", 500*time.Millisecond),
			goapp.FieldSet().Class("field", "budget-mode").Body(
				goapp.Legend().Text("Budget"),
				modeRadio("budget", "visits"),
				modeRadio("crawlers", "crawlers × rate"),
			),
			goapp.If(!crawlers, p.field(fBudget, "Budget R", f.Budget, p.BudgetHint, 500*time.Millisecond, numeric)),
			goapp.If(crawlers, p.field(fCrawlers, "Crawlers C", f.Crawlers, "how many fetch in parallel", 500*time.Millisecond, numeric)),
			goapp.If(crawlers, p.field(fRate, "Rate", f.Rate, "pages per second per crawler", 500*time.Millisecond, numeric)),
			p.field(fPoliteness, "Politeness P", f.Politeness, "seconds between requests to a host", 500*time.Millisecond, numeric),
			p.choice(fObjective, "Objective", f.Objective, "what the plan minimises", [][2]string{{"staleness", "staleness"}, {"age", "age"}, {"harmonic", "harmonic penalty"}}),
			p.choice(fModel, "Model", f.Model, modelHint(f.Model), [][2]string{{"steady", "steady (repeats)"}, {"horizon", "horizon (papers)"}}),
			p.choice(fPolicy, "Policy shown", f.Policy, p.PolicyHint, policies),
			p.field(fTarget, "Target freshness %", f.Target, "the headline's budget search", 500*time.Millisecond, numeric),
			p.field(fSimulate, "Simulate", f.Simulate, "runs replaying each schedule against sampled changes (0: none)", 500*time.Millisecond, numeric),
		),
		goapp.If(p.PlanErr != "", goapp.P().ID("plan-error").Class("error").Attr("role", "alert").Text(p.PlanErr)),
		goapp.If(p.Unvisitable != "", goapp.P().ID("unvisitable").Class("note").Attr("role", "status").Text(sentence(p.Unvisitable))),
	)
}

// sentence makes a note that starts in lower case a sentence.
func sentence(s string) string {
	if s == "" {
		return ""
	}
	return strings.ToUpper(s[:1]) + s[1:] + "."
}

// policyHint says where the chosen policy is shown, or, when the plan
// could not make it, why and what is shown instead.
func policyHint(p *PlanResult, chosen string) string {
	if p != nil && p.Policy != chosen {
		if why, ok := p.Omitted[chosen]; ok {
			return "not planned here (" + why + "): " + p.Policy + " is shown"
		}
	}
	return "in the charts and tables"
}

func modelHint(m string) string {
	if m == "horizon" {
		return "a fresh copy at the start of every horizon: flatters starving plans"
	}
	return "the plan repeats; what you live with"
}
