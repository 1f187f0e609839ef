package main

import (
	"fmt"
	"math"
	"time"

	"github.com/freshplan/freshplan/core/plan"
	"github.com/freshplan/freshplan/core/staleness"
)

// Config is what the flags say, carried by every stage that needs it.
type Config struct {
	Horizon    time.Duration
	Budget     int
	Crawlers   int
	Rate       float64
	Politeness time.Duration
	Objective  string
	Model      string
	Cycle      int // 0: auto (plan.AutoCycle)
	MinVisits  int
	MaxVisits  int
	Prior      bool
	HalfLife   float64 // days
	SkipBad    bool
	StripWWW   bool
	MaxContent int64   // the most a gzip shard may decompress to
	Now        float64 // Unix seconds: Last-Modified dates after it are ignored
	Output     string  // PREFIX
	Shards     int     // files per output
	Exports    []string
	Pages      bool // write PREFIX-pages-NNNNN (freshplan plan --pages)
	Allocation bool // write PREFIX-allocation-NNNNN: url,visits,nonpolite_visits
	// Partitions is how many groups the crawlers are split into, each
	// taking whole hosts (0: one per crawler, at most the hosts).
	Partitions int
}

// params returns the plan parameters of the flags, at cycle c.
func (c Config) params(cycle int) (plan.Params, error) {
	obj, err := staleness.ParseObjective(c.Objective)
	if err != nil {
		return plan.Params{}, fmt.Errorf("--objective: %w", err)
	}
	m, err := staleness.ParseModel(c.Model)
	if err != nil {
		return plan.Params{}, fmt.Errorf("--model: %w", err)
	}
	return plan.Params{Horizon: c.Horizon, Budget: c.Budget, Crawlers: c.Crawlers, Rate: c.Rate,
		Politeness: c.Politeness, Objective: obj, Model: m, Cycle: cycle,
		MinVisits: c.MinVisits, MaxVisits: c.MaxVisits, Policy: plan.PSP}, nil
}

// Resolved are the plan's parameters once the pages are counted: the
// cycle (auto is ⌈pages/budget⌉, plan.AutoCycle), and the horizon and
// budget it spans, as plan.Run resolves them.
type Resolved struct {
	Pages     int64
	Cycle     int
	T         float64 // seconds, over the cycle
	R         int     // visits over the cycle
	PerT      float64 // seconds per horizon
	PerR      int     // visits per horizon
	Crawlers  int
	Rate      float64 // pages per second per crawler
	Model     staleness.Model
	Objective staleness.Objective
}

// resolve checks the parameters as plan.Run does and resolves them for
// a plan of pages pages.
func (c Config) resolve(pages int64) (Resolved, error) {
	p, err := c.params(1)
	if err != nil {
		return Resolved{}, err
	}
	perR, err := p.Visits() // plan.Params' own checks, at one horizon
	if err != nil {
		return Resolved{}, err
	}
	cycle := c.Cycle
	if cycle == 0 {
		cycle = plan.AutoCycle(int(min(pages, math.MaxInt32)), perR)
	}
	if cycle > 1 && perR > plan.MaxBudget/cycle {
		return Resolved{}, fmt.Errorf("budget %d over a cycle of %d horizons is more than the %d visits freshplan schedules", perR, cycle, plan.MaxBudget)
	}
	r := Resolved{Pages: pages, Cycle: cycle, PerT: c.Horizon.Seconds(), PerR: perR,
		Crawlers: c.Crawlers, Rate: c.Rate, Model: p.Model, Objective: p.Objective}
	if r.Crawlers == 0 {
		r.Crawlers, r.Rate = 1, float64(perR)/r.PerT
	}
	if c.partitions() > r.Crawlers {
		return Resolved{}, fmt.Errorf("--partitions %d: more crawler groups than the %d crawlers", c.partitions(), r.Crawlers)
	}
	r.T, r.R = r.PerT*float64(cycle), perR*cycle
	if int64(c.MinVisits)*pages > int64(r.R) {
		return Resolved{}, fmt.Errorf("%d pages × min visits %d exceed the budget %d", pages, c.MinVisits, r.R)
	}
	return r, nil
}
