package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/freshplan/freshplan/core/plan"
	"github.com/freshplan/freshplan/web"
)

// SampleBudget is the budget the sample is first planned with: about six
// visits per page per day.
const SampleBudget = 20000

// home is the planner: the input, the parameters, the headline numbers,
// the charts and the tables. Its state is unexported: go-app compares only
// exported fields, and the charts and tables get theirs through versioned
// pointers (chartSpec, tableSource).
type home struct {
	goapp.Compo

	// ctx is the component's own context, from OnMount: work that ends
	// after an event handler returns dispatches through it, since an
	// event's context dispatches only while the element that fired the
	// event is on the page (go-app drops the rest).
	ctx goapp.Context

	eng     engine
	data    *dataset
	form    form
	touched map[string]bool // fields the person has edited
	// budgetWhy says why the budget and horizon are what the data
	// suggested (plan.Suggest), while the person has not edited them.
	budgetWhy string
	errs      map[string]string // per field, what is wrong
	pending   map[string]bool   // fields changed since the last job
	formGen   int

	reading   *readState
	inputErr  *InputError
	inputNote string
	skipBad   func()   // offered beside a bad row of a log or history: read it again, skipping bad rows
	skipped   []string // the first bad rows a read skipped, each saying where and why
	pasteOpen bool
	pasteText string
	dragging  bool

	seq      int
	busy     bool
	note     string // what the planner is doing
	planErr  string
	stopped  bool // the person stopped the last job
	jobStart time.Time
	times    jobTimes
	// workerMemory is the most memory the planning worker has reported
	// (Stage.Memory), for the status line's data.
	workerMemory int64

	res         results
	link        linkState
	exports     exportState
	bt          backtestState
	updateReady bool
	unlisten    []func()
}

// readState is a file being read.
type readState struct {
	name   string
	prog   Progress
	cancel func() // ends the reading; finishRead then says it was cancelled
	start  time.Time
	worker bool   // read by the planner's worker, which plans nothing else meanwhile
	skip   bool   // a log's or change history's bad rows are skipped
	kind   string // the input's format, once known (see kindOf)
	again  func() // reads the same input again, skipping bad rows
}

// jobTimes are the seconds from a job's start to each of its stages, as
// the page saw them.
type jobTimes struct {
	read, early, plan, sweep, target, total float64
}

// results are the latest planner results and the views made of them.
type results struct {
	plan   *PlanResult
	req    Request
	sweep  *SweepResult
	target *TargetResult
	// Stale results are shown dimmed while newer ones are computed.
	stalePlan, staleSweep, staleTarget bool

	scatter, load, budget, hist *chartSpec
	pageTable, hostTable        *tableSource
	unvisitable                 string // see planViews
}

func (h *home) OnInit() {
	h.form = defaultForm()
	h.touched, h.pending = map[string]bool{}, map[string]bool{}
}

// prerendering is set while the server pre-renders the page: nothing is
// read or planned then. (Tests of the component clear it.)
var prerendering = goapp.IsServer

func (h *home) OnMount(ctx goapp.Context) {
	if prerendering {
		return
	}
	h.ctx = ctx
	goapp.Window().Get("performance").Call("mark", "freshplan-mounted")
	h.eng = newEngine(ctx.Async)
	h.listen()
	h.checkWaitingVersion()
	if !h.openLink(goapp.Window().Get("location").Get("hash").String()) {
		h.readBytes(web.SampleName, web.SamplePages, true)
	}
}

func (h *home) OnDismount() {
	for _, f := range h.unlisten {
		f()
	}
	h.unlisten = nil
}

// OnAppUpdate shows the banner offering the new version.
func (h *home) OnAppUpdate(ctx goapp.Context) {
	h.updateReady = true
}

// checkWaitingVersion shows the banner when a newer version is already
// installed: go-app reports an update only when the new service worker
// finishes installing while the page listens, and the browser may
// install it during the navigation, before the page does. Each version's
// service worker keeps its files in a cache named "app-" + its version
// and deletes the others once active, so a cache of another version
// than the page's is a new one. Checked at mount and whenever another
// service worker takes control.
func (h *home) checkWaitingVersion() {
	win := goapp.Window()
	sw, caches := win.Get("navigator").Get("serviceWorker"), win.Get("caches")
	own := goapp.Getenv("GOAPP_VERSION")
	if !sw.Truthy() || !caches.Truthy() || own == "" {
		return
	}
	keys := goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
		if len(args) == 0 || !args[0].Truthy() {
			return nil
		}
		for i := range args[0].Length() {
			if k := args[0].Index(i).String(); strings.HasPrefix(k, "app-") && k != "app-"+own {
				h.ctx.Dispatch(func(goapp.Context) { h.updateReady = true })
			}
		}
		return nil
	})
	check := goapp.FuncOf(func(goapp.Value, []goapp.Value) any {
		caches.Call("keys").Call("then", keys)
		return nil
	})
	sw.Call("addEventListener", "controllerchange", check)
	h.unlisten = append(h.unlisten, func() {
		sw.Call("removeEventListener", "controllerchange", check)
		check.Release()
		keys.Release()
	})
	check.Invoke()
}

