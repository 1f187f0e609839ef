package app

import (
	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// exporter writes the downloads of the plan on screen, in a planner of its
// own (an export never interrupts a plan), for every panel that offers
// them: the advice's seed lists and the exports panel. It dispatches
// through the page's context, so the panels showing its status — which
// they are given as a value, status — are drawn again.
type exporter struct {
	ctx    goapp.Context // the page's (see home.ctx)
	eng    engine
	seq    int
	status exportStatus
}

// exportStatus is what the panels show of the downloads.
type exportStatus struct {
	kind string // being written; "" when idle
	err  string
	done string // the last file downloaded, for the status line
}

// idle reports whether no export is being written.
func (s exportStatus) idle() bool { return s.kind == "" }

// write writes the export kind of the plan of d that q made, shown, with
// the same parameters, through core/export as the CLI does, and downloads
// it; with learn, the learning policy's seed list of kind (a change
// history's: see learnExport). A file of the pages and the plan's per-page
// figures is written here from the plan shown (shownPlan); any other is
// planned again in a worker.
func (x *exporter) write(q Request, d *dataset, shown *PlanResult, kind string, learn bool) {
	x.seq++
	x.status = exportStatus{kind: kind}
	x.changed()
	if pl := shownPlan(q, d.pages, kind, learn, shown); pl != nil {
		if x.eng != nil {
			x.eng.cancel()
		}
		seq := x.seq
		x.ctx.Async(func() {
			e, err := writeShown(pl, kind)
			s := &Stage{Seq: seq, Kind: "export", Export: e}
			if err != nil {
				s = &Stage{Seq: seq, Kind: "error", Note: err.Error()}
			}
			x.ctx.Dispatch(func(goapp.Context) {
				x.onStage(d, s)
				x.onStage(d, &Stage{Seq: seq, Kind: "done"})
			})
		})
		return
	}
	if x.eng == nil {
		x.eng = newEngine(x.ctx.Async)
	}
	q.Seq, q.Stages, q.Export, q.Known, q.Learn = x.seq, StageExport, kind, nil, learn
	x.eng.run(q, d, func(s *Stage) {
		x.ctx.Dispatch(func(goapp.Context) { x.onStage(d, s) })
	})
}

func (x *exporter) onStage(d *dataset, s *Stage) {
	if s.Seq != x.seq {
		return
	}
	switch s.Kind {
	case "export":
		if e := s.Export; e != nil {
			if e.Blob != nil {
				downloadBlob(e.File, e.Blob)
			} else {
				download(e.File, e.MIME, e.Data)
			}
			x.status.done = e.File + " (" + fmtBytes(e.Size) + ")"
		}
	case "error":
		x.status.kind, x.status.err = "", namePages(s.Note, d)
	case "done":
		x.status.kind = ""
	}
}

// chart downloads the chart drawn from spec (id, its element) as a
// standalone SVG file.
func (x *exporter) chart(id, file string, spec *chartSpec) {
	defer x.changed()
	b := standaloneSVG(id, spec)
	if b == nil {
		x.status.err = "the chart is not drawn yet"
		return
	}
	download(file, "image/svg+xml", b)
	x.status.err, x.status.done = "", file
}

// changed draws the page again, and with it the panels given the status:
// a panel's own event draws only that panel.
func (x *exporter) changed() { x.ctx.Dispatch(func(goapp.Context) {}) }
