package e2e

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// exportFiles are the app's downloads and the CLI flags that write the
// same file.
var exportFiles = []struct {
	button, file string
	flags        []string
}{
	{"export-pages", "freshplan-pages.csv", []string{"--pages"}},
	{"export-schedule", "freshplan-schedule.csv", []string{"--schedule"}},
	{"export-hosts", "freshplan-hosts.csv", []string{"--hosts"}},
	{"export-json", "freshplan-summary.json", []string{"--json"}},
	{"export-nutch", "freshplan-nutch-seeds.txt", []string{"--export", "nutch"}},
	{"export-stormcrawler", "freshplan-stormcrawler-seeds.txt", []string{"--export", "stormcrawler"}},
	{"export-csv", "freshplan-seeds.csv", []string{"--export", "csv"}},
}

// TestExports downloads every export of the sample's plan and compares it
// with what 'freshplan plan' writes for the same file and parameters (the
// JSON summary without its timings); each chart downloads as an SVG file.
func TestExports(t *testing.T) {
	tb := newTab(t)
	tb.open()
	sample, err := filepath.Abs("../web/sample-pages.csv")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, e := range exportFiles {
		want := filepath.Join(dir, e.file)
		args := append([]string{"plan", "--budget", "20000"}, e.flags...)
		args = append(args, want, sample)
		if out, err := exec.Command(cli, args...).CombinedOutput(); err != nil {
			t.Fatalf("freshplan %v: %v\n%s", args, err, out)
		}
		got := tb.downloadBy("#"+e.button, e.file)
		wantB, err := os.ReadFile(want)
		if err != nil {
			t.Fatal(err)
		}
		if e.file == "freshplan-summary.json" {
			got, wantB = withoutSeconds(t, got), withoutSeconds(t, wantB)
		}
		if !bytes.Equal(got, wantB) {
			t.Errorf("%s: the app's %d bytes differ from the CLI's %d", e.file, len(got), len(wantB))
		} else {
			t.Logf("%s: %d bytes, identical to the CLI's", e.file, len(got))
		}
	}
	tb.shotOf("#exports", "exports")
	// The charts from a fresh tab: Chromium stopped a tab's eleventh
	// download in a row now and then (twice in many runs, each time the
	// eleventh), though each follows a click; a person would be asked
	// whether the site may download many files.
	charts := newTab(t)
	charts.open()
	for _, c := range []string{"rates", "hosts", "budget", "histogram"} {
		file := map[string]string{"rates": "freshplan-revisits-vs-rate.svg", "hosts": "freshplan-host-load.svg",
			"budget": "freshplan-staleness-vs-budget.svg", "histogram": "freshplan-rate-histogram.svg"}[c]
		b := charts.downloadBy("#export-chart-"+c, file)
		var doc struct {
			XMLName xml.Name
			Title   string `xml:"title"`
		}
		if err := xml.Unmarshal(b, &doc); err != nil {
			t.Errorf("%s is not well-formed XML: %v", file, err)
			continue
		}
		if doc.XMLName.Local != "svg" || doc.XMLName.Space != "http://www.w3.org/2000/svg" || doc.Title == "" {
			t.Errorf("%s: root %v, title %q; want an SVG with a title", file, doc.XMLName, doc.Title)
		}
	}
}

// downloadBy clicks the button sel and returns the file the browser saves
// as name.
func (tb *tab) downloadBy(sel, name string) []byte {
	tb.t.Helper()
	path := filepath.Join(downloads, name)
	os.Remove(path)
	tb.poll(`(() => { const b = document.querySelector(`+jsString(sel)+`); return b && !b.disabled; })()`, 30*time.Second)
	// A real click: the browser lets a page download many files only
	// when each follows a gesture of the person.
	tb.do(chromedp.Click(chromedp.CSS(sel)))
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		b, err := os.ReadFile(path)
		if err == nil && len(b) > 0 {
			if _, err := os.Stat(path + ".crdownload"); os.IsNotExist(err) {
				return b
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	tb.shot("failed-download-" + name)
	tb.t.Fatalf("%s: no %s downloaded in 60 s; export status: %q %q", sel, name,
		tb.text("#export-status"), tb.text("#export-error"))
	return nil
}

// withoutSeconds returns a JSON summary without its timings.
func withoutSeconds(t *testing.T, b []byte) []byte {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatalf("summary: %v\n%s", err, b)
	}
	delete(m, "seconds")
	out, _ := json.Marshal(m)
	return out
}

// TestExportsChangeHistory: a dropped change history (url,host,time, one
// row per change) is estimated and planned as 'freshplan plan' does with
// the same file: the pages CSV, the seed list and the summary are the
// CLI's bytes.
func TestExportsChangeHistory(t *testing.T) {
	var b strings.Builder
	b.WriteString("url,host,time\n")
	const t0, day = 1_700_000_000, 86400
	for p := range 40 {
		host := fmt.Sprintf("h%d.example", p%3)
		// Page p changes every 1 + p%7 days for a while, from day p%11.
		for d := p % 11; d < 120; d += 1 + p%7 {
			fmt.Fprintf(&b, "https://%s/p%d,%s,%d\n", host, p, host, t0+d*day+(p*3571)%day)
		}
	}
	dir := t.TempDir()
	path := filepath.Join(dir, "history.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	tb := newTab(t)
	tb.open()
	before := tb.seq()
	tb.drop("history.csv", b.String(), "")
	tb.waitPlanned(before, 30*time.Second)
	if got := tb.text("#dataset"); !strings.Contains(got, "40 pages on 3 hosts") {
		t.Fatalf("dataset line %q: want the history's 40 pages on 3 hosts", got)
	}
	tb.shotTop("03c-dropped-history")
	before = tb.seq()
	tb.typeInto("#budget", "300")
	tb.waitPlanned(before, 30*time.Second)
	for _, e := range exportFiles {
		if e.button != "export-pages" && e.button != "export-nutch" && e.button != "export-json" {
			continue
		}
		want := filepath.Join(dir, e.file)
		args := append([]string{"plan", "--budget", "300"}, e.flags...)
		args = append(args, want, path)
		if out, err := exec.Command(cli, args...).CombinedOutput(); err != nil {
			t.Fatalf("freshplan %v: %v\n%s", args, err, out)
		}
		got := tb.downloadBy("#"+e.button, e.file)
		wantB, err := os.ReadFile(want)
		if err != nil {
			t.Fatal(err)
		}
		if e.file == "freshplan-summary.json" {
			got, wantB = withoutSeconds(t, got), withoutSeconds(t, wantB)
		}
		if !bytes.Equal(got, wantB) {
			t.Errorf("%s: the app's %d bytes differ from the CLI's %d", e.file, len(got), len(wantB))
		} else {
			t.Logf("%s: %d bytes, identical to the CLI's", e.file, len(got))
		}
	}
}
