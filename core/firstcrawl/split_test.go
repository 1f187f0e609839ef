package firstcrawl

import (
	"context"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"github.com/freshplan/freshplan/core/graph"
)

// Split gives every strategy and every r to exactly one worker, the
// chosen strategy's crawl at the study's r to the worker that runs it,
// the two costly strategies to different workers, and loads within
// Graham's 4/3 of the best split.
func TestSplit(t *testing.T) {
	g, err := graph.Generate(graph.DefaultSynthetic(2000, 1))
	if err != nil {
		t.Fatal(err)
	}
	in := &Input{Graph: g}
	robots := []int{1, 2, 4, 8, 16, 32, 64}
	for _, c := range []struct {
		n, batch, r int
		chosen      string
	}{{1, 0, 1, "breadth-first"}, {2, 0, 1, "breadth-first"}, {2, 0, 4, "batch-pagerank"}, {3, 10, 1, "opic"}, {4, 0, 3, "random"}, {8, 0, 1, "partial-pagerank"}} {
		s := Work{Strategies: Names(), Chosen: c.chosen, Robots: robots, At: c.r, Pages: in.Graph.Pages(), Batch: c.batch}
		shares := s.Split(c.n)
		if len(shares) != c.n {
			t.Fatalf("%+v: %d shares", c, len(shares))
		}
		var names []string
		var rs []int
		loads := make([]float64, c.n)
		total := 0.0
		for k, sh := range shares {
			names = append(names, sh.Strategies...)
			rs = append(rs, sh.Robots...)
			for _, name := range sh.Strategies {
				loads[k] += s.Cost(name)
			}
			for _, r := range sh.Robots {
				if r != c.r || !slices.Contains(sh.Strategies, c.chosen) {
					loads[k] += s.Cost(c.chosen)
				}
			}
			if slices.Contains(sh.Robots, c.r) && !slices.Contains(sh.Strategies, c.chosen) {
				t.Errorf("%+v: share %d has r = %d without %s", c, k, c.r, c.chosen)
			}
			if (slices.Contains(sh.Strategies, "batch-pagerank") && slices.Contains(sh.Strategies, "partial-pagerank")) && c.n > 1 {
				t.Errorf("%+v: batch- and partial-pagerank both in share %d", c, k)
			}
			total += loads[k]
		}
		slices.Sort(names)
		want := Names()
		slices.Sort(want)
		if !reflect.DeepEqual(names, want) {
			t.Errorf("%+v: strategies %v", c, names)
		}
		slices.Sort(rs)
		if !reflect.DeepEqual(rs, robots) {
			t.Errorf("%+v: robots %v", c, rs)
		}
		// The best split is at least the mean load and at least the
		// longest task; LPT is within 4/3 of it.
		bound := max(total/float64(c.n), s.Cost("batch-pagerank"))
		if m := slices.Max(loads); m > 4.0/3*bound+1e-9 {
			t.Errorf("%+v: loads %v, most %g over 4/3 of %g", c, loads, m, bound)
		}
	}
}

// A report put together summary by summary, in any order, lists them in
// the study's; the robots' parts merged are RobotsCurve's points.
func TestAddAndMerge(t *testing.T) {
	names := Names()
	var r Report
	for _, i := range rand.New(rand.NewPCG(1, 2)).Perm(len(names)) {
		r.Add(Summary{Strategy: names[i]}, names)
	}
	var got []string
	for _, s := range r.Summaries {
		got = append(got, s.Strategy)
	}
	if !reflect.DeepEqual(got, names) {
		t.Errorf("order %v; want %v", got, names)
	}

	g, err := graph.Generate(graph.DefaultSynthetic(3000, 2))
	if err != nil {
		t.Fatal(err)
	}
	cut, _, err := graph.Reachable(g)
	if err != nil {
		t.Fatal(err)
	}
	s := Study{Graph: cut, Strategies: []string{"opic"}, Params: DefaultParams()}
	s.Params.Robots = 4
	rep, err := Run(context.Background(), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	whole, err := RobotsCurve(context.Background(), s, rep, "opic", []int{1, 2, 4, 8, 16, 32, 64}, nil)
	if err != nil {
		t.Fatal(err)
	}
	a, err := RobotsCurve(context.Background(), s, rep, "opic", []int{4, 16, 64}, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, err := RobotsCurve(context.Background(), s, &Report{PageRank: rep.PageRank}, "opic", []int{1, 2, 8, 32}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if merged := MergeRobots(a, b); !reflect.DeepEqual(merged, whole) {
		t.Errorf("merged %+v\nwhole  %+v", merged, whole)
	}
}
