package simulate

import (
	"fmt"
	"math"

	"github.com/freshplan/freshplan/core/staleness"
)

// maxHorizons bounds Config.Horizons, so that times K·T stay far inside
// float64's exact range.
const maxHorizons = 1_000_000

// Config says how to replay a schedule.
type Config struct {
	Model   staleness.Model // Steady (the schedule repeats) or Horizon (once, from a fresh copy)
	Horizon float64         // T in seconds; visit times are in [0, T]
	Runs    int             // independent replications, ≥ 1; the interval needs ≥ 2
	Seed    uint64          // same seed, same result
	// Horizons is the number of horizons measured per run under the
	// Steady model (0 means 1, at most 1e6): more horizons average out
	// more of each run's noise. Under the Horizon model it must be 0 or 1.
	Horizons int
	// PerPage asks for Result.Pages.
	PerPage bool
	// Progress, if set, is called after each chunk of pages of each run
	// with the chunks done and the total, never concurrently.
	Progress func(done, total int)
}

// horizons returns the number of horizons measured per run.
func (c *Config) horizons() int {
	if c.Model == staleness.Steady && c.Horizons > 1 {
		return c.Horizons
	}
	return 1
}

// validate returns an error for a configuration Run cannot use.
func (c *Config) validate() error {
	if c.Model != staleness.Steady && c.Model != staleness.Horizon {
		return fmt.Errorf("unknown model %v: want steady or horizon", c.Model)
	}
	if !(c.Horizon > 0) || math.IsInf(c.Horizon, 1) {
		return fmt.Errorf("horizon must be a positive finite number of seconds, got %v", c.Horizon)
	}
	if c.Runs < 1 {
		return fmt.Errorf("runs must be at least 1, got %d", c.Runs)
	}
	if c.Horizons < 0 || c.Horizons > maxHorizons {
		return fmt.Errorf("horizons per run must be in [0, %d], got %d", maxHorizons, c.Horizons)
	}
	if c.Model == staleness.Horizon && c.Horizons > 1 {
		return fmt.Errorf("the horizon model measures one horizon per run, got %d horizons (use more runs)", c.Horizons)
	}
	return nil
}

// Result is what Run measures. Each Estimate is over runs of the
// weighted mean over pages, Σ w_i·x_i / Σ w_i, like the analytical
// figures; Age is in seconds.
type Result struct {
	Staleness Estimate // time-average probability that a copy is out of date
	Freshness Estimate // 1 − Staleness, run by run
	Age       Estimate // time-average age in seconds (seed 001 Definition 5.2)
	Pages     []Page   // per page, when Config.PerPage is set
}

// Page is one page's time-average staleness and age (seconds), each the
// mean over runs (and horizons); its freshness is 1 − Staleness.
type Page struct {
	Staleness float64
	Age       float64
}
