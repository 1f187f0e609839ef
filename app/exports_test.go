package app

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/freshplan/freshplan/core/export"
	"github.com/freshplan/freshplan/core/plan"
)

// TestExportThroughWorker sends export jobs the way the page sends them to
// its worker (with the names each file holds: Request.names), and checks
// each file against what the CLI's path writes: plan.Run with the same
// parameters, then export.Write.
func TestExportThroughWorker(t *testing.T) {
	pg := samplePages(t)
	d := newDataset("sample", 0, true, pg)
	q, errs := defaultForm().request()
	if errs != nil {
		t.Fatal(errs)
	}
	params := plan.DefaultParams()
	params.Budget, params.Policy = SampleBudget, "psp"
	params.Horizon, params.Politeness = 24*time.Hour, 15*time.Second
	cli, err := plan.Run(context.Background(), pg, params)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range export.Kinds {
		q.Seq, q.Stages, q.Export = 1, StageExport, k.Name
		got := viaWorker(t, q, d, "export").Export
		var want bytes.Buffer
		if err := export.Write(&want, cli, k.Name); err != nil {
			t.Fatal(err)
		}
		if k.Name == "json" {
			// The summary's seconds are timings: equal only by chance.
			got.Data, want = dropSeconds(t, got.Data), *bytes.NewBuffer(dropSeconds(t, want.Bytes()))
		}
		if d := downloadAs[k.Name]; got.File != d.file || got.MIME != d.mime || d.file == "" || d.mime == "" {
			t.Errorf("%s: file %q (%s), want %q (%s)", k.Name, got.File, got.MIME, d.file, d.mime)
		}
		if d := downloadAs[k.Name]; !strings.HasPrefix(d.cli, "plan --") || !strings.Contains(d.cli, k.Name) {
			t.Errorf("%s: the button's title names %q as the CLI's way to write it", k.Name, d.cli)
		}
		if !bytes.Equal(got.Data, want.Bytes()) {
			t.Errorf("%s: %d bytes differ from the CLI's %d", k.Name, len(got.Data), want.Len())
		}
		if want.Len() < 100 {
			t.Errorf("%s: only %d bytes", k.Name, want.Len())
		}
	}
}

// dropSeconds returns the JSON summary without its timings.
func dropSeconds(t *testing.T, b []byte) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("summary: %v", err)
	}
	if _, ok := m["seconds"]; !ok {
		t.Fatal("summary has no seconds")
	}
	delete(m, "seconds")
	out, err := json.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestWireModels: the pages' change models reach the worker.
