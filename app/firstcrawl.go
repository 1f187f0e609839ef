package app

import (
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/freshplan/freshplan/core/firstcrawl"
)

// firstCrawl is the First crawl view (issue 23): drop a link graph, see
// every strategy of seed 004 §4.3 simulated on it — a table of headline
// figures, the cumulative-PageRank curves, the time to crawl against r —
// and export the chosen strategy's order. The graph is held by web
// workers (fcEngine), which read the file themselves and share the study
// between them; the page keeps the figures it shows, and asks a worker
// for an order to export.
type firstCrawl struct {
	goapp.Compo
	ctx      goapp.Context
	unlisten []func()
	dragging bool

	params fcParams
	errs   map[string]string // a field's problem, by field id
	link   string            // the share link made last

	eng     fcEngine
	files   int      // files dropped or chosen, numbering them
	graph   fcFile   // the graph shown; id 0 before one is read
	info    *fcInput // what the holders read of it
	readErr *InputError

	run fcRun // the running study, and the last one's outcome
}

// fcRun is a study's state.
type fcRun struct {
	seq     int
	busy    bool
	started time.Time
	reading fcFile    // the file the study reads: a new one replaces the graph shown once read
	packed  *fcPacked // the graph holder 0 read, packed for the others, until the study is shared
	notes   []fcStage // what each holder is doing
	left    int       // jobs sent that have not ended
	points  [][]firstcrawl.RobotsPoint
	// holderOf is the holder that crawled each strategy: it keeps the
	// crawl, which the order export writes.
	holderOf map[string]int
	err      string
	secs     float64 // how long the study took, from the drop or the click
	read     bool    // the study read a new file first
	rep      *firstcrawl.Report
	of       fcParams   // the parameters of rep
	curves   *chartSpec // cumulative PageRank against pages
	narrow   *chartSpec // the same for a narrow page
	time     *chartSpec // … against time
	speed    *chartSpec // time to crawl against r
	done     string     // the file last exported
}

func (f *firstCrawl) OnInit() {
	f.params, f.errs = defaultFCParams(), map[string]string{}
}

func (f *firstCrawl) OnMount(ctx goapp.Context) {
	if prerendering {
		return
	}
	f.ctx = ctx
	f.eng = newFCEngine()
	if p, ok := parseFCLink(goapp.Window().Get("location").Get("hash").String()); ok {
		ctx.Dispatch(func(goapp.Context) { f.params = p })
	}
	f.listen()
}

func (f *firstCrawl) OnDismount() {
	f.stopRun()
	if f.eng != nil {
		f.eng.close()
		f.eng = nil
	}
	for _, u := range f.unlisten {
		u()
	}
	f.unlisten = nil
}

// listen takes a file dropped anywhere on the page.
func (f *firstCrawl) listen() {
	listenDrops(f.ctx, &f.unlisten, &f.dragging, f.readFile, nil)
}

func (f *firstCrawl) onChoose(ctx goapp.Context, e goapp.Event) {
	files := ctx.JSSrc().Get("files")
	if files.Truthy() && files.Length() > 0 {
		f.readFile(files.Index(0))
	}
	ctx.JSSrc().Set("value", "")
}

func (f *firstCrawl) Render() goapp.UI {
	return goapp.Div().Class("app").Body(
		goapp.Div().ID("drop-overlay").Class("drop-overlay").Hidden(!f.dragging).Aria("hidden", "true").Body(
			goapp.P().Text("Drop the link graph to simulate its first crawl"),
		),
		goapp.Header().Class("top").Body(
			goapp.Div().Body(
				goapp.H1().Text("freshplan · First crawl"),
				goapp.P().Class("tagline").Body(
					goapp.Text("In which order to fetch a site's pages the first time, and how long it takes: seed 004's strategies on your link graph. "),
					goapp.A().Href("/").Text("Plan revisits"),
				),
			),
			f.renderStatus(),
		),
		goapp.Main().Class("page").Body(
			f.renderInput(),
			f.renderParams(),
			f.renderResults(),
		),
		goapp.Footer().Class("foot").Body(
			goapp.P().Text("The simulation runs in your browser (Go compiled to WebAssembly); your graph is read here and sent nowhere. Seeds: Castillo ch. 4 (strategies, simulator), Cho ch. 2 (ordering metrics)."),
		),
	)
}

