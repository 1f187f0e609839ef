package app

// downloadAs is what the browser saves an export (export.Kinds) as: its
// file name and media type, and the CLI command that writes the same file
// (core/export names the kinds only).
var downloadAs = map[string]struct{ file, mime, cli string }{
	"pages":        {"freshplan-pages.csv", "text/csv", "plan --pages"},
	"schedule":     {"freshplan-schedule.csv", "text/csv", "plan --schedule"},
	"hosts":        {"freshplan-hosts.csv", "text/csv", "plan --hosts"},
	"json":         {"freshplan-summary.json", "application/json", "plan --json"},
	"nutch":        {"freshplan-nutch-seeds.txt", "text/plain", "plan --export nutch"},
	"stormcrawler": {"freshplan-stormcrawler-seeds.txt", "text/plain", "plan --export stormcrawler"},
	"csv":          {"freshplan-seeds.csv", "text/csv", "plan --export csv"},
}
