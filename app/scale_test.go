package app

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestPlacerMatchesAt: a placer puts every value, 0 and negatives
// included, on exactly the pixel the scale's At does, on log scales with
// and without a band for 0, tight ones and linear ones.
func TestPlacerMatchesAt(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := range 200 {
		lo := math.Pow(10, -4+6*rng.Float64())
		hi := lo * math.Pow(10, 5*rng.Float64())
		var s scale
		switch trial % 4 {
		case 0:
			s = newScale(lo, hi, true, 58, 620)
		case 1:
			s = newScale(lo, hi, true, 58, 620).withZeroBand(28)
		case 2:
			s = newTightLogScale(lo, hi, 380, 30).withZeroBand(20)
		case 3:
			s = newScale(-lo, hi, false, 380, 30)
		}
		p := s.placer()
		for range 500 {
			x := math.Pow(10, -6+10*rng.Float64())
			switch rng.IntN(10) {
			case 0:
				x = 0
			case 1:
				x = -x
			}
			if got, want := p.At(x), s.At(x); got != want {
				t.Fatalf("trial %d (%+v): placer puts %v at %v, At at %v", trial, s, x, got, want)
			}
		}
	}
}
