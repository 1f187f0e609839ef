package app

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/freshplan/freshplan/core/plan"
)

func (h *home) Render() goapp.UI {
	return goapp.Div().Class("app").Body(
		// The overlay and the banner are always there, hidden or not, so the
		// page's structure (and what go-app keeps of it) never shifts.
		goapp.Div().ID("drop-overlay").Class("drop-overlay").Hidden(!h.dragging).Aria("hidden", "true").Body(
			goapp.P().Text("Drop the pages table to plan it"),
		),
		goapp.Div().ID("update-banner").Class("banner").Hidden(!h.updateReady).Attr("role", "status").Body(
			goapp.Span().Text("A new version of freshplan is ready. "),
			goapp.Button().Type("button").OnClick(h.reload).Text("Reload"),
		),
		goapp.Header().Class("top").Body(
			goapp.Div().Body(
				goapp.H1().Text("freshplan"),
				goapp.P().Class("tagline").Text("How often and when to revisit each URL, under a crawl budget and per-host politeness. Nothing leaves your machine."),
			),
			h.renderStatus(),
		),
		goapp.Main().Class("page").Body(
			h.renderInput(),
			h.renderParams(),
			h.renderHeadline(),
			h.renderCharts(),
			h.renderPolicies(),
			h.renderExports(),
			h.renderBacktest(),
			h.renderTables(),
		),
		goapp.Footer().Class("foot").Body(
			goapp.P().Text("freshplan plans in your browser (Go compiled to WebAssembly); your files are read here and sent nowhere. Seeds: de Souza et al. (psp), Cho & Garcia-Molina, Azar et al., Wolf et al."),
			goapp.P().Body(goapp.A().ID("first-crawl-link").Href("/first-crawl").Text("First crawl"), goapp.Text(": in which order to fetch a link graph's pages the first time (seed 004's strategies).")),
		),
	)
}

func (h *home) renderStatus() goapp.UI {
	text := "Loading…"
	switch h.state() {
	case "reading":
		text = "Reading " + h.reading.name + "…"
	case "planning":
		text = "Planning " + h.eng.where() + ": " + h.note + "…"
	case "error":
		text = "The plan failed; see the message by the parameters."
	case "awaiting":
		text = "Waiting for " + h.link.awaiting.Name + ": drop it to see the plan of the link."
	case "stopped":
		text = "Planning stopped. Change a parameter or drop a file to plan again."
	case "planned":
		text = "Planned " + plural(len(h.data.pages), "page", "pages") + " in " + fmtSeconds(h.times.plan)
		if h.times.sweep > 0 {
			text += "; budgets swept at " + fmtSeconds(h.times.sweep)
		}
		if h.times.target > 0 {
			text += "; target found at " + fmtSeconds(h.times.target)
		}
		text += "."
	}
	return goapp.P().ID("status").Class("status", "st-"+h.state()).
		Attr("role", "status").Attr("aria-live", "polite").
		DataSet("state", h.state()).DataSet("seq", h.seq).
		DataSet("read-ms", int(h.times.read*1000)).
		DataSet("early-ms", int(h.times.early*1000)).
		DataSet("plan-ms", int(h.times.plan*1000)).
		DataSet("sweep-ms", int(h.times.sweep*1000)).
		DataSet("target-ms", int(h.times.target*1000)).
		DataSet("total-ms", int(h.times.total*1000)).
		DataSet("page-mb", readMemory(0)>>20).DataSet("worker-mb", h.workerMemory>>20).
		DataSet("engine", h.where()).
		Body(goapp.If(h.busy || h.reading != nil, goapp.Span().Class("spinner").Aria("hidden", "true")), goapp.Text(text),
			goapp.If(h.busy, goapp.Button().Type("button").ID("stop-plan").Class("button", "small").OnClick(h.stopPlanning).Text("Stop")))
}