// listen takes files dropped anywhere on the page, and text or files
// pasted outside the form's fields. The handlers are the window's own:
// dragover fires continuously and must not re-render the page.
func (h *home) listen() {
	ctx := h.ctx
	win := goapp.Window()
	on := func(event string, fn func(e goapp.Value)) {
		f := goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
			fn(args[0])
			return nil
		})
		win.Call("addEventListener", event, f)
		h.unlisten = append(h.unlisten, func() {
			win.Call("removeEventListener", event, f)
			f.Release()
		})
	}
	hasFiles := func(e goapp.Value) bool {
		dt := e.Get("dataTransfer")
		if !dt.Truthy() {
			return false
		}
		types := dt.Get("types")
		for i := range types.Length() {
			if types.Index(i).String() == "Files" {
				return true
			}
		}
		return false
	}
	drag := func(e goapp.Value) {
		if !hasFiles(e) {
			return
		}
		e.Call("preventDefault")
		e.Get("dataTransfer").Set("dropEffect", "copy")
		if !h.dragging {
			ctx.Dispatch(func(goapp.Context) { h.dragging = true })
		}
	}
	on("dragenter", drag)
	on("dragover", drag)
	on("dragleave", func(e goapp.Value) {
		if r := e.Get("relatedTarget"); !r.Truthy() && h.dragging {
			ctx.Dispatch(func(goapp.Context) { h.dragging = false })
		}
	})
	on("drop", func(e goapp.Value) {
		dt := e.Get("dataTransfer")
		if !dt.Truthy() {
			return
		}
		e.Call("preventDefault")
		files := dt.Get("files")
		if files.Truthy() && files.Length() > 0 {
			f := files.Index(0)
			ctx.Dispatch(func(ctx goapp.Context) {
				h.dragging = false
				h.readFile(f)
			})
			return
		}
		text := dt.Call("getData", "text/plain").String()
		ctx.Dispatch(func(ctx goapp.Context) {
			h.dragging = false
			if text != "" {
				h.readBytes("dropped text", []byte(text), false)
			}
		})
	})
	// A link pasted into the address bar of an open page changes only
	// the fragment: open it as a fresh load would.
	on("hashchange", func(goapp.Value) {
		frag := win.Get("location").Get("hash").String()
		ctx.Dispatch(func(goapp.Context) {
			if frag != "" && h.link.url != "" && strings.HasSuffix(h.link.url, frag) {
				return // the page's own link
			}
			h.openLink(frag)
		})
	})
	on("paste", func(e goapp.Value) {
		if tag := e.Get("target").Get("tagName"); tag.Truthy() {
			switch tag.String() {
			case "INPUT", "TEXTAREA", "SELECT":
				return
			}
		}
		cd := e.Get("clipboardData")
		if !cd.Truthy() {
			return
		}
		files := cd.Get("files")
		if files.Truthy() && files.Length() > 0 {
			f := files.Index(0)
			e.Call("preventDefault")
			ctx.Dispatch(func(ctx goapp.Context) { h.readFile(f) })
			return
		}
		text := cd.Call("getData", "text/plain").String()
		if text == "" {
			return
		}
		e.Call("preventDefault")
		ctx.Dispatch(func(ctx goapp.Context) { h.readBytes("pasted text", []byte(text), false) })
	})
}

// readFile reads a browser File — skipping its bad rows when it is the
// file a link awaits whose plan skipped them.
func (h *home) readFile(f goapp.Value) {
	name := f.Get("name").String()
	skip := h.link.awaiting != nil && h.link.skipBad
	ctx := h.ctx
	// A gzip file is sized by its content, which its trailer declares: a
	// read off the event handler.
	ctx.Async(func() {
		size := contentSize(context.Background(), f)
		ctx.Dispatch(func(goapp.Context) {
			h.startRead(name, size, false, f, func(rctx context.Context) io.Reader { return newContentReader(rctx, f) }, skip)
		})
	})
}