func TestWireModels(t *testing.T) {
	pg := samplePages(t)[:50]
	pg[3].Change = &plan.Change{Model: "pareto", Shape: 1.5}
	pg[7].Change = &plan.Change{Model: "quasi", Times: []float64{60, 600}, Probs: []float64{1, 0.5}}
	d := newDataset("m", 0, false, pg)
	q, _ := defaultForm().request()
	b, err := packJob(q, d, false)
	if err != nil {
		t.Fatal(err)
	}
	_, got, err := unpackJob(b, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	for i := range pg {
		if !reflect.DeepEqual(got.Page(i).Change, pg[i].Change) {
			t.Errorf("page %d: change %+v, want %+v", i, got.Page(i).Change, pg[i].Change)
		}
	}
}

// TestExportTooBig: a schedule too big to build in the browser is refused
// with the CLI command that writes it.
func TestExportTooBig(t *testing.T) {
	old := CLI
	defer func() { CLI = old }()
	CLI = fakeCLI{}
	pg := samplePages(t)
	q, _ := defaultForm().request()
	q.Budget, q.Seq, q.Stages, q.Export = 3_000_000, 1, StageExport, "schedule"
	var msg string
	Compute(context.Background(), setOf(pg), q, func(s *Stage) {
		if s.Kind == "error" {
			msg = s.Note
		}
	})
	want := "SCHEDULE 3000000 psp"
	if !strings.Contains(msg, "too big to build in the browser") || !strings.Contains(msg, want) {
		t.Errorf("a 3M-visit schedule export: %q, want the command %q", msg, want)
	}
}

// TestPolicyOnlyExports: the exports written from one policy's per-page
// figures (export.Kind.PolicyOnly), which the app plans for that policy
// alone, are the bytes the CLI writes from a plan of every policy — for
// every policy, both models.
func TestPolicyOnlyExports(t *testing.T) {
	pg := samplePages(t)
	for _, model := range []string{"steady", "horizon"} {
		for _, policy := range plan.Names(plan.Policies()) {
			q, errs := defaultForm().request()
			if errs != nil {
				t.Fatal(errs)
			}
			q.Model, q.Policy = model, policy
			params, err := q.params()
			if err != nil {
				t.Fatal(err)
			}
			params.Budget, params.Policy = SampleBudget, plan.Policy(policy)
			cli, err := plan.Run(context.Background(), pg, params)
			if err != nil {
				t.Fatal(err)
			}
			for _, k := range export.Kinds {
				if !k.PolicyOnly {
					continue
				}
				q.Budget, q.Seq, q.Stages, q.Export = SampleBudget, 1, StageExport, k.Name
				got := exportOf(t, pg, q)
				var want bytes.Buffer
				if err := export.Write(&want, cli, k.Name); err != nil {
					t.Fatal(err)
				}
				if got == nil || !bytes.Equal(got.Data, want.Bytes()) {
					t.Errorf("%s %s %s: the app's file differs from the CLI's (%d bytes)", model, policy, k.Name, want.Len())
				}
			}
		}
	}
}

// TestPolicyNotPlannedShown: a policy the plan cannot make for the pages
// (Cho's optimum for pages with change models) is shown as such: the
// plan says why, the charts and tables show psp, and the form says so.
func TestPolicyNotPlannedShown(t *testing.T) {
	pg := samplePages(t)[:200]
	pg[3].Change = &plan.Change{Model: "pareto", Shape: 1.5}
	d := newDataset("m", 0, false, pg)
	q, _ := defaultForm().request()
	q.Policy, q.Budget, q.Seq, q.Stages = "cho", 2000, 1, StagePlan
	r := viaWorker(t, q, d, "plan").Plan
	if r.Policy != "psp" || !strings.Contains(r.Omitted["cho"], "Poisson") {
		t.Fatalf("shown %s, cho omitted because %q", r.Policy, r.Omitted["cho"])
	}
	if _, ok := r.Values["cho"]; ok {
		t.Error("cho has a value")
	}
	if got := policyHint(r, "cho"); !strings.Contains(got, "not planned here (its optimum assumes every page is Poisson): psp is shown") {
		t.Errorf("hint %q", got)
	}
	if got := policyHint(r, "psp"); got != "in the charts and tables" {
		t.Errorf("hint for psp %q", got)
	}
}

// TestSummaryReplays: with Simulate, the JSON summary the page writes
// holds the replays, as 'freshplan plan --simulate N --json' writes them
// (seed 1, the CLI's default), and no replays without it.
func TestSummaryReplays(t *testing.T) {
	pg := samplePages(t)[:300]
	for _, runs := range []int{0, 2} {
		q, errs := defaultForm().request()
		if errs != nil {
			t.Fatal(errs)
		}
		q.Budget, q.Simulate, q.Seq, q.Stages, q.Export = 2000, runs, 1, StageExport, "json"
		got := exportOf(t, pg, q)
		params, err := q.params()
		if err != nil {
			t.Fatal(err)
		}
		params.Policy, params.Simulate, params.Seed = plan.Policy(q.Policy), runs, 1
		cli, err := plan.Run(context.Background(), pg, params)
		if err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		if err := export.Write(&want, cli, "json"); err != nil {
			t.Fatal(err)
		}
		if got == nil {
			t.Fatalf("simulate %d: no summary", runs)
		}
		var a, b map[string]any
		if err := json.Unmarshal(got.Data, &a); err != nil {
			t.Fatal(err)
		}
		if err := json.Unmarshal(want.Bytes(), &b); err != nil {
			t.Fatal(err)
		}
		delete(a, "seconds")
		delete(b, "seconds")
		if !reflect.DeepEqual(a, b) {
			t.Errorf("simulate %d: the app's summary\n%s\nthe CLI's\n%s", runs, got.Data, want.Bytes())
		}
		if _, ok := a["replayed"]; ok != (runs > 0) {
			t.Errorf("simulate %d: replayed in the summary %v", runs, ok)
		}
	}
}

// exportOf is the file the page's Compute makes for q's export; an error
// stage fails the test with its request.
func exportOf(t *testing.T, pg []plan.Page, q Request) *ExportResult {
	t.Helper()
	var got *ExportResult
	Compute(context.Background(), setOf(pg), q, func(s *Stage) {
		switch s.Kind {
		case "export":
			got = s.Export
		case "error":
			t.Fatalf("%s %s export %s, %d simulations: %s", q.Model, q.Policy, q.Export, q.Simulate, s.Note)
		}
	})
	return got
}

// TestExportFromShownPlan: the files the page writes from the plan it
// shows (shownPlan) are the CLI's, byte for byte, for every policy; the
// others, and a plan of another policy than asked for, are left to a
// worker.
func TestExportFromShownPlan(t *testing.T) {
	pg := samplePages(t)
	d := newDataset("sample", 0, true, pg)
	q, errs := defaultForm().request()
	if errs != nil {
		t.Fatal(errs)
	}
	params, err := q.params()
	if err != nil {
		t.Fatal(err)
	}
	written := 0
	for _, policy := range plan.Policies() {
		q.Seq, q.Stages, q.Policy = 1, StagePlan, string(policy)
		shown := viaWorker(t, q, d, "plan").Plan
		p := params
		p.Policy = policy
		cli, err := plan.Run(context.Background(), pg, p)
		var omitted *plan.NotPlannedError
		if errors.As(err, &omitted) || cli != nil && cli.Omitted[policy] != "" {
			if shownPlan(q, d.pages, "nutch", false, shown) != nil {
				t.Errorf("%s: omitted, yet the page writes its seed list (it shows %s's)", policy, shown.Policy)
			}
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		for _, k := range export.Kinds {
			pl := shownPlan(q, d.pages, k.Name, false, shown)
			if !k.PolicyOnly {
				if pl != nil {
					t.Errorf("%s: the page writes %s, which needs a plan of its own", policy, k.Name)
				}
				continue
			}
			if pl == nil {
				t.Errorf("%s: the page does not write %s from the plan it shows", policy, k.Name)
				continue
			}
			got, err := writeShown(pl, k.Name)
			if err != nil {
				t.Fatal(err)
			}
			var want bytes.Buffer
			if err := export.Write(&want, cli, k.Name); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(got.Data, want.Bytes()) || got.Size != int64(want.Len()) || got.File != downloadAs[k.Name].file {
				t.Errorf("%s %s: %d bytes (%s) differ from the CLI's %d", policy, k.Name, len(got.Data), got.File, want.Len())
			}
			written++
		}
		if shownPlan(q, d.pages, "nutch", true, shown) != nil {
			t.Errorf("%s: the page writes the learning policy's seed list", policy)
		}
	}
	if written < 4*4 {
		t.Errorf("only %d files written from the plan shown", written)
	}
	// A plan that shows psp's figures for another policy (Cho's optimum
	// omitted, or its figures not in yet) is not that policy's.
	q.Policy = "uniform"
	shown := viaWorker(t, q, d, "plan").Plan
	shown.Policy = "psp"
	if shownPlan(q, d.pages, "nutch", false, shown) != nil {
		t.Error("the page writes uniform's seed list from psp's figures")
	}
}
