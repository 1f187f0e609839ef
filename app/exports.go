package app

import (
	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/freshplan/freshplan/core/export"
)

// exportState is a download being written.
type exportState struct {
	eng  engine // a planner of its own: an export never interrupts a plan
	seq  int
	kind string // being written; "" when idle
	err  string
	done string // the last file downloaded, for the status line
}

// chartExports are the charts that download as SVG, by element id.
var chartExports = []struct{ id, file, label string }{
	{"chart-rates", "freshplan-revisits-vs-rate.svg", "revisits vs change rate"},
	{"chart-hosts", "freshplan-host-load.svg", "load per host"},
	{"chart-budget", "freshplan-freshness-vs-budget.svg", "freshness vs budget"},
	{"chart-histogram", "freshplan-rate-histogram.svg", "histogram of rates"},
}

// onExport writes the export kind of the plan shown, with the same
// parameters, through core/export as the CLI does, and downloads it.
func (h *home) onExport(kind string) goapp.EventHandler { return h.onExportOf(kind, false) }

// onExportLearn writes the learning policy's seed list of kind (a change
// history's: see learnExport).
func (h *home) onExportLearn(kind string) goapp.EventHandler { return h.onExportOf(kind, true) }

func (h *home) onExportOf(kind string, learn bool) goapp.EventHandler {
	return func(ctx goapp.Context, e goapp.Event) {
		if h.res.plan == nil || h.data == nil {
			return
		}
		x := &h.exports
		if x.eng == nil {
			x.eng = newEngine(h.ctx.Async)
		}
		x.seq++
		q := h.res.req
		q.Seq, q.Stages, q.Export, q.Known, q.Learn = x.seq, StageExport, kind, nil, learn
		x.kind, x.err, x.done = kind, "", ""
		d := h.data
		x.eng.run(q, d, func(s *Stage) {
			h.ctx.Dispatch(func(goapp.Context) { h.onExportStage(q, d, s) })
		})
	}
}

func (h *home) onExportStage(q Request, d *dataset, s *Stage) {
	x := &h.exports
	if s.Seq != x.seq {
		return
	}
	switch s.Kind {
	case "export":
		if s.Export != nil {
			download(s.Export.File, s.Export.MIME, s.Export.Data)
			x.done = s.Export.File + " (" + fmtBytes(int64(len(s.Export.Data))) + ")"
		}
	case "error":
		x.kind, x.err = "", namePages(s.Note, d)
	case "done":
		x.kind = ""
	}
}

// onExportChart downloads a chart as a standalone SVG file.
func (h *home) onExportChart(id, file string) goapp.EventHandler {
	return func(ctx goapp.Context, e goapp.Event) {
		b := standaloneSVG(id, specByID(id, h.res.scatter, h.res.load, h.res.budget, h.res.hist))
		if b == nil {
			h.exports.err = "the chart is not drawn yet"
			return
		}
		download(file, "image/svg+xml", b)
		h.exports.err, h.exports.done = "", file
	}
}

func (h *home) renderExports() goapp.UI {
	x := &h.exports
	ready := h.res.plan != nil && !h.res.stalePlan
	// Each button's handler is scoped by what it downloads (onField says
	// why): the funcs made by onExport share their code.
	var files []goapp.UI
	for _, k := range export.Kinds {
		files = append(files, goapp.Button().Type("button").ID("export-"+k.Name).Class("export").
			Title(k.Describe+" ("+downloadAs[k.Name].cli+")").Disabled(!ready || x.kind != "").
			OnClick(h.onExport(k.Name), k.Name).Text(downloadAs[k.Name].file))
	}
	var charts []goapp.UI
	for _, c := range chartExports {
		charts = append(charts, goapp.Button().Type("button").ID("export-"+c.id).Class("export").
			Title("the chart of "+c.label+" as an SVG file").Disabled(!ready).
			OnClick(h.onExportChart(c.id, c.file), c.id).Text(c.file))
	}
	status := ""
	switch {
	case x.kind != "":
		status = "Writing " + x.kind + "…"
	case x.done != "":
		status = "Downloaded " + x.done + "."
	}
	policy := "psp"
	if h.res.plan != nil {
		policy = h.res.plan.Policy
	}
	l := &h.link
	return goapp.Section().ID("exports").Class("panel", "exports").Aria("labelledby", "exports-h").Body(
		goapp.H2().ID("exports-h").Text("Share and export"),
		goapp.P().Class("hint").Text("A link to this plan: its parameters, and the data when the link stays within 8,000 characters, short enough for a chat message (else its fingerprint, and whoever opens the link drops the same file). It lives in the part after #, which browsers never send to a server."),
		goapp.Div().Class("export-row").Body(
			goapp.Button().Type("button").ID("copy-link").Class("button", "primary").Disabled(h.data == nil || l.busy).
				OnClick(h.onCopyLink).Text(map[bool]string{true: "Making the link…", false: "Copy link"}[l.busy]),
			goapp.If(l.url != "", goapp.Input().Type("text").ID("share-url").Class("share-url").ReadOnly(true).
				Aria("label", "link to this plan").Value(l.url)),
		),
		// A phone shows the start of the link only: the whole of it, wrapped.
		goapp.If(l.url != "", goapp.Details().ID("share-full").Class("share-full").Body(
			goapp.Summary().Text("Show the whole link"),
			goapp.P().Text(l.url),
		)),
		goapp.If(l.note != "", goapp.P().ID("link-note").Class("hint").Attr("role", "status").Text(l.note)),
		goapp.If(l.err != "", goapp.P().ID("link-error").Class("error").Attr("role", "alert").Text(l.err)),
		goapp.P().Class("hint").Text("Files of the "+policy+" plan: what “freshplan plan” writes for this input and these parameters."),
		goapp.Div().Class("export-row").Body(files...),
		goapp.Div().Class("export-row").Body(charts...),
		goapp.P().ID("export-status").Class("hint").Attr("role", "status").Attr("aria-live", "polite").
			DataSet("state", map[bool]string{true: "busy", false: "idle"}[x.kind != ""]).Text(status),
		goapp.If(x.err != "", goapp.P().ID("export-error").Class("error").Attr("role", "alert").Text(x.err)),
	)
}