// readBytes reads text already in memory: the sample, pasted text.
func (h *home) readBytes(name string, b []byte, sample bool) {
	h.readBytesSkipping(name, b, sample, false)
}

// readBytesSkipping is readBytes, skipping bad rows when skip is set (a
// link's file whose plan skipped them).
func (h *home) readBytesSkipping(name string, b []byte, sample, skip bool) {
	h.startRead(name, int64(len(b)), sample, nil, func(context.Context) io.Reader { return bytes.NewReader(b) }, skip)
}

// startRead reads an input on a goroutine, showing progress, and plans it
// once read. Reading yields to the browser every ~10 ms. An input from
// the browser's file (nil for text in memory) is kept as read only when a
// link could carry it: otherwise the file is read again when needed. A
// big log or change history is read by the planner's worker (see
// readInWorker); a pages table is not, as what reading it holds is the
// pages themselves, which the page needs.
func (h *home) startRead(name string, size int64, sample bool, file goapp.Value, open func(context.Context) io.Reader, skip bool) {
	if h.reading != nil {
		h.reading.cancel()
	}
	rs := &readState{name: name, start: time.Now(), prog: Progress{Total: size}, skip: skip}
	rs.again = func() { h.startRead(name, size, sample, file, open, true) }
	h.reading, h.inputErr, h.inputNote, h.pasteOpen = rs, nil, "", false
	h.skipBad, h.skipped = nil, nil
	if file == nil || size <= keepTable {
		h.readInPage(rs, size, sample, file, open)
		return
	}
	ctx := h.ctx
	rs.cancel = func() {
		ctx.Dispatch(func(goapp.Context) { h.finishRead(rs, nil, context.Canceled) })
	}
	ctx.Async(func() {
		head := make([]byte, headSize)
		n, err := io.ReadFull(newContentReader(context.Background(), file), head)
		if err == io.ErrUnexpectedEOF {
			err = nil
		}
		ctx.Dispatch(func(goapp.Context) {
			if h.reading != rs {
				return
			}
			if err == nil {
				rs.kind = kindOf(head[:n])
			}
			if rs.kind != "" && rs.kind != "pages table" {
				h.readInWorker(rs, size, file)
				return
			}
			h.readInPage(rs, size, sample, file, open)
		})
	})
}

// readInPage reads an input in the page.
func (h *home) readInPage(rs *readState, size int64, sample bool, file goapp.Value, open func(context.Context) io.Reader) {
	name := rs.name
	rctx, cancel := context.WithCancel(context.Background())
	rs.cancel = cancel
	ctx := h.ctx
	ctx.Async(func() {
		var shown time.Time
		breathe := breather()
		progress := func(p Progress) {
			if time.Since(shown) > 80*time.Millisecond {
				shown = time.Now()
				ctx.Dispatch(func(goapp.Context) { rs.prog = p })
			}
			breathe()
		}
		keep := int64(keepLimit)
		if file != nil {
			keep = keepTable
		}
		kept := newKeeper(open(rctx), size, keep)
		// The browser's memory for Go only grows: while reading, the heap is
		// held near what the data needs — the copy kept and the rows (a
		// pages table's pages take about 2.5 times the file) — as the CLI
		// does, rather than let the collector's slack set the tab's size.
		unlimit := limitMemory(readMemory(min(size, keep) + 3*size + 32<<20))
		pg, skipped, est, err := decode(rctx, kept, name, size, rs.skip, progress)
		unlimit()
		kind := kindOf(kept.head)
		var d *dataset
		if err == nil {
			var raw []byte
			var sum *[32]byte
			if raw, size, sum, err = kept.finish(); err == nil {
				d = newDataset(name, size, sample, pg, breathe)
				d.raw, d.sum, d.kind, d.file, d.skipped, d.est = raw, sum, kind, file, skipped, est
				if d.kind == "pages table" && len(raw) > keepTable {
					// Too big for a link to hold, and no history to
					// backtest: only its fingerprint is needed.
					d.digest()
					d.raw = nil
				}
			}
		}
		cancel()
		ctx.Dispatch(func(goapp.Context) {
			rs.kind = kind
			h.finishRead(rs, d, err)
		})
	})
}

