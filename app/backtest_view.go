package app

import (
	"context"
	"math"
	"strconv"
	"time"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// backtestState is the backtest panel's state.
type backtestState struct {
	eng   engine // a planner of its own: a backtest never interrupts a plan
	seq   int
	split string // as typed: YYYY-MM-DD, or "" for the default
	err   string
	busy  bool
	res   *BacktestResult
	chart *chartSpec
	of    *dataset // the data the result is of
}

// backtestColor extends policyColor to the backtest's own policies.
var backtestColor = map[string]string{
	"psp-replan": "#1d3557", "nutch-adaptive": "#e76f51", "stormcrawler-adaptive": "#9c6644",
}

func colorOf(policy string) string {
	if c, ok := policyColor[policy]; ok {
		return c
	}
	if c, ok := backtestColor[policy]; ok {
		return c
	}
	return "#555555"
}

// canBacktest reports whether the data has a history to replay: an
// observation log or a change history kept whole.
func (d *dataset) canBacktest() bool {
	return d != nil && (d.raw != nil || d.file != nil) && (d.kind == "observation log" || d.kind == "change history")
}

func (h *home) onSplit(ctx goapp.Context, e goapp.Event) {
	h.bt.split = ctx.JSSrc().Get("value").String()
}

// onBacktest runs the backtest in a worker of its own.
func (h *home) onBacktest(ctx goapp.Context, e goapp.Event) {
	d := h.data
	if !d.canBacktest() {
		return
	}
	b := &h.bt
	var split float64
	if b.split != "" {
		t, err := time.Parse(time.DateOnly, b.split)
		if err != nil {
			b.err = "split " + strconv.Quote(b.split) + ": want a date such as 2024-01-01, or nothing for the last year of the history"
			return
		}
		split = float64(t.Unix())
	}
	q, errs := h.form.request()
	if errs != nil {
		b.err = "fix the parameters above first"
		return
	}
	if b.eng == nil {
		b.eng = newEngine(h.ctx.Async)
	}
	b.seq++
	q.Seq, q.Stages, q.Split, q.Name = b.seq, StageBacktest, split, d.name
	// The rows the person chose to skip when the file was read are
	// skipped again when it is read for the backtest.
	q.SkipBad = d.skipped != nil && d.skipped.Rows > 0
	b.busy, b.err = true, ""
	emit := func(s *Stage) {
		var spec *chartSpec
		if s.Kind == "backtest" && s.Backtest != nil {
			spec = backtestSpec(s.Backtest)
		}
		h.ctx.Dispatch(func(goapp.Context) { h.onBacktestStage(d, s, spec) })
	}
	// A big file was not kept: it is read again (off the event handler).
	h.ctx.Async(func() {
		raw, err := d.input(context.Background())
		h.ctx.Dispatch(func(goapp.Context) {
			if err != nil {
				emit(&Stage{Seq: q.Seq, Kind: "error", Note: err.Error()})
				return
			}
			q.Raw = raw
			b.eng.run(q, d, emit)
		})
	})
}

func (h *home) onBacktestStage(d *dataset, s *Stage, spec *chartSpec) {
	b := &h.bt
	if s.Seq != b.seq || d != h.data {
		return
	}
	switch s.Kind {
	case "backtest":
		b.res, b.chart, b.of = s.Backtest, spec, d
	case "error":
		b.busy, b.err = false, s.Note
	case "done":
		b.busy = false
	}
}

func (h *home) renderBacktest() goapp.UI {
	d := h.data
	if !d.canBacktest() {
		return goapp.Text("")
	}
	b := &h.bt
	res := b.res
	if b.of != d {
		res = nil
	}
	body := []goapp.UI{
		goapp.H2().ID("backtest-h").Text("Backtest on this history"),
		goapp.P().Class("hint").Text("Plans from the year before the split (a simulated daily crawl of it), then replays each policy against what really changed in the year after: a week's plan repeated, one visit per page per week, the politeness and objective above — as “freshplan backtest --split DATE” does."),
		goapp.Div().Class("actions").Body(
			goapp.Label().For("bt-split").Text("Split"),
			goapp.Input().Type("text").ID("bt-split").Placeholder("last year").Attr("inputmode", "numeric").
				Aria("describedby", "bt-split-msg").Value(b.split).OnInput(h.onSplit),
			goapp.Small().ID("bt-split-msg").Class("hint").Text("YYYY-MM-DD; empty: the last year of the history"),
			goapp.Button().Type("button").ID("bt-run").Class("button", "primary").Disabled(b.busy).
				OnClick(h.onBacktest).Text(map[bool]string{true: "Backtesting…", false: "Run the backtest"}[b.busy]),
		),
		goapp.If(b.err != "", goapp.P().ID("bt-error").Class("error").Attr("role", "alert").Text(b.err)),
	}
	if res != nil {
		body = append(body, backtestTable(res), goapp.Div().Class("chart-box").Body(&chart{Spec: b.chart}))
	}
	return goapp.Section().ID("backtest").Class("panel").Aria("labelledby", "backtest-h").
		DataSet("state", map[bool]string{true: "busy", false: map[bool]string{true: "done", false: "idle"}[res != nil]}[b.busy]).
		DataSet("seq", b.seq).
		Body(body...)
}

// backtestTable lists each policy's outcome, the stalest last.
func backtestTable(r *BacktestResult) goapp.UI {
	best := math.Inf(1)
	for _, row := range r.Rows {
		if row.NotPlanned == "" {
			best = math.Min(best, row.Staleness)
		}
	}
	date := func(t float64) string { return time.Unix(int64(t), 0).UTC().Format(time.DateOnly) }
	return goapp.Div().Class("table-wrap").Body(goapp.Table().ID("bt-table").Class("results").Body(
		goapp.Caption().Text(sprintf("%s pages, trained %s to %s, replayed %s to %s; static plans at %s visits per horizon.",
			fmtInt(int64(r.Pages)), date(r.TrainStart), date(r.Split), date(r.Split), date(r.Until), fmtInt(int64(r.Budget)))),
		goapp.THead().Body(goapp.Tr().Body(
			goapp.Th().Scope("col").Text("policy"),
			goapp.Th().Scope("col").Class("num").Text("staleness"),
			goapp.Th().Scope("col").Class("num").Text("vs uniform"),
			goapp.Th().Scope("col").Class("num").Text("visits"),
			goapp.Th().Scope("col").Class("num").Text("changes detected"),
			goapp.Th().Scope("col").Class("num").Text("changes per 100 visits"),
		)),
		goapp.TBody().Body(goapp.Range(r.Rows).Slice(func(k int) goapp.UI {
			row := r.Rows[k]
			if row.NotPlanned != "" {
				return goapp.Tr().Class("omitted").DataSet("policy", row.Policy).Body(
					goapp.Th().Scope("row").Text(row.Policy),
					goapp.Td().ColSpan(5).Text("not planned: "+row.NotPlanned),
				)
			}
			rel := "–"
			if u := uniformOf(r); u > 0 {
				rel = sprintf("%+.0f%%", 100*(row.Staleness/u-1))
			}
			per := "–"
			if row.Visits > 0 {
				per = fmtNum(100 * float64(row.ChangesDetected) / float64(row.Visits))
			}
			cls := ""
			if row.Staleness == best {
				cls = "best"
			}
			return goapp.Tr().Class(cls).DataSet("policy", row.Policy).
				DataSet("staleness", strconv.FormatFloat(row.Staleness, 'g', -1, 64)).
				DataSet("visits", row.Visits).DataSet("detected", row.ChangesDetected).Body(
				goapp.Th().Scope("row").Text(row.Policy),
				goapp.Td().Class("num").Text(fmtNum(row.Staleness)),
				goapp.Td().Class("num").Text(rel),
				goapp.Td().Class("num").Text(fmtInt(int64(row.Visits))),
				goapp.Td().Class("num").Text(fmtInt(int64(row.ChangesDetected))),
				goapp.Td().Class("num").Text(per),
			)
		})),
	))
}

func uniformOf(r *BacktestResult) float64 {
	for _, row := range r.Rows {
		if row.Policy == "uniform" {
			return row.Staleness
		}
	}
	return 0
}

// backtestSpec draws each policy's staleness horizon by horizon over the
// test period.
func backtestSpec(r *BacktestResult) *chartSpec {
	s := &chartSpec{Version: nextVersion(), ID: "chart-backtest", W: 2 * chartW, H: chartH,
		Left: 62, Right: 16, Top: 48, Bottom: 44,
		Title:  "Staleness over the test period, horizon by horizon",
		XLabel: "days after the split", YLabel: "staleness (%)",
		Desc: "For each policy, the fraction of pages whose copy was out of date, averaged over each horizon of the test period."}
	hi := 0.0
	days := r.Horizon / 86400
	for _, row := range r.Rows {
		if row.NotPlanned != "" {
			continue
		}
		pts := make([]point, len(row.PerHorizon))
		for k, v := range row.PerHorizon {
			y := 100 * v
			hi = math.Max(hi, y)
			pts[k] = point{X: float64(k) * days, Y: y, Title: sprintf("%s, horizon %d: %.3f%% stale", row.Policy, k+1, y)}
		}
		w := 1.4
		if row.Policy == "psp" || row.Policy == "uniform" {
			w = 2.2
		}
		s.Series = append(s.Series, series{Name: row.Policy, Kind: kindLine, Plain: true, Color: colorOf(row.Policy), Width: w, Points: pts})
		s.Legend = append(s.Legend, legendItem{Label: row.Policy, Color: colorOf(row.Policy)})
	}
	if hi == 0 {
		s.Empty = "Nothing was stale in the test period."
		return s
	}
	s.X = newScale(0, (r.Until-r.Split)/86400, false, s.Left, s.W-s.Right)
	s.Y = newScale(0, hi, false, s.H-s.Bottom, s.Top)
	return s
}
