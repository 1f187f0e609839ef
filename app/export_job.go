package app

import (
	"context"
	"fmt"
	"strings"

	"github.com/freshplan/freshplan/core/export"
	"github.com/freshplan/freshplan/core/plan"
)

// maxScheduleExport is the most visits a schedule exported from the
// browser holds: at about 60 bytes a row, 2M visits are 120 MB, and the
// file is built in memory, twice (in the worker, then as a Blob).
const maxScheduleExport = 2_000_000

// exportFile plans the set's pages as the CLI's plan command does and
// writes the export q.Export names: every policy, the schedule of q.Policy
// made (and kept for the schedule file); for the hosts file the policy
// and the bounds; for an export of the policy's per-page figures, the
// policy alone. The plan reads the set's columns a page at a time, as
// planning does: at a million pages a []Page would be another 80 MB.
func exportFile(ctx context.Context, set *pageSet, params plan.Params, q Request) (*ExportResult, error) {
	kind, ok := export.KindOf(q.Export)
	if !ok {
		return nil, fmt.Errorf("unknown export %q", q.Export)
	}
	if v := visits(params); kind.Name == "schedule" && v > maxScheduleExport {
		return nil, fmt.Errorf("the schedule of %s visits is too big to build in the browser (about %d MB); write it with the CLI%s",
			fmtInt(int64(v)), v*60>>20, cliSchedule(params, v, q.Policy))
	}
	if q.Learn {
		return learnExport(ctx, set, params, kind)
	}
	params.Policy = plan.Policy(q.Policy)
	params.PerPage = []plan.Policy{plan.Policy(q.Policy)} // what the exports write
	perVisit := int64(planBytesPerVisit)
	if kind.Name == "schedule" {
		perVisit += keptBytesPerVisit
	} else {
		// The hosts file and the summary count the schedule's visits
		// (Plan.Hosts, Plan.Scheduled), which a schedule streamed away
		// counts as one held does: at paper scale the 8.64M visits held
		// were 138 MB.
		params.Stream = func(plan.Visit) {}
	}
	if kind.Name == "hosts" {
		// The hosts file is the policy's schedule's counts and the hosts'
		// caps: the other policies are not planned (at paper scale in the
		// browser, they take twice as long as the policy and the bounds).
		params.Compare = []plan.Policy{}
	}
	if kind.Name == "json" && q.Simulate > 0 {
		// The summary holds the replays (its "replayed"), as plan
		// --simulate N --json writes them; no other file has them.
		params.Simulate, params.Seed = q.Simulate, 1
		perVisit += replayBytesPerVisit
	}
	if kind.PolicyOnly {
		// Only the policy is planned, psp and the bounds aside, and its
		// schedule is not kept: at a million pages the other policies take
		// as long again, and the file is the same.
		params.Policy, params.Compare = plan.None, []plan.Policy{plan.Policy(q.Policy)}
		perVisit = planBytesPerVisit
	}
	defer limitPlanMemory(set.Len(), visits(params), perVisit)()
	pl, err := plan.RunTable(ctx, set, params)
	if err != nil {
		return nil, err
	}
	pl.Params.Policy = plan.Policy(q.Policy) // whose figures the file holds
	f := newExportWriter()
	if err := export.Write(f, pl, kind.Name); err != nil {
		return nil, err
	}
	return f.result(kind.Name, downloadAs[kind.Name].file, downloadAs[kind.Name].mime), nil
}

// learnExport writes the learning policy's seed list for a change
// history as 'freshplan plan --policy learn --export KIND' does with the
// same file: its start takes each page's rate as known (a change history
// has no fetches to fold in: cmd/freshplan's learnStart is nil for one),
// over the cycle the CLI picks by default (plan.AutoCycle).
func learnExport(ctx context.Context, set *pageSet, params plan.Params, kind export.Kind) (*ExportResult, error) {
	if !kind.PolicyOnly {
		return nil, fmt.Errorf("the learning policy's %s is the CLI's to write; the app writes its seed lists", downloadAs[kind.Name].file)
	}
	params.Policy, params.PerPage = plan.Learn, []plan.Policy{plan.Learn, plan.PSP}
	params.Cycle = plan.AutoCycle(set.Len(), visits(params))
	defer limitPlanMemory(set.Len(), visits(params)*params.Cycle, planBytesPerVisit+keptBytesPerVisit)()
	pl, err := plan.RunLearn(ctx, set, nil, params)
	if err != nil {
		return nil, err
	}
	f := newExportWriter()
	if err := export.Write(f, pl, kind.Name); err != nil {
		return nil, err
	}
	return f.result(kind.Name, "freshplan-learn-"+strings.TrimPrefix(downloadAs[kind.Name].file, "freshplan-"), downloadAs[kind.Name].mime), nil
}

// shownPlan is the plan on screen, r, made by q, as the export writers
// read it, when the file kind names is written from the pages and the
// policy's per-page figures alone (export.Kind's PolicyOnly), which the
// page holds: the page then writes the file at once, where a worker
// would plan again (at paper scale 6 s, and a second copy of the pages
// and of a plan's memory). It is nil when a worker must: another file,
// the learning policy's, or a plan whose policy is not the one asked for
// (Cho's and Azar's optima omitted, or not in yet).
func shownPlan(q Request, set *pageSet, kind string, learn bool, r *PlanResult) *plan.Plan {
	k, ok := export.KindOf(kind)
	params, err := q.params()
	if !ok || !k.PolicyOnly || learn || err != nil || params.Horizon <= 0 || set == nil || set.Ends == nil ||
		r == nil || r.Policy != q.Policy || len(r.Visits) != set.Len() || len(r.Stale) != set.Len() {
		return nil
	}
	params.Policy = plan.Policy(q.Policy)
	return &plan.Plan{Params: params, Table: set,
		Results: map[plan.Policy]*plan.Result{params.Policy: {Name: params.Policy, Visits: r.Visits, Page: r.Stale}}}
}

// writeShown writes the export kind of the plan shownPlan made.
func writeShown(pl *plan.Plan, kind string) (*ExportResult, error) {
	f := newExportWriter()
	if err := export.Write(f, pl, kind); err != nil {
		return nil, err
	}
	return f.result(kind, downloadAs[kind].file, downloadAs[kind].mime), nil
}
