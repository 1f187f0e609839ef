package app

import (
	"bytes"
	"context"
	"errors"
	"sync"
	"time"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/freshplan/freshplan/web"
)

// firstScreen is the sample planned as far as the headline: read, psp's
// early plan (psp, the bound wp and uniform: plan.Params.Early) with the
// bound nonpolite, scored next, and the views made of it. The server
// pre-renders the page with it (go-app's pre-rendering), so the sample's
// answer arrives with the HTML, before the app's WebAssembly has loaded;
// the page makes the same in OnInit, before its first render, so that
// taking over from the pre-rendered page shows the same figures at once
// rather than waiting for the planner's worker to start. The worker then
// plans the rest (every policy, the sweep, the search) as for any input.
type firstScreen struct {
	data    *dataset
	form    form
	why     string
	res     results // its plan shown (res.plan)
	views   *planViews
	seconds float64 // reading and planning it took
}

// planFirstScreen reads the sample and plans its early stage, here and
// now (no worker, no yielding: it is a small input, and the page shows
// the pre-rendered one meanwhile).
func planFirstScreen() (*firstScreen, error) {
	start := time.Now()
	ctx := context.Background()
	d, _, err := readDataset(ctx, web.SampleName, int64(len(web.SamplePages)), true, nil,
		bytes.NewReader(web.SamplePages), false, nil, func() {})
	if err != nil {
		return nil, err
	}
	h := &home{form: defaultForm(), touched: map[string]bool{}}
	h.adopt(d)
	q, errs := h.form.request()
	if errs != nil {
		return nil, errors.New("the default parameters are refused") // a bug: TestFirstScreen
	}
	q.Stages = StagePlan
	pctx, stop := context.WithCancel(ctx)
	defer stop()
	var early, nonpolite *Stage
	var failed error
	Compute(pctx, d.pages, q, func(s *Stage) {
		switch {
		case s.Kind == "plan" && early == nil:
			early = s
		case s.Kind == "scored" && early != nil && nonpolite == nil:
			nonpolite = s
			stop() // the rest is the worker's
		case s.Kind == "error":
			failed = errors.New(s.Note)
		}
	})
	if early == nil || nonpolite == nil {
		if failed == nil {
			failed = errors.New("no early plan")
		}
		return nil, failed
	}
	v := newPlanViews(d, early.Plan, q, func() {}, nil)
	fs := &firstScreen{data: d, form: h.form, why: h.budgetWhy, res: h.res, views: v}
	fs.res.showPlan(q, early.Plan, v)
	fs.res.showScored(nonpolite.Plan)
	fs.seconds = time.Since(start).Seconds()
	return fs, nil
}

// serverFirst is the pre-rendered page's first screen: the same for
// every request, so made once — once it is made: a failure (the server
// short of memory, say) is not kept, and the next request tries again.
var serverFirst struct {
	sync.Mutex
	fs *firstScreen
}

func serverFirstScreen() (*firstScreen, error) {
	serverFirst.Lock()
	defer serverFirst.Unlock()
	if serverFirst.fs != nil {
		return serverFirst.fs, nil
	}
	fs, err := planFirstScreen()
	if err == nil {
		serverFirst.fs = fs
	}
	return fs, err
}

// showFirstScreen puts fs on screen.
func (h *home) showFirstScreen(fs *firstScreen) {
	h.data, h.form, h.budgetWhy, h.res = fs.data, fs.form, fs.why, fs.res
	h.times = jobTimes{early: fs.seconds}
	h.first = fs
}

// openingLink reports whether the page was opened on a share link: its
// own data or parameters, not the sample's.
func openingLink() bool {
	return len(goapp.Window().Get("location").Get("hash").String()) > 1
}

// Prerender makes the pre-rendered page's first screen ahead of the first
// request for it (the server calls it as it starts).
func Prerender() { go serverFirstScreen() }
