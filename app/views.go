package app

import (
	"math"
	"slices"
	"sort"
)

// Colours of the policies and bounds, and their dashes: bounds dashed.
var (
	// Okabe and Ito's palette, told apart with every common colour
	// blindness: psp (the recommendation) blue, uniform (the baseline)
	// vermillion, the others each their own.
	policyColor = map[string]string{
		"psp": "#0072b2", "mp2": "#56b4e9", "mwolf": "#009e73", "mwolf-exact": "#8a7a00", "uniform": "#d55e00",
		"proportional": "#e69f00", "cho": "#cc79a7", "azar": "#000000",
		"wp": "#13201c", "nonpolite": "#6b7a86", "infcrawlers": "#b0b0b0",
	}
)

// chart geometry shared by the four charts.
const (
	// 580: a chart of the desktop's two columns gets 587 pixels (a page of
	// 1280 and more), so it is drawn once, at its size, not shrunk to
	// 10.8 px text nor laid out again (chart_fit.go).
	chartW = 580.0
	chartH = 340.0
)

// horizonDays is the horizon in days.
func horizonDays(horizon float64) float64 { return horizon / 86400 }

// scatterSpec draws visits per day against changes per day, one point per
// page (seed 001 Fig. 5.14's shape), log-log, with a band for 0 on each
// axis: pages that never change, pages never visited. Points that fall on
// the same few pixels are drawn once, their title counting the others.
func scatterSpec(d *dataset, r *PlanResult, q Request, breathe func()) *chartSpec {
	horizon := q.Horizon
	s := &chartSpec{Version: nextVersion(), ID: "chart-rates", W: chartW, H: chartH,
		Left: 58, Right: 16, Top: 30, Bottom: 44,
		Title:  "Revisits against change rate, per page (" + r.Policy + ")",
		XLabel: "changes per day (log scale)", YLabel: "visits per day (log scale)"}
	s.Desc = "Each dot is a page: its change rate across, the visits per day the " + r.Policy +
		" policy gives it up. Pages changing faster than the budget can follow get fewer visits, or none."
	days := horizonDays(horizon)
	vlo, vhi := math.Inf(1), 0.0
	for _, v := range r.Visits {
		if v > 0 {
			vlo, vhi = math.Min(vlo, v/days), math.Max(vhi, v/days)
		}
	}
	if vhi == 0 {
		vlo, vhi = 0.1, 1
	}
	if d.MaxRate == 0 {
		s.Empty = "No page changes: nothing to plan."
		return s
	}
	s.X = newScale(d.MinRate, d.MaxRate, true, s.Left, s.W-s.Right)
	if d.ZeroRates > 0 {
		s.X = s.X.withZeroBand(28)
	}
	s.Y = newTightLogScale(vlo, vhi, s.H-s.Bottom, s.Top)
	if slices.Contains(r.Visits, 0) {
		s.Y = s.Y.withZeroBand(20)
	}
	// Cells of 3×3 pixels: a page drawn where another already is only
	// counts in that dot's title.
	g := &dotGrid{x: s.X.placer(), y: s.Y.placer(), days: days, w: int(s.W/dotCellPx) + 1, h: int(s.H/dotCellPx) + 1}
	g.cells = make([]int32, g.w*g.h)
	for lo := 0; lo < d.pages.Len(); lo += 4096 {
		if lo > 0 {
			breathe()
		}
		g.add(d.pages.Rates, r.Visits, lo, min(lo+4096, d.pages.Len()))
	}
	pts, counts, firstOf, never, still := g.pts, g.counts, g.firstOf, g.never, g.still
	for k, i := range firstOf {
		v := pts[k].Y
		pts[k].Title = d.pages.URL(i) + " — " + fmtNum(d.pages.Rates[i]) + " changes/day, " + fmtNum(v) + " visits/day, " + staleText(r.Stale[i], objective(q.Objective))
	}
	for k := range pts {
		if counts[k] > 0 {
			pts[k].Title += " (and " + plural(counts[k], "more page", "more pages") + " here)"
		}
	}
	lo, hi := math.Max(s.X.D0, s.Y.D0), math.Min(s.X.D1, s.Y.D1)
	if lo < hi {
		s.Series = append(s.Series, series{Name: "one visit per change", Kind: kindLine, Color: "#b8c6c0", Dash: "4 4", Width: 1, Plain: true,
			Points: []point{{X: lo, Y: lo, Title: "one visit per change"}, {X: hi, Y: hi, Title: "one visit per change"}}})
	}
	s.Series = append(s.Series, series{Name: r.Policy, Kind: kindPoints, Color: policyColor[r.Policy], R: 2.2, Opacity: 0.55, Points: pts})
	s.Legend = []legendItem{{Label: r.Policy + " (a dot per page)", Color: policyColor[r.Policy], Shape: "dot"},
		{Label: "one visit per change", Color: "#b8c6c0", Dash: "4 4"}}
	s.Note = fmtInt(int64(d.Pages)) + " pages in " + fmtInt(int64(len(pts))) + " dots."
	if never > 0 {
		s.Note += " " + plural(never, "page is", "pages are") + " never visited (on the 0 line)."
	}
	if still > 0 {
		s.Note += " " + plural(still, "page never changes", "pages never change") + " (in the 0 column)."
	}
	return s
}

