package app

import (
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/freshplan/freshplan/core/plan"
)

// sweepSpec draws every policy's freshness (or age) against the budget,
// with the wp and nonpolite bounds, the chosen budget and the target.
func sweepSpec(sw *SweepResult, cur int, tr *TargetResult, obj objective) *chartSpec {
	age, harmonic := obj == "age", obj == "harmonic"
	s := &chartSpec{Version: nextVersion(), ID: "chart-budget", W: chartW, H: chartH,
		Left: 58, Right: 16, Top: 48, Bottom: 44,
		Title:  "Freshness against budget, every policy and the bounds",
		XLabel: "budget: visits per horizon T (log scale)", YLabel: "freshness (%)"}
	switch {
	case age:
		s.Title = "Age against budget, every policy and the bounds"
		s.YLabel = "mean age (hours, log scale)"
	case harmonic:
		s.Title = "Harmonic penalty against budget, every policy and the bounds"
		s.YLabel = "harmonic penalty (log scale)"
	}
	s.Desc = "For budgets around the chosen one, the staleness every policy reaches, beside the wp bound (no polite schedule does better) and the nonpolite optimum."
	if sw == nil || len(sw.Points) == 0 {
		s.Empty = "Sweeping budgets…"
		return s
	}
	val := func(v float64) float64 {
		switch {
		case age:
			return v / 3600
		case harmonic:
			return v
		}
		return 100 * (1 - v)
	}
	names := append(plan.Names(plan.Policies()), string(plan.WP), string(plan.NonPolite))
	lo, hi := math.Inf(1), math.Inf(-1)
	blo, bhi := math.Inf(1), 0.0
	by := map[string][]point{}
	for _, p := range sw.Points {
		if !slices.Contains(names, string(p.Name)) || math.IsNaN(p.Value) || math.IsInf(p.Value, 0) {
			continue
		}
		v := val(p.Value)
		if !obj.fresh() && v <= 0 {
			continue // log scale
		}
		lo, hi = math.Min(lo, v), math.Max(hi, v)
		b := float64(p.Budget)
		blo, bhi = math.Min(blo, b), math.Max(bhi, b)
		title := string(p.Name) + " at " + fmtInt(int64(p.Budget)) + " visits: " + staleText(p.Value, obj)
		by[string(p.Name)] = append(by[string(p.Name)], point{X: b, Y: v, Title: title})
	}
	if bhi == 0 {
		s.Empty = "No budget could be planned."
		return s
	}
	s.X = newTightLogScale(blo, bhi, s.Left, s.W-s.Right)
	if !obj.fresh() {
		s.Y = newScale(lo, hi, true, s.H-s.Bottom, s.Top)
	} else {
		s.Y = newScale(math.Max(0, lo-2), math.Min(100, hi+2), false, s.H-s.Bottom, s.Top)
	}
	for _, pts := range by {
		sort.Slice(pts, func(a, b int) bool { return pts[a].X < pts[b].X })
	}
	// The bounds as a band: no polite schedule gets past wp, no schedule
	// at all past nonpolite; what lies between is politeness's price.
	if wp, np := by["wp"], by["nonpolite"]; len(wp) > 0 && len(wp) == len(np) {
		band := make([]point, len(wp))
		for k := range wp {
			band[k] = point{X: wp[k].X, Y: wp[k].Y, Y2: np[k].Y, Title: wp[k].Title + "; " + np[k].Title}
		}
		s.Series = append(s.Series, series{Name: "between the wp bound and the nonpolite optimum", Kind: kindBand, Color: "#c9d7e8", Points: band})
		s.Legend = append(s.Legend, legendItem{Label: "bounds (wp to nonpolite)", Color: "#c9d7e8", Shape: "box"})
	}
	// The other policies faint, behind; psp and uniform on top, bold.
	others := false
	for _, name := range names {
		if pts := by[name]; len(pts) > 0 && name != "psp" && name != "uniform" && name != "wp" && name != "nonpolite" {
			s.Series = append(s.Series, series{Name: name, Kind: kindLine, Color: policyColor[name], Width: 1.2, Opacity: 0.5, Points: pts})
			others = true
		}
	}
	for _, name := range []string{"uniform", "psp"} {
		if pts := by[name]; len(pts) > 0 {
			s.Series = append(s.Series, series{Name: name, Kind: kindLine, Color: policyColor[name], Width: 2.8, Points: pts})
		}
	}
	for _, name := range []string{"psp", "uniform"} {
		if len(by[name]) > 0 {
			s.Legend = append(s.Legend, legendItem{Label: name, Color: policyColor[name]})
		}
	}
	if others {
		s.Legend = append(s.Legend, legendItem{Label: "other policies (hover a line)", Color: "#9aa5a0"})
	}
	s.Marks = append(s.Marks, mark{Axis: 'x', V: float64(cur), Label: "chosen", Color: "#52625c", Dash: "3 3", Low: true})
	if tr != nil && obj.fresh() {
		s.Marks = append(s.Marks, mark{Axis: 'y', V: 100 * tr.Target, Label: "target " + fmtPct(tr.Target, 0), Color: "#a40e26", Dash: "6 3"})
		if tr.Budget > 0 && float64(tr.Budget) >= s.X.D0 && float64(tr.Budget) <= s.X.D1 {
			s.Marks = append(s.Marks, mark{Axis: 'x', V: float64(tr.Budget), Label: "reaches it", Color: "#a40e26", Dash: "6 3"})
		}
	}
	s.Note = "Budgets " + fmtInt(int64(blo)) + " to " + fmtInt(int64(bhi)) + " visits per horizon."
	if len(sw.Failed) > 0 {
		s.Note += sprintf(" %d budgets could not be planned.", len(sw.Failed))
	}
	if len(sw.TooBig) > 0 {
		s.Note += " Budgets above " + fmtInt(maxSweepVisits) + " visits are left to the CLI, which the browser's memory would not hold: " +
			strings.Join(sw.CLI, "; ") + "."
	}
	return s
}