// readInWorker reads a big file in the planner's worker, which the engine
// lets go once it has sent the pages (a fresh worker plans them): the
// memory reading takes then goes with it, where in the page, whose memory
// never shrinks, it would stay on top of the plan's. A plan running is
// abandoned (the new input replaces its data). The page gets the pages
// and the file's fingerprint.
func (h *home) readInWorker(rs *readState, size int64, file goapp.Value) {
	ctx := h.ctx
	if h.busy {
		h.busy, h.note, h.stopped = false, "", true
	}
	h.seq++ // stages of the abandoned plan are ignored
	seq := h.seq
	var once sync.Once
	end := func(d *dataset, err error) {
		once.Do(func() {
			ctx.Dispatch(func(goapp.Context) {
				if errors.Is(err, context.Canceled) && h.seq == seq {
					h.eng.cancel()
				}
				h.finishRead(rs, d, err)
			})
		})
	}
	rs.cancel, rs.worker = func() { end(nil, context.Canceled) }, true
	q := Request{Seq: seq, Stages: StageRead, Name: rs.name, Size: size, File: file, SkipBad: rs.skip}
	h.eng.run(q, nil, func(s *Stage) {
		switch {
		case s.Kind == "reading" && s.Progress != nil:
			p := *s.Progress
			ctx.Dispatch(func(goapp.Context) { rs.prog = p })
		case s.Kind == "read" && s.Read != nil:
			r := s.Read
			d := newDataset(rs.name, r.Size, false, r.Pages, breather())
			d.sum, d.kind, d.file, d.skipped, d.est = &r.Sum, r.Kind, file, r.Skipped, r.Est
			end(d, nil)
		case s.Kind == "error" && s.InputErr != nil:
			end(nil, s.InputErr)
		case s.Kind == "error":
			end(nil, errors.New(s.Note))
		}
	})
}

// finishRead shows how reading ended, and plans what was read (d when err
// is nil).
func (h *home) finishRead(rs *readState, d *dataset, err error) {
	if h.reading != rs {
		return // another input took over
	}
	h.reading = nil
	name := rs.name
	var ie *InputError
	switch {
	case errors.Is(err, context.Canceled):
		h.inputNote = "Reading " + name + " was cancelled."
		if h.data != nil {
			h.inputNote += " The plan below is still of " + h.data.name + "."
		}
	case errors.As(err, &ie):
		h.inputErr = ie
		if ie.Line > 1 && (rs.kind == "observation log" || rs.kind == "change history") && !rs.skip {
			h.skipBad = rs.again
		}
	case err != nil:
		h.inputErr = &InputError{File: name, Msg: err.Error()}
	case h.checkAwaited(d):
		h.times = jobTimes{read: time.Since(rs.start).Seconds()}
		if sk := d.skipped; sk != nil {
			var note []string
			if sk.Notes != "" {
				note = append(note, name+": "+sk.Notes+".")
			}
			switch {
			case sk.Rows > len(sk.First):
				note = append(note, fmt.Sprintf("%s of %s skipped; the first %d:", plural(sk.Rows, "bad row", "bad rows"), name, len(sk.First)))
			case sk.Rows > 0:
				note = append(note, fmt.Sprintf("%s of %s skipped:", plural(sk.Rows, "bad row", "bad rows"), name))
			}
			h.inputNote = strings.Join(note, " ")
			h.skipped = sk.First
		}
		h.setData(d)
	}
}

// setData makes d the data planned, and plans it.
func (h *home) setData(d *dataset) {
	h.data = d
	if !h.touched[fBudget] {
		b, T, why := SampleBudget, "24h", ""
		if !d.sample {
			// A pages table says nothing of a crawl: four visits per page
			// per day to start from. A log or a change history suggests
			// its own (plan.Suggest).
			b = niceRound(4 * float64(len(d.pages)))
			if s := d.suggested(); s != nil {
				b, T, why = s.Budget, durationInput(s.Horizon.Seconds()), s.Why
				if h.touched[fHorizon] {
					// The same crawl rate over the horizon the person chose.
					if t, err := parseDuration(h.form.Horizon); err == nil && t > 0 {
						b = max(1, int(math.Round(float64(b)*t.Seconds()/s.Horizon.Seconds())))
					}
				}
			}
		}
		h.form.Budget = strconv.Itoa(b)
		if !h.touched[fHorizon] {
			h.form.Horizon = T
		}
		h.budgetWhy = why
	}
	h.res = results{hist: histogramSpec(d)}
	h.startJob(allStages)
}

