package app

import (
	"context"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// TestFirstScreen: the sample's first screen, as the server pre-renders it
// and the page makes it before its first render, holds the figures the
// planner's whole plan of the sample gives (the headline's psp, uniform
// and bounds), and the page's planner, taking over, keeps them.
func TestFirstScreen(t *testing.T) {
	fs, err := planFirstScreen()
	if err != nil {
		t.Fatal(err)
	}
	if !fs.res.plan.Early || fs.data == nil || !fs.data.sample || fs.data.pages.Len() != 3000 {
		t.Fatalf("first screen: early %v, data %v", fs.res.plan.Early, fs.data != nil)
	}
	// The whole plan, every stage, as the worker makes it for the same form.
	h := &home{form: defaultForm(), touched: map[string]bool{}}
	h.adopt(fs.data)
	q, errs := h.form.request()
	if errs != nil {
		t.Fatal(errs)
	}
	q.Stages = StagePlan
	var whole *PlanResult
	Compute(context.Background(), fs.data.pages, q, func(s *Stage) {
		if s.Kind == "plan" && !s.Plan.Early {
			whole = s.Plan
		}
	})
	if whole == nil {
		t.Fatal("no whole plan")
	}
	for _, name := range []string{"psp", "uniform", "wp", "nonpolite"} {
		if got, want := fs.res.plan.Values[name], whole.Values[name]; got != want || got == 0 {
			t.Errorf("%s: first screen %v, whole plan %v", name, got, want)
		}
	}
	if fs.res.pageTable == nil || fs.res.scatter == nil {
		t.Errorf("the first screen's results do not show its plan")
	}

	// The page: its first render already holds the plan (no worker has
	// answered yet), and the job that plans the rest takes the first
	// screen over, keeping its figures.
	prerendering = false
	t.Cleanup(func() { prerendering = goapp.IsServer })
	h2 := &home{}
	d := goapp.NewClientTester(h2)
	t.Cleanup(d.Close)
	if h2.res.plan == nil || h2.res.plan.Values["psp"] != fs.res.plan.Values["psp"] {
		t.Fatalf("the page's first render has no plan of the sample")
	}
	settle(t, d, func() bool { return h2.state() == "planned" && h2.res.target != nil })
	if got, want := h2.res.plan.Values["psp"], fs.res.plan.Values["psp"]; got != want || h2.first != nil {
		t.Errorf("the page planned psp %v, the first screen %v; first screen handed over: %v", got, want, h2.first == nil)
	}
}
