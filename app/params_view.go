package app

import (
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/freshplan/freshplan/core/plan"
)

// field renders a labelled input with its hint or its error.
func (h *home) field(id, label, value, hint string, pause time.Duration, attrs ...func(goapp.HTMLInput) goapp.HTMLInput) goapp.UI {
	msg := h.errs[id]
	in := goapp.Input().Type("text").ID(id).Value(value).
		Aria("describedby", id+"-msg").
		AutoComplete(false).
		OnInput(h.onField(id, pause), id)
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

func (h *home) choice(id, label, value, hint string, options [][2]string) goapp.UI {
	return goapp.Div().Class("field").Body(
		goapp.Label().For(id).Text(label),
		goapp.Select().ID(id).Aria("describedby", id+"-msg").OnChange(h.onField(id, 0), id).Body(
			goapp.Range(options).Slice(func(k int) goapp.UI {
				o := options[k]
				return goapp.Option().Value(o[0]).Selected(o[0] == value).Text(o[1])
			}),
		),
		goapp.Small().ID(id+"-msg").Class("hint").Text(hint),
	)
}

func numeric(in goapp.HTMLInput) goapp.HTMLInput { return in.Attr("inputmode", "decimal") }

func (h *home) renderParams() goapp.UI {
	f := h.form
	crawlers := f.Mode == "crawlers"
	policies := make([][2]string, 0, len(plan.Policies()))
	for _, p := range plan.Policies() {
		policies = append(policies, [2]string{string(p), string(p)})
	}
	budgetHint := "visits per horizon"
	if h.res.plan != nil && !crawlers {
		budgetHint = sprintf("visits per horizon (%.2g per page)", float64(h.res.plan.Budget)/float64(max(1, h.data.pages.len())))
	}
	if h.budgetWhy != "" && !h.touched[fBudget] && !crawlers {
		budgetHint += "; from your data — " + h.budgetWhy
	}
	modeRadio := func(v, label string) goapp.UI {
		return goapp.Label().Class("radio").Body(
			goapp.Input().Type("radio").Name("mode").ID("mode-"+v).Value(v).Checked(f.Mode == v).OnChange(h.onField(fMode, 0), fMode),
			goapp.Text(" "+label),
		)
	}
	return goapp.Section().ID("params").Class("panel").Aria("labelledby", "params-h").Body(
		goapp.H2().ID("params-h").Text("Parameters"),
		goapp.Form().ID("params-form").Class("params").OnSubmit(func(ctx goapp.Context, e goapp.Event) {
			e.PreventDefault()
			h.formGen++
			h.commit()
		}).Body(
			h.field(fHorizon, "Horizon T", f.Horizon, "the plan repeats every T: 24h, 7d", 500*time.Millisecond),
			goapp.FieldSet().Class("field", "budget-mode").Body(
				goapp.Legend().Text("Budget"),
				modeRadio("budget", "visits"),
				modeRadio("crawlers", "crawlers × rate"),
			),
			goapp.If(!crawlers, h.field(fBudget, "Budget R", f.Budget, budgetHint, 500*time.Millisecond, numeric)),
			goapp.If(crawlers, h.field(fCrawlers, "Crawlers C", f.Crawlers, "how many fetch in parallel", 500*time.Millisecond, numeric)),
			goapp.If(crawlers, h.field(fRate, "Rate", f.Rate, "pages per second per crawler", 500*time.Millisecond, numeric)),
			h.field(fPoliteness, "Politeness P", f.Politeness, "seconds between requests to a host", 500*time.Millisecond, numeric),
			h.choice(fObjective, "Objective", f.Objective, "what the plan minimises", [][2]string{{"staleness", "staleness"}, {"age", "age"}, {"harmonic", "harmonic penalty"}}),
			h.choice(fModel, "Model", f.Model, modelHint(f.Model), [][2]string{{"steady", "steady (repeats)"}, {"horizon", "horizon (papers)"}}),
			h.choice(fPolicy, "Policy shown", f.Policy, policyHint(h.res.plan, f.Policy), policies),
			h.field(fTarget, "Target freshness %", f.Target, "the headline's budget search", 500*time.Millisecond, numeric),
			h.field(fSimulate, "Simulate", f.Simulate, "runs replaying each schedule against sampled changes (0: none)", 500*time.Millisecond, numeric),
		),
		goapp.If(h.planErr != "", goapp.P().ID("plan-error").Class("error").Attr("role", "alert").Text(h.planErr)),
		goapp.If(h.planErr == "" && h.res.plan != nil && h.res.unvisitable != "",
			goapp.P().ID("unvisitable").Class("note").Attr("role", "status").Text(sentence(h.res.unvisitable))),
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
