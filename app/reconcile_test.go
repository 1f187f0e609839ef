package app

import (
	"os"
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// TestReconcile: a policy fresher than uniform in the plan and staler in
// the backtest at one visit per page per week is named, with the ratio
// and the plan's lead; one that agrees, or a missing result, says nothing.
func TestReconcile(t *testing.T) {
	p := map[string]float64{"uniform": 0.02, "cho": 0.0076, "psp": 0.01, "learn": 0.009}
	r := &BacktestResult{Budgets: []BacktestBudget{
		{PerPageWeek: 0.5, Rows: []BacktestRow{{Policy: "uniform", Staleness: 0.5}, {Policy: "cho", Staleness: 0.1}}},
		{PerPageWeek: 1, Rows: []BacktestRow{
			{Policy: "uniform", Staleness: 0.008}, {Policy: "cho", Staleness: 0.3456}, {Policy: "psp", Staleness: 0.007},
			{Policy: "azar", NotPlanned: "Poisson only"},
		}},
	}}
	got := reconcile(p, r)
	// 0.3456 / 0.008 = 43.2, written 43×; 2% − 0.76% = 1.24 pt.
	for _, want := range []string{"cho (43× staler than uniform here, though 1.24 pt fresher in the plan)", "Poisson", "bursts"} {
		if !strings.Contains(got, want) {
			t.Errorf("%q lacks %q", got, want)
		}
	}
	if strings.Contains(got, "psp") && strings.Contains(got, "psp (") {
		t.Errorf("%q names psp, which beats uniform in both", got)
	}
	if reconcile(nil, r) != "" || reconcile(p, nil) != "" {
		t.Error("a missing result says something")
	}
	r.Budgets[1].Rows[1].Staleness = 0.004
	if got := reconcile(p, r); got != "" {
		t.Errorf("nothing disagrees, yet %q", got)
	}
}

// TestUniformQuasiNote: with quasi-deterministic pages, the policies table
// says uniform does not space their visits equally.
func TestUniformQuasiNote(t *testing.T) {
	b, err := os.ReadFile("../examples/pages-models.csv")
	if err != nil {
		t.Fatal(err)
	}
	h, d := mountHome(t)
	seq := h.seq
	d.Dispatch(goapp.Dispatch{Mode: goapp.Update, Source: h, Function: func(goapp.Context) {
		h.readBytes("pages-models.csv", b, false)
	}})
	settle(t, d, func() bool { return h.seq > seq && h.state() == "planned" })
	html := goapp.HTMLString(h)
	want := "Its 2 pages with a known change pattern (quasi-deterministic) are not equally spaced"
	if h.data.Quasi != 2 || !strings.Contains(html, want) {
		t.Errorf("%d quasi pages; the page lacks %q", h.data.Quasi, want)
	}
}

// TestAdviceUniformHigher: when uniform's closed form beats psp's
// schedule, the recommendation says why: psp's dropped visits, or, when
// uniform beats even the polite bound wp, politeness.
func TestAdviceUniformHigher(t *testing.T) {
	h, _ := mountHome(t)
	p := *h.res.plan
	p.Values = map[string]float64{"psp": 0.07, "uniform": 0.05, "wp": 0.05, "nonpolite": 0.05}
	p.DroppedBy = map[string]int{"psp": 3}
	h.res.plan = &p
	html := goapp.HTMLString(h.advicePanel().Render())
	for _, want := range []string{"Uniform&#39;s figure is higher here", "which drops 3 visits that its crawlers cannot fit"} {
		if !strings.Contains(html, want) {
			t.Errorf("the advice lacks %q: %s", want, html)
		}
	}
	if strings.Contains(html, "The backtest, on what really changed") {
		t.Error("the sample has no history, yet the advice points to a backtest")
	}
	// Beyond wp, the bound no polite schedule beats, politeness is why
	// (seed 000 §4's instance: uniform 57.7% fresh, psp 36.2%, wp 36.4%).
	p.Values = map[string]float64{"psp": 0.638, "uniform": 0.423, "wp": 0.636, "nonpolite": 0.413}
	html = goapp.HTMLString(h.advicePanel().Render())
	for _, want := range []string{"it ignores politeness", "one visit every P = 15 s", "fresher than wp&#39;s 36.4%"} {
		if !strings.Contains(html, want) {
			t.Errorf("the advice lacks %q: %s", want, html)
		}
	}
	if strings.Contains(html, "drops 3 visits") {
		t.Errorf("the advice blames psp's dropped visits for what politeness costs: %s", html)
	}
}
