package app

import (
	"math"
	"strconv"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// btPolicyNote says in a few words what each policy of the backtest is.
var btPolicyNote = map[string]string{
	"learn":                 "learns each page's change rate as it crawls",
	"uniform":               "every page equally often",
	"psp":                   "freshplan's plan from the training year, repeated",
	"cho":                   "Cho & Garcia-Molina's optimum from the training year",
	"azar":                  "Azar et al.'s schedule from the training year",
	"psp-replan":            "psp re-planned as it goes, from all it has seen",
	"nutch-adaptive":        "Nutch's adaptive fetch schedule, at psp's visits",
	"stormcrawler-adaptive": "StormCrawler's adaptive scheduler, at psp's visits",
	"hindsight":             "psp had it known the test year's rates (a static plan's headroom)",
}

// backtestBudgetTable is a row per policy and a column per budget, each
// cell the policy's staleness and its ratio to uniform's at that budget.
func backtestBudgetTable(r *BacktestResult) goapp.UI {
	date := func(t float64) string { return time.Unix(int64(t), 0).UTC().Format(time.DateOnly) }
	n := len(r.Budgets)
	order := backtestOrder(r)
	// The explanation stands above the table, not in its caption: on a
	// phone the table scrolls sideways and would take the caption with it.
	return goapp.Div().Body(goapp.P().ID("bt-about").Class("hint").Text(sprintf("Staleness — the share of time a page's copy was out of date — over the year after the split, and its ratio to uniform's at the same budget (lower is better). %s pages, trained %s to %s, replayed %s to %s.",
		fmtInt(int64(r.Pages)), date(r.TrainStart), date(r.Split), date(r.Split), date(r.Until))),
		goapp.Div().Class("table-wrap").Body(goapp.Table().ID("bt-table").Class("results", "bt-budgets").Aria("describedby", "bt-about").Body(
			goapp.Caption().Class("visually-hidden").Text("Staleness by policy and budget"), // bt-about says it for the eye
			goapp.THead().Body(
				goapp.Tr().Body(
					goapp.Th().Scope("col").Rowspan(2).Text("policy"),
					goapp.Th().Scope("colgroup").ColSpan(n).Class("num", "bt-group").Text("visits per page per week"),
				),
				goapp.Tr().Body(goapp.Range(r.Budgets).Slice(func(k int) goapp.UI {
					b := r.Budgets[k]
					return goapp.Th().Scope("col").Class("num").DataSet("per-page", fmtNum(b.PerPageWeek)).Body(
						goapp.Text(fmtNum(b.PerPageWeek)),
						goapp.Small().Text(fmtInt(int64(b.Budget))+" a week"),
					)
				})),
			),
			goapp.TBody().Body(goapp.Range(order).Slice(func(k int) goapp.UI {
				return backtestPolicyRow(r, order[k])
			})),
		)), goapp.If(backtestCycleNote(r) != "", goapp.P().ID("bt-cycles").Class("hint").Text(backtestCycleNote(r))))
}

func backtestPolicyRow(r *BacktestResult, p string) goapp.UI {
	head := goapp.Th().Scope("row").Body(
		goapp.Span().Class("bt-name").Text(p),
		goapp.If(p == "learn", goapp.Span().Class("bt-badge").Text("recommended")),
		goapp.Small().Text(btPolicyNote[p]),
	)
	cls := map[string]string{"learn": "recommended", "uniform": "yardstick", "hindsight": "bound"}[p]
	if why := notPlannedAll(r, p); why != "" {
		return goapp.Tr().Class("omitted").DataSet("policy", p).Body(head,
			goapp.Td().ColSpan(len(r.Budgets)).Text("not planned: "+why))
	}
	return goapp.Tr().Class(cls).DataSet("policy", p).Body(head, goapp.Range(r.Budgets).Slice(func(k int) goapp.UI {
		b := r.Budgets[k]
		row, ok := rowOf(b, p)
		if !ok || row.NotPlanned != "" {
			return goapp.Td().Class("num", "omitted").Title(row.NotPlanned).Text("not planned")
		}
		u := uniformAt(b)
		ratio := ""
		if u > 0 {
			ratio = strconv.FormatFloat(row.Staleness/u, 'g', 6, 64) // as the CLI's vs_uniform
		}
		return goapp.Td().Class("num").
			DataSet("budget", b.Budget).DataSet("per-page", fmtNum(b.PerPageWeek)).
			DataSet("staleness", strconv.FormatFloat(row.Staleness, 'g', -1, 64)).
			DataSet("visits", row.Visits).DataSet("detected", row.ChangesDetected).DataSet("ratio", ratio).
			Title(sprintf("%s at %s (%s a week): %s stale%s; %s visits found %s changes",
				p, perPageWeek(b.PerPageWeek), fmtInt(int64(b.Budget)), fmtStalePct(row.Staleness), vsUniformText(row.Staleness, u),
				fmtInt(int64(row.Visits)), fmtInt(int64(row.ChangesDetected)))).
			Text(fmtStaleVsUniform(row.Staleness, u))
	}))
}

// notPlannedAll is why p could be planned at no budget, or "" if it was
// planned at one.
func notPlannedAll(r *BacktestResult, p string) string {
	why := ""
	for _, b := range r.Budgets {
		row, ok := rowOf(b, p)
		if ok && row.NotPlanned == "" {
			return ""
		}
		why = row.NotPlanned
	}
	return why
}

// backtestCycleNote says at which budgets the static plans span more
// than a week: below one visit per page per week a week's plan could not
// visit every page.
func backtestCycleNote(r *BacktestResult) string {
	var at, weeks []string
	for _, b := range r.Budgets {
		if b.Cycle > 1 {
			at = append(at, fmtNum(b.PerPageWeek))
			weeks = append(weeks, strconv.Itoa(b.Cycle))
		}
	}
	if len(at) == 0 {
		return ""
	}
	return "At " + andList(at) + " visits per page per week the static plans span " + andList(weeks) +
		" weeks, so that every page is visited."
}

func andList(xs []string) string {
	if len(xs) < 2 {
		return strings.Join(xs, "")
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " and " + xs[len(xs)-1]
}

// backtestAdvice says in plain words which policy to use — the one least
// stale at one visit per page per week, hindsight aside — and by how much
// it beats uniform and the best adaptive scheduler there.
func backtestAdvice(r *BacktestResult) string {
	var b *BacktestBudget
	for k := range r.Budgets {
		if r.Budgets[k].PerPageWeek == 1 {
			b = &r.Budgets[k]
		}
	}
	if b == nil {
		return ""
	}
	stale := map[string]float64{}
	best, adaptive := "", ""
	for _, p := range backtestOrder(r) { // learn first: it wins a tie
		row, ok := rowOf(*b, p)
		if !ok || row.NotPlanned != "" || p == "hindsight" {
			continue
		}
		stale[p] = row.Staleness
		if best == "" || row.Staleness < stale[best] {
			best = p
		}
		if strings.HasSuffix(p, "-adaptive") && (adaptive == "" || row.Staleness < stale[adaptive]) {
			adaptive = p
		}
	}
	if best == "" {
		return ""
	}
	s := stale[best]
	var than []string
	if _, ok := stale["uniform"]; ok && best != "uniform" {
		than = append(than, compareTo(s, stale["uniform"], "uniform"))
	}
	if _, ok := stale["learn"]; ok && best != "learn" {
		than = append(than, compareTo(s, stale["learn"], "learn"))
	}
	if adaptive != "" && adaptive != best {
		than = append(than, compareTo(s, stale[adaptive], "the best adaptive scheduler, "+adaptive))
	}
	out := "Use " + best
	if note := btPolicyNote[best]; note != "" && best == "learn" {
		out += ", which " + note
	}
	out += ": at one visit per page per week its pages' copies were out of date " + fmtStalePct(s) + " of the time"
	if len(than) > 0 {
		out += " — " + andList(than)
	}
	return out + "."
}

// compareTo says how s compares with the other's staleness v: "24% less
// than uniform (0.133%)".
func compareTo(s, v float64, other string) string {
	d := math.Round(100 * (1 - s/v))
	switch {
	case !(v > 0) || d == 0:
		return "about the same as " + other + " (" + fmtStalePct(v) + ")"
	case d > 0:
		return sprintf("%.0f%% less than %s (%s)", d, other, fmtStalePct(v))
	}
	return sprintf("%.0f%% more than %s (%s)", -d, other, fmtStalePct(v))
}

// backtestWeekTable lists each policy's outcome at budget b: what the
// panel showed before it replayed several budgets.
func backtestWeekTable(r *BacktestResult, b BacktestBudget) goapp.UI {
	u := uniformAt(b)
	order := backtestOrder(r)
	return goapp.Div().Class("table-wrap").Body(goapp.Table().ID("bt-week-table").Class("results").Body(
		goapp.Caption().Text(sprintf("At %s: %s visits per horizon of a week.", perPageWeek(b.PerPageWeek), fmtInt(int64(b.Budget)))),
		goapp.THead().Body(goapp.Tr().Body(
			goapp.Th().Scope("col").Text("policy"),
			goapp.Th().Scope("col").Class("num").Text("staleness"),
			goapp.Th().Scope("col").Class("num").Text("vs uniform"),
			goapp.Th().Scope("col").Class("num").Text("visits"),
			goapp.Th().Scope("col").Class("num").Text("changes detected"),
			goapp.Th().Scope("col").Class("num").Text("changes per 100 visits"),
		)),
		goapp.TBody().Body(goapp.Range(order).Slice(func(k int) goapp.UI {
			row, _ := rowOf(b, order[k])
			if row.NotPlanned != "" {
				return goapp.Tr().Class("omitted").DataSet("policy", row.Policy).Body(
					goapp.Th().Scope("row").Text(row.Policy),
					goapp.Td().ColSpan(5).Text("not planned: "+row.NotPlanned),
				)
			}
			rel := "–"
			if u > 0 {
				rel = strings.Replace(sprintf("%+.0f%%", 100*(row.Staleness/u-1)), "-", "−", 1)
			}
			per := "–"
			if row.Visits > 0 {
				per = fmtNum(100 * float64(row.ChangesDetected) / float64(row.Visits))
			}
			return goapp.Tr().DataSet("policy", row.Policy).Body(
				goapp.Th().Scope("row").Text(row.Policy),
				goapp.Td().Class("num").Text(fmtStalePct(row.Staleness)),
				goapp.Td().Class("num").Text(rel),
				goapp.Td().Class("num").Text(fmtInt(int64(row.Visits))),
				goapp.Td().Class("num").Text(fmtInt(int64(row.ChangesDetected))),
				goapp.Td().Class("num").Text(per),
			)
		})),
	))
}
