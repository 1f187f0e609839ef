package app

import (
	"strconv"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/freshplan/freshplan/web"
)

// inputPanel is where the pages come from: a file chosen or pasted, or
// the sample; the data read, how reading goes, what a link the page was
// opened with needs, and what was wrong with a file. The page reads
// (home_read.go): the panel shows it and passes on what the person asks.
type inputPanel struct {
	goapp.Compo
	Data      *dataset
	Reading   string   // the name of the input being read ("": none) …
	Progress  Progress // … and how far
	Awaiting  string   // what the link the page was opened with asks for ("": nothing) …
	OpenErr   string   // … or why it could not be read
	Note      string   // how the last reading ended, when not in error
	Skipped   []string // the first bad rows it left out
	Err       *InputError
	CanSkip   bool // a bad log's or history's rows may be skipped
	PasteOpen bool
	PasteText string
	// Do runs an ask on the page: read a file (Choose), the sample, the
	// pasted text; cancel the reading; skip bad rows; open or close the
	// paste box, or take its text.
	Do func(ask inputAsk)
}

// inputAsk is what the person asks of the input panel.
type inputAsk struct {
	choose  goapp.Value // a File
	sample  bool
	paste   *string // the paste box's text
	toggle  bool    // open or close the paste box
	planned bool    // plan the pasted text
	cancel  bool
	skipBad bool
}

// inputPanel is the input as the page has it.
func (h *home) inputPanel() *inputPanel {
	p := &inputPanel{Data: h.data, Note: h.inputNote, Skipped: h.skipped, Err: h.inputErr, CanSkip: h.skipBad != nil,
		PasteOpen: h.pasteOpen, PasteText: h.pasteText, OpenErr: h.opened.openErr}
	if rs := h.reading; rs != nil {
		p.Reading, p.Progress = rs.name, rs.prog
	}
	if a := h.opened.awaiting; a != nil {
		p.Awaiting = a.Prompt()
	}
	p.Do = func(ask inputAsk) {
		h.take(ask)
		h.redraw()
	}
	return p
}

// take does what the person asked of the input panel.
func (h *home) take(ask inputAsk) {
	switch {
	case ask.choose != nil && ask.choose.Truthy():
		h.readFile(ask.choose)
	case ask.sample:
		h.readBytes(web.SampleName, web.SamplePages, true)
	case ask.paste != nil:
		h.pasteText = *ask.paste
	case ask.toggle:
		h.pasteOpen = !h.pasteOpen
	case ask.planned:
		h.planPasted()
	case ask.cancel:
		h.cancelRead()
	case ask.skipBad:
		h.skipBadRows()
	}
}

// on is the handler of an element that asks ask.
func (p *inputPanel) on(ask inputAsk) goapp.EventHandler {
	return func(ctx goapp.Context, e goapp.Event) {
		if p.Do != nil {
			p.Do(ask)
		}
	}
}

func (p *inputPanel) onChoose(ctx goapp.Context, e goapp.Event) {
	files := ctx.JSSrc().Get("files")
	if files.Truthy() && files.Length() > 0 && p.Do != nil {
		p.Do(inputAsk{choose: files.Index(0)})
	}
	ctx.JSSrc().Set("value", "") // choosing the same file again reads it again
}

func (p *inputPanel) onPasteText(ctx goapp.Context, e goapp.Event) {
	if p.Do != nil {
		text := ctx.JSSrc().Get("value").String()
		p.Do(inputAsk{paste: &text})
	}
}

