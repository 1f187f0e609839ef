package app

import (
	"math"
	"strings"
)

// btStyle is how a policy is drawn in the backtest's charts: the
// Okabe–Ito colours, which readers with any common colour-vision
// deficiency tell apart, and dashes besides, since nine lines outnumber
// them. The recommended policy and uniform, its yardstick, are thick.
type btStyle struct {
	Color, Dash string
	Width       float64
}

var btStyles = map[string]btStyle{
	"learn":                 {"#0072b2", "", 3.4},
	"uniform":               {"#d55e00", "", 3.4},
	"psp":                   {"#009e73", "", 1.6},
	"psp-replan":            {"#009e73", "6 3", 1.6},
	"cho":                   {"#cc79a7", "", 1.6},
	"azar":                  {"#56b4e9", "", 1.6},
	"nutch-adaptive":        {"#e69f00", "", 1.6},
	"stormcrawler-adaptive": {"#7a5c00", "6 3", 1.6},
	"hindsight":             {"#000000", "2 3", 1.6},
}

func btStyleOf(policy string) btStyle {
	if st, ok := btStyles[policy]; ok {
		return st
	}
	return btStyle{"#555555", "4 2", 1.6}
}

// Widths of the staleness-against-budget chart: the wide one for a
// desktop's panel, the narrow one for a phone's, whose legend wraps into
// more rows (the page shows one of the two by its width).
const (
	btChartWide   = 900.0
	btChartNarrow = 320.0
)

// backtestBudgetSpec draws each policy's staleness against the budget,
// log-log, a line per policy with a point at each budget.
func backtestBudgetSpec(r *BacktestResult, w float64) *chartSpec {
	id := "chart-bt-budgets"
	if w < btChartWide {
		id += "-narrow"
	}
	s := &chartSpec{Version: nextVersion(), ID: id, W: w, Left: 58, Right: 18, Bottom: 44,
		Title:  "Staleness against budget, every policy",
		XLabel: "visits per page per week (log scale)", YLabel: "staleness (%, log scale)",
		Desc: "For each policy, the share of time a page's copy was out of date over the test year, at each budget. Lower is better."}
	order := backtestOrder(r)
	for _, p := range order {
		st := btStyleOf(p)
		s.Legend = append(s.Legend, legendItem{Label: p, Color: st.Color, Dash: st.Dash})
	}
	s.Top = topBelowLegend(s)
	s.H = s.Top + 280 + s.Bottom
	lo, hi, zero := math.Inf(1), 0.0, false
	for _, b := range r.Budgets {
		for _, row := range b.Rows {
			if row.NotPlanned != "" {
				continue
			}
			v := 100 * row.Staleness
			if v > 0 {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			} else {
				zero = true
			}
		}
	}
	if hi == 0 || len(r.Budgets) == 0 {
		s.Empty = "Nothing was stale in the test period at any budget."
		return s
	}
	pers := make([]float64, len(r.Budgets))
	for k, b := range r.Budgets {
		pers[k] = b.PerPageWeek
		s.XTicks = append(s.XTicks, tick{V: b.PerPageWeek, Label: fmtNum(b.PerPageWeek)})
	}
	s.X = newTightLogScale(pers[0], pers[len(pers)-1], s.Left, s.W-s.Right)
	s.Y = newTightLogScale(lo, hi, s.H-s.Bottom, s.Top)
	if zero {
		s.Y = s.Y.withZeroBand(18)
	}
	// Over three decades or fewer, 2 and 5 are labelled too: the plot is
	// tall enough, and values are read off it.
	if math.Log10(s.Y.D1/s.Y.D0) <= 3 {
		s.YTicks = logTicks125(s.Y)
	}
	// The emphasised lines are drawn last, over the others.
	for k := len(order) - 1; k >= 0; k-- {
		p := order[k]
		st := btStyleOf(p)
		se := series{Name: p, Kind: kindLine, Color: st.Color, Dash: st.Dash, Width: st.Width}
		for _, b := range r.Budgets {
			row, ok := rowOf(b, p)
			if !ok || row.NotPlanned != "" {
				continue
			}
			se.Points = append(se.Points, point{X: b.PerPageWeek, Y: 100 * row.Staleness,
				Title: sprintf("%s at %s: %s stale%s", p, perPageWeek(b.PerPageWeek),
					fmtStalePct(row.Staleness), vsUniformText(row.Staleness, uniformAt(b)))})
		}
		if len(se.Points) > 0 {
			s.Series = append(s.Series, se)
		}
	}
	return s
}

// logTicks125 labels 1, 2 and 5 times each power of ten within a log
// scale's domain (and 0 in its zero band).
func logTicks125(sc scale) []tick {
	var out []tick
	for e := math.Floor(math.Log10(sc.D0)); e <= math.Ceil(math.Log10(sc.D1)); e++ {
		for _, m := range []float64{1, 2, 5} {
			if v := m * math.Pow(10, e); v >= sc.D0 && v <= sc.D1 {
				out = append(out, tick{V: v, Label: fmtTick(v)})
			}
		}
	}
	if sc.ZeroBand > 0 {
		out = append(out, tick{V: 0, Label: "0"})
	}
	return out
}

// vsUniformText is ", 0.76× uniform's" for a hover title, or nothing when
// uniform was not stale.
func vsUniformText(s, u float64) string {
	if !(u > 0) {
		return ""
	}
	return ", " + fmtTimes(s/u) + " uniform's"
}

