package renewal_test

import (
	"fmt"

	"github.com/freshplan/freshplan/core/renewal"
	"github.com/freshplan/freshplan/core/staleness"
)

// Three pages changing on average 4 times a day, fetched twice a day at
// equally spaced times under the steady model: at the same mean, gaps
// between updates with a tail heavier than the exponential's cluster the
// updates, leaving longer quiet spells in which a fetched copy stays fresh.
func ExampleStaleness() {
	pareto, _ := renewal.ParetoWithRate(1.5, 4)
	weibull, _ := renewal.WeibullWithRate(0.5, 4)
	for _, p := range []renewal.Process{renewal.Exponential{Rate: 4}, weibull, pareto} {
		a, _ := renewal.Staleness(p, staleness.Steady, 1, 2)
		fmt.Printf("%T %.4f\n", p, a)
	}
	// Output:
	// renewal.Exponential 0.5677
	// renewal.Weibull 0.3797
	// renewal.Pareto 0.3820
}

// A page that may change at 06:00 (certainly) and at 18:00 (one day in
// two): the greedy fetches first just after 06:00, then just after 18:00,
// and two fetches leave it never stale.
func ExampleQuasi_Greedy() {
	q := renewal.Quasi{Times: []float64{6, 18}, Probs: []float64{1, 0.5}}
	plan, _ := q.Greedy(staleness.Horizon, 24)
	for x := range 3 {
		fmt.Printf("%d fetches at %v: staleness %.4f\n", x, plan.Times(x), plan.Cost(x))
	}
	// Output:
	// 0 fetches at []: staleness 0.7500
	// 1 fetches at [6]: staleness 0.1250
	// 2 fetches at [6 18]: staleness 0.0000
}