func (p *inputPanel) Render() goapp.UI {
	var dataLine goapp.UI = goapp.Text("")
	if d := p.Data; d != nil {
		line := d.name + " — " + plural(d.Pages, "page", "pages") + " on " + plural(len(d.HostNames), "host", "hosts")
		if d.MaxRate > 0 {
			line += ", " + fmtNum(d.MinRate) + " to " + fmtNum(d.MaxRate) + " changes per day"
		}
		if !d.sample {
			line += " (" + fmtBytes(d.size) + ")"
		}
		dataLine = goapp.P().ID("dataset").Class("dataset").Text(line)
	}
	var uncertain goapp.UI = goapp.Text("")
	if d := p.Data; d != nil && d.Estimated {
		if n := d.Uncertain; n > 0 {
			have := "have"
			if n == 1 {
				have = "has"
			}
			uncertain = goapp.P().ID("uncertain").Class("note").Text(sprintf(
				"%s of %s %s a rate too uncertain to plan with (a 90%% interval open-ended or over 10× wide): the pages table says how often to fetch each to estimate it best (seed 001 §6.4.2). Meanwhile each is planned with its estimate shrunk towards its host's prior.",
				fmtInt(int64(n)), plural(d.Pages, "page", "pages"), have))
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
				Accept(".csv,.tsv,.txt,.log,.cdx,.cdxj,.json,.gz,text/csv,text/plain,application/json,application/gzip").OnChange(p.onChoose),
			goapp.Label().For("file-input").Class("button", "primary").Text("Choose file"),
			// Each button's handler is scoped by what it asks
			// (paramsPanel.onField says why).
			goapp.Button().Type("button").ID("paste-btn").Class("button").
				Aria("expanded", p.PasteOpen).Aria("controls", "paste-panel").
				OnClick(p.on(inputAsk{toggle: true}), "toggle").Text("Paste"),
			goapp.Button().Type("button").ID("sample-btn").Class("button").OnClick(p.on(inputAsk{sample: true}), "sample").Text("Try the sample"),
			dataLine,
		),
		goapp.If(p.PasteOpen, goapp.Div().ID("paste-panel").Class("paste").Body(
			goapp.Label().For("paste-text").Text("Paste a pages table (CSV with a header):"),
			goapp.Textarea().ID("paste-text").Rows(6).Placeholder("url,host,changes_per_day\nhttps://example.com/,example.com,2.5").
				Text(p.PasteText).OnInput(p.onPasteText),
			goapp.Div().Class("actions").Body(
				goapp.Button().Type("button").ID("paste-go").Class("button", "primary").OnClick(p.on(inputAsk{planned: true}), "planned").Text("Plan the pasted table"),
				goapp.Button().Type("button").Class("button").OnClick(p.on(inputAsk{toggle: true}), "toggle").Text("Close"),
			),
		)),
		uncertain,
		p.reading(),
		p.linkNotes(),
		p.inputError(),
	)
}

// linkNotes says what the link the page was opened with needs, or why it
// could not be read.
func (p *inputPanel) linkNotes() goapp.UI {
	switch {
	case p.Awaiting != "":
		return goapp.P().ID("link-prompt").Class("note", "prompt").Attr("role", "status").Text(p.Awaiting)
	case p.OpenErr != "":
		return goapp.Div().ID("link-open-error").Class("error").Attr("role", "alert").Body(
			goapp.P().Body(goapp.Strong().Text("This link could not be opened: "), goapp.Text(p.OpenErr)),
			goapp.P().Class("kept").Text("The page works as usual; the sample is planned below."))
	}
	return goapp.Text("")
}

func (p *inputPanel) reading() goapp.UI {
	if p.Reading == "" {
		return goapp.Text("")
	}
	pr := p.Progress
	of := ""
	if pr.Total > 0 {
		of = " of " + fmtBytes(pr.Total)
	}
	total := max(pr.Total, pr.Bytes, 1)
	return goapp.Div().ID("reading").Class("reading").Body(
		goapp.Label().For("read-progress").Text("Reading "+p.Reading),
		goapp.Progress().ID("read-progress").Max(total).Value(pr.Bytes),
		goapp.Span().ID("read-text").Class("read-text").Text(fmtBytes(pr.Bytes)+of+" · "+fmtInt(pr.Rows)+" rows"),
		goapp.Button().Type("button").ID("cancel-read").Class("button").OnClick(p.on(inputAsk{cancel: true}), "cancel").Text("Cancel"),
	)
}

func (p *inputPanel) inputError() goapp.UI {
	if p.Note != "" {
		return goapp.Div().ID("input-note").Class("note").Attr("role", "status").Body(
			goapp.P().Text(p.Note),
			goapp.If(len(p.Skipped) > 0, goapp.Ul().ID("skipped-rows").Body(
				goapp.Range(p.Skipped).Slice(func(i int) goapp.UI { return goapp.Li().Text(p.Skipped[i]) }),
			)),
		)
	}
	e := p.Err
	if e == nil {
		return goapp.Text("")
	}
	kept := ""
	if p.Data != nil {
		kept = "The plan below is still of " + p.Data.name + "."
	}
	return goapp.Div().ID("input-error").Class("error").Attr("role", "alert").Body(
		goapp.P().Body(goapp.Strong().Text(e.where()+": "), goapp.Span().Class("msg").Text(e.Msg)),
		goapp.If(e.Text != "", goapp.Pre().Class("offending").Aria("label", "line "+strconv.Itoa(e.Line)).Body(
			goapp.Span().Class("lineno").Text(strconv.Itoa(e.Line)+" │ "),
			goapp.Text(e.Before),
			goapp.If(e.Mark != "", goapp.Mark().Text(e.Mark)),
			goapp.Text(e.After),
		)),
		goapp.If(p.CanSkip, goapp.P().Class("skip").Body(
			goapp.Button().ID("skip-bad").Type("button").Text("Skip bad rows").OnClick(p.on(inputAsk{skipBad: true}), "skip"),
			goapp.Text(" reads the file again, leaving out every row like this one — counted, the first 20 listed."),
		)),
		goapp.If(kept != "", goapp.P().Class("kept").Text(kept)),
	)
}
