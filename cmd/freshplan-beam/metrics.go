package main

import (
	"context"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
)

// Each stage's time in its DoFns, summed over its elements and workers
// (milliseconds, a Beam counter): where a run's time went, for
// BENCHMARKS.md, without reading a runner's own monitoring. Prism runs
// stages side by side, so these are busy times, not wall times.
var stageMillis = map[string]beam.Counter{}

func init() {
	for _, s := range []string{"read", "check-urls", "join+estimate", "hosts+prior", "search-rounds", "candidates", "allocate+bounds", "assign", "write"} {
		stageMillis[s] = beam.NewCounter("freshplan-beam", "ms-"+s)
	}
}

// timed adds the time since start to the stage's counter.
func timed(ctx context.Context, stage string, start time.Time) {
	stageMillis[stage].Inc(ctx, time.Since(start).Milliseconds())
}

// printStages writes each stage's busy time from the run's counters,
// step by step (each round of the search is a step of its own).
func printStages(w io.Writer, res beam.PipelineResult) {
	if res == nil {
		return
	}
	type row struct {
		name, step string
		ms         int64
	}
	var rows []row
	for _, c := range res.Metrics().AllMetrics().Counters() {
		if c.Key.Namespace == "freshplan-beam" {
			rows = append(rows, row{c.Key.Name, c.Key.Step, c.Committed})
		}
	}
	slices.SortFunc(rows, func(a, b row) int { return int(b.ms - a.ms) })
	for _, r := range rows {
		fmt.Fprintf(w, "freshplan-beam: %-16s %8.1f s busy  (%s)\n", r.name[3:], float64(r.ms)/1000, r.step)
	}
}
