package app

import (
	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/freshplan/freshplan/core/export"
)

// exporter writes the downloads of the plan on screen, in a planner of its
// own (an export never interrupts a plan), for every panel that offers
// them: the advice's seed lists and the exports panel. It dispatches
// through the page's context, so the panels showing its status — which
// they are given as a value, status — are drawn again.
type exporter struct {
	ctx     goapp.Context // the page's (see home.ctx)
	eng     engine
	planner engine // the page's planner, which holds the pages of a file it read (holder)
	seq     int
	status  exportStatus
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
	if x.eng != nil {
		x.eng.cancel() // an export planning still is superseded
	}
	if d.pages == nil {
		x.writeHeld(q, d, kind, learn)
		return
	}
	if pl := shownPlan(q, d.pages, kind, learn, shown); pl != nil {
		seq := x.seq
		x.ctx.Async(func() {
			e, err := writeShown(pl, kind)
			msg := ""
			if err != nil {
				msg = err.Error()
			}
			x.written(d, seq, e, msg)
		})
		return
	}
	x.plan(q, d, kind, learn)
}

// written takes export seq's file e, or its error msg, as the page's
// stages of it, on the page's goroutine.
func (x *exporter) written(d *dataset, seq int, e *ExportResult, msg string) {
	x.ctx.Dispatch(func(goapp.Context) {
		if msg != "" {
			x.onStage(d, &Stage{Seq: seq, Kind: "error", Note: msg})
			return
		}
		x.onStage(d, &Stage{Seq: seq, Kind: "export", Export: e})
		x.onStage(d, &Stage{Seq: seq, Kind: "done"})
	})
}

// plan plans the export kind of d in the exporter's own planner.
func (x *exporter) plan(q Request, d *dataset, kind string, learn bool) {
	if x.eng == nil {
		x.eng = newEngine(x.ctx.Async)
	}
	q.Seq, q.Stages, q.Export, q.Known, q.Learn = x.seq, StageExport, kind, nil, learn
	x.eng.run(q, d, func(s *Stage) {
		x.ctx.Dispatch(func(goapp.Context) { x.onStage(d, s) })
	})
}

// writeHeld writes the export kind of the plan of pages the planner holds
// (d), which q made: a seed list or the pages file of the plan shown the
// planner writes from it; another file, or one of a plan the planner no
// longer holds, is planned in the exporter's planner, the planner handing
// it the pages.
func (x *exporter) writeHeld(q Request, d *dataset, kind string, learn bool) {
	seq := x.seq
	fail := func(msg string) {
		if msg == "" {
			msg = "the planner did not hand over the pages"
		}
		x.written(d, seq, nil, msg)
	}
	pack := func() {
		e := q
		e.Stages, e.Export, e.Learn = StageExport, kind, learn
		x.planner.ask(&Ask{Seq: nextAsk(), Kind: "pack", Held: d.held, Names: e.names()}, func(ans *Answer) {
			if ans.Err != "" || ans.Packed == nil {
				fail(ans.Err)
				return
			}
			x.ctx.Dispatch(func(goapp.Context) {
				if x.seq != seq {
					return
				}
				if x.eng == nil {
					x.eng = newEngine(x.ctx.Async)
				}
				x.eng.give(ans.Packed)
				x.plan(q, d, kind, learn)
			})
		})
	}
	if k, ok := export.KindOf(kind); !ok || !k.PolicyOnly || learn {
		pack()
		return
	}
	e := q
	e.Export = kind
	x.planner.ask(&Ask{Seq: nextAsk(), Kind: "export", Held: d.held, Plan: q.Seq, Request: e}, func(ans *Answer) {
		switch {
		case ans.Err != "":
			fail(ans.Err)
		case ans.Export == nil:
			pack() // not the plan shown: planned
		default:
			x.written(d, seq, ans.Export, "")
		}
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
