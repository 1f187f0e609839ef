package app

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/freshplan/freshplan/core/firstcrawl"
)

// fcFile is a link graph file the holders read: the page's number for
// it (a new one for every file dropped), its name and the browser's File.
type fcFile struct {
	id   int
	name string
	file goapp.Value
}

// readFile simulates a dropped or chosen link graph: the holders read it
// (a bad file leaves the graph before in place, its results on screen).
func (f *firstCrawl) readFile(file goapp.Value) {
	f.files++
	f.start(fcFile{id: f.files, name: file.Get("name").String(), file: file})
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

func (f *firstCrawl) onRun(ctx goapp.Context, e goapp.Event) { f.start(f.graph) }

func (f *firstCrawl) onStop(ctx goapp.Context, e goapp.Event) {
	f.stopRun()
	f.run.err = "stopped"
}

// stopRun cancels the running study, if any: nothing of it arrives
// after.
func (f *firstCrawl) stopRun() {
	if f.eng != nil {
		f.eng.cancel()
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

// start simulates every strategy on graph g, then the chosen one at each
// r of fcRobots, shared between the holders (firstcrawl.Split): each
// holder reads the graph if it has another, then runs its share, sending
// each strategy's figures as it finishes.
func (f *firstCrawl) start(g fcFile) {
	if g.id == 0 || len(f.errs) > 0 {
		return
	}
	f.stopRun()
	r := &f.run
	seq, p := r.seq, f.params
	r.busy, r.err, r.started, r.read = true, "", time.Now(), false
	r.notes, r.left, r.points, r.holderOf, r.reading, r.packed = make([]fcStage, f.eng.holders()), 0, nil, map[string]int{}, g, nil
	if g.id == f.graph.id {
		f.share(seq, p)
		return
	}
	// A new file: one holder reads it and ranks its pages, and the others
	// get the graph packed with their share of the study (two workers
	// reading it at once each took 1.6 times as long as one alone, on two
	// cores); the study is shared once its size is known.
	f.send(0, fcJob{Seq: seq, Kind: "read", Graph: g.id, Name: g.name, Params: p, Pack: f.eng.holders() > 1}, nil)
}

// share sends each holder its share of the study of the graph shown,
// with the graph packed when one holder has just read it: a holder
// without either (one let go after a Stop) reads the file itself.
func (f *firstCrawl) share(seq int, p fcParams) {
	r := &f.run
	r.rep = &firstcrawl.Report{Best: f.info.Best, Iterations: f.info.Iterations}
	r.of, r.curves, r.narrow, r.time, r.speed, r.done = p, nil, nil, nil, fcRobotsSpec(nil, p), ""
	work := firstcrawl.Work{Strategies: firstcrawl.Names(), Chosen: p.Chosen, Robots: fcRobots, At: p.Robots, Pages: f.info.Crawled, Batch: p.Batch}
	for k, sh := range work.Split(f.eng.holders()) {
		for _, name := range sh.Strategies {
			r.holderOf[name] = k
		}
		packed := r.packed
		if k == 0 {
			packed = nil // holder 0 read it
		}
		f.send(k, fcJob{Seq: seq, Kind: "study", Graph: f.graph.id, Name: f.graph.name, Params: p, Share: sh}, packed)
	}
	r.packed = nil
}

// send queues a job of the running study on holder k, with a packed
// graph or nil.
func (f *firstCrawl) send(k int, j fcJob, packed *fcPacked) {
	g := f.graph
	if f.run.reading.id == j.Graph {
		g = f.run.reading
	}
	f.run.left++
	ctx := f.ctx
	f.eng.send(k, j, g.file, packed, func(s *fcStage) {
		ctx.Dispatch(func(goapp.Context) { f.onStage(k, s) })
	})
}

// onStage takes a stage of holder k's job in the running study.
func (f *firstCrawl) onStage(k int, s *fcStage) {
	r := &f.run
	if s.Seq != r.seq || !r.busy {
		return
	}
	switch s.Kind {
	case "progress":
		r.notes[k] = *s
	case "packed":
		r.packed = s.Packed
	case "input":
		if f.graph.id != r.reading.id {
			// The new file read: it replaces the graph shown.
			f.graph, f.info, f.readErr, r.read = r.reading, s.Input, nil, true
			f.share(r.seq, f.params)
		}
	case "summary":
		r.rep.Add(*s.Summary, firstcrawl.Names())
		r.curves, r.narrow, r.time = fcCurveSpecs(r.rep, r.of)
	case "robots":
		r.points = append(r.points, s.Points)
	case "error":
		f.stopRun()
		r.err = s.Note
		if s.InputErr != nil {
			f.readErr, r.err = s.InputErr, ""
		}
	case "done":
		r.notes[k] = fcStage{}
		if r.left--; r.left == 0 {
			r.busy = false
			r.secs = time.Since(r.started).Seconds()
			r.speed = fcRobotsSpec(firstcrawl.MergeRobots(r.points...), r.of)
		}
	}
}

// note says what the holders are doing.
func (r *fcRun) note() string {
	var sims, rs []string
	robots := ""
	for _, s := range r.notes {
		switch {
		case s.Note != "":
			return s.Note
		case s.Robots > 0:
			robots, rs = s.Strategy, append(rs, strconv.Itoa(s.Robots))
		case s.Strategy != "":
			sims = append(sims, s.Strategy)
		}
	}
	done, all := 0, len(firstcrawl.Names())
	if r.rep != nil {
		done = len(r.rep.Summaries)
	}
	switch {
	case len(sims) > 0:
		return fmt.Sprintf("Simulating %s (%d of %d strategies done)…", strings.Join(sims, " and "), done, all)
	case len(rs) > 0:
		return fmt.Sprintf("Time to crawl against r: %s at r = %s…", robots, strings.Join(rs, ", "))
	}
	return "Starting…"
}

// fcCurveSpecs are rep's cumulative-PageRank charts: against pages, the
// same at a phone's width, and against time.
func fcCurveSpecs(rep *firstcrawl.Report, p fcParams) (curves, narrow, byTime *chartSpec) {
	return fcCurvesSpec(rep, p, false, false), fcCurvesSpec(rep, p, false, true), fcCurvesSpec(rep, p, true, false)
}
