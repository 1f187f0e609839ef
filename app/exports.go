package app

import (
	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/freshplan/freshplan/core/export"
)

// exportsPanel is "Share and export": the link to the plan on screen, and
// every file of it the CLI writes, with each chart as SVG.
type exportsPanel struct {
	goapp.Compo
	X      *exporter
	Status exportStatus // X's, as the page last drew it: a new one draws the panel again
	Policy string       // the policy of the plan on screen ("": none yet)
	Data   *dataset     // the data on screen
	Stale  bool         // a newer plan is being made
	// Write downloads the plan's export of a kind (home.writeExport).
	Write  func(kind string, learn bool)
	Charts []*chartSpec // the charts on screen, for their SVG files
	// The link: of Data with the parameters in the form (Form, or
	// FormBad when they are not valid), the last one kept in Own.
	Form    Request
	FormBad bool
	Own     *ownLink
}

// chartExports are the charts that download as SVG, by element id.
var chartExports = []struct{ id, file, label string }{
	{"chart-rates", "freshplan-revisits-vs-rate.svg", "revisits vs change rate"},
	{"chart-hosts", "freshplan-host-load.svg", "load per host"},
	{"chart-budget", "freshplan-freshness-vs-budget.svg", "freshness vs budget"},
	{"chart-histogram", "freshplan-rate-histogram.svg", "histogram of rates"},
}

// onExport writes the export kind of the plan shown.
func (p *exportsPanel) onExport(kind string) goapp.EventHandler {
	return func(ctx goapp.Context, e goapp.Event) {
		if p.Write != nil {
			p.Write(kind, false)
		}
	}
}

// onExportChart downloads a chart as a standalone SVG file.
func (p *exportsPanel) onExportChart(id, file string) goapp.EventHandler {
	return func(ctx goapp.Context, e goapp.Event) {
		if p.X != nil {
			p.X.chart(id, file, specByID(id, p.Charts...))
		}
	}
}

func (p *exportsPanel) Render() goapp.UI {
	st := p.Status
	ready := p.Policy != "" && !p.Stale
	// Each button's handler is scoped by what it downloads
	// (paramsPanel.onField says why): the funcs made by onExport share
	// their code.
	var files []goapp.UI
	for _, k := range export.Kinds {
		files = append(files, goapp.Button().Type("button").ID("export-"+k.Name).Class("export").
			Title(k.Describe+" ("+downloadAs[k.Name].cli+")").Disabled(!ready || !st.idle()).
			OnClick(p.onExport(k.Name), k.Name).Text(downloadAs[k.Name].file))
	}
	var charts []goapp.UI
	for _, c := range chartExports {
		charts = append(charts, goapp.Button().Type("button").ID("export-"+c.id).Class("export").
			Title("the chart of "+c.label+" as an SVG file").Disabled(!ready).
			OnClick(p.onExportChart(c.id, c.file), c.id).Text(c.file))
	}
	status := ""
	switch {
	case !st.idle():
		status = "Writing " + st.kind + "…"
	case st.done != "":
		status = "Downloaded " + st.done + "."
	}
	policy := p.Policy
	if policy == "" {
		policy = "psp"
	}
	return goapp.Section().ID("exports").Class("panel", "exports").Aria("labelledby", "exports-h").Body(
		goapp.H2().ID("exports-h").Text("Share and export"),
		&linkPanel{Data: p.Data, Form: p.Form, FormBad: p.FormBad, Own: p.Own},
		goapp.P().Class("hint").Text("Files of the "+policy+" plan: what “freshplan plan” writes for this input and these parameters."),
		goapp.Div().Class("export-row").Body(files...),
		goapp.Div().Class("export-row").Body(charts...),
		goapp.P().ID("export-status").Class("hint").Attr("role", "status").Attr("aria-live", "polite").
			DataSet("state", map[bool]string{true: "busy", false: "idle"}[!st.idle()]).Text(status),
		goapp.If(st.err != "", goapp.P().ID("export-error").Class("error").Attr("role", "alert").Text(st.err)),
	)
}
