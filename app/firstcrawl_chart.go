package app

import (
	"math"

	"github.com/freshplan/freshplan/core/firstcrawl"
)

// fcColor is each strategy's colour: the good ones of seed 004 §4.3.4 in
// greens and blues, the poor in reds, the oracles and history in greys.
var fcColor = map[string]string{
	"breadth-first": "#d1495b", "backlink-count": "#edae49", "batch-pagerank": "#0b5f4a", "partial-pagerank": "#2a9d8f",
	"opic": "#00798c", "larger-sites-first": "#6a4c93", "historical-pagerank-omniscient": "#7aa95c",
	"historical-pagerank-random": "#b5c99a", "historical-pagerank-zero": "#8d99ae", "historical-pagerank-parent": "#5c677d",
	"omniscient": "#13201c", "random": "#b0b0b0",
}

// fcDash marks the strategies that know what a real crawler cannot: the
// PageRank of the graph (omniscient) or a previous crawl.
var fcDash = map[string]string{
	"omniscient": "5 3", "historical-pagerank-omniscient": "2 3", "historical-pagerank-random": "2 3",
	"historical-pagerank-zero": "2 3", "historical-pagerank-parent": "2 3",
}

// fcCurvesSpec draws every strategy's cumulative PageRank against the
// share of pages fetched (seed 004 Figs. 4.3–4.5), from its 1% curve; or,
// byTime, against the hours since the crawl began. The chart against
// pages is drawn twice: wide, and narrow for a phone's width.
func fcCurvesSpec(rep *firstcrawl.Report, p fcParams, byTime, narrow bool) *chartSpec {
	s := &chartSpec{Version: nextVersion(), ID: "chart-fc-curves", W: 2 * chartW, Left: 58, Right: 16, Bottom: 44,
		Title:  "Cumulative PageRank against pages fetched, every strategy",
		XLabel: "pages fetched (% of the graph's reachable pages)", YLabel: "PageRank fetched (% of the total)",
		Desc: "For each ordering strategy, the share of the graph's total PageRank in the pages fetched so far, at every 1% of the pages; the diagonal is a random order."}
	xOf := func(c firstcrawl.Point) float64 { return 100 * c.Pages }
	if narrow {
		s.ID, s.W = "chart-fc-curves-narrow", chartW
	}
	if byTime {
		s.ID, s.W = "chart-fc-time", chartW
		s.Title = "Cumulative PageRank against time, every strategy"
		s.XLabel = "hours since the crawl began"
		s.Desc = "For each ordering strategy, the share of the graph's total PageRank in the pages fetched by each time, at every 1% of the pages."
		xOf = func(c firstcrawl.Point) float64 { return c.Seconds / 3600 }
	}
	for _, sum := range rep.Summaries {
		s.Legend = append(s.Legend, legendItem{Label: sum.Strategy, Color: fcColor[sum.Strategy], Dash: fcDash[sum.Strategy], Shape: "line"})
	}
	s.Top = topBelowLegend(s)
	s.H = s.Top + chartH - 48
	s.X = newScale(0, 100, false, s.Left, s.W-s.Right)
	s.Y = newScale(0, 100, false, s.H-s.Bottom, s.Top)
	if byTime {
		hi := 0.0
		for _, sum := range rep.Summaries {
			hi = math.Max(hi, sum.Seconds/3600)
		}
		s.X = newScale(0, hi, false, s.Left, s.W-s.Right)
	} else {
		s.Series = append(s.Series, series{Name: "diagonal", Kind: kindLine, Color: "#d0d7d4", Dash: "1 3", Width: 1, Plain: true,
			Points: []point{{X: 0, Y: 0}, {X: 100, Y: 100}}})
	}
	for _, sum := range rep.Summaries {
		pts := []point{{X: 0, Y: 0}}
		for _, c := range sum.Curve {
			pts = append(pts, point{X: xOf(c), Y: 100 * c.PageRank,
				Title: sum.Strategy + ": " + fmtPct(c.PageRank, 1) + " of the PageRank after " + fmtPct(c.Pages, 0) + " of the pages"})
		}
		w := 1.6
		if sum.Strategy == p.Chosen {
			w = 2.8
		}
		s.Series = append(s.Series, series{Name: sum.Strategy, Kind: kindLine, Plain: true, Color: fcColor[sum.Strategy], Dash: fcDash[sum.Strategy], Width: w, Points: pts})
	}
	s.Note = "r = " + fmtInt(int64(p.Robots)) + " robots, w = " + fmtFlag(p.Wait) + " s, c = " + fmtInt(int64(p.PerConnection)) +
		"; the PageRank order's average, which no strategy beats, is " + fmtFlag(math.Round(rep.Best*1e4)/1e4) + ". Thicker: " + p.Chosen + "."
	return s
}

