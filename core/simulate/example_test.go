package simulate_test

import (
	"context"
	"fmt"

	"github.com/freshplan/freshplan/core/schedule"
	"github.com/freshplan/freshplan/core/simulate"
	"github.com/freshplan/freshplan/core/staleness"
)

// A page changing twice a day on average, visited at 06:00 and 18:00,
// under the steady model: the simulated staleness next to the closed form
// for Poisson changes, then the same schedule against heavy-tailed Pareto
// changes of the same rate.
func ExampleRun() {
	const day = 86400.0
	visits, err := simulate.FromVisits(1, []schedule.Visit{{Time: day / 4}, {Time: 3 * day / 4}})
	if err != nil {
		panic(err)
	}
	cfg := simulate.Config{Model: staleness.Steady, Horizon: day, Runs: 2000, Seed: 1, Horizons: 10}
	rate := 2 / day
	for _, p := range []simulate.Process{simulate.Poisson{Rate: rate}, simulate.ParetoWithRate(1.5, rate)} {
		res, err := simulate.Run(context.Background(), cfg, visits, []simulate.Process{p}, nil)
		if err != nil {
			panic(err)
		}
		fmt.Printf("%T: staleness %.3f ± %.3f, age %.2f h\n", p, res.Staleness.Mean, res.Staleness.HalfWidth(), res.Age.Mean/3600)
	}
	fmt.Printf("analytical Poisson: staleness %.3f, age %.2f h\n",
		staleness.Equal(staleness.Steady, staleness.Stale, rate, day, 2),
		staleness.Equal(staleness.Steady, staleness.Age, rate, day, 2)/3600)
	// Output:
	// simulate.Poisson: staleness 0.368 ± 0.004, age 1.59 h
	// simulate.Pareto: staleness 0.275 ± 0.007, age 1.25 h
	// analytical Poisson: staleness 0.368, age 1.59 h
}
