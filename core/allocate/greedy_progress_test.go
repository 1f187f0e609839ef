package allocate

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/freshplan/freshplan/core/staleness"
)

// TestGreedyProgress: Greedy tells Problem.Progress from inside its passes
// over the pages — every ProgressEvery pages counted, whatever the hosts'
// sizes — without changing the allocation; and an error from Progress
// stops it with that error.
func TestGreedyProgress(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	const n = 20 * ProgressEvery
	for _, capped := range []bool{true, false} {
		p := randomProblem(rng, n, 40, staleness.Horizon, staleness.Stale)
		for i := range n / 2 {
			p.Hosts[i] = 0 // one host holds half the pages: its pass must still be told
		}
		if !capped {
			p.Caps, p.Hosts = nil, nil
		}
		want, err := Greedy(p)
		if err != nil {
			t.Fatal(err)
		}
		type call struct{ pass, done, total int }
		var calls []call
		p.Progress = func(pass, done, total int) error {
			calls = append(calls, call{pass, done, total})
			return nil
		}
		got, err := Greedy(p)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("capped %v: the allocation changed with Progress set", capped)
		}
		passes := 0
		for k, c := range calls {
			if c.total < 1 || c.total > n || c.done < 1 || c.done > c.total || c.pass < 0 || (c.pass == 0 && k > 0) {
				t.Fatalf("capped %v: call %d: %+v", capped, k, c)
			}
			if k > 0 && c.pass < calls[k-1].pass {
				t.Fatalf("capped %v: call %d: pass %d after %d", capped, k, c.pass, calls[k-1].pass)
			}
			passes = max(passes, c.pass)
		}
		// Uncapped, every pass counts every page: told at each multiple
		// of ProgressEvery pages counted, n/ProgressEvery times a pass;
		// from the allocation's finish, which looks at every page once
		// more; and once from the setup (pass 0).
		if want := (passes+1)*n/ProgressEvery + 1; !capped && len(calls) != want {
			t.Errorf("uncapped: told %d times over %d passes, want %d", len(calls), passes, want)
		}
		if passes < 2 || len(calls) < 2*(n/ProgressEvery)/2 {
			t.Errorf("capped %v: %d calls over %d passes", capped, len(calls), passes)
		}
		stop := errors.New("stopped")
		told := 0
		p.Progress = func(pass, done, total int) error {
			if told++; told == 3 {
				return stop
			}
			return nil
		}
		if _, err := Greedy(p); !errors.Is(err, stop) || told != 3 {
			t.Errorf("capped %v: stopped at the 3rd call: %v after %d calls", capped, err, told)
		}
	}
}
