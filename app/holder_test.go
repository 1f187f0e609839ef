package app

import (
	"bytes"
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/freshplan/freshplan/core/export"
)

// heldPlanOf plans the pages h holds with q, as a worker does (the
// holder's emit), and returns the stages the page gets.
func heldPlanOf(t *testing.T, h *holder, q Request) []*Stage {
	t.Helper()
	set, _ := h.pages()
	var got []*Stage
	Compute(context.Background(), set, q, h.emitting(q, func(s *Stage) {
		if s.Kind == "error" {
			t.Fatal(s.Note)
		}
		got = append(got, s)
	}))
	return got
}

// askAcross asks h a question as the page asks a worker: the question and
// its answer through JSON.
func askAcross(t *testing.T, h *holder, a *Ask) *Answer {
	t.Helper()
	b, err := json.Marshal(a)
	if err != nil {
		t.Fatal(err)
	}
	var a2 Ask
	if err := json.Unmarshal(b, &a2); err != nil {
		t.Fatal(err)
	}
	ans := h.answer(&a2)
	data := ans.Export
	b, err = json.Marshal(ans)
	if err != nil {
		t.Fatal(err)
	}
	var ans2 Answer
	if err := json.Unmarshal(b, &ans2); err != nil {
		t.Fatal(err)
	}
	if ans2.Export != nil {
		ans2.Export.Data = data.Data // the bytes go apart (a Blob from a worker)
	}
	return &ans2
}

// TestHolderPlans: a plan of pages held elsewhere than the page reaches
// it without a figure per page, then its scatter, drawn as the page draws
// it from the pages (once for an early and a final plan of one policy); the page table's rows asked of the holder are
// the rows the page makes of the pages, in every order and filter, page
// by page; a seed list asked of it is the CLI's file of the same plan;
// and a plan or pages it no longer holds are answered so.
func TestHolderPlans(t *testing.T) {
	pg := samplePages(t)
	local := newDataset("sample", 0, true, pg)
	var h holder
	h.adopt(setOf(pg), nil, 5)
	q, errs := defaultForm().request()
	if errs != nil {
		t.Fatal(errs)
	}
	q.Seq, q.Stages = 9, StagePlan
	// The plan as the page gets it of pages it holds.
	var whole *PlanResult
	Compute(context.Background(), local.pages, q, func(s *Stage) {
		if s.Kind == "plan" && !s.Plan.Early {
			whole = s.Plan
		}
	})
	var held, scatter *PlanResult
	scatters := 0
	for _, s := range heldPlanOf(t, &h, q) {
		switch {
		case s.Kind == "plan" && !s.Plan.Early:
			held = acrossWire(t, s).Plan
		case s.Kind == "scatter":
			scatter = acrossWire(t, s).Plan
			scatters++
		}
	}
	if scatters != 1 {
		t.Errorf("%d scatters drawn for one policy's early and final plans", scatters)
	}
	if whole == nil || held == nil {
		t.Fatal("no plan")
	}
	if held.Visits != nil || held.Stale != nil {
		t.Error("a plan of held pages sends a figure per page")
	}
	if !reflect.DeepEqual(held.Values, whole.Values) || !reflect.DeepEqual(held.HostLoad, whole.HostLoad) {
		t.Error("a plan of held pages has other figures")
	}
	want := scatterSpec(local, whole, q, func() {})
	if scatter == nil || scatter.Scatter == nil {
		t.Fatal("no scatter after the plan")
	}
	got := scatter.Scatter
	got.Version, want.Version = 0, 0
	if !reflect.DeepEqual(got, want) {
		t.Error("the scatter drawn where the pages are is not the page's")
	}

	table := pageTable(local, whole, q)
	for _, a := range []tableAsk{{}, {Sort: 1}, {Sort: 3, Desc: true, Page: 2}, {Sort: 6, Page: 1000}, {Filter: "example", Sort: 2}, {Filter: "no such page"}} {
		ans := askAcross(t, &h, &Ask{Seq: 1, Kind: "rows", Held: 5, Plan: 9, Table: a})
		if ans.Err != "" {
			t.Fatalf("%+v: %s", a, ans.Err)
		}
		wantPage := pageOf(table, orderRows(table, a.Sort, a.Desc, a.Filter), a)
		if !reflect.DeepEqual(ans.Rows, wantPage) {
			t.Errorf("%+v: rows %+v, want %+v", a, ans.Rows.Ask, wantPage.Ask)
		}
	}
	if len(table.Cols) < 6 {
		t.Fatalf("the page table has %d columns", len(table.Cols))
	}

	// A seed list is the file the page writes of the plan it holds
	// whole, itself the CLI's (TestExportFromShownPlan).
	e := q
	e.Export = "nutch"
	ans := askAcross(t, &h, &Ask{Seq: 2, Kind: "export", Held: 5, Plan: 9, Request: e})
	if ans.Err != "" || ans.Export == nil {
		t.Fatalf("export: %q, %+v", ans.Err, ans.Export)
	}
	var wantFile bytes.Buffer
	if err := export.Write(&wantFile, shownPlan(e, local.pages, "nutch", false, whole), "nutch"); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(ans.Export.Data, wantFile.Bytes()) {
		t.Errorf("the held plan's seed list differs from the page's (%d bytes against %d)", len(ans.Export.Data), wantFile.Len())
	}

	// The page never goes back to an older plan: newer ones let it go.
	for seq := 10; seq < 10+heldPlans; seq++ {
		q.Seq = seq
		heldPlanOf(t, &h, q)
	}
	if ans := askAcross(t, &h, &Ask{Seq: 3, Kind: "rows", Held: 5, Plan: 9}); ans.Err != errNotHeld.Error() {
		t.Errorf("rows of a plan let go: %q", ans.Err)
	}
	if ans := askAcross(t, &h, &Ask{Seq: 4, Kind: "rows", Held: 4, Plan: 10}); ans.Err != errPagesLost.Error() {
		t.Errorf("rows of pages not held: %q", ans.Err)
	}
	if ans := askAcross(t, &h, &Ask{Seq: 5, Kind: "rows", Held: 5, Plan: 10 + heldPlans - 1}); ans.Err != "" || ans.Rows == nil {
		t.Errorf("rows of the newest plan: %q", ans.Err)
	}
}

// TestSuperseded: rows asked for again of the same pages supersede the
// rows asked before; nothing else does, nor is superseded.
func TestSuperseded(t *testing.T) {
	rows := func(held int) *Ask { return &Ask{Kind: "rows", Held: held} }
	export := &Ask{Kind: "export", Held: 1}
	for _, tc := range []struct {
		a       *Ask
		waiting []*Ask
		want    bool
	}{
		{rows(1), nil, false},
		{rows(1), []*Ask{export}, false},
		{rows(1), []*Ask{export, rows(1)}, true},
		{rows(1), []*Ask{rows(2)}, false},
		{export, []*Ask{rows(1), export}, false},
	} {
		if got := superseded(tc.a, tc.waiting); got != tc.want {
			t.Errorf("%+v with %d waiting: superseded %v, want %v", tc.a, len(tc.waiting), got, tc.want)
		}
	}
}