// startJob sends the planner a job for the stages asked, if the form is
// valid.
func (h *home) startJob(stages Stages) {
	q, errs := h.form.request()
	h.errs = errs
	if errs != nil || h.data == nil {
		return
	}
	if h.reading != nil && h.reading.worker {
		return // the file being read is planned next, with the form as it is then
	}
	if h.res.plan == nil {
		stages |= StagePlan
	}
	if h.res.sweep == nil && stages&StagePlan != 0 {
		stages |= StageSweep
	}
	h.seq++
	q.Seq, q.Stages = h.seq, stages
	if stages&StagePlan == 0 && h.res.plan != nil {
		// Only the target changed: the search starts from what is known.
		q.MaxUseful = h.res.plan.MaxUseful
		q.Known = map[int]float64{h.res.plan.Budget: 1 - h.res.plan.Values["psp"]}
		if h.res.sweep != nil {
			for _, p := range h.res.sweep.Points {
				if p.Name == "psp" {
					q.Known[p.Budget] = 1 - p.Value
				}
			}
		}
	}
	r := &h.res
	r.stalePlan = r.stalePlan || stages&StagePlan != 0
	r.staleSweep = r.staleSweep || stages&StageSweep != 0
	r.staleTarget = r.staleTarget || stages&StageTarget != 0
	h.busy, h.note, h.planErr, h.jobStart, h.stopped = true, "starting", "", time.Now(), false
	read := h.times.read
	h.times = jobTimes{read: read}
	d := h.data
	var early *planViews
	h.eng.run(q, d, func(s *Stage) {
		// The views of a plan are made here, off the page's event loop and
		// yielding to it; the dispatch only puts them in place. A plan shown
		// early keeps its views: the policy they show is the same.
		var v *planViews
		switch {
		case s.Kind != "plan" || s.Plan == nil:
		case early != nil && !s.Plan.Early:
			v = early
		default:
			v = newPlanViews(d, s.Plan, q, breather())
			if s.Plan.Early {
				early = v
			}
		}
		h.ctx.Dispatch(func(goapp.Context) { h.onStage(q, d, s, v) })
	})
}

// onStage takes one stage of the current job's results.
func (h *home) onStage(q Request, d *dataset, s *Stage, v *planViews) {
	if s.Seq != h.seq || d != h.data {
		return
	}
	since := time.Since(h.jobStart).Seconds()
	h.workerMemory = max(h.workerMemory, s.Memory)
	r := &h.res
	switch s.Kind {
	case "progress":
		h.note = s.Note
	case "plan":
		r.plan, r.req, r.stalePlan = s.Plan, q, false
		if s.Plan.Early {
			h.times.early = since
		} else {
			h.times.plan = since
		}
		r.scatter, r.load, r.pageTable, r.hostTable, r.unvisitable = v.scatter, v.load, v.pageTable, v.hostTable, v.unvisitable
		r.budget = sweepSpec(r.sweep, s.Plan.Budget, r.target, objective(q.Objective))
	case "sweep":
		r.sweep, r.staleSweep = s.Sweep, false
		h.times.sweep = since
		r.budget = sweepSpec(r.sweep, r.planBudget(), r.target, objective(r.req.Objective))
	case "target":
		r.target, r.staleTarget = s.Target, false
		h.times.target = since
		r.budget = sweepSpec(r.sweep, r.planBudget(), r.target, objective(r.req.Objective))
	case "error":
		h.busy, h.note, h.planErr = false, "", s.Note
		r.stalePlan, r.staleSweep, r.staleTarget = r.plan != nil && r.stalePlan, false, false
	case "done":
		h.busy, h.note = false, ""
		h.times.total = since
	}
}

// planViews are the charts and tables of a plan, and its note on hosts
// no polite policy visits (plan.Unvisitable, made here where the pages
// have their hosts' names).
type planViews struct {
	scatter, load        *chartSpec
	pageTable, hostTable *tableSource
	unvisitable          string
}

func newPlanViews(d *dataset, r *PlanResult, q Request, breathe func()) *planViews {
	v := &planViews{scatter: scatterSpec(d, r, q, breathe)}
	breathe()
	v.load = loadSpec(d, r, q.Horizon)
	v.pageTable, v.hostTable = pageTable(d, r, q), hostTable(d, r, q)
	v.unvisitable = plan.Unvisitable(d.pages, time.Duration(q.Horizon*float64(time.Second)))
	return v
}

