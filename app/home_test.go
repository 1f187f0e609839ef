package app

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// mountHome mounts the planner in go-app's client tester, with planning
// in process, and waits until the sample is planned.
func mountHome(t *testing.T) (*home, goapp.ClientDispatcher) {
	t.Helper()
	prerendering = false
	t.Cleanup(func() { prerendering = goapp.IsServer })
	h := &home{}
	d := goapp.NewClientTester(h)
	t.Cleanup(d.Close)
	settle(t, d, func() bool { return h.state() == "planned" && h.res.target != nil })
	return h, d
}

// settle runs the dispatcher until done holds.
func settle(t *testing.T, d goapp.ClientDispatcher, done func() bool) {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for !done() {
		if time.Now().After(deadline) {
			t.Fatal("the page did not settle")
		}
		d.Wait()
		d.Consume()
		time.Sleep(time.Millisecond)
	}
}

func TestHomePlansTheSample(t *testing.T) {
	h, _ := mountHome(t)
	if h.data == nil || !h.data.sample || h.data.Pages != 3000 || len(h.data.pages.HostNames) != 36 {
		t.Fatalf("data %+v", h.data)
	}
	r := h.res
	if r.plan.Budget != SampleBudget || r.sweep == nil || r.target == nil || r.stalePlan || r.staleSweep || r.staleTarget {
		t.Fatalf("results: plan %v sweep %v target %v stale %v %v %v", r.plan != nil, r.sweep != nil, r.target != nil, r.stalePlan, r.staleSweep, r.staleTarget)
	}
	html := goapp.HTMLString(h)
	for _, want := range []string{`id="h-fresh"`, "&#39;s distance to the ", `id="h-polite"`, "budget for 90% fresh",
		`id="advice-text"`, "Load into your crawler", `id="advice-nutch"`, `id="glossary"`, `aria-describedby="gl-wp"`,
		`id="chart-rates"`, `id="chart-hosts"`, `id="chart-budget"`, `id="chart-histogram"`, `id="page-table"`, `id="host-table"`,
		"sample-pages.csv — 3,000 pages on 36 hosts", `data-state="planned"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if n := strings.Count(html, "<tr"); n < 50+36+10 {
		t.Errorf("%d table rows", n)
	}
}

// TestHomeLabels: every control has a label a screen reader reads.
func TestHomeLabels(t *testing.T) {
	h, _ := mountHome(t)
	h.pasteOpen = true
	html := goapp.HTMLString(h)
	labels := map[string]bool{}
	for _, m := range regexp.MustCompile(`<label[^>]*\bfor="([^"]+)"`).FindAllStringSubmatch(html, -1) {
		labels[m[1]] = true
	}
	controls := regexp.MustCompile(`<(input|select|textarea)\b[^>]*>`).FindAllString(html, -1)
	if len(controls) < 12 {
		t.Fatalf("only %d controls", len(controls))
	}
	id := regexp.MustCompile(`\bid="([^"]+)"`)
	for _, c := range controls {
		if strings.Contains(c, `type="radio"`) {
			continue // radios sit inside their labels
		}
		m := id.FindStringSubmatch(c)
		if m == nil || !labels[m[1]] {
			t.Errorf("control without a label: %s", c)
		}
	}
	for _, want := range []string{`role="img"`, `aria-labelledby="chart-rates-title chart-rates-desc"`, `aria-sort=`, `role="status"`} {
		if !strings.Contains(html, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
}

func TestHomeBadInput(t *testing.T) {
	h, d := mountHome(t)
	bad := "url,host,changes_per_day\nhttps://a/1,a,1\nhttps://a/2,a,2\nhttps://a/3,a,often\n"
	d.Dispatch(goapp.Dispatch{Mode: goapp.Update, Source: h, Function: func(goapp.Context) {
		h.readBytes("bad.csv", []byte(bad), false)
	}})
	settle(t, d, func() bool { return h.reading == nil && h.inputErr != nil })
	html := goapp.HTMLString(h)
	for _, want := range []string{"bad.csv, line 4, column changes_per_day", "<mark>often</mark>", "https://a/3,a,", "still of sample-pages.csv"} {
		if !strings.Contains(html, want) {
			t.Errorf("the error lacks %s", want)
		}
	}
	if !h.data.sample || h.state() != "planned" {
		t.Errorf("after a bad file: data %s, state %s", h.data.name, h.state())
	}
}

func TestHomeParameters(t *testing.T) {
	h, d := mountHome(t)
	sweep, target := h.res.sweep, h.res.target
	edit := func(field, value string) {
		d.Dispatch(goapp.Dispatch{Mode: goapp.Update, Source: h, Function: func(goapp.Context) {
			h.form.set(field, value)
			h.pending[field] = true
			_, h.errs = h.form.request()
			h.commit()
		}})
	}
	// A new policy: the plan again, not the sweep or the search.
	seq := h.seq
	edit(fPolicy, "uniform")
	settle(t, d, func() bool { return h.seq > seq && h.state() == "planned" })
	if h.res.plan.Policy != "uniform" || h.res.sweep != sweep || h.res.target != target {
		t.Errorf("policy change: policy %s, sweep kept %v, target kept %v", h.res.plan.Policy, h.res.sweep == sweep, h.res.target == target)
	}
	// A new target: only the search, from what is known.
	seq = h.seq
	edit(fTarget, "80")
	settle(t, d, func() bool { return h.seq > seq && h.state() == "planned" && h.res.target != target })
	if h.res.target.Target != 0.8 || h.res.target.Budget >= SampleBudget || h.res.sweep != sweep {
		t.Errorf("target change: %+v", h.res.target)
	}
	// A new budget: everything again.
	seq = h.seq
	edit(fBudget, "40000")
	settle(t, d, func() bool { return h.seq > seq && h.state() == "planned" && h.res.target != nil && !h.res.staleTarget })
	if h.res.plan.Budget != 40000 || h.res.sweep == sweep {
		t.Errorf("budget change: budget %d, sweep redone %v", h.res.plan.Budget, h.res.sweep != sweep)
	}
	if !strings.Contains(goapp.HTMLString(h), "At 40,000 visits per horizon") {
		t.Error("the policies table does not show the new budget")
	}
	// An invalid budget: a message, no job.
	seq = h.seq
	edit(fBudget, "lots")
	settle(t, d, func() bool { return h.errs != nil })
	time.Sleep(20 * time.Millisecond)
	d.Wait()
	d.Consume()
	if h.seq != seq || !strings.Contains(h.errs[fBudget], "not a number") {
		t.Errorf("invalid budget: seq %d → %d, errors %v", seq, h.seq, h.errs)
	}
	html := goapp.HTMLString(h)
	if in := tagWithID(html, "input", "budget"); !strings.Contains(in, "aria-invalid") || !strings.Contains(html, "is not a number") {
		t.Errorf("the invalid budget is not flagged: %s", in)
	}
}

func TestHomeUpdateBanner(t *testing.T) {
	h, d := mountHome(t)
	hidden := regexp.MustCompile(`\shidden[\s>]`)
	if !hidden.MatchString(tagWithID(goapp.HTMLString(h), "div", "update-banner")) {
		t.Error("the update banner shows before an update")
	}
	d.AppUpdate()
	settle(t, d, func() bool { return h.updateReady })
	if banner := tagWithID(goapp.HTMLString(h), "div", "update-banner"); banner == "" || hidden.MatchString(banner) {
		t.Errorf("the update banner stays hidden after an update: %s", banner)
	}
}

func TestTable(t *testing.T) {
	names := []string{"b.example/x", "a.example/y", "c.example/z", "A.example/w"}
	vals := []float64{2, 3, 1, 5}
	src := &tableSource{Version: nextVersion(), ID: "t", Unit: "rows", N: len(names), Key: "k",
		Match: func(i int, q string) bool { return containsFold(names[i], q) },
		Cols: []tableCol{
			{Name: "name", Text: func(i int) string { return names[i] }},
			{Name: "v", Num: true, Text: func(i int) string { return strconv.FormatFloat(vals[i], 'f', -1, 64) }, Value: func(i int) float64 { return vals[i] }},
		}}
	tb := &table{Src: src}
	order := func() []int32 { return append([]int32(nil), tb.rows()...) }
	if got := order(); !slicesEqual(got, []int32{0, 1, 2, 3}) {
		t.Errorf("unsorted %v", got)
	}
	tb.sortBy(1)(nil, goapp.Event{})
	if got := order(); !slicesEqual(got, []int32{3, 1, 0, 2}) {
		t.Errorf("by v, largest first: %v", got)
	}
	tb.sortBy(1)(nil, goapp.Event{})
	if got := order(); !slicesEqual(got, []int32{2, 0, 1, 3}) {
		t.Errorf("by v, smallest first: %v", got)
	}
	tb.sortBy(0)(nil, goapp.Event{})
	if got := order(); !slicesEqual(got, []int32{3, 1, 0, 2}) {
		t.Errorf("by name: %v", got)
	}
	tb.filter = "A.EX"
	tb.invalidate()
	if got := order(); !slicesEqual(got, []int32{3, 1}) {
		t.Errorf("filtered on a.ex: %v", got)
	}
	// A new source for the same data keeps the order and the filter; new
	// data resets them.
	tb.Src = &tableSource{Version: nextVersion(), ID: "t", Unit: "rows", N: len(names), Key: "k", Match: src.Match, Cols: src.Cols}
	if got := order(); !slicesEqual(got, []int32{3, 1}) {
		t.Errorf("same data, new results: %v", got)
	}
	tb.Src = &tableSource{Version: nextVersion(), ID: "t", Unit: "rows", N: 2, Key: "other", Match: src.Match, Cols: src.Cols}
	if got := order(); !slicesEqual(got, []int32{0, 1}) || tb.filter != "" {
		t.Errorf("new data: %v, filter %q", got, tb.filter)
	}
	// Paging: 120 rows make three pages of 50.
	tb.Src = &tableSource{Version: nextVersion(), ID: "t", Unit: "rows", N: 120, Key: "many", Match: func(int, string) bool { return true },
		Cols: []tableCol{{Name: "i", Text: func(i int) string { return strconv.Itoa(i) }}}}
	tb.rows()
	tb.page = 2
	html := goapp.HTMLString(tb.Render())
	if !strings.Contains(html, "rows 101–120 of 120") || !strings.Contains(html, "page 3 of 3") || strings.Count(html, "<tr") != 21 {
		t.Errorf("third page: %s", html[:min(400, len(html))])
	}
}

func slicesEqual(a, b []int32) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// tagWithID returns the opening tag of the element with the id.
func tagWithID(html, tag, id string) string {
	for _, m := range regexp.MustCompile(`<`+tag+`\b[^>]*>`).FindAllString(html, -1) {
		if strings.Contains(m, `id="`+id+`"`) {
			return m
		}
	}
	return ""
}

// While psp's schedule is being made, the headline gives the allocations'
// figures (the "allocated" stage): psp at most the wp bound, what
// politeness costs in full, marked provisional; the plan replaces it.
func TestProvisionalHeadline(t *testing.T) {
	h, _ := mountHome(t)
	r := &h.res
	v := r.plan.Values
	r.provisional = &PlanResult{Budget: SampleBudget, Values: map[string]float64{"wp": v["wp"], "nonpolite": v["nonpolite"], "uniform": v["uniform"]}}
	r.provisionalReq = r.req
	html := goapp.HTMLString(h.headline().Render())
	for _, want := range []string{`class="headline provisional"`, "≤ " + fmtPct(1-v["wp"], 2), fmtPointsAbs(v["wp"] - v["nonpolite"]), "schedule is being made", "budget for 90% fresh"} {
		if !strings.Contains(html, want) {
			t.Errorf("the provisional headline lacks %q:\n%s", want, html)
		}
	}
	if strings.Contains(html, fmtPct(1-v["psp"], 2)) && v["psp"] != v["wp"] {
		t.Errorf("the provisional headline shows psp's figure %s before its schedule", fmtPct(1-v["psp"], 2))
	}
	table := goapp.HTMLString(h.policiesTable().Render())
	// A cell's attributes come in no fixed order: its figure is looked
	// for as the cell's text.
	if !strings.Contains(table, ">"+fmtPct(1-v["wp"], 2)+"</td>") || strings.Contains(table, `aria-describedby="gl-psp"`) || !strings.Contains(table, "still being planned") {
		t.Errorf("the policies table while psp's schedule is made should list the bounds and uniform, not psp, and say the rest is coming:\n%s", table)
	}
	r.showPlan(r.req, r.plan, &planViews{})
	if r.provisional != nil || strings.Contains(goapp.HTMLString(h.headline().Render()), "provisional") {
		t.Error("the plan did not replace the provisional headline")
	}
}
