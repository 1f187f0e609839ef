package e2e

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// exportFile is one of the app's downloads and the CLI flags that write
// the same file.
type exportFile struct {
	button, file string
	flags        []string
}

// exportFiles are the app's downloads.
var exportFiles = []exportFile{
	{"export-pages", "freshplan-pages.csv", []string{"--pages"}},
	{"export-schedule", "freshplan-schedule.csv", []string{"--schedule"}},
	{"export-hosts", "freshplan-hosts.csv", []string{"--hosts"}},
	{"export-json", "freshplan-summary.json", []string{"--json"}},
	{"export-nutch", "freshplan-nutch-seeds.txt", []string{"--export", "nutch"}},
	{"export-stormcrawler", "freshplan-stormcrawler-seeds.txt", []string{"--export", "stormcrawler"}},
	{"export-csv", "freshplan-seeds.csv", []string{"--export", "csv"}},
}

// TestExports downloads every export of the sample's plan and compares it
// with what 'freshplan plan' writes for the same file and parameters
// (sameAsCLI); each chart downloads as an SVG file.
func TestExports(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open()
	sample, err := filepath.Abs("../web/sample-pages.csv")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	for _, e := range exportFiles {
		tb.sameAsCLI(e, dir, sample, "--budget", "20000")
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
			"budget": "freshplan-freshness-vs-budget.svg", "histogram": "freshplan-rate-histogram.svg"}[c]
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
		// Standalone: its title written on it, and a caption with units.
		for _, want := range []string{">" + doc.Title + "</text>", "Units: across, ", "Made by freshplan."} {
			if !strings.Contains(string(b), want) {
				t.Errorf("%s lacks %q", file, want)
			}
		}
	}
}

// downloading is held while a file downloads.
var downloading sync.Mutex

// downloadBy clicks the button sel and returns the file the browser saves
// as name.
func (tb *tab) downloadBy(sel, name string) []byte {
	tb.t.Helper()
	// One download at a time: tests running at once save into the same
	// directory, some under the same name.
	downloading.Lock()
	defer downloading.Unlock()
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

// TestExportsChangeHistory: a dropped change history (url,host,time, one
// row per change) is estimated and planned as 'freshplan plan' does with
// the same file: the pages CSV, the seed list and the summary are the
// CLI's (sameAsCLI).
func TestExportsChangeHistory(t *testing.T) {
	t.Parallel()
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
	// A change history shows how pages change, not how fast anyone
	// crawls: it is planned at one visit per page per week, and says so.
	if h, b := eval[string](tb, `document.getElementById("horizon").value`), eval[string](tb, `document.getElementById("budget").value`); h != "7d" || b != "40" {
		t.Errorf("horizon %q, budget %q after the drop: want 7d and 40 (one visit per page per week)", h, b)
	}
	if got := tb.text("#budget-msg"); !strings.Contains(got, "from your data — one visit per page per week") {
		t.Errorf("budget hint %q: want the reason for the budget", got)
	}
	tb.shotTop("03c-dropped-history")
	before = tb.seq()
	tb.typeInto("#budget", "300")
	tb.waitPlanned(before, 30*time.Second)
	if got := tb.text("#budget-msg"); strings.Contains(got, "from your data") {
		t.Errorf("budget hint %q after typing a budget: the data's reason no longer applies", got)
	}
	for _, e := range exportFiles {
		if e.button == "export-pages" || e.button == "export-nutch" || e.button == "export-json" {
			tb.sameAsCLI(e, dir, path, "--budget", "300", "--horizon", "168h")
		}
	}
}

// sameAsCLI downloads the app's file e and compares it with what
// 'freshplan plan FLAGS… INPUT' writes with e's flags, into dir: byte for
// byte, but for the JSON summary's timings and its figures' last digits
// (sameSummary).
func (tb *tab) sameAsCLI(e exportFile, dir, input string, flags ...string) {
	t := tb.t
	t.Helper()
	want := filepath.Join(dir, e.file)
	cmd := append(append(append([]string{"plan"}, flags...), e.flags...), want, input)
	if out, err := exec.Command(cli, cmd...).CombinedOutput(); err != nil {
		t.Fatalf("freshplan %v: %v\n%s", cmd, err, out)
	}
	got := tb.downloadBy("#"+e.button, e.file)
	wantB, err := os.ReadFile(want)
	if err != nil {
		t.Fatal(err)
	}
	switch {
	case bytes.Equal(got, wantB):
		t.Logf("%s: %d bytes, identical to the CLI's", e.file, len(got))
	case e.file == "freshplan-summary.json":
		if err := sameSummary(got, wantB); err != nil {
			t.Errorf("%s: the app's differs from the CLI's: %v", e.file, err)
		} else {
			t.Logf("%s: the CLI's figures (timings aside)", e.file)
		}
	default:
		t.Errorf("%s: the app's %d bytes differ from the CLI's %d%s", e.file, len(got), len(wantB), firstDifference(got, wantB))
	}
}

// sameSummary reports how two JSON summaries differ, but for their
// timings ("seconds") and figures within 1e-14 of each other, relatively:
// Go computes Exp and Log with assembly on amd64 and portably in
// WebAssembly, and the two may differ in the last bit (Cho's value on a
// change history did, in its 17th digit); the files otherwise match.
func sameSummary(a, b []byte) error {
	var x, y map[string]any
	if err := json.Unmarshal(a, &x); err != nil {
		return fmt.Errorf("the app's: %v", err)
	}
	if err := json.Unmarshal(b, &y); err != nil {
		return fmt.Errorf("the CLI's: %v", err)
	}
	delete(x, "seconds")
	delete(y, "seconds")
	return sameJSON("", x, y)
}

// sameJSON compares decoded JSON values, numbers within 1e-14 relatively.
func sameJSON(at string, a, b any) error {
	switch a := a.(type) {
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return fmt.Errorf("%s: %v, CLI %v", at, a, b)
		}
		for k, v := range a {
			if err := sameJSON(at+"."+k, v, b[k]); err != nil {
				return err
			}
		}
		return nil
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return fmt.Errorf("%s: %v, CLI %v", at, a, b)
		}
		for i := range a {
			if err := sameJSON(fmt.Sprintf("%s[%d]", at, i), a[i], b[i]); err != nil {
				return err
			}
		}
		return nil
	case float64:
		if b, ok := b.(float64); ok && math.Abs(a-b) <= 1e-14*math.Max(math.Abs(a), math.Abs(b)) {
			return nil
		}
		return fmt.Errorf("%s: %v, CLI %v", at, a, b)
	}
	if a != b {
		return fmt.Errorf("%s: %v, CLI %v", at, a, b)
	}
	return nil
}