// dotCellPx is the side of the scatter's cells, in pixels: one dot a cell.
const dotCellPx = 3

// dotGrid puts pages into the scatter's cells, the first page in a cell
// making its dot and the others counting in it.
type dotGrid struct {
	x, y         placer
	days         float64
	w, h         int
	cells        []int32 // 1 + the dot of each cell, 0 for none
	pts          []point
	counts       []int // pages beside the first in each dot
	firstOf      []int // the page that made each dot
	never, still int   // pages never visited, pages never changing
}

// add puts pages lo to hi−1 in. A function of its own, called a few
// thousand pages at a time, so that the browser's WebAssembly engine
// optimises it after a few calls: a loop over a million pages run once
// stays in V8's quick baseline code.
//
//go:noinline
func (g *dotGrid) add(rates, visits []float64, lo, hi int) {
	for i := lo; i < hi; i++ {
		rate, v := rates[i], visits[i]/g.days
		if v == 0 {
			g.never++
		}
		if rate == 0 {
			g.still++
		}
		cx := min(max(int(g.x.At(rate)/dotCellPx), 0), g.w-1)
		cy := min(max(int(g.y.At(v)/dotCellPx), 0), g.h-1)
		if k := g.cells[cy*g.w+cx]; k > 0 {
			g.counts[k-1]++
			continue
		}
		g.pts = append(g.pts, point{X: rate, Y: v})
		g.counts = append(g.counts, 0)
		g.firstOf = append(g.firstOf, i)
		g.cells[cy*g.w+cx] = int32(len(g.pts))
	}
}

// staleText is a page's value as freshness, mean age or penalty.
func staleText(v float64, obj objective) string {
	if !obj.fresh() {
		return obj.label() + " " + obj.text(v, 1)
	}
	return fmtPct(1-v, 1) + " fresh"
}

// hostsShown is how many hosts the load chart draws.
const hostsShown = 18

