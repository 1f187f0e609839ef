package export

import (
	"fmt"
	"io"

	"github.com/freshplan/freshplan/core/plan"
)

// Kind is one file a plan can be exported as.
type Kind struct {
	Name     string // as the app and Write name it
	File     string // the file name the app downloads it as
	MIME     string
	Describe string
}

// Kinds are the exports of SPEC §6, in the order the app offers them.
var Kinds = []Kind{
	{"pages", "freshplan-pages.csv", "text/csv", "per page: visits, interval and staleness (plan --pages)"},
	{"schedule", "freshplan-schedule.csv", "text/csv", "every visit: time, crawler, URL, host (plan --schedule)"},
	{"hosts", "freshplan-hosts.csv", "text/csv", "per host: pages, visits, cap, utilization (plan --hosts)"},
	{"json", "freshplan-summary.json", "application/json", "the JSON summary (plan --json)"},
	{"nutch", "freshplan-nutch-seeds.txt", "text/plain", "Nutch seed list (plan --export nutch)"},
	{"stormcrawler", "freshplan-stormcrawler-seeds.txt", "text/plain", "StormCrawler seed list (plan --export stormcrawler)"},
	{"csv", "freshplan-seeds.csv", "text/csv", "seed list as CSV (plan --export csv)"},
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