func (h *home) renderInput() goapp.UI {
	var dataLine goapp.UI = goapp.Text("")
	if d := h.data; d != nil {
		line := d.name + " — " + plural(len(d.pages), "page", "pages") + " on " + plural(len(d.hosts), "host", "hosts")
		if d.maxRate > 0 {
			line += ", " + fmtNum(d.minRate) + " to " + fmtNum(d.maxRate) + " changes per day"
		}
		if !d.sample {
			line += " (" + fmtBytes(d.size) + ")"
		}
		dataLine = goapp.P().ID("dataset").Class("dataset").Text(line)
	}
	var uncertain goapp.UI = goapp.Text("")
	if d := h.data; d != nil && d.est != nil {
		if n := d.est.uncertain(); n > 0 {
			have := "have"
			if n == 1 {
				have = "has"
			}
			uncertain = goapp.P().ID("uncertain").Class("note").Text(sprintf(
				"%s of %s %s a rate too uncertain to plan with (a 90%% interval open-ended or over 10× wide): the pages table says how often to fetch each to estimate it best (seed 001 §6.4.2). Meanwhile each is planned with its estimate shrunk towards its host's prior.",
				fmtInt(int64(n)), plural(len(d.pages), "page", "pages"), have))
		}
	}
	return goapp.Section().ID("input").Class("panel").Aria("labelledby", "input-h").Body(
		goapp.H2().ID("input-h").Text("Pages"),
		goapp.P().Class("hint").Body(
			goapp.Text("Drop a file anywhere on this page: a pages table — a CSV with the header "),
			goapp.Code().Text("url,host,changes_per_day"),
			goapp.Text(" (optionally "), goapp.Code().Text("weight"), goapp.Text(", "), goapp.Code().Text("crawl_delay"),
			goapp.Text(") — or a log of past fetches ("), goapp.Code().Text("url,time,changed"),
			goapp.Text(" or a digest column; CDX, CDXJ, Wayback JSON, a Heritrix crawl.log; gzipped or not) or a change history ("), goapp.Code().Text("url,host,time"),
			goapp.Text("), whose change rates are estimated — or:"),
		),
		goapp.Div().Class("actions").Body(
			goapp.Input().Type("file").ID("file-input").Class("visually-hidden").
				// What the readers take, gzipped too (crawl logs and indexes usually are).
				Accept(".csv,.tsv,.txt,.log,.cdx,.cdxj,.json,.gz,text/csv,text/plain,application/json,application/gzip").OnChange(h.onChoose),
			goapp.Label().For("file-input").Class("button", "primary").Text("Choose file"),
			goapp.Button().Type("button").ID("paste-btn").Class("button").
				Aria("expanded", h.pasteOpen).Aria("controls", "paste-panel").
				OnClick(h.togglePaste).Text("Paste"),
			goapp.Button().Type("button").ID("sample-btn").Class("button").OnClick(h.onSample).Text("Try the sample"),
			dataLine,
		),
		goapp.If(h.pasteOpen, goapp.Div().ID("paste-panel").Class("paste").Body(
			goapp.Label().For("paste-text").Text("Paste a pages table (CSV with a header):"),
			goapp.Textarea().ID("paste-text").Rows(6).Placeholder("url,host,changes_per_day\nhttps://example.com/,example.com,2.5").
				Text(h.pasteText).OnInput(h.onPasteText),
			goapp.Div().Class("actions").Body(
				goapp.Button().Type("button").ID("paste-go").Class("button", "primary").OnClick(h.planPasted).Text("Plan the pasted table"),
				goapp.Button().Type("button").Class("button").OnClick(h.togglePaste).Text("Close"),
			),
		)),
		uncertain,
		h.renderReading(),
		h.renderLinkNotes(),
		h.renderInputError(),
	)
}

// renderLinkNotes says what the link the page was opened with needs, or
// why it could not be read.
func (h *home) renderLinkNotes() goapp.UI {
	l := &h.link
	switch {
	case l.awaiting != nil:
		return goapp.P().ID("link-prompt").Class("note", "prompt").Attr("role", "status").Text(l.awaiting.Prompt())
	case l.openErr != "":
		return goapp.Div().ID("link-open-error").Class("error").Attr("role", "alert").Body(
			goapp.P().Body(goapp.Strong().Text("This link could not be opened: "), goapp.Text(l.openErr)),
			goapp.P().Class("kept").Text("The page works as usual; the sample is planned below."))
	}
	return goapp.Text("")
}

func (h *home) renderReading() goapp.UI {
	rs := h.reading
	if rs == nil {
		return goapp.Text("")
	}
	p := rs.prog
	of := ""
	if p.Total > 0 {
		of = " of " + fmtBytes(p.Total)
	}
	total := max(p.Total, p.Bytes, 1)
	return goapp.Div().ID("reading").Class("reading").Body(
		goapp.Label().For("read-progress").Text("Reading "+rs.name),
		goapp.Progress().ID("read-progress").Max(total).Value(p.Bytes),
		goapp.Span().ID("read-text").Class("read-text").Text(fmtBytes(p.Bytes)+of+" · "+fmtInt(p.Rows)+" rows"),
		goapp.Button().Type("button").ID("cancel-read").Class("button").OnClick(h.cancelRead).Text("Cancel"),
	)
}