func (f *firstCrawl) renderStatus() goapp.UI {
	r := &f.run
	state, text := "idle", "Drop a link graph to start."
	switch {
	case r.busy:
		state, text = "running", r.note()
	case r.err != "":
		state, text = "error", "The study stopped: "+r.err
	case r.rep != nil:
		did := "Simulated"
		if r.read {
			did = "Read " + f.graph.name + " and simulated"
		}
		state, text = "done", did+" "+fmtInt(int64(len(r.rep.Summaries)))+" strategies in "+fmtNum(r.secs)+" s."
	}
	return goapp.P().ID("fc-status").Class("status").Attr("role", "status").
		DataSet("state", state).DataSet("seq", r.seq).DataSet("ms", int(1000*r.secs)).Text(text)
}

func (f *firstCrawl) renderInput() goapp.UI {
	var about goapp.UI = goapp.Text("")
	if in := f.info; in != nil {
		s := f.graph.name + ": " + fmtInt(int64(in.Pages)) + " pages, " + fmtInt(int64(in.Links)) + " links, " +
			fmtInt(int64(in.Sites)) + " sites; " + fmtInt(int64(in.Seeds)) + " seeds (each site's home page)"
		if in.SelfLoops+in.Duplicates > 0 {
			s += "; dropped " + fmtInt(int64(in.SelfLoops)) + " self-loops and " + fmtInt(int64(in.Duplicates)) + " duplicate links"
		}
		if in.Dropped > 0 {
			s += ". " + fmtInt(int64(in.Dropped)) + " pages are not reachable from the seeds and are left out: " +
				fmtInt(int64(in.Crawled)) + " pages crawled"
		}
		about = goapp.P().ID("fc-graph").Text(s + ".")
	}
	return goapp.Section().ID("fc-input").Class("panel").Body(
		goapp.H2().Text("Link graph"),
		goapp.P().Class("hint").Body(
			goapp.Text("Drop a file anywhere on this page: a CSV of "),
			goapp.Code().Text("from,to"),
			goapp.Text(" URLs, one link a row, gzipped or not (as "),
			goapp.Code().Text("freshplan order GRAPH"),
			goapp.Text(" reads). Each page's site is its URL's host; every site's home page seeds the crawl."),
		),
		goapp.Div().Class("actions").Body(
			goapp.Input().Type("file").ID("fc-file").Class("visually-hidden").
				Accept(".csv,.txt,.gz,text/csv,text/plain,application/gzip").OnChange(f.onChoose),
			goapp.Label().For("fc-file").Class("button", "primary").Text("Choose file"),
		),
		about,
		f.renderReadError(),
	)
}

func (f *firstCrawl) renderReadError() goapp.UI {
	e := f.readErr
	if e == nil {
		return goapp.Text("")
	}
	return goapp.Div().ID("fc-error").Class("error").Attr("role", "alert").Body(
		goapp.P().Body(goapp.Strong().Text(e.where()+": "), goapp.Span().Class("msg").Text(e.Msg)),
		goapp.If(e.Text != "", goapp.Pre().Class("offending").Aria("label", "line "+fmtInt(int64(e.Line))).Body(
			goapp.Span().Class("lineno").Text(fmtInt(int64(e.Line))+" │ "),
			goapp.Text(e.Before),
			goapp.If(e.Mark != "", goapp.Mark().Text(e.Mark)),
			goapp.Text(e.After),
		)),
		goapp.If(f.info != nil, goapp.P().Class("kept").Text("The results below are still of "+f.graph.name+".")),
	)
}

// fileBase is name without its directories, for export file names.
func fileBase(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	for _, ext := range []string{".gz", ".csv", ".txt"} {
		name = strings.TrimSuffix(name, ext)
	}
	return name
}
