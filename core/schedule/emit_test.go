package schedule

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/freshplan/freshplan/core/staleness"
)

// copyProgramme returns a programme that shares nothing with p.
func copyProgramme(p *Programme) *Programme {
	return &Programme{Start: slices.Clone(p.Start), Pages: slices.Clone(p.Pages), Times: slices.Clone(p.Times)}
}

// TestEmitMayOverwrite: Assign and Transport read a visit's programmed
// time only before they emit it, so an emit that overwrites it (as the
// plan does with the time the visit is made at) changes nothing they do.
func TestEmitMayOverwrite(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for trial := range 120 {
		const T = 600.0
		P := []float64{0, 5, 15}[trial%3]
		model := []staleness.Model{staleness.Horizon, staleness.Steady}[trial%2]
		_, _, prog := randomProgramme(rng, model, 1+rng.IntN(60), 1+rng.IntN(8), T, math.Max(P, 1))
		delay := make([]float64, len(prog.Start)-1)
		for s := range delay {
			delay[s] = P
		}
		fleet := Fleet{Crawlers: 1 + rng.IntN(3), Rate: 0.1 + rng.Float64()}

		want, wantDropped, err := assign(model, copyProgramme(prog), delay, fleet, T)
		if err != nil {
			t.Fatal(err)
		}
		over := copyProgramme(prog)
		var got []Visit
		gotDropped, err := Assign(model, over, delay, fleet, T, func(k int, v Visit) {
			over.Times[k] = math.NaN()
			got = append(got, v)
		})
		if err != nil || gotDropped != wantDropped || !slices.Equal(got, want) {
			t.Errorf("trial %d: Assign overwritten: %d visits, %d dropped, %v; untouched: %d, %d", trial, len(got), gotDropped, err, len(want), wantDropped)
		}

		if prog.Len() > int(TransportSlots(fleet, T)) {
			continue
		}
		wantT, wantTotal, err := transportAll(copyProgramme(prog), nil, fleet, T)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		over = copyProgramme(prog)
		gotT := make([]Visit, prog.Len())
		gotTotal, err := Transport(over, nil, fleet, T, func(k int, v Visit) {
			over.Times[k] = math.NaN()
			gotT[k] = v
		})
		if err != nil || gotTotal != wantTotal || !slices.Equal(gotT, wantT) {
			t.Errorf("trial %d: Transport overwritten: deviation %v, %v; untouched %v", trial, gotTotal, err, wantTotal)
		}
	}
}
