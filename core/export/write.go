package export

import (
	"fmt"
	"io"

	"github.com/freshplan/freshplan/core/plan"
)

// Kind is one file a plan can be exported as. What the file is called,
// its media type and the flag that writes it are the callers' to say
// (the app's downloads, the CLI's flags).
type Kind struct {
	Name     string // as the app and Write name it
	Describe string
	// PolicyOnly is set when the file is written from the pages and the
	// plan's policy's per-page figures alone: a plan made for it needs no
	// other policy, and need not keep the schedule.
	PolicyOnly bool
	// URLs and Hosts say whether the file holds the pages' URLs and the
	// hosts' names: a plan made for a file without them may be of pages
	// known by their numbers (the browser's planning worker's).
	URLs, Hosts bool
}

// Kinds are the exports of SPEC §6, in the order the app offers them.
var Kinds = []Kind{
	{"pages", "per page: visits, interval and staleness", true, true, true},
	{"schedule", "every visit: time, crawler, URL, host", false, true, true},
	{"hosts", "per host: pages, visits, cap, utilization", false, false, true},
	{"json", "the JSON summary", false, false, false},
	{"nutch", "Nutch seed list", true, true, false},
	{"stormcrawler", "StormCrawler seed list", true, true, false},
	{"csv", "seed list as CSV", true, true, true},
}

// KindOf returns the kind named name.
func KindOf(name string) (Kind, bool) {
	for _, k := range Kinds {
		if k.Name == name {
			return k, true
		}
	}
	return Kind{}, false
}

// Write writes the plan as the export named kind: the one function the
// CLI's output flags and the app's downloads both go through, so that
// they write the same bytes.
func Write(w io.Writer, p *plan.Plan, kind string) error {
	switch kind {
	case "pages":
		return Pages(w, p)
	case "schedule":
		return Schedule(w, p)
	case "hosts":
		return Hosts(w, p)
	case "json":
		return JSON(w, p)
	case "nutch", "stormcrawler", "csv":
		return Seeds(w, p, kind)
	}
	return fmt.Errorf("unknown export %q", kind)
}

// policyResult returns the result of the plan's policy, with its per-page
// figures, or why there is none (Cho's and Azar's optima assume Poisson
// pages, mwolf-exact has a size limit: see plan.Plan.Omitted).
func policyResult(p *plan.Plan) (*plan.Result, error) {
	name := p.Params.Policy
	r := p.Result(name)
	switch {
	case r != nil && r.Visits != nil:
		return r, nil
	case r == nil && p.Omitted[name] != "":
		return nil, &plan.NotPlannedError{Policy: name, Why: p.Omitted[name]}
	}
	return nil, fmt.Errorf("the plan has no per-page figures for policy %q", name)
}
