package app

import (
	"context"
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/freshplan/freshplan/core/plan"
)

func TestCompute(t *testing.T) {
	pg := samplePages(t)
	q, _ := defaultForm().request()
	q.Seq, q.Stages = 3, allStages
	got := map[string]*Stage{}
	var kinds []string
	Compute(context.Background(), setOf(pg), q, func(s *Stage) {
		if s.Seq != 3 {
			t.Errorf("stage of job %d", s.Seq)
		}
		if s.Kind != "progress" {
			kinds = append(kinds, s.Kind)
			got[s.Kind] = s
		}
	})
	// psp's allocation's figure first, psp's plan as soon as it is ready
	// (early), the other figures as each is scored (nonpolite, the rate
	// policies together, then infcrawlers, mp2, mwolf, mwolf-exact and
	// azar), then whole.
	if !slices.Equal(kinds, []string{"allocated", "plan", "scored", "scored", "scored", "scored", "scored", "scored", "scored", "plan", "sweep", "target", "done"}) {
		t.Fatalf("stages %v", kinds)
	}
	if a := got["allocated"].Plan; a.Visits != nil || a.Values["wp"] != got["plan"].Plan.Values["wp"] || a.Values["uniform"] != got["plan"].Plan.Values["uniform"] {
		t.Errorf("allocated: %d visits, wp %v, uniform %v; want no per-page arrays and the plan's figures %v", len(a.Visits), a.Values["wp"], a.Values["uniform"], got["plan"].Plan.Values)
	} else if _, ok := a.Values["psp"]; ok {
		t.Errorf("allocated has psp's figure before its schedule")
	}
	p := got["plan"].Plan
	if p.Budget != SampleBudget || len(p.Visits) != len(pg) || len(p.HostLoad) != 36 || p.Violations != 0 {
		t.Errorf("plan: budget %d, %d visits, %d hosts, %d violations", p.Budget, len(p.Visits), len(p.HostLoad), p.Violations)
	}
	if !(p.Values["wp"] <= p.Values["psp"]+1e-12 && p.Values["nonpolite"] <= p.Values["wp"]+1e-12) {
		t.Errorf("bounds out of order: %v", p.Values)
	}
	var total float64
	for h, load := range p.HostLoad {
		total += load
		if load > p.HostCap[h]+1e-9 {
			t.Errorf("psp overloads host %d: %v > %v", h, load, p.HostCap[h])
		}
	}
	if math.Abs(total+float64(p.Dropped)-float64(SampleBudget)) > 1e-9 {
		t.Errorf("psp makes %v visits and drops %d of %d", total, p.Dropped, SampleBudget)
	}
	sw := got["sweep"].Sweep
	if len(sw.Budgets) != len(plan.SweepFactors) || !slices.IsSorted(sw.Budgets) || len(sw.Points) < 9*len(plan.SweepFactors) {
		t.Errorf("sweep budgets %v, %d points", sw.Budgets, len(sw.Points))
	}
	tr := got["target"].Target
	if tr.Unreachable || tr.Budget <= SampleBudget || tr.Freshness < 0.9 || tr.Runs == 0 {
		t.Fatalf("target %+v", tr)
	}
	// One fewer visit does not reach it (the search stops within 5%).
	lower := int(float64(tr.Budget) / 1.05)
	q2 := q
	q2.Budget, q2.Stages = lower, StagePlan
	Compute(context.Background(), setOf(pg), q2, func(s *Stage) {
		if s.Kind == "plan" && 1-s.Plan.Values["psp"] >= 0.9 {
			t.Errorf("at %d visits psp already reaches 90%% (%v); the search found %d", lower, 1-s.Plan.Values["psp"], tr.Budget)
		}
	})

	// A target no polite plan reaches.
	q3 := q
	q3.Target, q3.Stages = 0.9999, StageTarget
	Compute(context.Background(), setOf(pg), q3, func(s *Stage) {
		if s.Kind == "target" && (!s.Target.Unreachable || s.Target.MaxBudget == 0) {
			t.Errorf("99.99%%: %+v", s.Target)
		}
	})
	// Under age, there is no freshness target.
	q4 := q
	q4.Objective, q4.Stages = "age", StageTarget
	Compute(context.Background(), setOf(pg), q4, func(s *Stage) {
		if s.Kind == "target" && !s.Target.Age {
			t.Errorf("age target: %+v", s.Target)
		}
	})
	// Errors come as a stage.
	q5 := q
	q5.Politeness, q5.Horizon = 100, 50
	var errStage *Stage
	Compute(context.Background(), setOf(pg), q5, func(s *Stage) {
		if s.Kind == "error" {
			errStage = s
		}
	})
	if errStage == nil || !strings.Contains(errStage.Note, "politeness") {
		t.Errorf("bad parameters: %+v", errStage)
	}
}

func TestComputeCancel(t *testing.T) {
	pg := samplePages(t)
	q, _ := defaultForm().request()
	q.Stages = allStages
	ctx, cancel := context.WithCancel(context.Background())
	var kinds []string
	Compute(ctx, setOf(pg), q, func(s *Stage) {
		kinds = append(kinds, s.Kind)
		if s.Kind == "plan" {
			cancel()
		}
	})
	if slices.Contains(kinds, "done") || slices.Contains(kinds, "target") || slices.Contains(kinds, "error") {
		t.Errorf("a cancelled job went on: %v", kinds)
	}
}

