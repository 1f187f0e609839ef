package app

import (
	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

func (h *home) Render() goapp.UI {
	// Until the app runs, the page is the server's pre-rendering (or its
	// first render in the browser), which nothing on it answers yet.
	cls := "app"
	if h.eng == nil {
		cls = "app prerendered"
	}
	return goapp.Div().Class(cls).Body(
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
		h.renderNav(),
		// Top-down: the input, what to do (the recommendation and its
		// crawler export), the figures behind it and the parameters, the
		// backtest and the exports, then the comparison in full, the charts,
		// the per-page tables, and the theory last.
		goapp.Main().Class("page").Body(
			h.inputPanel(),
			h.advicePanel(),
			h.headline(),
			h.paramsPanel(),
			&backtestPanel{Data: h.data, Form: h.form, Planned: h.res.plan.values()},
			h.exportsPanel(),
			h.policiesTable(),
			&chartsPanel{Scatter: h.res.scatter, Load: h.res.load, Budget: h.res.budget, Hist: h.res.hist,
				StalePlan: h.res.stalePlan, StaleBudget: h.res.staleSweep || h.res.staleTarget},
			&tablesPanel{Pages: h.res.pageTable, Hosts: h.res.hostTable, Stale: h.res.stalePlan},
			h.renderGlossary(),
		),
		goapp.Footer().Class("foot").Body(
			goapp.P().Text("freshplan plans in your browser (Go compiled to WebAssembly); your files are read here and sent nowhere. Seeds: de Souza et al. (psp), Cho & Garcia-Molina, Azar et al., Wolf et al."),
		),
	)
}

func (h *home) renderStatus() goapp.UI {
	text := "Loading…"
	switch h.state() {
	case "loading":
		if h.res.plan != nil {
			text = "Loading the app… The sample is planned below; the page answers once it has loaded."
		}
	case "reading":
		text = "Reading " + h.reading.name + "…"
	case "planning":
		text = "Planning " + h.eng.where() + ": " + h.note + "…"
	case "error":
		text = "The plan failed; see the message by the parameters."
	case "awaiting":
		text = "Waiting for " + h.opened.awaiting.Name + ": drop it to see the plan of the link."
	case "stopped":
		text = "Planning stopped. Change a parameter or drop a file to plan again."
	case "planned":
		text = "Planned " + plural(h.data.Pages, "page", "pages") + " in " + fmtSeconds(h.times.plan)
		if h.times.sweep > 0 {
			text += "; budgets swept at " + fmtSeconds(h.times.sweep)
		}
		if h.times.target > 0 {
			text += "; target found at " + fmtSeconds(h.times.target)
		}
		text += "."
	}
	n := h.engineCounts()
	return goapp.P().ID("status").Class("status", "st-"+h.state()).
		Attr("role", "status").Attr("aria-live", "polite").
		DataSet("state", h.state()).DataSet("seq", h.seq).
		DataSet("read-ms", int(h.times.read*1000)).
		DataSet("allocated-ms", int(h.times.allocated*1000)).
		DataSet("early-ms", int(h.times.early*1000)).
		DataSet("nonpolite-ms", int(h.times.nonpolite*1000)).
		DataSet("plan-ms", int(h.times.plan*1000)).
		DataSet("sweep-ms", int(h.times.sweep*1000)).
		DataSet("target-ms", int(h.times.target*1000)).
		DataSet("total-ms", int(h.times.total*1000)).
		DataSet("page-mb", readMemory(0)>>20).DataSet("worker-mb", h.workerMemory>>20).
		DataSet("engine", h.where()).
		DataSet("workers", n.spawned).DataSet("pages-sent", n.sent).DataSet("workers-compiled", n.compiled).
		Body(goapp.If(h.busy || h.reading != nil, goapp.Span().Class("spinner").Aria("hidden", "true")), goapp.Text(text),
			goapp.If(h.busy, goapp.Button().Type("button").ID("stop-plan").Class("button", "small").OnClick(h.stopPlanning).Text("Stop")))
}

// workerCounts are the planner's workers started, the jobs that carried
// their pages to one, and the workers that compiled the app's WebAssembly
// for themselves rather than sharing the page's: the e2e tests' view of
// whether a worker kept its pages and shared the code (all 0 planning in
// the page).
type workerCounts struct{ spawned, sent, compiled int }

func (h *home) engineCounts() workerCounts {
	if c, ok := h.eng.(interface{ counts() workerCounts }); ok {
		return c.counts()
	}
	return workerCounts{}
}

func (h *home) where() string {
	if h.eng == nil {
		return ""
	}
	return h.eng.where()
}

// exportsPanel is "Share and export" for the plan on screen.
func (h *home) exportsPanel() goapp.UI {
	r := &h.res
	form, errs := h.form.request()
	policy := ""
	if r.plan != nil {
		policy = r.plan.Policy
	}
	return &exportsPanel{X: h.exporter, Status: h.exportStatus(), Policy: policy, Data: h.data, Stale: r.stalePlan, Write: h.writeExport,
		Charts: []*chartSpec{r.scatter, r.load, r.budget, r.hist}, Form: form, FormBad: errs != nil, Own: &h.own}
}

// writeExport writes the export kind of the plan on screen (with learn,
// the learning policy's seed list), for the advice and the exports panels.
func (h *home) writeExport(kind string, learn bool) {
	if h.res.plan != nil && h.data != nil && h.exporter != nil {
		h.exporter.write(h.res.req, h.data, h.res.plan, kind, learn)
	}
}

// exportStatus is what the panels show of the downloads.
func (h *home) exportStatus() exportStatus {
	if h.exporter == nil {
		return exportStatus{}
	}
	return h.exporter.status
}
