package plan

import (
	"context"
	"testing"
	"time"

	"github.com/freshplan/freshplan/core/staleness"
	"github.com/freshplan/freshplan/core/synth"
)

// paperParams are seed 000 §4's: T = 24 h, C = 10 crawlers × 10 pages/s
// (R = 8.64M), P = 15 s, the horizon model the paper uses.
func paperParams() Params {
	p := DefaultParams()
	p.Crawlers, p.Rate = 10, 10
	p.Politeness = 15 * time.Second
	p.Model = staleness.Horizon
	return p
}

// BenchmarkPaperScale plans seed 000 §4's full instance: 1M pages on 2000
// servers (Zipf θ = 1), every policy and bound.
func BenchmarkPaperScale(b *testing.B) {
	pg := synth.Zipf(1_000_000, 2000, 1, 0.24, 24, 1)
	params := paperParams()
	b.ResetTimer()
	for b.Loop() {
		if _, err := Run(context.Background(), pg, params); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPaperScalePSP is the speed target: psp (allocation,
// MERGE, crawler assignment, replay) and every bound (wp, nonpolite,
// infcrawlers) on seed 000 §4's full instance.
func BenchmarkPaperScalePSP(b *testing.B) {
	pg := synth.Zipf(1_000_000, 2000, 1, 0.24, 24, 1)
	params := paperParams()
	params.Compare = []string{}
	b.ResetTimer()
	for b.Loop() {
		if _, err := Run(context.Background(), pg, params); err != nil {
			b.Fatal(err)
		}
	}
}
