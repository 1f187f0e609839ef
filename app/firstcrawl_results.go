package app

import (
	"bytes"
	"fmt"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/freshplan/freshplan/core/firstcrawl"
)

// renderResults shows the last study: the progress while one runs, the
// table of headline figures, the two charts and the exports.
func (f *firstCrawl) renderResults() goapp.UI {
	r := &f.run
	var prog goapp.UI = goapp.Text("")
	if r.busy {
		prog = goapp.Div().ID("fc-progress").Class("reading").Body(
			goapp.Span().ID("fc-note").Class("read-text").Text(r.note()),
		)
	}
	if r.rep == nil {
		return goapp.Section().ID("fc-results").Class("panel").Body(
			goapp.H2().Text("Strategies"), prog,
			goapp.If(!r.busy, goapp.P().Class("hint").Text("Drop a link graph: every strategy is simulated on it with the crawler above.")),
		)
	}
	base := fileBase(f.graph.name)
	// The chosen strategy's order can be written once it is simulated,
	// even while the others run; the charts and curves when none runs.
	canOrder := f.chosenSummary() != nil
	return goapp.Section().ID("fc-results").Class("panel").Body(
		goapp.H2().Text("Strategies"), prog,
		goapp.P().Class("hint").Text("As “freshplan order” prints them for the same graph and parameters. avg PR: cumulative PageRank averaged over the crawl (seed 004 Table 4.1); τ: Kendall's τ against the PageRank order; PR@x: PageRank fetched after x of the pages; half PR at: pages fetched when half the PageRank is in; P_CS: Cho's Crawl & Stop after 10% of the pages; idle: robots idle on average over the last tenth of the crawl."),
		f.renderTable(r.rep),
		// The wide chart's legend would be unreadable at a phone's width:
		// the backtest's classes show one chart or the other.
		goapp.Div().Class("chart-box", "bt-narrow").Body(&chart{Spec: r.narrow}),
		goapp.Div().Class("chart-box").Body(
			goapp.Div().Class("bt-wide").Body(&chart{Spec: r.curves}),
			goapp.Button().Type("button").ID("fc-export-curves").Class("button").Disabled(r.busy).
				OnClick(f.onExportChart("chart-fc-curves", "freshplan-first-crawl-"+base+".svg")).Text("Download this chart (SVG)"),
		),
		goapp.Div().Class("charts").Body(
			goapp.Div().Class("chart-box").Body(
				&chart{Spec: r.time},
				goapp.Button().Type("button").ID("fc-export-time").Class("button").Disabled(r.busy).
					OnClick(f.onExportChart("chart-fc-time", "freshplan-first-crawl-time-"+base+".svg")).Text("Download this chart (SVG)"),
			),
			goapp.Div().Class("chart-box").Body(
				&chart{Spec: r.speed},
				goapp.Button().Type("button").ID("fc-export-robots").Class("button").Disabled(r.busy).
					OnClick(f.onExportChart("chart-fc-robots", "freshplan-time-vs-robots-"+base+".svg")).Text("Download this chart (SVG)"),
			),
		),
		goapp.H3().Text("Export "+f.params.Chosen+"'s order"),
		goapp.P().Class("hint").Text("A seed list in the order to fetch: Nutch (URL, nutch.score falling from 1), StormCrawler (URL, in order), or CSV (rank, url, host, delay_seconds) — what “freshplan order --export” writes. Set the crawler's own politeness delay to w."),
		goapp.Div().ID("fc-exports").Class("actions").Body(
			goapp.Button().Type("button").ID("fc-export-nutch").Class("button").Disabled(!canOrder).OnClick(f.onExportOrder("nutch")).Text("Nutch seeds"),
			goapp.Button().Type("button").ID("fc-export-stormcrawler").Class("button").Disabled(!canOrder).OnClick(f.onExportOrder("stormcrawler")).Text("StormCrawler seeds"),
			goapp.Button().Type("button").ID("fc-export-csv").Class("button").Disabled(!canOrder).OnClick(f.onExportOrder("csv")).Text("Order CSV"),
			goapp.Button().Type("button").ID("fc-export-curves-csv").Class("button").Disabled(r.busy).OnClick(f.onExportCurves).Text("Every strategy's curve (CSV)"),
		),
		goapp.If(r.done != "", goapp.P().ID("fc-export-status").Class("hint").Text("Downloaded "+r.done+".")),
	)
}

// fcColumns are the table's headers, the CLI's table's columns, each with
// what it means (the header's tooltip).
var fcColumns = []struct{ Name, Title string }{
	{"strategy", "seed 004 §4.3's ordering strategy"},
	{"avg PR", "cumulative PageRank averaged over the crawl (seed 004 Table 4.1): higher is better"},
	{"τ", "Kendall's τ of the order against the PageRank order (seed 004 Table 4.1)"},
	{"PR@10%", "PageRank fetched after 10% of the pages"},
	{"PR@20%", "PageRank fetched after 20% of the pages"},
	{"PR@30%", "PageRank fetched after 30% of the pages"},
	{"PR@50%", "PageRank fetched after half of the pages"},
	{"half PR at", "pages fetched when half the PageRank is in: lower is better"},
	{"P_CS", "Cho's Crawl & Stop after 10% of the pages: the share of them among the 10% of highest PageRank (seed 001 §2.3)"},
	{"hours", "time to crawl every page"},
	{"pages/s", "pages fetched per second over the crawl"},
	{"idle", "robots idle on average over the last tenth of the crawl"},
}