// firstDifference describes where a and b first differ, with some context.
func firstDifference(a, b []byte) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-40)
	return fmt.Sprintf(" from byte %d: app %q, CLI %q", i, a[from:min(len(a), i+40)], b[from:min(len(b), i+40)])
}

// TestSameSummary: the summaries' comparison lets through timings and a
// last-bit difference, and nothing else.
func TestSameSummary(t *testing.T) {
	t.Parallel()
	base := `{"pages":3,"policy":"psp","staleness":{"cho":0.029821812535746756,"psp":0.5},"seconds":{"allocate":0.1}}`
	for _, c := range []struct {
		other string
		same  bool
	}{
		{`{"pages":3,"policy":"psp","staleness":{"cho":0.029821812535746745,"psp":0.5},"seconds":{"allocate":0.7}}`, true},
		{`{"pages":3,"policy":"psp","staleness":{"cho":0.0298218125357,"psp":0.5},"seconds":{"allocate":0.1}}`, false},
		{`{"pages":3,"policy":"mp2","staleness":{"cho":0.029821812535746756,"psp":0.5},"seconds":{"allocate":0.1}}`, false},
		{`{"pages":3,"policy":"psp","staleness":{"psp":0.5},"seconds":{"allocate":0.1}}`, false},
		{`{"pages":3,"policy":"psp","staleness":{"cho":0.029821812535746756,"psp":0.5,"wp":0.4},"seconds":{"allocate":0.1}}`, false},
		{`{"pages":"3","policy":"psp","staleness":{"cho":0.029821812535746756,"psp":0.5},"seconds":{"allocate":0.1}}`, false},
	} {
		if err := sameSummary([]byte(c.other), []byte(base)); (err == nil) != c.same {
			t.Errorf("%s: %v, want same %v", c.other, err, c.same)
		}
	}
}
