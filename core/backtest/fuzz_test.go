package backtest

import (
	"bytes"
	"context"
	"math"
	"testing"
	"time"

	"github.com/freshplan/freshplan/core/observe"
	"github.com/freshplan/freshplan/core/plan"
)

// FuzzBacktest: any input, read as a backtest reads it (a change history
// or an observation log), backtested with any horizon, budget and split
// never panics (issue 22: a horizon of 1ns did): it is refused with an
// error, or gives every policy a staleness in [0, 1].
func FuzzBacktest(f *testing.F) {
	for _, s := range []string{
		"url,host,time\nhttps://a.example/x,a.example,2024-01-01\nhttps://a.example/x,a.example,2024-01-05\nhttps://b.example/y,b.example,2024-01-02\nhttps://b.example/y,b.example,2024-02-02\n",
		"url,time,changed,weight,crawl_delay\nhttps://a.example/x,2024-01-01T00:00:00Z,0,2,30\nhttps://a.example/x,2024-01-03T00:00:00Z,1,2,30\nhttps://a.example/x,2024-01-09T00:00:00Z,1,2,30\n",
		"url,host,time\n\"https://a.example/x,a.example,2024-01-01\nhttps://a.example/x,a.example,2024-01-05\n",
	} {
		f.Add([]byte(s), int64(168*3600e9), uint16(10), uint16(5))
		f.Add([]byte(s), int64(1), uint16(10), uint16(5))
		f.Add([]byte(s), int64(3600e9), uint16(0), uint16(400))
	}
	f.Fuzz(func(t *testing.T, data []byte, horizon int64, budget, splitDays uint16) {
		changes, _, err := Load(context.Background(), bytes.NewReader(data), observe.Options{Name: "f.csv", SkipBad: len(data)%2 == 1})
		if err != nil || len(changes) == 0 {
			return
		}
		first := math.Inf(1)
		for _, c := range changes {
			if len(c.Times) > 0 {
				first = math.Min(first, c.Times[0])
			}
		}
		if math.IsInf(first, 0) {
			return
		}
		p := plan.DefaultParams()
		p.Horizon, p.Budget, p.Politeness = time.Duration(horizon), int(budget), 0
		split := first + float64(splitDays%400)*86400
		cfg := Config{Params: p, TrainStart: split - 30*86400, Split: split, Until: split + 30*86400, Replan: true, Adaptive: true}
		switch n := math.Ceil((cfg.Until - cfg.Split) / p.Horizon.Seconds()); {
		case n > MaxHorizons || !(n > 0):
			if _, err := Run(context.Background(), changes, cfg); err == nil {
				t.Fatalf("horizon %v: %v horizons accepted", p.Horizon, n)
			}
			return
		case n > 200:
			return // sound, but slow to fuzz
		}
		rows, err := Run(context.Background(), changes, cfg)
		if err != nil {
			return
		}
		for _, r := range rows {
			if r.NotPlanned == "" && !(r.Staleness >= 0 && r.Staleness <= 1+1e-9) {
				t.Fatalf("%s: staleness %v", r.Policy, r.Staleness)
			}
		}
	})
}