// fcRow is a strategy's name and headline figures, as the CLI's order
// table prints them (firstcrawl.Summary.Figures).
func fcRow(s *firstcrawl.Summary) []string { return append([]string{s.Strategy}, s.Figures()...) }

// renderTable is the strategies' table, styled as the planner page's
// tables (table.results): figures right-aligned in tabular digits, the
// chosen strategy (whose order the exports write) marked, and on a phone
// the strategy's name kept in view while the figures scroll past.
func (f *firstCrawl) renderTable(rep *firstcrawl.Report) goapp.UI {
	rows := make([][]string, len(rep.Summaries))
	for i := range rep.Summaries {
		rows[i] = fcRow(&rep.Summaries[i])
	}
	chosen := f.params.Chosen
	return goapp.Div().Class("table-wrap").Body(
		goapp.Table().ID("fc-table").Class("results", "fc-strategies").Body(
			goapp.Caption().Text(f.caption(rep)),
			goapp.THead().Body(goapp.Tr().Body(
				goapp.Range(fcColumns).Slice(func(i int) goapp.UI {
					th := goapp.Th().Scope("col").Title(fcColumns[i].Title).Text(fcColumns[i].Name)
					if i > 0 {
						th = th.Class("num")
					}
					return th
				}),
			)),
			goapp.TBody().Body(goapp.Range(rows).Slice(func(i int) goapp.UI {
				row := rows[i]
				tr := goapp.Tr().DataSet("strategy", row[0])
				if row[0] == chosen {
					tr = tr.Class("chosen").Title("the chosen strategy: its order is what the exports below write")
				}
				return tr.Body(
					goapp.Th().Scope("row").Text(row[0]),
					goapp.Range(row[1:]).Slice(func(j int) goapp.UI { return goapp.Td().Class("num").Text(row[1+j]) }),
				)
			})),
		),
	)
}

// caption names the table, saying how many strategies it holds while a
// study runs or after it was stopped.
func (f *firstCrawl) caption(rep *firstcrawl.Report) string {
	all := len(firstcrawl.Names())
	switch k := len(rep.Summaries); {
	case k >= all:
		return "Every strategy's headline figures"
	case f.run.busy:
		return fmt.Sprintf("Headline figures, %d of %d strategies so far", k, all)
	default:
		return fmt.Sprintf("Headline figures of the %d strategies simulated before the study stopped (of %d)", k, all)
	}
}

// onExportOrder downloads the chosen strategy's order in format, which
// the holder that crawled it writes (after its share of a study running).
func (f *firstCrawl) onExportOrder(format string) goapp.EventHandler {
	return func(ctx goapp.Context, e goapp.Event) {
		r := &f.run
		s := f.chosenSummary()
		if s == nil || f.eng == nil {
			return
		}
		p := r.of
		p.Chosen = s.Strategy
		j := fcJob{Seq: r.seq, Kind: "order", Graph: f.graph.id, Name: f.graph.name, Params: p, Format: format}
		f.eng.send(r.holderOf[s.Strategy]%f.eng.holders(), j, f.graph.file, nil, func(st *fcStage) {
			f.ctx.Dispatch(func(goapp.Context) {
				switch st.Kind {
				case "order":
					ext := map[string]string{"nutch": "-nutch.txt", "stormcrawler": "-stormcrawler.txt", "csv": ".csv"}[format]
					name := "freshplan-order-" + s.Strategy + ext
					download(name, "text/plain", st.Data)
					r.done = name
				case "error":
					r.err = st.Note
				}
			})
		})
	}
}

// chosenSummary is the chosen strategy's figures in the study shown, nil
// before it is simulated.
func (f *firstCrawl) chosenSummary() *firstcrawl.Summary {
	if f.run.rep == nil {
		return nil
	}
	for i := range f.run.rep.Summaries {
		if s := &f.run.rep.Summaries[i]; s.Strategy == f.params.Chosen {
			return s
		}
	}
	return nil
}

// onExportChart downloads a chart as a standalone SVG file.
func (f *firstCrawl) onExportChart(id, file string) goapp.EventHandler {
	return func(ctx goapp.Context, e goapp.Event) {
		if b := standaloneSVG(id, specByID(id, f.run.curves, f.run.time, f.run.speed)); b != nil {
			download(file, "image/svg+xml", b)
			f.run.done = file
		}
	}
}

// onExportCurves downloads every strategy's curve, as freshplan order
// --curves writes it.
func (f *firstCrawl) onExportCurves(ctx goapp.Context, e goapp.Event) {
	r := &f.run
	if r.rep == nil {
		return
	}
	var b bytes.Buffer
	if err := firstcrawl.WriteCurves(&b, r.rep); err != nil {
		r.err = err.Error()
		return
	}
	name := "freshplan-curves-" + fileBase(f.graph.name) + ".csv"
	download(name, "text/csv", b.Bytes())
	r.done = name
}
