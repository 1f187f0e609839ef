package main

import (
	"errors"
	"flag"
	"fmt"
	"math"

	"github.com/freshplan/freshplan/core/plan"
)

// setFlags returns the names of the flags given on the command line.
func setFlags(fs *flag.FlagSet) map[string]bool {
	set := map[string]bool{}
	fs.Visit(func(fl *flag.Flag) { set[fl.Name] = true })
	return set
}

// checkPlanFlags checks plan's flags before any input is read, each
// message naming its flag in freshplan plan's words (cmd/freshplan's
// planFlags.params); a value once passed here was refused only inside the
// running pipeline, after every shard was read, in core's words.
// resolve checks them again, as plan.Run does, with the pages counted.
func checkPlanFlags(c Config, set map[string]bool) error {
	p, err := c.params(1) // --objective and --model
	if err != nil {
		return err
	}
	switch {
	case c.Horizon <= 0:
		return fmt.Errorf("--horizon %v: want a positive duration such as 24h", c.Horizon)
	case c.Politeness < 0:
		return fmt.Errorf("--politeness %v: want a duration of 0s or more, such as 15s", c.Politeness)
	case c.Politeness > c.Horizon:
		return fmt.Errorf("--politeness %v is longer than --horizon %v: no host could be visited even twice; want a politeness of at most the horizon", c.Politeness, c.Horizon)
	case set["budget"] && c.Budget <= 0:
		return fmt.Errorf("--budget %d: want a positive number of visits per horizon", c.Budget)
	case c.Budget > plan.MaxBudget:
		return fmt.Errorf("--budget %d: want at most %d visits per horizon (every visit of a schedule is held in memory)", c.Budget, plan.MaxBudget)
	case set["crawlers"] && c.Crawlers <= 0:
		return fmt.Errorf("--crawlers %d: want a positive number of crawlers", c.Crawlers)
	case set["crawlers"] != set["rate"]:
		return errors.New("--crawlers and --rate go together: give both, or --budget alone")
	case set["rate"] && !(c.Rate > 0 && !math.IsInf(c.Rate, 1)):
		return fmt.Errorf("--rate %v: want a positive number of pages per second per crawler", c.Rate)
	case !set["budget"] && !set["crawlers"]:
		return errors.New("no budget: give --budget N (visits per horizon), or --crawlers C --rate PAGES_PER_SECOND")
	case c.MinVisits < 0:
		return fmt.Errorf("--min-visits %d: want 0 or more", c.MinVisits)
	case c.MaxVisits < 0:
		return fmt.Errorf("--max-visits %d: want 0 (no limit) or more", c.MaxVisits)
	case c.MaxVisits > 0 && c.MinVisits > c.MaxVisits:
		return fmt.Errorf("--min-visits %d is more than --max-visits %d", c.MinVisits, c.MaxVisits)
	case c.Partitions < 0:
		return fmt.Errorf("--partitions %d: want 0 or 1 (one group) or more", c.Partitions)
	case c.Partitions > 1 && !set["crawlers"]:
		return fmt.Errorf("--partitions %d needs --crawlers C --rate PAGES_PER_SECOND: with --budget alone the crawls are one crawler's", c.Partitions)
	case c.Partitions > c.Crawlers && set["crawlers"]:
		return fmt.Errorf("--partitions %d is more than --crawlers %d: want at most one group per crawler", c.Partitions, c.Crawlers)
	}
	if !set["budget"] {
		b := math.Floor(float64(c.Crawlers) * c.Rate * c.Horizon.Seconds())
		switch {
		case b < 1:
			return fmt.Errorf("--crawlers %d --rate %v make no visit in --horizon %v; want a budget of at least 1 visit", c.Crawlers, c.Rate, c.Horizon)
		case b > plan.MaxBudget:
			return fmt.Errorf("--crawlers %d --rate %v make %.0f visits per horizon; want at most %d (every visit of a schedule is held in memory)", c.Crawlers, c.Rate, b, plan.MaxBudget)
		}
	}
	perR, err := p.Visits() // core's own checks, a backstop to those above
	if err != nil {
		return err
	}
	if c.Cycle > 1 && perR > plan.MaxBudget/c.Cycle {
		return fmt.Errorf("--cycle %d at %d visits per horizon is more than the %d visits freshplan schedules", c.Cycle, perR, plan.MaxBudget)
	}
	return nil
}
