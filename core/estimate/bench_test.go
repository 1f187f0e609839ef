package estimate

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/freshplan/freshplan/core/observe"
)

// BenchmarkEstimate100k estimates 100,000 URLs of 10 fetches each, a mix
// of the three estimators (40% regular access, 30% irregular, 30% with
// Last-Modified), rates spread over r = 0.05–5. The histories are built
// before the timer starts; one iteration is the whole 100k.
func BenchmarkEstimate100k(b *testing.B) {
	const urls = 100000
	rng := rand.New(rand.NewPCG(100, 1))
	hs := make([]observe.History, urls)
	for i := range hs {
		a := accesses[0] // regular
		switch k := i % 10; {
		case k >= 7:
			a = accesses[4] // Poisson access with Last-Modified
		case k >= 4:
			a = accesses[2] // Poisson access
		}
		hs[i] = simulate(rng, a, 0.05*math.Pow(100, rng.Float64()))
	}
	b.ResetTimer()
	for b.Loop() {
		for _, h := range hs {
			_ = Of(h, math.Inf(1))
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/urls, "ns/URL")
}
