package firstcrawl

import (
	"context"
	"fmt"

	"github.com/freshplan/freshplan/core/crawlsim"
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
			at := s
			at.Params.Robots = r
			var err error
			if res, err = rep.crawl(ctx, at, name); err != nil {
				return nil, fmt.Errorf("at r = %d: %w", r, err)
			}
		}
		pts = append(pts, RobotsPoint{Robots: r, Seconds: res.Duration})
	}
	speedUps(pts)
	return pts, nil
}
