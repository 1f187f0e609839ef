package firstcrawl

import (
	"context"
	"errors"
	"reflect"
	"runtime"
	"testing"

	"github.com/freshplan/freshplan/core/crawlsim"
	"github.com/freshplan/freshplan/core/order"
)

// TestRunParallelIsRun: every strategy simulated at once on several
// threads gives Run's report — every summary, curve and crawl, in the
// study's order — but for the running times, on one thread and on four; a
// study stopped before it starts says so.
func TestRunParallelIsRun(t *testing.T) {
	s := Study{Graph: synthetic(t, 5000, 4), Strategies: order.Names, Params: crawlsim.DefaultParams(), Batch: 400}
	want, err := Run(context.Background(), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, workers := range []int{1, 4} {
		prev := runtime.GOMAXPROCS(workers)
		got, err := RunParallel(context.Background(), s)
		runtime.GOMAXPROCS(prev)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Summaries) != len(want.Summaries) {
			t.Fatalf("%d workers: %d summaries, want %d", workers, len(got.Summaries), len(want.Summaries))
		}
		for i, w := range want.Summaries {
			g := got.Summaries[i]
			g.Elapsed, w.Elapsed = 0, 0
			if !reflect.DeepEqual(g, w) {
				t.Errorf("%d workers: summary %d is %s's (average %v), want %s's (average %v)", workers, i, g.Strategy, g.Average, w.Strategy, w.Average)
			}
		}
		if !reflect.DeepEqual(got.PageRank, want.PageRank) || got.Best != want.Best {
			t.Errorf("%d workers: the oracle differs", workers)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := RunParallel(ctx, s); !errors.Is(err, context.Canceled) {
		t.Errorf("a cancelled study: %v, want context.Canceled", err)
	}
	// A strategy that fails stops the study with its own error, not the
	// cancellation it causes the others, on one thread and on four.
	bad := s
	bad.Strategies = []string{"batch-pagerank", "no-such-strategy", "breadth-first"}
	_, wantErr := Run(context.Background(), bad, nil)
	for _, workers := range []int{1, 4} {
		prev := runtime.GOMAXPROCS(workers)
		_, err := RunParallel(context.Background(), bad)
		runtime.GOMAXPROCS(prev)
		if wantErr == nil || err == nil || err.Error() != wantErr.Error() {
			t.Errorf("%d workers: a study with an unknown strategy: %v, want %v", workers, err, wantErr)
		}
	}
}
