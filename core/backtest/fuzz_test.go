package backtest

import (
	"bytes"
	"context"
	"math"
	"testing"
	"time"

	"github.com/freshplan/freshplan/core/plan"
)

// FuzzBacktest: whatever the input (a change history or an observation
// log) and whatever the split, horizon, budget, politeness and cycle, a
// backtest either replays every policy with staleness in [0, 1] or
// returns an error; it never panics.
func FuzzBacktest(f *testing.F) {
	history := "url,host,time\nhttps://a.example/1,a.example,1700000000\nhttps://a.example/1,a.example,1700300000\nhttps://a.example/2,a.example,1700100000\nhttps://b.example/3,b.example,1700250000\nhttps://b.example/3,b.example,1700900000\n"
	log := "url,time,changed,last_modified\nhttps://a.example/1,2023-11-14T00:00:00Z,,\nhttps://a.example/1,2023-11-20T00:00:00Z,true,2023-11-18T00:00:00Z\nhttps://a.example/1,2023-12-01T00:00:00Z,false,\n"
	for _, s := range []string{history, log} {
		for _, at := range []int64{1700000000, 1700200000, 1700280000, 1800000000, 1600000000} {
			f.Add([]byte(s), at, int64(86400), int64(3*86400), uint16(2), uint8(15), uint8(0))
		}
	}
	f.Add([]byte(history), int64(1700200000), int64(1), int64(86400), uint16(60000), uint8(0), uint8(3))
	f.Fuzz(func(t *testing.T, data []byte, split, horizon, length int64, budget uint16, politeness, cycle uint8) {
		if len(data) > 1<<12 {
			return
		}
		pages, _, err := Load(context.Background(), bytes.NewReader(data), LoadOptions{Name: "f.csv", SkipBad: true})
		if err != nil {
			return
		}
		// A horizon from an hour to a month, a test period up to a
		// quarter: the replays (and re-plans, one a horizon) stay small.
		params := plan.DefaultParams()
		params.Horizon = time.Duration(3600+abs(horizon)%(30*86400)) * time.Second
		params.Budget = int(budget % 500)
		params.Politeness = time.Duration(politeness) * time.Second
		until := float64(split) + float64(1+abs(length)%(90*86400))
		if float64(params.Budget)*(until-float64(split))/params.Horizon.Seconds() > 1e5 {
			return
		}
		cfg := Config{Params: params, TrainStart: float64(split) - 30*86400, Split: float64(split), Until: until, Prior: cycle%2 == 0,
			Replan: true, Adaptive: true, Learn: true, Hindsight: true, Cycle: int(cycle % 4)}
		rows, err := Run(context.Background(), pages, cfg)
		if err != nil {
			return
		}
		for _, r := range rows {
			if r.NotPlanned == "" && !(r.Staleness >= 0 && r.Staleness <= 1) {
				t.Fatalf("%s: staleness %v", r.Policy, r.Staleness)
			}
		}
	})
}

// abs is |x|, and 0 for the one int64 whose negation overflows.
func abs(x int64) int64 {
	if x == math.MinInt64 {
		return 0
	}
	if x < 0 {
		return -x
	}
	return x
}

// FuzzBacktestHorizon: any input, read as a backtest reads it (a change history
// or an observation log), backtested with any horizon, budget and split
// never panics (issue 22: a horizon of 1ns did): it is refused with an
// error, or gives every policy a staleness in [0, 1]; a test period of
// more horizons than MaxHorizons is always refused.
func FuzzBacktestHorizon(f *testing.F) {
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
		changes, _, err := Load(context.Background(), bytes.NewReader(data), LoadOptions{Name: "f.csv", SkipBad: len(data)%2 == 1})
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