// TestComputeEarly: a plan whose policy shown is psp comes twice:
// first with psp, the bound wp and uniform, across the wire, then whole
// (nonpolite and, for these Poisson pages, infcrawlers among the policies
// scored after: plan.Params.Early); a plan for a policy not ready early
// (cho) once.
func TestComputeEarly(t *testing.T) {
	pg := samplePages(t)[:300]
	q, _ := defaultForm().request()
	q.Seq, q.Stages, q.Budget = 4, StagePlan, 1000
	var plans []*PlanResult
	Compute(context.Background(), setOf(pg), q, func(s *Stage) {
		if s.Kind == "error" {
			t.Fatal(s.Note)
		}
		if s.Kind == "plan" {
			plans = append(plans, acrossWire(t, s).Plan)
		}
	})
	if len(plans) != 2 || !plans[0].Early || plans[1].Early {
		t.Fatalf("%d plan stages", len(plans))
	}
	first, last := plans[0], plans[1]
	for _, name := range []string{"psp", "wp", "uniform"} {
		if v, ok := first.Values[name]; !ok || v != last.Values[name] {
			t.Errorf("%s: early %v (%v), final %v", name, v, ok, last.Values[name])
		}
	}
	if _, ok := last.Values["nonpolite"]; !ok {
		t.Error("the final plan lacks nonpolite")
	}
	_, np := first.Values["nonpolite"]
	if _, ok := first.Values["mp2"]; ok || np || len(first.Values) >= len(last.Values) {
		t.Errorf("early values %v, final %v", first.Values, last.Values)
	}
	if !slices.Equal(first.Visits, last.Visits) || !slices.Equal(first.HostLoad, last.HostLoad) {
		t.Error("psp's visits differ between the early and the final plan")
	}
	q.Policy = "cho" // not ready early: one plan stage
	n := 0
	Compute(context.Background(), setOf(pg), q, func(s *Stage) {
		if s.Kind == "plan" {
			n++
		}
	})
	if n != 1 {
		t.Errorf("%d plan stages for cho", n)
	}
}

// TestSweepNote: the budgets the sweep leaves to the CLI (too big for
// the tab) are named under the chart with the command CLI gives.
func TestSweepNote(t *testing.T) {
	old := CLI
	defer func() { CLI = old }()
	CLI = fakeCLI{}
	cmds := cliSweep(plan.DefaultParams(), []int{34_560_000})
	want := "SWEEP 34560000"
	if len(cmds) != 1 || cmds[0] != want {
		t.Errorf("commands %q, want %q", cmds, want)
	}
	sw := &SweepResult{Budgets: []int{1_080_000, 8_640_000}, TooBig: []int{34_560_000}, CLI: cmds,
		Points: []plan.Point{{Budget: 1_080_000, Name: "psp", Value: 0.9}, {Budget: 8_640_000, Name: "psp", Value: 0.6}}}
	if spec := sweepSpec(sw, 8_640_000, nil, objective("staleness")); !strings.Contains(spec.Note, want) {
		t.Errorf("chart note %q: want %q", spec.Note, want)
	}
}

// fakeCLI stands for cmd/freshplan's commands (tested there, where the
// flags are): it says which budgets it was asked for.
type fakeCLI struct{}

func (fakeCLI) Sweep(p plan.Params, budgets []int) []string {
	return []string{"SWEEP " + strings.Trim(fmt.Sprint(budgets), "[]")}
}

func (fakeCLI) Learn(p plan.Params, x int) string { return fmt.Sprintf("LEARN %d", x) }
func (fakeCLI) Schedule(p plan.Params, x int, policy string) string {
	return fmt.Sprintf("SCHEDULE %d %s", x, policy)
}

// TestShowScored: the figures scored after an early plan go into it, its
// per-page arrays kept and it still early; a stage for another budget, or
// after the finished plan, changes nothing.
func TestShowScored(t *testing.T) {
	visits := []float64{1, 2}
	early := &PlanResult{Budget: 10, Early: true, Values: map[string]float64{"psp": 0.1}, Visits: visits}
	var r results
	r.plan = early
	r.showScored(&PlanResult{Budget: 10, Values: map[string]float64{"psp": 0.1, "mp2": 0.2}, DroppedBy: map[string]int{"mp2": 3}})
	if p := r.plan; !p.Early || len(p.Values) != 2 || p.DroppedBy["mp2"] != 3 || !slices.Equal(p.Visits, visits) {
		t.Errorf("after a scored stage: %+v", p)
	}
	if early.Values["mp2"] != 0 || len(early.Values) != 1 {
		t.Errorf("the early plan given was changed in place: %v", early.Values)
	}
	r.showScored(&PlanResult{Budget: 11, Values: map[string]float64{"azar": 0.3}})
	if _, ok := r.plan.Values["azar"]; ok {
		t.Error("a stage of another budget was taken")
	}
	r.plan = &PlanResult{Budget: 10, Values: map[string]float64{"psp": 0.1}}
	r.showScored(&PlanResult{Budget: 10, Values: map[string]float64{"azar": 0.3}})
	if _, ok := r.plan.Values["azar"]; ok {
		t.Error("a stage after the finished plan was taken")
	}
}