// loadSpec draws the busiest hosts' load against their caps ⌊T/P⌋.
func loadSpec(d *dataset, r *PlanResult, horizon float64) *chartSpec {
	s := &chartSpec{Version: nextVersion(), ID: "chart-hosts", W: chartW, H: chartH,
		Left: 150, Right: 20, Top: 30, Bottom: 44,
		Title:  "Load per host against its cap ⌊T/P⌋ (" + r.Policy + ")",
		YLabel: ""}
	s.Desc = "Visits per day the " + r.Policy + " policy sends to each of the busiest hosts, with a tick at the most politeness allows."
	// Per day, as the scatter's visits and every rate on the page: the cap
	// ⌊T/P⌋ is per horizon, and so divided by its days too.
	days := horizonDays(horizon)
	m := len(d.HostNames)
	order := make([]int, m)
	for h := range order {
		order[h] = h
	}
	sort.SliceStable(order, func(a, b int) bool { return r.HostLoad[order[a]] > r.HostLoad[order[b]] })
	k := min(m, hostsShown)
	order = order[:k]
	lo, hi := math.Inf(1), 0.0
	for _, h := range order {
		for _, v := range []float64{r.HostLoad[h] / days, r.HostCap[h] / days} {
			if v > 0 {
				lo, hi = math.Min(lo, v), math.Max(hi, v)
			}
		}
	}
	if hi == 0 {
		s.Empty = "No host gets a visit."
		return s
	}
	log := spansDecades(lo, hi)
	if log {
		s.X = newScale(lo, hi, true, s.Left, s.W-s.Right)
		s.XLabel = "visits per day (log scale)"
	} else {
		s.X = newScale(0, hi, false, s.Left, s.W-s.Right)
		s.XLabel = "visits per day"
	}
	s.Y = scale{D0: 0, D1: float64(k), R0: s.Top + 8, R1: s.H - s.Bottom}
	s.YTicks = []tick{}
	base := s.X.D0
	var under, over, caps []point
	for row, h := range order {
		y := float64(row)
		load, capv := r.HostLoad[h]/days, r.HostCap[h]/days
		title := d.HostNames[h] + ": " + fmtNum(load) + " visits per day, cap " + fmtNum(capv) + " per day (⌊T/P⌋ = " + fmtInt(int64(r.HostCap[h])) +
			" per " + fmtSeconds(horizon) + ", P = " + fmtSeconds(r.HostDelay[h]) + "), " + fmtPct(r.HostLoad[h]/math.Max(r.HostCap[h], 1), 0) + " of the cap, " +
			plural(d.HostPages[h], "page", "pages")
		p := point{X: base, X2: math.Max(load, base), Y: y + 0.15, Y2: y + 0.85, Title: title}
		if load > capv*(1+1e-9) {
			over = append(over, p)
		} else {
			under = append(under, p)
		}
		caps = append(caps, point{X: capv, X2: capv, Y: y + 0.02, Y2: y + 0.98, Title: d.HostNames[h] + ": cap " + fmtNum(capv) + " visits per day"})
		s.YTicks = append(s.YTicks, tick{V: y + 0.5, Label: shorten(d.HostNames[h], 24)})
	}
	s.Series = []series{
		{Name: "within the cap", Kind: kindRects, Color: policyColor["psp"], Points: under, Opacity: 0.85},
		{Name: "over the cap", Kind: kindRects, Color: "#cc79a7", Points: over, Opacity: 0.9},
		{Name: "cap", Kind: kindSegments, Color: "#13201c", Width: 2, Points: caps},
	}
	s.Legend = []legendItem{{Label: "load within the cap", Color: policyColor["psp"], Shape: "box"},
		{Label: "over the cap (not polite)", Color: "#cc79a7", Shape: "box"}, {Label: "cap ⌊T/P⌋", Color: "#13201c"}}
	s.Note = sprintf("The %d busiest of %s; every host is in the hosts table below.", k, plural(m, "host", "hosts"))
	return s
}

// shorten cuts s to n runes with an ellipsis.
func shorten(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// histogramSpec draws the distribution of change rates in log bins (four
// per decade), with a bar for pages that never change.
func histogramSpec(d *dataset) *chartSpec {
	s := &chartSpec{Version: nextVersion(), ID: "chart-histogram", W: chartW, H: chartH,
		Left: 58, Right: 16, Top: 30, Bottom: 44,
		Title:  "Change rates of the pages",
		XLabel: sprintf("changes per day (log scale, %d bins per decade)", ratesPerDecade), YLabel: "pages"}
	s.Desc = "How many pages change how often."
	if d.MaxRate == 0 {
		s.Empty = "No page changes."
		return s
	}
	edges, counts := d.rateEdges(), d.RateBins
	top := float64(d.ZeroRates)
	for _, c := range counts {
		top = math.Max(top, float64(c))
	}
	s.X = scale{Log: true, D0: edges[0], D1: edges[len(edges)-1], R0: s.Left, R1: s.W - s.Right}
	if d.ZeroRates > 0 {
		s.X = s.X.withZeroBand(22)
	}
	s.Y = newScale(0, top, false, s.H-s.Bottom, s.Top)
	var bars []point
	for k, c := range counts {
		if c == 0 {
			continue
		}
		bars = append(bars, point{X: edges[k] * 1.02, X2: edges[k+1] / 1.02, Y: 0, Y2: float64(c),
			Title: fmtNum(edges[k]) + " to " + fmtNum(edges[k+1]) + " changes/day: " + plural(c, "page", "pages")})
	}
	ser := []series{{Name: "pages", Kind: kindRects, Color: "#2a9d8f", Points: bars}}
	if d.ZeroRates > 0 {
		// A bar as wide as the band, at 0.
		ser = append(ser, series{Name: "no change", Kind: kindRects, Color: "#8d99ae", Width: 12,
			Points: []point{{X: 0, X2: 0, Y: 0, Y2: float64(d.ZeroRates), Title: "never change: " + plural(d.ZeroRates, "page", "pages")}}})
	}
	s.Series = ser
	s.Note = plural(d.Pages, "page", "pages") + "; rates from " + fmtNum(d.MinRate) + " to " + fmtNum(d.MaxRate) + " changes per day."
	if d.ZeroRates > 0 {
		s.Note += " " + plural(d.ZeroRates, "page never changes", "pages never change") + " (the bar at 0)."
	}
	return s
}
