package estimate

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/freshplan/freshplan/core/observe"
)

func BenchmarkKind(b *testing.B) {
	for _, k := range []int{2} {
		rng := rand.New(rand.NewPCG(100, 1))
		hs := make([]observe.History, 10000)
		for i := range hs {
			hs[i] = simulate(rng, accesses[k], 0.05*math.Pow(100, rng.Float64()))
		}
		b.Run(accesses[k].name, func(b *testing.B) {
			for b.Loop() {
				for _, h := range hs {
					_ = Of(h, math.Inf(1))
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/1e4, "ns/URL")
		})
	}
}
