package allocate

import (
	"errors"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/freshplan/freshplan/core/staleness"
)

// TestTicked: ChoTicked and AzarTicked give what Cho and Azar give, bit
// for bit, calling tick as they go (Cho before each pass over the pages,
// Azar while it sorts 300,000 pages and after); an error from tick ends
// them with it.
func TestTicked(t *testing.T) {
	const n = 300_000
	rng := rand.New(rand.NewPCG(4, 4))
	rates, weights := make([]float64, n), make([]float64, n)
	for i := range rates {
		rates[i], weights[i] = 0.01+rng.ExpFloat64(), 0.5+rng.Float64()
	}
	stop := errors.New("stop")
	for _, c := range []struct {
		name   string
		plain  func() ([]float64, error)
		ticked func(tick func() error) ([]float64, error)
	}{
		{"cho", func() ([]float64, error) { return Cho(rates, weights, n/2, staleness.Stale) },
			func(tick func() error) ([]float64, error) {
				return ChoTicked(rates, weights, n/2, staleness.Stale, tick)
			}},
		{"azar", func() ([]float64, error) { return Azar(rates, weights, n/2) },
			func(tick func() error) ([]float64, error) { return AzarTicked(rates, weights, n/2, tick) }},
	} {
		want, err := c.plain()
		if err != nil {
			t.Fatal(err)
		}
		ticks := 0
		got, err := c.ticked(func() error { ticks++; return nil })
		if err != nil || !slices.Equal(got, want) {
			t.Errorf("%s: ticked differs from plain (%v)", c.name, err)
		}
		if ticks < 2 {
			t.Errorf("%s: %d ticks", c.name, ticks)
		}
		calls := 0
		if _, err := c.ticked(func() error {
			if calls++; calls == 2 {
				return stop
			}
			return nil
		}); !errors.Is(err, stop) || calls != 2 {
			t.Errorf("%s: stopped at the second tick: %v after %d ticks", c.name, err, calls)
		}
	}
}
