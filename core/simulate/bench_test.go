package simulate

import (
	"context"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/freshplan/freshplan/core/schedule"
	"github.com/freshplan/freshplan/core/staleness"
)

// paperScale is the schedule of seed 003 §5's experiments at R/N = 8.64:
// 1M pages, 8.64M visits in a day (640,000 pages visited 9 times, 360,000
// 8 times, equally spaced), Poisson rates uniform in [0.01, 1] per hour.
var paperScale = sync.OnceValues(func() (*Visits, []Process) {
	const n, T = 1_000_000, 86400.0
	rng := rand.New(rand.NewPCG(1, 2))
	v := &Visits{Start: make([]int, n+1), Times: make([]float64, 0, 8_640_000)}
	procs := make([]Process, n)
	for i := range n {
		x := 8
		if i < 640_000 {
			x = 9
		}
		for j := 1; j <= x; j++ {
			v.Times = append(v.Times, schedule.EqualTime(staleness.Steady, j, x, T))
		}
		v.Start[i+1] = len(v.Times)
		procs[i] = Poisson{Rate: (0.01 + 0.99*rng.Float64()) / 3600}
	}
	return v, procs
})

// BenchmarkReplayPaperScale times one replay (Runs = 1) of the
// paper-scale schedule under each model; the target is ≤ 5 s.
func BenchmarkReplayPaperScale(b *testing.B) {
	visits, procs := paperScale()
	for _, m := range []staleness.Model{staleness.Steady, staleness.Horizon} {
		b.Run(m.String(), func(b *testing.B) {
			cfg := Config{Model: m, Horizon: 86400, Runs: 1, Seed: 1}
			b.ReportAllocs()
			for b.Loop() {
				if _, err := Run(context.Background(), cfg, visits, procs, nil); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(len(visits.Times))*float64(b.N)/b.Elapsed().Seconds(), "visits/s")
		})
	}
}
