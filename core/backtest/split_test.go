package backtest

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/freshplan/freshplan/core/observe"
	"github.com/freshplan/freshplan/core/plan"
)

// randomHistory makes pages on a few hosts over [0, span): some change
// often, some only appear (no change after their first), some appear
// late — after the training crawl's last round before a split.
func randomHistory(rng *rand.Rand, span float64) []observe.Changes {
	n := 1 + rng.IntN(25)
	out := make([]observe.Changes, n)
	for i := range out {
		host := fmt.Sprintf("h%d.example", rng.IntN(3))
		first := rng.Float64() * span
		if rng.IntN(4) == 0 {
			first = math.Floor(first/day)*day + day - rng.Float64()*3600 // late in a day: after that day's crawl round
		}
		times := []float64{first}
		if rng.IntN(4) > 0 {
			mean := (0.2 + rng.Float64()*30) * day
			for t := first + rng.ExpFloat64()*mean; t < span; t += rng.ExpFloat64() * mean {
				times = append(times, t)
			}
		}
		out[i] = observe.Changes{URL: fmt.Sprintf("https://%s/%d", host, i), Host: host, Times: times, Weight: 1}
	}
	return out
}

// TestSplitAnywhere: a backtest split anywhere — before the data, inside
// it, on a page's first appearance, after the training crawl's last round,
// after the data — never panics: it either replays every policy, each
// row's staleness in [0, 1] and the learning policy at no more visits than
// the static plans, or says why not: a split before every page appears or
// after every change.
func TestSplitAnywhere(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	const span = 120 * day
	for trial := range 60 {
		pages := randomHistory(rng, span)
		var split float64
		switch rng.IntN(5) {
		case 0:
			split = -rng.Float64() * span // before everything
		case 1:
			split = span + rng.Float64()*span // after everything
		case 2:
			split = pages[rng.IntN(len(pages))].Times[0] + float64(rng.IntN(2))*1e-3 // on, or just after, an appearance
		default:
			split = rng.Float64() * span
		}
		params := plan.DefaultParams()
		params.Horizon = time.Duration(1+rng.IntN(14)) * 24 * time.Hour
		params.Budget = rng.IntN(2) * (1 + rng.IntN(40))
		cfg := Config{Params: params, TrainStart: split - (10+rng.Float64()*100)*day, Split: split, Until: split + (5+rng.Float64()*60)*day,
			Prior: rng.IntN(2) == 0, Replan: true, Adaptive: true, Learn: true, Hindsight: true, Cycle: rng.IntN(3)}
		rows, err := Run(context.Background(), pages, cfg)
		before, after := true, true
		for _, p := range pages {
			before = before && p.Times[0] >= split
			for _, c := range p.Times {
				after = after && c <= split
			}
		}
		switch {
		case before || after:
			if err == nil {
				t.Errorf("trial %d: a split before every page appears (%v) or after every change (%v) gave no error", trial, before, after)
			}
			continue
		case err != nil:
			t.Errorf("trial %d: %v", trial, err)
			continue
		}
		var static, learnt int
		for _, r := range rows {
			if r.NotPlanned != "" {
				continue
			}
			if !(r.Staleness >= 0 && r.Staleness <= 1) {
				t.Errorf("trial %d: %s staleness %v", trial, r.Policy, r.Staleness)
			}
			switch r.Policy {
			case "psp", "uniform", "cho", "azar":
				static = max(static, r.Visits)
			case "learn":
				learnt = r.Visits
			}
		}
		if learnt > static {
			t.Errorf("trial %d: learn made %d visits, the static plans at most %d", trial, learnt, static)
		}
	}
}

// TestSplitErrors: the two splits with nothing to replay say so.
func TestSplitErrors(t *testing.T) {
	pages := []observe.Changes{{URL: "https://a.example/1", Host: "a.example", Times: []float64{10 * day, 20 * day}, Weight: 1}}
	params := plan.DefaultParams()
	params.Horizon = 7 * 24 * time.Hour
	for _, c := range []struct {
		split float64
		want  string
	}{
		{5 * day, "no page appears before the split"},
		{30 * day, "the test period has nothing to replay"},
	} {
		_, err := Run(context.Background(), pages, Config{Params: params, TrainStart: c.split - 30*day, Split: c.split, Until: c.split + 30*day})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("split at day %v: error %v, want %q", c.split/day, err, c.want)
		}
	}
}

// TestSameOnOneThreadAndMany: every row of a backtest (the static plans,
// replan, learn, hindsight and the adaptive schedulers), made one after
// the other on one thread and at once on four, is the same bit for bit,
// in the same order.
func TestSameOnOneThreadAndMany(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for trial := range 6 {
		const span = 200 * day
		pages := randomHistory(rng, span)
		params := plan.DefaultParams()
		params.Horizon = time.Duration(1+rng.IntN(7)) * 24 * time.Hour
		cfg := Config{Params: params, TrainStart: 0, Split: 100 * day, Until: span, Prior: true,
			Replan: true, Adaptive: true, Learn: true, Hindsight: true}
		var got [2][]Row
		var errs [2]error
		for k, threads := range []int{1, 4} {
			prev := runtime.GOMAXPROCS(threads)
			got[k], errs[k] = Run(context.Background(), pages, cfg)
			runtime.GOMAXPROCS(prev)
		}
		if fmt.Sprint(errs[0]) != fmt.Sprint(errs[1]) {
			t.Fatalf("trial %d: one thread %v, four %v", trial, errs[0], errs[1])
		}
		if !reflect.DeepEqual(got[0], got[1]) {
			t.Errorf("trial %d: the rows differ:\n%+v\n%+v", trial, got[0], got[1])
		}
		if errs[0] != nil {
			continue
		}
		var last []string
		for _, r := range got[0][max(0, len(got[0])-5):] {
			last = append(last, r.Policy)
		}
		if want := []string{"psp-replan", "learn", "hindsight", "nutch-adaptive", "stormcrawler-adaptive"}; !slices.Equal(last, want) {
			t.Errorf("trial %d: the rows after the static plans are %v, want %v", trial, last, want)
		}
	}
}
