package firstcrawl

import (
	"context"
	"fmt"
	"strings"

	"github.com/freshplan/freshplan/core/crawlsim"
	"github.com/freshplan/freshplan/core/order"
	"github.com/freshplan/freshplan/core/rank"
)

// RobotsPoint is the time one strategy takes to crawl every page with r
// simultaneous connections.
type RobotsPoint struct {
	Robots  int
	Seconds float64
	SpeedUp float64 // the time at the first r over the time at this one (seed 004 Table 4.2)
}

// RobotsCurve is seed 004 §4.4's experiment (Table 4.2): strategy name
// simulated on s.Graph with each number of robots in robots, the rest of
// s.Params kept; rep is the study of s (Run): its PageRank is the
// oracle, and its crawl of name, at r = s.Params.Robots, is that point's
// (a simulation is the same for the same parameters and seed, so it is
// not run again). progress, when not nil, is told each r before it
// starts.
func RobotsCurve(ctx context.Context, s Study, rep *Report, name string, robots []int, progress func(i, r int)) ([]RobotsPoint, error) {
	var known *crawlsim.Result
	for i := range rep.Summaries {
		if rep.Summaries[i].Strategy == name {
			known = rep.Summaries[i].Result
		}
	}
	opts := order.Options{Batch: s.Batch, Seed: s.Params.Seed, Damping: rank.Damping}
	if opts.Batch == 0 {
		opts.Batch = DefaultBatch(s.Graph.Pages())
	}
	if strings.HasPrefix(name, "historical-") {
		var err error
		if opts.History, err = order.SimulatedHistory(s.Graph, OldShare, s.Params.Seed); err != nil {
			return nil, err
		}
	}
	var pts []RobotsPoint
	for i, r := range robots {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		if progress != nil {
			progress(i, r)
		}
		res := known
		if r != s.Params.Robots || known == nil {
			st, err := order.New(name, opts)
			if err != nil {
				return nil, err
			}
			p := s.Params
			p.Robots = r
			if res, err = crawlsim.Run(ctx, s.Graph, st, rep.PageRank, p); err != nil {
				return nil, fmt.Errorf("%s at r = %d: %w", name, r, err)
			}
		}
		pt := RobotsPoint{Robots: r, Seconds: res.Duration, SpeedUp: 1}
		if len(pts) > 0 && res.Duration > 0 {
			pt.SpeedUp = pts[0].Seconds / res.Duration
		}
		pts = append(pts, pt)
	}
	return pts, nil
}