func (h *home) renderInputError() goapp.UI {
	if h.inputNote != "" {
		return goapp.Div().ID("input-note").Class("note").Attr("role", "status").Body(
			goapp.P().Text(h.inputNote),
			goapp.If(len(h.skipped) > 0, goapp.Ul().ID("skipped-rows").Body(
				goapp.Range(h.skipped).Slice(func(i int) goapp.UI { return goapp.Li().Text(h.skipped[i]) }),
			)),
		)
	}
	e := h.inputErr
	if e == nil {
		return goapp.Text("")
	}
	kept := ""
	if h.data != nil {
		kept = "The plan below is still of " + h.data.name + "."
	}
	return goapp.Div().ID("input-error").Class("error").Attr("role", "alert").Body(
		goapp.P().Body(goapp.Strong().Text(e.where()+": "), goapp.Span().Class("msg").Text(e.Msg)),
		goapp.If(e.Text != "", goapp.Pre().Class("offending").Aria("label", "line "+strconv.Itoa(e.Line)).Body(
			goapp.Span().Class("lineno").Text(strconv.Itoa(e.Line)+" │ "),
			goapp.Text(e.Before),
			goapp.If(e.Mark != "", goapp.Mark().Text(e.Mark)),
			goapp.Text(e.After),
		)),
		goapp.If(h.skipBad != nil, goapp.P().Class("skip").Body(
			goapp.Button().ID("skip-bad").Type("button").Text("Skip bad rows").OnClick(h.onSkipBad),
			goapp.Text(" reads the file again, leaving out every row like this one — counted, the first 20 listed."),
		)),
		goapp.If(kept != "", goapp.P().Class("kept").Text(kept)),
	)
}

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
	policies := make([][2]string, 0, len(plan.Policies))
	for _, p := range plan.Policies {
		policies = append(policies, [2]string{p, p})
	}
	budgetHint := "visits per horizon"
	if h.res.plan != nil && !crawlers {
		budgetHint = sprintf("visits per horizon (%.2g per page)", float64(h.res.plan.Budget)/float64(max(1, len(h.data.pages))))
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

// card is one headline number.
func card(id, label, value, sub string, stale bool) goapp.UI {
	cls := "card"
	if stale {
		cls += " stale"
	}
	return goapp.Div().ID(id).Class(cls).Body(
		goapp.P().Class("card-label").Text(label),
		goapp.P().Class("card-value").Text(value),
		goapp.P().Class("card-sub").Text(sub),
	)
}

func (h *home) renderHeadline() goapp.UI {
	r := h.res
	p := r.plan
	if p == nil {
		msg := "Planning…"
		switch h.state() {
		case "error", "stopped":
			msg = "No plan yet."
		case "awaiting":
			msg = "No plan yet: the link's plan needs " + h.link.awaiting.Name + "."
		}
		return goapp.Section().ID("headline").Class("headline").Aria("label", "headline").Body(goapp.P().Class("placeholder").Text(msg))
	}
	obj := objective(r.req.Objective)
	v := p.Values
	psp, uni, wp, np := v["psp"], v["uniform"], v["wp"], v["nonpolite"]
	var c1, c2, c3 goapp.UI
	if !obj.fresh() {
		c1 = card("h-fresh", "psp "+obj.label(), obj.text(psp, 2), "uniform "+obj.text(uni, 2)+", not polite", r.stalePlan)
		c2 = card("h-bound", "psp's distance to the wp bound", obj.diff(psp-wp), "wp "+obj.text(wp, 2)+": no polite schedule does better", r.stalePlan)
		c3 = card("h-polite", "what politeness costs", obj.diff(wp-np), "wp − nonpolite, at P = "+fmtSeconds(r.req.Politeness), r.stalePlan)
	} else {
		c1 = card("h-fresh", "psp freshness", fmtPct(1-psp, 2), "uniform "+fmtPct(1-uni, 2)+", not polite ("+fmtPoints(uni-psp)+" for psp)", r.stalePlan)
		c2 = card("h-bound", "psp's distance to the wp bound", fmtPointsAbs(psp-wp), "wp "+fmtPct(1-wp, 2)+": no polite schedule does better", r.stalePlan)
		c3 = card("h-polite", "what politeness costs", fmtPointsAbs(wp-np), "wp − nonpolite ("+fmtPct(1-np, 2)+" without politeness), P = "+fmtSeconds(r.req.Politeness), r.stalePlan)
	}
	var c4 goapp.UI
	t := r.target
	switch {
	case t == nil && r.staleTarget:
		c4 = card("h-target", "budget for the target", "…", "searching", true)
	case t == nil:
		c4 = card("h-target", "budget for the target", "–", "", false)
	case t.Age:
		c4 = card("h-target", "budget for a target", "–", "targets are freshness; the objective is "+obj.label(), r.staleTarget)
	case t.Unreachable:
		c4 = card("h-target", "budget for "+fmtPct(t.Target, 0)+" fresh", "out of reach",
			"politeness caps psp at "+fmtPct(t.Freshness, 2)+" ("+fmtInt(int64(t.MaxBudget))+" visits fill every host's cap)", r.staleTarget)
	default:
		ratio := float64(t.Budget) / float64(max(1, p.Budget))
		c4 = card("h-target", "budget for "+fmtPct(t.Target, 0)+" fresh", "≈ "+fmtInt(int64(t.Budget))+" visits",
			sprintf("%.2g × the budget; psp then %s fresh (%d plans searched)", ratio, fmtPct(t.Freshness, 2), t.Runs), r.staleTarget)
	}
	return goapp.Section().ID("headline").Class("headline").Aria("label", "headline").Body(c1, c2, c3, c4)
}

func (h *home) renderCharts() goapp.UI {
	r := h.res
	wrap := func(spec *chartSpec, stale bool) goapp.UI {
		cls := "chart-box"
		if stale {
			cls += " stale"
		}
		return goapp.Div().Class(cls).Body(&chart{Spec: spec})
	}
	return goapp.Section().ID("charts").Class("charts").Aria("label", "charts").Body(
		wrap(r.scatter, r.stalePlan),
		wrap(r.load, r.stalePlan),
		wrap(r.budget, r.staleSweep || r.staleTarget),
		wrap(r.hist, false),
	)
}

func (h *home) renderPolicies() goapp.UI {
	p := h.res.plan
	if p == nil {
		return goapp.Text("")
	}
	obj := objective(h.res.req.Objective)
	names := append(slices.Clone(plan.Policies), plan.Bounds...)
	cls := "panel"
	if h.res.stalePlan {
		cls += " stale"
	}
	return goapp.Section().ID("policies").Class(cls).Aria("labelledby", "policies-h").Body(
		goapp.H2().ID("policies-h").Text("Every policy and bound"),
		goapp.Div().Class("table-wrap").Body(goapp.Table().Class("results").Body(
			goapp.Caption().Text(sprintf("At %s visits per horizon, %s model; simulated values replay the schedule, analytical ones are closed forms.",
				fmtInt(int64(p.Budget)), h.res.req.Model)+
				map[bool]string{true: " psp, the bounds and uniform are final; the other policies are still being planned.", false: ""}[p.Early]),
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
				if slices.Contains(plan.Bounds, name) {
					cls = "bound"
				}
				if name == p.Policy {
					cls += " chosen"
				}
				stale := sprintf("%.4f", v)
				if !obj.fresh() {
					stale = "–"
				}
				return goapp.Tr().Class(cls).Body(
					goapp.Th().Scope("row").Text(name),
					goapp.Td().Class("num").Text(obj.text(v, 2)),
					goapp.Td().Class("num").Text(stale),
					goapp.If(p.Sim != nil, goapp.Td().Class("num").Text(simText(p.Sim, name, obj))),
					goapp.Td().Text(how),
					goapp.Td().Text(plan.Describe[name]),
				)
			})),
		)),
	)
}

