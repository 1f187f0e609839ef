// Package synth makes synthetic pages tables: the experiment of seed 000
// §4 (pages spread over servers by a Zipf law, Poisson change rates drawn
// uniformly) at any scale, and the sample the app and CLI ship with.
package synth

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/freshplan/freshplan/core/allocate"
	"github.com/freshplan/freshplan/core/pages"
)

// Zipf returns n pages on m servers, server s (from 1) holding a share
// proportional to 1/s^θ (seed 000 §4 (i)), split into whole pages by
// largest remainders; rates drawn uniformly in [lo, hi] changes per day
// from a generator seeded with seed; weights 1.
func Zipf(n, m int, theta, lo, hi float64, seed uint64) []pages.Page {
	shares := make([]float64, m)
	for s := range shares {
		shares[s] = math.Pow(float64(s+1), -theta)
	}
	counts := allocate.Apportion(n, shares)
	rng := rand.New(rand.NewPCG(seed, 0x5eed))
	out := make([]pages.Page, 0, n)
	for s, k := range counts {
		host := fmt.Sprintf("s%d.example", s+1)
		for j := range k {
			out = append(out, pages.Page{
				URL:    fmt.Sprintf("https://%s/p%d", host, j),
				Host:   host,
				Rate:   lo + (hi-lo)*rng.Float64(),
				Weight: 1,
			})
		}
	}
	return out
}