// backtestWeekSpec draws each policy's staleness horizon by horizon over
// the test period at budget b.
func backtestWeekSpec(r *BacktestResult, b BacktestBudget) *chartSpec {
	s := &chartSpec{Version: nextVersion(), ID: "chart-backtest", W: 2 * chartW, Left: 62, Right: 16, Bottom: 44,
		Title:  "Staleness over the test period, horizon by horizon, at " + perPageWeek(b.PerPageWeek),
		XLabel: "days after the split", YLabel: "staleness (%)",
		Desc: "For each policy, the fraction of pages whose copy was out of date, averaged over each horizon of the test period."}
	order := backtestOrder(r)
	for _, p := range order {
		if row, ok := rowOf(b, p); ok && row.NotPlanned == "" {
			st := btStyleOf(p)
			s.Legend = append(s.Legend, legendItem{Label: p, Color: st.Color, Dash: st.Dash})
		}
	}
	s.Top = topBelowLegend(s)
	s.H = s.Top + chartH - 48
	hi := 0.0
	days := r.Horizon / 86400
	for k := len(order) - 1; k >= 0; k-- {
		row, ok := rowOf(b, order[k])
		if !ok || row.NotPlanned != "" {
			continue
		}
		pts := make([]point, len(row.PerHorizon))
		for j, v := range row.PerHorizon {
			y := 100 * v
			hi = math.Max(hi, y)
			pts[j] = point{X: float64(j) * days, Y: y, Title: sprintf("%s, horizon %d: %.3f%% stale", row.Policy, j+1, y)}
		}
		st := btStyleOf(row.Policy)
		s.Series = append(s.Series, series{Name: row.Policy, Kind: kindLine, Plain: true, Color: st.Color, Dash: st.Dash,
			Width: math.Min(st.Width, 2.4), Points: pts})
	}
	if hi == 0 {
		s.Empty = "Nothing was stale in the test period."
		return s
	}
	// The axis ends where the data does (365 days, not a round 400).
	span := (r.Until - r.Split) / 86400
	s.X = scale{D0: 0, D1: math.Max(span, 1), R0: s.Left, R1: s.W - s.Right}
	step := niceStep(s.X.D1 / 6)
	if span > 60 {
		step = 30 * math.Max(1, math.Round(s.X.D1/6/30)) // months of 30 days
	}
	s.XTicks = []tick{}
	for v := 0.0; v <= s.X.D1+1e-9; v += step {
		s.XTicks = append(s.XTicks, tick{V: v, Label: fmtTick(v)})
	}
	s.Y = newScale(0, hi, false, s.H-s.Bottom, s.Top)
	return s
}

// backtestOrder is the panel's order of policies: the recommended one
// first, uniform (the yardstick) second, then the rest as the backtest
// gives them, and hindsight — not a policy anyone can run — last.
func backtestOrder(r *BacktestResult) []string {
	var out, rest []string
	seen := map[string]bool{}
	for _, b := range r.Budgets {
		for _, row := range b.Rows {
			if !seen[row.Policy] {
				seen[row.Policy] = true
				rest = append(rest, row.Policy)
			}
		}
	}
	for _, p := range []string{"learn", "uniform"} {
		if seen[p] {
			out = append(out, p)
		}
	}
	for _, p := range rest {
		if p != "learn" && p != "uniform" && p != "hindsight" {
			out = append(out, p)
		}
	}
	if seen["hindsight"] {
		out = append(out, "hindsight")
	}
	return out
}

// rowOf is the policy's row at budget b.
func rowOf(b BacktestBudget, policy string) (BacktestRow, bool) {
	for _, row := range b.Rows {
		if row.Policy == policy {
			return row, true
		}
	}
	return BacktestRow{}, false
}

// uniformAt is uniform's staleness at budget b, NaN if it has none.
func uniformAt(b BacktestBudget) float64 {
	if row, ok := rowOf(b, "uniform"); ok && row.NotPlanned == "" {
		return row.Staleness
	}
	return math.NaN()
}

// perPageWeek writes a budget per page: "1 visit per page per week",
// "0.25 visits per page per week".
func perPageWeek(k float64) string {
	if k == 1 {
		return "1 visit per page per week"
	}
	return fmtNum(k) + " visits per page per week"
}

// fmtStalePct writes a staleness as a percentage to about three
// significant digits: 0.0010179 → "0.102%".
func fmtStalePct(s float64) string { return fmtNum(100*s) + "%" }

// fmtTimes writes a ratio as a multiple: 0.7648 → "0.76×".
func fmtTimes(x float64) string {
	if math.IsNaN(x) || math.IsInf(x, 0) {
		return "–"
	}
	return strings.Replace(sprintf("%.2f×", x), "-", "−", 1)
}

// fmtStaleVsUniform writes a table cell: the staleness and its ratio to
// uniform's, "0.102% · 0.76×", or the staleness alone when uniform's was
// nothing or is not known.
func fmtStaleVsUniform(s, u float64) string {
	if !(u > 0) {
		return fmtStalePct(s)
	}
	return fmtStalePct(s) + " · " + fmtTimes(s/u)
}

// topBelowLegend is where a chart's plot starts: below its legend's last
// row (legendPlaces), or 30 px down without a legend.
func topBelowLegend(s *chartSpec) float64 {
	if places := legendPlaces(s); len(places) > 0 {
		return places[len(places)-1][1] + 22
	}
	return 30
}
