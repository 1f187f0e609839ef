package learn

import (
	"math/rand/v2"
	"testing"

	"github.com/freshplan/freshplan/core/estimate"
	"github.com/freshplan/freshplan/core/observe"
)

// dailyCrawl is what a daily crawl over two years sees of pages whose
// changes rate(i, t) (changes a day) draws by thinning.
func dailyCrawl(rng *rand.Rand, n int, rate func(i int, t float64) float64, most float64) []observe.History {
	const days = 730
	out := make([]observe.History, n)
	for i := range out {
		var changes []float64
		for t := 0.0; ; {
			t += rng.ExpFloat64() / most * day
			if t >= days*day {
				break
			}
			if rng.Float64() < rate(i, t)/most {
				changes = append(changes, t)
			}
		}
		visits := make([]float64, days)
		for d := range visits {
			visits[d] = float64(d)*day + 0.5*day
		}
		out[i] = observe.History{URL: "u", Host: "h", Fetches: observe.Crawl(changes, visits)}
	}
	return out
}

// TestChooseHalfLife: pages that change at a steady rate are best told by
// all their past (no half-life, or a year's); pages that alternate between
// a month of drafting and months frozen, by their recent past.
func TestChooseHalfLife(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	priors := make([]estimate.Prior, 300)
	for i := range priors {
		priors[i] = estimate.Prior{Shape: 0.5, Rate: 5}
	}
	steady := dailyCrawl(rng, 300, func(i int, _ float64) float64 { return 0.02 + 0.3*float64(i%10)/10 }, 0.4)
	if hl := ChooseHalfLife(priors, steady); hl != 0 && hl < 365 {
		t.Errorf("steady pages: half-life %v days, want none or a year", hl)
	}
	bursty := dailyCrawl(rng, 300, func(i int, t float64) float64 {
		phase := int(t/day+float64(i)*37) % 240
		if phase < 30 {
			return 1
		}
		return 0.002
	}, 1)
	if hl := ChooseHalfLife(priors, bursty); hl == 0 || hl > 60 {
		t.Errorf("pages drafted a month in eight: half-life %v days, want one of two months or less", hl)
	}
}
