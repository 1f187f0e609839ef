package staleness

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestModelsAgainstSimulation: Poisson changes are sampled and a copy is
// followed through 4000 horizons, visited at the same offsets in each.
// Steady model: one long run, the copy carrying its state across horizons
// (fresh only at the very start, whose effect is below 1/4000); horizon
// model: the copy fresh at every horizon's start. The measured
// time-average staleness (Replay, itself checked against a grid) must
// match Realized within four standard errors of the batch means (plus
// 1e-3 for the steady run's fresh start, which lowers an unvisited page's
// staleness by about 1/(4000λ)).
func TestModelsAgainstSimulation(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	const T, horizons, batch = 1.0, 4000, 20
	cases := []struct {
		lambda float64
		visits []float64
	}{
		{3, []float64{0.2, 0.7}},
		{0.5, []float64{0.9}},
		{8, []float64{0.1, 0.15, 0.5, 0.95}},
		{2, nil},
	}
	for _, c := range cases {
		var changes, visits []float64
		for s := rng.ExpFloat64() / c.lambda; s < horizons*T; s += rng.ExpFloat64() / c.lambda {
			changes = append(changes, s)
		}
		for h := range horizons {
			for _, v := range c.visits {
				visits = append(visits, float64(h)*T+v)
			}
		}
		for _, m := range []Model{Steady, Horizon} {
			var stale []Interval
			if m == Steady {
				stale, _ = Replay(changes, visits, 0, horizons*T)
			} else {
				for h := range horizons {
					s, _ := Replay(changes, visits, float64(h)*T, float64(h+1)*T)
					stale = append(stale, s...)
				}
			}
			var batches []float64
			for b := 0; b < horizons; b += batch {
				batches = append(batches, Total(stale, float64(b)*T, float64(b+batch)*T)/(batch*T))
			}
			var mean, sq float64
			for _, b := range batches {
				mean += b
			}
			mean /= float64(len(batches))
			for _, b := range batches {
				sq += (b - mean) * (b - mean)
			}
			se := math.Sqrt(sq/float64(len(batches)-1)) / math.Sqrt(float64(len(batches)))
			want := Realized(m, Stale, c.lambda, T, c.visits)
			if math.Abs(mean-want) > 4*se+1e-3 {
				t.Errorf("λ=%v visits %v %v: simulated %.5f ± %.5f, Realized %.5f", c.lambda, c.visits, m, mean, se, want)
			}
		}
	}
}