func (h *home) renderTables() goapp.UI {
	r := h.res
	if r.pageTable == nil {
		return goapp.Text("")
	}
	cls := "panel tables"
	if r.stalePlan {
		cls += " stale"
	}
	return goapp.Section().ID("tables").Class(cls).Aria("labelledby", "tables-h").Body(
		goapp.H2().ID("tables-h").Text("Per page and per host"),
		&table{Src: r.pageTable},
		&table{Src: r.hostTable},
	)
}

// pageTable lists every page with the policy's visits.
func pageTable(d *dataset, r *PlanResult, q Request) *tableSource {
	days := horizonDays(q.Horizon)
	obj := objective(q.Objective)
	interval := func(i int) float64 {
		if r.Visits[i] <= 0 {
			return math.Inf(1)
		}
		return q.Horizon / r.Visits[i]
	}
	staleName, staleText := obj.label(), func(i int) string { return obj.text(r.Stale[i], 1) }
	rateTitle := "changes per day"
	if d.est != nil {
		rateTitle = "changes per day as planned: the estimate shrunk towards its host's prior (the interval beside it is the estimator's own)"
	}
	cols := []tableCol{
		{Name: "URL", Text: func(i int) string { return d.pages[i].URL }},
		{Name: "host", Text: func(i int) string { return d.pages[i].Host }},
		{Name: "changes/day", Title: rateTitle, Num: true,
			Text: func(i int) string { return fmtNum(d.pages[i].Rate) }, Value: func(i int) float64 { return d.pages[i].Rate }},
	}
	if u := d.est; u != nil {
		cols = append(cols, uncertaintyCols(u)...)
	}
	cols = append(cols,
		tableCol{Name: "weight", Num: true, Text: func(i int) string { return fmtNum(d.pages[i].Weight) }, Value: func(i int) float64 { return d.pages[i].Weight }},
		tableCol{Name: "visits/day", Title: "visits per day the policy makes", Num: true,
			Text: func(i int) string { return fmtNum(r.Visits[i] / days) }, Value: func(i int) float64 { return r.Visits[i] }},
		tableCol{Name: "every", Title: "time between visits", Num: true,
			Text: func(i int) string { return fmtSeconds(interval(i)) }, Value: interval},
		tableCol{Name: staleName, Num: true, Text: staleText, Value: func(i int) float64 { return -r.Stale[i] }},
	)
	return &tableSource{
		Version: nextVersion(), ID: "page-table", Unit: "pages", N: len(d.pages), Key: "pages:" + d.name + ":" + strconv.Itoa(len(d.pages)),
		Caption: sprintf("Every page: the %s policy's visits at %s visits per horizon.", r.Policy, fmtInt(int64(r.Budget))),
		Match: func(i int, q string) bool {
			return containsFold(d.pages[i].URL, q) || containsFold(d.pages[i].Host, q)
		},
		Cols: cols,
	}
}

