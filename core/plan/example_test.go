package plan_test

import (
	"context"
	"fmt"
	"time"

	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/core/plan"
)

// Two pages on one host, changing once and four times a day, planned at
// five visits a day. GREEDY (seed 000's problem S) gives the slower page
// two visits and the faster three: under the steady model a page changing
// λT times a horizon and visited x times equally spaced is stale
// 1 − (1 − e^(−λT/x))·x/(λT) of the time, 0.2131 and 0.4477, so wp is
// 0.3304 — against 0.3679 for one and four, and uniform's 0.3586 for three
// and two. psp's five visits are MERGE's, T/5 apart on the host, made by
// one crawler at five pages a day, so not equally spaced per page: a
// little above wp.
func ExampleRun() {
	pg := []pages.Page{
		{URL: "https://a.example/slow", Host: "a.example", Rate: 1, Weight: 1},
		{URL: "https://a.example/fast", Host: "a.example", Rate: 4, Weight: 1},
	}
	p := plan.DefaultParams()
	p.Budget = 5
	p.Compare = []plan.Policy{plan.Uniform}
	pl, err := plan.Run(context.Background(), pg, p)
	if err != nil {
		fmt.Println(err)
		return
	}
	psp := pl.Result(plan.PSP)
	fmt.Printf("psp visits %v, staleness %.4f; wp %.4f; uniform %.4f\n",
		psp.Visits, psp.Value, pl.Result(plan.WP).Value, pl.Result(plan.Uniform).Value)
	for _, v := range pl.Schedule {
		fmt.Printf("%v %s\n", time.Duration(v.Time)*time.Second, pl.Table.Page(int(v.Page)).URL)
	}
	// Output:
	// psp visits [2 3], staleness 0.3412; wp 0.3304; uniform 0.3586
	// 4h48m0s https://a.example/fast
	// 9h36m0s https://a.example/slow
	// 14h24m0s https://a.example/fast
	// 19h12m0s https://a.example/slow
	// 24h0m0s https://a.example/fast
}
