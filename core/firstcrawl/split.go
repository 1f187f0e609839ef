package firstcrawl

import (
	"slices"
	"sort"
)

// Share is one worker's part of a study: the strategies it simulates at
// the study's r, then the chosen strategy at each of Robots (the time to
// crawl against r, RobotsCurve).
type Share struct {
	Strategies []string
	Robots     []int
}

// Work is a study to divide between workers: its strategies at the
// study's r (At), and the chosen strategy's time to crawl against each of
// Robots, on a graph of Pages pages, K = Batch (0 for DefaultBatch).
type Work struct {
	Strategies   []string
	Chosen       string
	Robots       []int
	At           int
	Pages, Batch int
}

// Split divides w between n workers, each simulation going to the worker
// with the least work so far, the longest first (Graham's LPT rule:
// within 4/3 of the best split). The chosen strategy at the study's own r
// goes where the chosen strategy is simulated, which then reuses its
// crawl (RobotsCurve). Each worker runs its cheap strategies first, in
// the study's order, so that the first rows come early.
func (w Work) Split(n int) []Share {
	n = max(1, n)
	type task struct {
		strategy string
		robots   int // 0: at the study's r
		cost     float64
	}
	var tasks []task
	for _, name := range w.Strategies {
		tasks = append(tasks, task{strategy: name, cost: w.Cost(name)})
	}
	study := slices.Contains(w.Strategies, w.Chosen)
	for _, r := range w.Robots {
		if r != w.At || !study {
			tasks = append(tasks, task{strategy: w.Chosen, robots: r, cost: w.Cost(w.Chosen)})
		}
	}
	sort.SliceStable(tasks, func(i, j int) bool { return tasks[i].cost > tasks[j].cost })
	load := make([]float64, n)
	shares := make([]Share, n)
	chosenAt := -1
	for _, t := range tasks {
		k := 0
		for i := range load {
			if load[i] < load[k] {
				k = i
			}
		}
		load[k] += t.cost
		if t.robots == 0 {
			shares[k].Strategies = append(shares[k].Strategies, t.strategy)
			if t.strategy == w.Chosen {
				chosenAt = k
			}
		} else {
			shares[k].Robots = append(shares[k].Robots, t.robots)
		}
	}
	if chosenAt >= 0 && slices.Contains(w.Robots, w.At) {
		shares[chosenAt].Robots = append(shares[chosenAt].Robots, w.At)
	}
	rank := map[string]int{}
	for i, name := range w.Strategies {
		rank[name] = i
	}
	for k := range shares {
		sh := &shares[k]
		sort.SliceStable(sh.Strategies, func(i, j int) bool {
			a, b := sh.Strategies[i], sh.Strategies[j]
			if ca, cb := w.Cost(a), w.Cost(b); ca != cb {
				return ca < cb
			}
			return rank[a] < rank[b]
		})
		slices.Sort(sh.Robots)
	}
	return shares
}

// Cost is Split's guess of what simulating strategy name takes, in
// crawls: 1, and for batch- and partial-pagerank, which recompute
// PageRank every K pages, 1 + recalculations/13 — at the default K (35
// recalculations) 3.7, near what they take on a 100k-page graph in
// WebAssembly (0.65 s against 0.15–0.21 s for breadth-first and OPIC)
// and at 1M pages natively (3.1–3.2 s against 0.85 s for breadth-first).
func (w Work) Cost(name string) float64 {
	switch name {
	case "batch-pagerank", "partial-pagerank":
		k := w.Batch
		if k == 0 {
			k = DefaultBatch(w.Pages)
		}
		return 1 + float64((w.Pages+k-1)/k)/13
	}
	return 1
}

// Add puts a strategy's summary into the report in the study's order
// (order: its strategies), as workers that ran parts of it send them.
func (r *Report) Add(s Summary, order []string) {
	at := slices.Index(order, s.Strategy)
	i := sort.Search(len(r.Summaries), func(i int) bool { return slices.Index(order, r.Summaries[i].Strategy) > at })
	r.Summaries = slices.Insert(r.Summaries, i, s)
}

// MergeRobots puts the points of RobotsCurve's parts together, in the
// order of r, each point's speed-up against the first (seed 004 Table
// 4.2).
func MergeRobots(parts ...[]RobotsPoint) []RobotsPoint {
	var pts []RobotsPoint
	for _, p := range parts {
		pts = append(pts, p...)
	}
	sort.SliceStable(pts, func(i, j int) bool { return pts[i].Robots < pts[j].Robots })
	speedUps(pts)
	return pts
}

// speedUps sets each point's speed-up: the time at the first r over the
// time at its own.
func speedUps(pts []RobotsPoint) {
	for i := range pts {
		pts[i].SpeedUp = 1
		if i > 0 && pts[i].Seconds > 0 {
			pts[i].SpeedUp = pts[0].Seconds / pts[i].Seconds
		}
	}
}