// uncertaintyCols are the page table's columns for how well an estimated
// input pinned each rate (SPEC §4): the 90% interval, sorted by how wide
// it is, and for a page whose interval is too wide to plan with, how often
// to fetch it to estimate it best.
func uncertaintyCols(u *uncertainty) []tableCol {
	width := func(i int) float64 {
		if !(u.Low[i] > 0) {
			return math.Inf(1)
		}
		return u.High[i] / u.Low[i]
	}
	return []tableCol{
		{Name: "90% interval", Title: "the estimator's 90% interval, changes per day (seed 001 ch. 6); sorted by how wide it is", Num: true,
			Text: func(i int) string { return fmtNum(u.Low[i]) + "–" + fmtNum(u.High[i]) }, Value: width},
		{Name: "to estimate it", Title: "for a rate too uncertain to plan with (its 90% interval open-ended or over 10× wide): fetch it this often to estimate it best, r = λ × interval ≈ 1.5 (seed 001 §6.4.2)", Num: true,
			Text: func(i int) string {
				if d := u.SuggestDays[i]; d > 0 {
					return "fetch every " + fmtSeconds(d*86400)
				}
				return ""
			}, Value: func(i int) float64 { return u.SuggestDays[i] }},
	}
}

// hostTable lists every host with its load against its cap.
func hostTable(d *dataset, r *PlanResult, q Request) *tableSource {
	util := func(h int) float64 { return r.HostLoad[h] / math.Max(r.HostCap[h], 1) }
	return &tableSource{
		Version: nextVersion(), ID: "host-table", Unit: "hosts", N: len(d.hosts), Key: "hosts:" + d.name + ":" + strconv.Itoa(len(d.hosts)),
		Caption: sprintf("Every host: the %s policy's load against the cap ⌊T/P⌋.", r.Policy),
		Match:   func(h int, q string) bool { return containsFold(d.hosts[h], q) },
		Cols: []tableCol{
			{Name: "host", Text: func(h int) string { return d.hosts[h] }},
			{Name: "pages", Num: true, Text: func(h int) string { return fmtInt(int64(d.hostPages[h])) }, Value: func(h int) float64 { return float64(d.hostPages[h]) }},
			{Name: "delay", Title: "seconds between requests", Num: true, Text: func(h int) string { return fmtSeconds(r.HostDelay[h]) }, Value: func(h int) float64 { return r.HostDelay[h] }},
			{Name: "cap", Title: "⌊T/P⌋ visits per horizon", Num: true, Text: func(h int) string { return fmtInt(int64(r.HostCap[h])) }, Value: func(h int) float64 { return r.HostCap[h] }},
			{Name: "load", Title: "visits per horizon", Num: true, Text: func(h int) string { return fmtNum(r.HostLoad[h]) }, Value: func(h int) float64 { return r.HostLoad[h] }},
			{Name: "of cap", Num: true, Text: func(h int) string { return fmtPct(util(h), 0) }, Value: util},
		},
	}
}

func (h *home) where() string {
	if h.eng == nil {
		return ""
	}
	return h.eng.where()
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
