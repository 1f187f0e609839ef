package app

import (
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

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
	first       *firstScreen // the sample's, on screen until its job starts
	opened      openedLink
	own         ownLink   // the last link the page made (linkPanel)
	exporter    *exporter // the downloads, once mounted
	updateReady bool
	unlisten    []func()
}

// results are the latest planner results and the views made of them.
type results struct {
	plan *PlanResult
	req  Request
	// provisional is the running plan's allocations' figures (the bounds
	// and uniform, before any schedule: the "allocated" stage), shown in
	// the headline until the plan is.
	provisional    *PlanResult
	provisionalReq Request // the request of provisional
	sweep          *SweepResult
	target         *TargetResult
	// Stale results are shown dimmed while newer ones are computed.
	stalePlan, staleSweep, staleTarget bool

	scatter, load, budget, hist *chartSpec
	pageTable, hostTable        *tableSource
	unvisitable                 string // see planViews
}

func (h *home) OnInit() {
	h.form = defaultForm()
	h.touched, h.pending = map[string]bool{}, map[string]bool{}
	// The sample's first screen (firstScreen), unless the page opens a
	// share link. Should it fail, the sample is read as any input is, and
	// that says why.
	var fs *firstScreen
	switch {
	case prerendering:
		fs, _ = serverFirstScreen()
	case !openingLink():
		fs, _ = planFirstScreen()
		Mark("first-screen")
	}
	if fs != nil {
		h.showFirstScreen(fs)
	}
}

// prerendering is set while the server pre-renders the page: nothing is
// read or planned then. (Tests of the component clear it.)
var prerendering = goapp.IsServer

func (h *home) OnMount(ctx goapp.Context) {
	if prerendering {
		return
	}
	h.ctx = ctx
	Mark("mounted")
	h.eng = newEngine(ctx.Async)
	h.exporter = &exporter{ctx: ctx, planner: h.eng}
	h.listen()
	h.checkWaitingVersion()
	switch {
	case h.openLink(goapp.Window().Get("location").Get("hash").String()):
	case h.first != nil:
		h.startJob(allStages) // the rest of the sample's plan
	default:
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

func (h *home) reload(ctx goapp.Context, e goapp.Event) { ctx.Reload() }

// redraw draws the page again once the event being handled is done: a
// panel's own event draws only that panel, and the page's state it
// changed (synchronously, so that the next event sees it) shows in the
// others — and in that panel, given it anew — with this.
func (h *home) redraw() { h.ctx.Dispatch(func(goapp.Context) {}) }

// state names what the page is doing, for the status line and for tests.
func (h *home) state() string {
	switch {
	case h.eng == nil:
		return "loading" // pre-rendered, or not yet mounted
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
	case h.opened.awaiting != nil:
		return "awaiting"
	}
	return "idle"
}
