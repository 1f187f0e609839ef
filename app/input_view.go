package app

import (
	"strconv"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

func (h *home) renderInput() goapp.UI {
	var dataLine goapp.UI = goapp.Text("")
	if d := h.data; d != nil {
		line := d.name + " — " + plural(d.pages.len(), "page", "pages") + " on " + plural(len(d.pages.hosts), "host", "hosts")
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
				fmtInt(int64(n)), plural(d.pages.len(), "page", "pages"), have))
		}
	}
	return goapp.Section().ID("input").Class("panel").Aria("labelledby", "input-h").Body(
		goapp.H2().ID("input-h").Text("Pages"),
		goapp.P().Class("hint").Text("Drop your pages, a crawler's fetch log or a history of changes anywhere on this page, or:"),
		goapp.Details().ID("formats").Class("formats").Body(
			goapp.Summary().Text("Which files"),
			goapp.P().Class("hint").Body(
				goapp.Text("A pages table — a CSV with the header "),
				goapp.Code().Text("url,host,changes_per_day"),
				goapp.Text(" (optionally "), goapp.Code().Text("weight"), goapp.Text(", "), goapp.Code().Text("crawl_delay"),
				goapp.Text(") — or a log of past fetches ("), goapp.Code().Text("url,time,changed"),
				goapp.Text(" or a digest column; CDX, CDXJ, Wayback JSON, a Heritrix crawl.log; gzipped or not) or a change history ("), goapp.Code().Text("url,host,time"),
				goapp.Text("), whose change rates are estimated."),
			),
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
	l := &h.opened
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
