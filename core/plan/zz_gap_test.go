package plan

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/freshplan/freshplan/core/internal/synth"
)

func TestZZTimeline(t *testing.T) {
	pg := synth.Zipf(1_000_000, 2000, 1, 0.24, 24, 1)
	p := DefaultParams()
	p.Budget = 8_640_000
	p.Politeness = 16 * time.Second
	p.Policy = None
	p.PerPage = []Policy{PSP, PSP}
	start := time.Now()
	last := ""
	p.Progress = func(s string) {
		stage := s
		if i := strings.IndexAny(s, ":0123456789"); i > 0 {
			stage = strings.TrimSpace(s[:i])
		}
		if stage != last {
			t.Logf("%6.2f s  %s", time.Since(start).Seconds(), s)
			last = stage
		}
	}
	p.Early = func(*Plan) { t.Logf("%6.2f s  EARLY", time.Since(start).Seconds()) }
	if _, err := Run(context.Background(), pg, p); err != nil {
		t.Fatal(err)
	}
	t.Logf("%6.2f s  done", time.Since(start).Seconds())
}
