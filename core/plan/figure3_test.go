package plan

import (
	"context"
	"math"
	"testing"

	"github.com/freshplan/freshplan/core/internal/synth"
)

// TestFigure3ReducedScale reproduces seed 000 §4 Figure 3 at 1/50 scale:
// 20,000 pages on 40 servers (the paper's 500 pages per server), λ uniform
// in [0.01, 1] per hour, T = 24 h, R = 8.64 visits per page (10 crawlers ×
// 0.2 pages/s), P = 15 s, the horizon model, θ from 0 to 1.5. The paper's
// findings, asserted: psp within a few per cent of the wp lower bound
// (3% on average there), below mp2 and mwolf (mwolf 9.5% above on
// average), very close to infcrawlers; wp − nonpolite grows with θ.
func TestFigure3ReducedScale(t *testing.T) {
	var gapBefore float64
	var wolfExcess float64
	thetas := []float64{0, 0.25, 0.5, 0.75, 1, 1.25, 1.5}
	for _, theta := range thetas {
		pg := synth.Zipf(20000, 40, theta, 0.24, 24, 1)
		params := paperParams()
		params.Crawlers, params.Rate = 10, 0.2
		pl, err := Run(context.Background(), pg, params)
		if err != nil {
			t.Fatal(err)
		}
		v := func(name Policy) float64 { return pl.Results[name].Value }
		psp, wp, np, inf := v("psp"), v("wp"), v("nonpolite"), v("infcrawlers")
		const eps = 1e-12
		if psp < wp-eps || inf < wp-eps || wp < np-eps {
			t.Errorf("θ=%v: bounds out of order: psp %v, infcrawlers %v, wp %v, nonpolite %v", theta, psp, inf, wp, np)
		}
		if psp > 1.05*wp {
			t.Errorf("θ=%v: psp %v is %.1f%% above wp %v; the paper finds a few per cent", theta, psp, 100*(psp/wp-1), wp)
		}
		if psp >= v("mp2") || psp >= v("mwolf") {
			t.Errorf("θ=%v: psp %v not below mp2 %v and mwolf %v", theta, psp, v("mp2"), v("mwolf"))
		}
		if math.Abs(psp-inf) > 0.002 {
			t.Errorf("θ=%v: psp %v far from infcrawlers %v", theta, psp, inf)
		}
		for _, name := range Polite() {
			if n := pl.Result(name).Violations; n != 0 {
				t.Errorf("θ=%v: %s schedule has %d politeness violations", theta, name, n)
			}
		}
		if gap := wp - np; gap < gapBefore-eps {
			t.Errorf("θ=%v: wp − nonpolite = %v fell from %v", theta, gap, gapBefore)
		} else {
			gapBefore = gap
		}
		wolfExcess += v("mwolf")/psp - 1
	}
	if avg := wolfExcess / float64(len(thetas)); avg < 0.05 {
		t.Errorf("mwolf is %.1f%% above psp on average; the paper finds 9.5%%", 100*avg)
	}
}
