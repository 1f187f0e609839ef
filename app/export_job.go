package app

import (
	"bytes"
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

// exportFile plans pages as the CLI's plan command does (every policy,
// the schedule of q.Policy kept; for an export of the policy's per-page
// figures, the policy alone) and writes the export q.Export names.
func exportFile(ctx context.Context, pg []plan.Page, params plan.Params, q Request) (*ExportResult, error) {
	kind, ok := export.KindOf(q.Export)
	if !ok {
		return nil, fmt.Errorf("unknown export %q", q.Export)
	}
	if v := visits(params); kind.Name == "schedule" && v > maxScheduleExport {
		return nil, fmt.Errorf("the schedule of %s visits is too big to build in the browser (about %d MB); write it with the CLI%s",
			fmtInt(int64(v)), v*60>>20, cliSchedule(params, v, q.Policy))
	}
	if q.Learn {
		return learnExport(ctx, pg, params, kind)
	}
	params.Policy = plan.Policy(q.Policy)
	params.PerPage = []plan.Policy{plan.Policy(q.Policy)} // what the exports write
	perVisit := int64(planBytesPerVisit + keptBytesPerVisit)
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
	defer limitPlanMemory(len(pg), visits(params), perVisit)()
	pl, err := plan.Run(ctx, pg, params)
	if err != nil {
		return nil, err
	}
	pl.Params.Policy = plan.Policy(q.Policy) // whose figures the file holds
	var buf bytes.Buffer
	if err := export.Write(&buf, pl, kind.Name); err != nil {
		return nil, err
	}
	return &ExportResult{Kind: kind.Name, File: downloadAs[kind.Name].file, MIME: downloadAs[kind.Name].mime, Size: int64(buf.Len()), Data: buf.Bytes()}, nil
}

// learnExport writes the learning policy's seed list for a change
// history as 'freshplan plan --policy learn --export KIND' does with the
// same file: its start takes each page's rate as known (a change history
// has no fetches to fold in: cmd/freshplan's learnStart is nil for one),
// over the cycle the CLI picks by default (plan.AutoCycle).
func learnExport(ctx context.Context, pg []plan.Page, params plan.Params, kind export.Kind) (*ExportResult, error) {
	if !kind.PolicyOnly {
		return nil, fmt.Errorf("the learning policy's %s is the CLI's to write; the app writes its seed lists", downloadAs[kind.Name].file)
	}
	params.Policy, params.PerPage = plan.Learn, []plan.Policy{plan.Learn, plan.PSP}
	params.Cycle = plan.AutoCycle(len(pg), visits(params))
	defer limitPlanMemory(len(pg), visits(params)*params.Cycle, planBytesPerVisit+keptBytesPerVisit)()
	pl, err := plan.RunLearn(ctx, pg, nil, params)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	if err := export.Write(&buf, pl, kind.Name); err != nil {
		return nil, err
	}
	return &ExportResult{Kind: kind.Name, File: "freshplan-learn-" + strings.TrimPrefix(downloadAs[kind.Name].file, "freshplan-"), MIME: downloadAs[kind.Name].mime, Size: int64(buf.Len()), Data: buf.Bytes()}, nil
}
