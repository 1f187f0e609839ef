package firstcrawl

import (
	"context"
	"os"
	"slices"
	"testing"

	"github.com/freshplan/freshplan/core/crawlsim"
	"github.com/freshplan/freshplan/core/graph"
	"github.com/freshplan/freshplan/core/order"
)

// realInput is the real link graph as a study reads it (ReadInput: the
// pages its home pages reach).
func realInput(t testing.TB) *Input {
	f, err := os.Open("../graph/testdata/real-links.csv.gz")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	in, err := ReadInput(f, "real-links.csv.gz")
	if err != nil {
		t.Fatal(err)
	}
	return in
}

func realGraph(t testing.TB) *graph.Graph { return realInput(t).Graph }

// synthetic is graph.DefaultSynthetic(n, seed) cut to the pages its
// seeds reach, as a study takes it.
func synthetic(tb testing.TB, n int, seed uint64) *graph.Graph {
	tb.Helper()
	g, err := graph.Generate(graph.DefaultSynthetic(n, seed))
	if err != nil {
		tb.Fatal(err)
	}
	if g, _, err = graph.Reachable(g); err != nil {
		tb.Fatal(err)
	}
	return g
}

// Every strategy on the real link graph (14,079 pages reachable from the
// home pages), r = 1, w = 15 s, c = 1: no strategy beats the PageRank
// order's bound (Fig. 4.3); omniscient is best of those without history
// and random is the diagonal (average about 1/2); seed 004 §4.3.4's
// finding that batch-pagerank and OPIC are ahead of breadth-first and
// backlink-count holds.
func TestRealGraphStudy(t *testing.T) {
	g := realGraph(t)
	rep, err := Run(context.Background(), Study{Graph: g, Strategies: order.Names, Params: crawlsim.DefaultParams()}, nil)
	if err != nil {
		t.Fatal(err)
	}
	avg := map[string]float64{}
	for _, s := range rep.Summaries {
		avg[s.Strategy] = s.Average
		if s.Average > rep.Best+1e-12 {
			t.Errorf("%s: average %g above the bound %g", s.Strategy, s.Average, rep.Best)
		}
		if len(s.Curve) != 100 || s.Curve[99].Pages != 1 || s.Curve[99].PageRank < 1-1e-9 || s.Curve[99].Seconds != s.Seconds {
			t.Fatalf("%s: curve ends %+v", s.Strategy, s.Curve[len(s.Curve)-1])
		}
		for i := 1; i < len(s.Curve); i++ {
			if s.Curve[i].PageRank < s.Curve[i-1].PageRank || s.Curve[i].Seconds < s.Curve[i-1].Seconds {
				t.Fatalf("%s: curve not monotone at %d", s.Strategy, i)
			}
		}
		if len(s.Result.Order) != g.Pages() {
			t.Fatalf("%s fetched %d of %d pages", s.Strategy, len(s.Result.Order), g.Pages())
		}
	}
	if a := avg["random"]; a < 0.45 || a > 0.55 {
		t.Errorf("random: average %g, want about 1/2", a)
	}
	for _, name := range []string{"breadth-first", "backlink-count", "batch-pagerank", "partial-pagerank", "opic", "larger-sites-first", "random"} {
		if avg[name] > avg["omniscient"] {
			t.Errorf("%s (%g) ahead of omniscient (%g)", name, avg[name], avg["omniscient"])
		}
	}
	for _, good := range []string{"batch-pagerank", "opic"} {
		for _, poor := range []string{"breadth-first", "backlink-count"} {
			if avg[good] <= avg[poor] {
				t.Errorf("%s (%g) not ahead of %s (%g)", good, avg[good], poor, avg[poor])
			}
		}
	}
}

func TestDefaultBatch(t *testing.T) {
	for n, want := range map[int]int{1: 1, 35: 1, 36: 2, 3_500_000: 100_000} {
		if got := DefaultBatch(n); got != want {
			t.Errorf("DefaultBatch(%d) = %d, want %d", n, got, want)
		}
	}
}

// TestRunTellsFinished checks what a view shows while a study runs: each
// strategy is announced in order with the strategies finished before it,
// whose summaries are the final report's, unchanged by what follows.
func TestRunTellsFinished(t *testing.T) {
	g := synthetic(t, 2000, 3)
	names := []string{"breadth-first", "opic", "random"}
	var seen []*Report
	var next []string
	rep, err := Run(context.Background(), Study{Graph: g, Strategies: names, Params: crawlsim.DefaultParams()}, func(so *Report, name string) {
		seen, next = append(seen, so), append(next, name)
	})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(next, names) {
		t.Fatalf("announced %v; want %v", next, names)
	}
	for i, so := range seen {
		if len(so.Summaries) != i || so.Best != rep.Best || len(so.PageRank) != len(rep.PageRank) {
			t.Fatalf("before %s: %d summaries, best %g; want %d, %g", names[i], len(so.Summaries), so.Best, i, rep.Best)
		}
		for j := range so.Summaries {
			a, b := so.Summaries[j], rep.Summaries[j]
			if a.Strategy != b.Strategy || a.Average != b.Average || a.Tau != b.Tau || a.Result != b.Result {
				t.Fatalf("before %s, summary %d: %s %g, final %s %g", names[i], j, a.Strategy, a.Average, b.Strategy, b.Average)
			}
		}
	}
}
