package app

import (
	"strconv"
	"time"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// backtestPanel replays every policy on the history the page read
// (core/backtest), in a planner of its own: a backtest never interrupts a
// plan. It shows only for an observation log or a change history kept
// whole (dataset.canBacktest).
type backtestPanel struct {
	goapp.Compo
	Data *dataset // the input read
	Form form     // the parameters above: the backtest plans with their politeness and objective
	// Planned are the figures of the plan on screen by policy
	// (PlanResult.Values), which the result is reconciled with.
	Planned map[string]float64

	ctx   goapp.Context // the component's own, from OnMount (see home.ctx)
	eng   engine
	seq   int
	split string // as typed: YYYY-MM-DD, or "" for the default
	err   string
	busy  bool     // a backtest runs …
	on    *dataset // … of this data
	note  string   // what the running backtest is at
	secs  float64  // how long the result took
	res   *BacktestResult
	chart btCharts
	of    *dataset // the data the result is of
}

func (b *backtestPanel) OnMount(ctx goapp.Context) { b.ctx = ctx }

// OnUpdate stops a backtest of data the page no longer shows: its result
// would not be shown, and the button would say it is still running.
func (b *backtestPanel) OnUpdate(ctx goapp.Context) {
	if b.busy && b.on != b.Data {
		b.eng.cancel()
		b.busy, b.note = false, ""
	}
}

func (b *backtestPanel) OnDismount() {
	if b.eng != nil {
		b.eng.cancel()
	}
}

// btCharts are the backtest's charts, made off the event handler.
type btCharts struct {
	wide, narrow *chartSpec // staleness against budget, for a wide and a narrow page
	week         *chartSpec // staleness horizon by horizon at one visit per page per week
}

func backtestCharts(r *BacktestResult) btCharts {
	c := btCharts{wide: backtestBudgetSpec(r, btChartWide), narrow: backtestBudgetSpec(r, btChartNarrow)}
	if b, ok := weeklyOf(r); ok {
		c.week = backtestWeekSpec(r, b)
	}
	return c
}

// weeklyOf is the result at one visit per page per week.
func weeklyOf(r *BacktestResult) (BacktestBudget, bool) {
	for _, b := range r.Budgets {
		if b.PerPageWeek == 1 {
			return b, true
		}
	}
	return BacktestBudget{}, false
}

// canBacktest reports whether the data has a history to replay: an
// observation log or a change history kept whole.
func (d *dataset) canBacktest() bool {
	return d != nil && (d.raw != nil || d.file != nil) && (d.kind == "observation log" || d.kind == "change history")
}

func (b *backtestPanel) onSplit(ctx goapp.Context, e goapp.Event) {
	b.split = ctx.JSSrc().Get("value").String()
}

// onBacktest runs the backtest in a worker of its own.
func (b *backtestPanel) onBacktest(ctx goapp.Context, e goapp.Event) {
	d := b.Data
	if !d.canBacktest() || b.ctx == nil {
		return
	}
	var split float64
	if b.split != "" {
		t, err := time.Parse(time.DateOnly, b.split)
		if err != nil {
			b.err = "split " + strconv.Quote(b.split) + ": want a date such as 2024-01-01, or nothing for the last year of the history"
			return
		}
		split = float64(t.Unix())
	}
	q, errs := b.Form.request()
	if errs != nil {
		b.err = "fix the parameters above first"
		return
	}
	if b.eng == nil {
		b.eng = newEngine(b.ctx.Async)
	}
	b.seq++
	q.Seq, q.Stages, q.Split, q.Name = b.seq, StageBacktest, split, d.name
	// The rows the person chose to skip when the file was read are
	// skipped again when it is read for the backtest.
	q.SkipBad = d.skipped != nil && d.skipped.Rows > 0
	b.busy, b.on, b.err, b.note = true, d, "", ""
	emit := func(s *Stage) {
		var c btCharts
		if s.Kind == "backtest" && s.Backtest != nil {
			c = backtestCharts(s.Backtest)
		}
		b.ctx.Dispatch(func(goapp.Context) { b.onStage(d, s, c) })
	}
	if d.raw != nil {
		q.Raw = d.raw
	} else {
		// A big file was not kept: the worker reads it again from the
		// browser's File, so that neither the page nor the job holds a
		// copy (a 206 MB history took as much of the page's memory for
		// good, and as much again in the worker).
		q.File, q.Size = d.file, d.size
	}
	b.eng.run(q, d, emit)
}

// onStage takes a stage of the backtest of d: only the latest
// backtest's, of the data on the page.
func (b *backtestPanel) onStage(d *dataset, s *Stage, c btCharts) {
	if s.Seq != b.seq || d != b.Data {
		return
	}
	switch s.Kind {
	case "progress":
		b.note = s.Note
	case "backtest":
		b.res, b.chart, b.of, b.secs = s.Backtest, c, d, s.Seconds
	case "error":
		b.busy, b.err = false, s.Note
	case "done":
		b.busy = false
	}
}

func (b *backtestPanel) Render() goapp.UI {
	d := b.Data
	if !d.canBacktest() {
		return goapp.Text("")
	}
	res := b.res
	if b.of != d {
		res = nil
	}
	body := []goapp.UI{
		goapp.H2().ID("backtest-h").Text("Backtest on this history"),
		goapp.P().Class("hint").Text("Plans from the year before the split (a simulated daily crawl of it), then replays each policy against what really changed in the year after: a week's plan repeated, at a quarter of a visit per page per week to four, the politeness and objective above — as the CLI's backtest command does (docs/cli.md)."),
		goapp.Div().Class("actions").Body(
			goapp.Label().For("bt-split").Text("Split"),
			goapp.Input().Type("text").ID("bt-split").Placeholder("last year").Attr("inputmode", "numeric").
				Aria("describedby", "bt-split-msg").Value(b.split).OnInput(b.onSplit),
			goapp.Small().ID("bt-split-msg").Class("hint").Text("YYYY-MM-DD; empty: the last year of the history"),
			goapp.Button().Type("button").ID("bt-run").Class("button", "primary").Disabled(b.busy).
				OnClick(b.onBacktest).Text(map[bool]string{true: "Backtesting…", false: "Run the backtest"}[b.busy]),
		),
		goapp.If(b.err != "", goapp.P().ID("bt-error").Class("error").Attr("role", "alert").Text(b.err)),
	}
	if b.busy && b.note != "" {
		body = append(body, goapp.P().ID("bt-progress").Class("hint").Attr("role", "status").Text(b.note+"…"))
	}
	if res != nil {
		body = append(body, backtestResultUI(res, b.chart, b.secs, b.Planned)...)
	}
	return goapp.Section().ID("backtest").Class("panel").Aria("labelledby", "backtest-h").
		DataSet("state", map[bool]string{true: "busy", false: map[bool]string{true: "done", false: "idle"}[res != nil]}[b.busy]).
		DataSet("seq", b.seq).
		Body(body...)
}

// backtestResultUI is the result: which policy to use, the table and
// chart of every policy at every budget, and — folded away — each one's
// visits and weeks at one visit per page per week.
func backtestResultUI(r *BacktestResult, c btCharts, secs float64, planned map[string]float64) []goapp.UI {
	differ := reconcile(planned, r)
	out := []goapp.UI{
		goapp.P().ID("bt-advice").Class("bt-advice").Text(backtestAdvice(r)),
		goapp.If(differ != "", goapp.P().ID("bt-reconcile").Class("note").Text(differ)),
		backtestBudgetTable(r),
		goapp.Div().Class("chart-box", "bt-wide").Body(&chart{Spec: c.wide}),
		goapp.Div().Class("chart-box", "bt-narrow").Body(&chart{Spec: c.narrow}),
		goapp.P().ID("bt-took").Class("hint").Text(sprintf("Replayed %s budgets in %s.", fmtInt(int64(len(r.Budgets))), fmtSeconds(secs))),
	}
	if b, ok := weeklyOf(r); ok {
		out = append(out, goapp.Details().ID("bt-details").Body(
			goapp.Summary().Text("At one visit per page per week: each policy's visits, the changes they found, and its staleness week by week"),
			backtestWeekTable(r, b),
			goapp.Div().Class("chart-box").Body(&chart{Spec: c.week}),
		))
	}
	return out
}