// breather returns a func that, called often from a goroutine, lets the
// page have a task of its own every 10 ms: Go in the browser is
// single-threaded, and yielding is what lets the page handle its events
// and draw.
func breather() func() {
	last := time.Now()
	return func() {
		if time.Since(last) > 10*time.Millisecond {
			nextTask()
			last = time.Now()
		}
	}
}

func (r *results) planBudget() int {
	if r.plan == nil {
		return 0
	}
	return r.plan.Budget
}

// onField takes an edit of a parameter: checked at once, planned after a
// pause in typing (selects and radios at once). Its element must give the
// field as the handler's scope (OnInput(h.onField(id, p), id)): go-app
// keeps a handler it takes for the same one when the event, the scope and
// the func's code match, and every func made here has the same code, so
// an element go-app reuses for another field (one that moved up as a
// field before it went) would keep writing to the field it was first.
func (h *home) onField(field string, pause time.Duration) goapp.EventHandler {
	return func(ctx goapp.Context, e goapp.Event) {
		h.form.set(field, ctx.JSSrc().Get("value").String())
		h.touched[field], h.pending[field] = true, true
		_, h.errs = h.form.request()
		h.formGen++
		gen := h.formGen
		h.ctx.After(pause, func(goapp.Context) {
			if gen == h.formGen {
				h.commit()
			}
		})
	}
}

// commit plans what the edits since the last job need: a new policy only
// changes what is shown of the plan, a new target only the search.
func (h *home) commit() {
	changed := h.pending
	h.pending = map[string]bool{}
	if len(changed) == 0 || h.errs != nil {
		return
	}
	var stages Stages
	for f := range changed {
		switch f {
		case fPolicy:
			stages |= StagePlan
		case fTarget:
			stages |= StageTarget
		case fSimulate:
			stages |= StagePlan
		default:
			stages = allStages
		}
	}
	h.startJob(stages)
}

// stopPlanning abandons the job running; the results on screen stay,
// dimmed where they no longer match the parameters.
func (h *home) stopPlanning(ctx goapp.Context, e goapp.Event) {
	if !h.busy {
		return
	}
	h.eng.cancel()
	h.seq++ // stages of the abandoned job are ignored
	h.busy, h.note, h.stopped = false, "", true
	r := &h.res
	r.stalePlan = r.plan != nil && r.stalePlan
	r.staleSweep = r.sweep != nil && r.staleSweep
	r.staleTarget = r.target != nil && r.staleTarget
}

// onSkipBad reads the log or history that stopped at a bad row again,
// skipping bad rows (SPEC §3: the person chooses between stopping and
// skipping).
func (h *home) onSkipBad(ctx goapp.Context, e goapp.Event) {
	if again := h.skipBad; again != nil {
		h.skipBad = nil
		again()
	}
}

func (h *home) cancelRead(ctx goapp.Context, e goapp.Event) {
	if h.reading != nil {
		h.reading.cancel()
	}
}

func (h *home) onChoose(ctx goapp.Context, e goapp.Event) {
	files := ctx.JSSrc().Get("files")
	if files.Truthy() && files.Length() > 0 {
		h.readFile(files.Index(0))
	}
	ctx.JSSrc().Set("value", "") // choosing the same file again reads it again
}

func (h *home) onSample(ctx goapp.Context, e goapp.Event) {
	h.readBytes(web.SampleName, web.SamplePages, true)
}

func (h *home) togglePaste(ctx goapp.Context, e goapp.Event) {
	h.pasteOpen = !h.pasteOpen
}

func (h *home) onPasteText(ctx goapp.Context, e goapp.Event) {
	h.pasteText = ctx.JSSrc().Get("value").String()
}

func (h *home) planPasted(ctx goapp.Context, e goapp.Event) {
	if h.pasteText == "" {
		h.inputErr = &InputError{File: "pasted text", Msg: "nothing pasted; paste a pages table (url,host,changes_per_day) into the box"}
		return
	}
	h.readBytes("pasted text", []byte(h.pasteText), false)
}

func (h *home) reload(ctx goapp.Context, e goapp.Event) { ctx.Reload() }

// state names what the page is doing, for the status line and for tests.
func (h *home) state() string {
	switch {
	case h.reading != nil:
		return "reading"
	case h.busy:
		return "planning"
	case h.planErr != "":
		return "error"
	case h.stopped:
		return "stopped"
	case h.res.plan != nil:
		return "planned"
	case h.link.awaiting != nil:
		return "awaiting"
	}
	return "idle"
}
