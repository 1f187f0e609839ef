package app

// downloadAs is what the browser saves an export (export.Kinds) as: its
// file name and media type (core/export names the kinds only).
var downloadAs = map[string]struct{ file, mime string }{
	"pages":        {"freshplan-pages.csv", "text/csv"},
	"schedule":     {"freshplan-schedule.csv", "text/csv"},
	"hosts":        {"freshplan-hosts.csv", "text/csv"},
	"json":         {"freshplan-summary.json", "application/json"},
	"nutch":        {"freshplan-nutch-seeds.txt", "text/plain"},
	"stormcrawler": {"freshplan-stormcrawler-seeds.txt", "text/plain"},
	"csv":          {"freshplan-seeds.csv", "text/csv"},
}
