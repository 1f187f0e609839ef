package app

import (
	"context"
	"errors"
	"fmt"
	"time"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/freshplan/freshplan/core/firstcrawl"
)

// readFile reads a dropped or chosen link graph off the event handler,
// then simulates it. A bad file leaves the graph read before in place.
func (f *firstCrawl) readFile(file goapp.Value) {
	name := file.Get("name").String()
	f.stopRun()
	rctx, stop := context.WithCancel(context.Background())
	f.run.stop, f.run.busy, f.run.err, f.run.note = stop, true, "", "Reading "+name+"…"
	seq, ctx := f.run.seq, f.ctx
	ctx.Async(func() {
		in, err := readGraph(rctx, newContentReader(rctx, file), name)
		ctx.Dispatch(func(goapp.Context) {
			if f.run.seq != seq {
				return // stopped, or another file dropped
			}
			f.run.busy, f.run.stop = false, nil
			if err != nil {
				var ie *InputError
				if !errors.As(err, &ie) {
					ie = &InputError{File: name, Msg: err.Error()}
				}
				f.readErr = ie
				return
			}
			f.readErr, f.in, f.name = nil, in, name
			f.run.rep, f.run.curves, f.run.narrow, f.run.time, f.run.speed = nil, nil, nil, nil, nil
			f.start()
		})
	})
}

// readGraph reads a link graph through a countingReader, so that an
// error quotes its line with the field marked, as the main page's do.
func readGraph(ctx context.Context, r interface{ Read([]byte) (int, error) }, name string) (*firstcrawl.Input, error) {
	cr := &countingReader{ctx: ctx, r: r}
	in, err := firstcrawl.ReadInput(cr, name)
	if err != nil {
		return nil, cr.locate(err, name) // names the file
	}
	return in, nil
}

func (f *firstCrawl) onRun(ctx goapp.Context, e goapp.Event) { f.start() }

func (f *firstCrawl) onStop(ctx goapp.Context, e goapp.Event) {
	f.stopRun()
	f.run.err = "stopped"
}

// stopRun cancels the running study, if any: it ends before its next
// strategy (or next r), and nothing of it arrives after.
func (f *firstCrawl) stopRun() {
	if f.run.stop != nil {
		f.run.stop()
		f.run.stop = nil
	}
	f.run.busy = false
	f.run.seq++
}

// fcStudy is the study of in under p: every strategy, the form's crawler.
func fcStudy(in *firstcrawl.Input, p fcParams) firstcrawl.Study {
	sp := firstcrawl.DefaultParams()
	sp.Robots, sp.Wait, sp.PerConnection, sp.Bandwidth, sp.Seed = p.Robots, p.Wait, p.PerConnection, p.Bandwidth, p.Seed
	return firstcrawl.Study{Graph: in.Graph, Strategies: firstcrawl.Names(), Params: sp, Batch: p.Batch}
}

// start simulates every strategy on the graph, then the chosen one at
// each r of fcRobots, on a goroutine that yields to the browser before
// each simulation: the progress is drawn and Stop is taken between them.
func (f *firstCrawl) start() {
	if f.in == nil || len(f.errs) > 0 {
		return
	}
	f.stopRun()
	run := &f.run
	seq := run.seq
	cctx, stop := context.WithCancel(context.Background())
	run.stop, run.busy, run.err = stop, true, ""
	run.note = "Computing PageRank…"
	in, p, ctx := f.in, f.params, f.ctx
	say := func(note string) {
		ctx.Dispatch(func(goapp.Context) {
			if run.seq == seq {
				run.note = note
			}
		})
		nextTask()
	}
	// show puts the strategies finished so far on screen while the rest
	// run: the table's rows and the curves; the time against r comes
	// after them all.
	show := func(so *firstcrawl.Report, note string) {
		curves, narrow, byTime := fcCurveSpecs(so, p)
		ctx.Dispatch(func(goapp.Context) {
			if run.seq == seq {
				run.note = note
				run.rep, run.of, run.curves, run.narrow, run.time, run.speed = so, p, curves, narrow, byTime, fcRobotsSpec(nil, p)
			}
		})
		nextTask()
	}
	ctx.Async(func() {
		start := time.Now()
		s := fcStudy(in, p)
		// The page runs the study on its one thread: a strategy yields to
		// the browser every fcYield, so that a Stop or a new parameter is
		// taken while it runs (its crawl then ends at its next look).
		yielded := start
		s.Params.Pulse = func() {
			if time.Since(yielded) >= fcYield {
				nextTask()
				yielded = time.Now()
			}
		}
		n := len(s.Strategies)
		rep, err := firstcrawl.Run(cctx, s, func(so *firstcrawl.Report, name string) {
			note := fmt.Sprintf("Simulating %s (%d of %d strategies)…", name, len(so.Summaries)+1, n)
			if len(so.Summaries) == 0 {
				say(note)
				return
			}
			show(so, note)
		})
		var pts []firstcrawl.RobotsPoint
		if err == nil {
			show(rep, fmt.Sprintf("Time to crawl against r: %s…", p.Chosen))
			pts, err = firstcrawl.RobotsCurve(cctx, s, rep, p.Chosen, fcRobots, func(i, r int) {
				say(fmt.Sprintf("Time to crawl against r: %s at r = %d (%d of %d)…", p.Chosen, r, i+1, len(fcRobots)))
			})
		}
		var curves, narrow, byTime, speed *chartSpec
		if err == nil {
			curves, narrow, byTime = fcCurveSpecs(rep, p)
			speed = fcRobotsSpec(pts, p)
		}
		secs := time.Since(start).Seconds()
		ctx.Dispatch(func(goapp.Context) {
			if run.seq != seq {
				return
			}
			run.busy, run.stop = false, nil
			if err != nil {
				run.err = err.Error()
				if errors.Is(err, context.Canceled) {
					run.err = "stopped"
				}
				return
			}
			run.rep, run.of, run.secs, run.curves, run.narrow, run.time, run.speed = rep, p, secs, curves, narrow, byTime, speed
			run.done = ""
		})
	})
}

// fcYield is how long a simulation runs in the page before it lets the
// browser draw and take clicks.
const fcYield = 50 * time.Millisecond

// fcCurveSpecs are rep's cumulative-PageRank charts: against pages, the
// same at a phone's width, and against time.
func fcCurveSpecs(rep *firstcrawl.Report, p fcParams) (curves, narrow, byTime *chartSpec) {
	return fcCurvesSpec(rep, p, false, false), fcCurvesSpec(rep, p, false, true), fcCurvesSpec(rep, p, true, false)
}