// fcRobotsSpec draws the chosen strategy's time to crawl every page
// against r (seed 004 §4.4, Table 4.2), both axes log scales: with w
// dominating, doubling r halves the time until the few large sites left
// (never two robots to one site) or the bandwidth B bound it.
func fcRobotsSpec(pts []firstcrawl.RobotsPoint, p fcParams) *chartSpec {
	s := &chartSpec{Version: nextVersion(), ID: "chart-fc-robots", W: chartW, H: chartH, Left: 62, Right: 16, Top: 30, Bottom: 44, // Top and H follow the legend
		Title:  "Time to crawl every page against r, " + p.Chosen,
		XLabel: "robots r: simultaneous connections (log scale)", YLabel: "hours to crawl every page (log scale)",
		Desc: "The chosen strategy simulated with 1 to 64 simultaneous connections, the other parameters kept; the dashed line is a speed-up equal to r."}
	if len(pts) == 0 {
		s.Empty = "Drawn once every strategy is simulated."
		return s
	}
	lo, hi := math.Inf(1), 0.0
	var line, ideal []point
	for _, pt := range pts {
		h := pt.Seconds / 3600
		if !(h > 0) {
			continue
		}
		lo, hi = math.Min(lo, h), math.Max(hi, h)
		line = append(line, point{X: float64(pt.Robots), Y: h,
			Title: "r = " + fmtInt(int64(pt.Robots)) + ": " + fmtNum(h) + " hours, speed-up " + fmtNum(pt.SpeedUp) + "×"})
		ideal = append(ideal, point{X: float64(pt.Robots), Y: pts[0].Seconds / 3600 / float64(pt.Robots)})
	}
	if len(line) == 0 {
		s.Empty = "The crawl takes no time."
		return s
	}
	for _, q := range ideal {
		lo = math.Min(lo, q.Y)
	}
	s.Legend = []legendItem{{Label: p.Chosen, Color: fcColor[p.Chosen], Shape: "line"}, {Label: "speed-up equal to r", Color: "#8d99ae", Dash: "5 3", Shape: "line"}}
	s.Top = topBelowLegend(s)
	s.H = s.Top + chartH - 48
	s.X = newTightLogScale(float64(pts[0].Robots), float64(pts[len(pts)-1].Robots), s.Left, s.W-s.Right)
	s.Y = newScale(lo, hi, true, s.H-s.Bottom, s.Top)
	s.Series = []series{
		{Name: "speed-up r", Kind: kindLine, Plain: true, Color: "#8d99ae", Dash: "5 3", Width: 1.2, Points: ideal},
		{Name: p.Chosen, Kind: kindLine, Color: fcColor[p.Chosen], Width: 2.4, R: 3, Points: line},
	}
	last := pts[len(pts)-1]
	s.Note = "At r = " + fmtInt(int64(last.Robots)) + " the crawl is " + fmtNum(last.SpeedUp) + "× as fast as at r = " + fmtInt(int64(pts[0].Robots)) + "."
	return s
}
