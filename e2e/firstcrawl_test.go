package e2e

import (
	"encoding/xml"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestFirstCrawl drops examples/links.csv on the First crawl view opened
// from a share link of non-default parameters, and checks the table
// against `freshplan order`'s on the same file and parameters, the
// chosen strategy's exported order against the CLI's --export, the
// charts' SVG, and a bad file's message; screenshots at 1400 and 390
// pixels.
func TestFirstCrawl(t *testing.T) {
	graph, err := os.ReadFile("../examples/links.csv")
	if err != nil {
		t.Fatal(err)
	}
	flags := []string{"--robots", "2", "--wait", "10", "--per-connection", "2", "--seed", "7"}
	tb := newTab(t)
	setWidth(t, tb, 1400)
	tb.do(chromedp.Navigate(strings.TrimSuffix(baseURL, "/") + "/first-crawl#fc1&r=2&w=10&c=2&B=0&K=0&seed=7&s=opic"))
	// The link's parameters fill the form once the app has started.
	tb.poll(`document.getElementById("fc-robots")?.value + " " + document.getElementById("fc-wait")?.value + " " + document.getElementById("fc-chosen")?.value === "2 10 opic"`, 60*time.Second)
	start := time.Now()
	tb.drop("links.csv", string(graph), "")
	tb.poll(`document.getElementById("fc-status").dataset.state === "done"`, 120*time.Second)
	t.Logf("examples/links.csv (200 pages) simulated in %v", time.Since(start))

	out, err := exec.Command(cli, append(append([]string{"order"}, flags...), "../examples/links.csv")...).Output()
	if err != nil {
		t.Fatalf("freshplan order: %v", err)
	}
	want := map[string]string{}
	for _, l := range strings.Split(string(out), "\n") {
		f := strings.Fields(l)
		if len(f) == 12 && f[0] != "strategy" {
			want[f[0]] = strings.Join(f, " ")
		}
	}
	rows := eval[[]string](tb, `[...document.querySelectorAll("#fc-table tbody tr")].map(r => [...r.cells].map(c => c.textContent).join(" "))`)
	if len(rows) != 12 || len(want) != 12 {
		t.Fatalf("the page's table has %d rows, the CLI's %d; want 12 each\n%s", len(rows), len(want), out)
	}
	for _, r := range rows {
		name := strings.Fields(r)[0]
		if want[name] != r {
			t.Errorf("%s:\npage %s\nCLI  %s", name, r, want[name])
		}
	}
	if n := eval[int](tb, `document.querySelectorAll("#chart-fc-curves-svg polyline").length`); n < 12 {
		t.Errorf("the curves chart has %d lines; want one per strategy", n)
	}
	if n := eval[int](tb, `document.querySelectorAll("#chart-fc-time-svg polyline").length`); n < 12 {
		t.Errorf("the curves-against-time chart has %d lines; want one per strategy", n)
	}
	if n := eval[int](tb, `document.querySelectorAll("#chart-fc-robots-svg polyline").length`); n < 2 {
		t.Errorf("the time-against-r chart has %d lines; want the strategy's and the ideal", n)
	}
	tb.shot("first-crawl-1400")

	// The export is the CLI's --export of the same strategy, byte for byte.
	got := tb.downloadBy("#fc-export-csv", "freshplan-order-opic.csv")
	cliOrder := filepath.Join(t.TempDir(), "order.csv")
	if out, err := exec.Command(cli, append(append([]string{"order", "--strategies", "opic", "--export", "csv", cliOrder}, flags...), "../examples/links.csv")...).CombinedOutput(); err != nil {
		t.Fatalf("freshplan order --export: %v: %s", err, out)
	}
	if wantOrder, err := os.ReadFile(cliOrder); err != nil || string(got) != string(wantOrder) {
		t.Errorf("the page's order CSV (%d bytes) is not the CLI's (%d bytes, %v)", len(got), len(wantOrder), err)
	}
	svg := tb.downloadBy("#fc-export-curves", "freshplan-first-crawl-links.svg")
	var doc struct {
		XMLName xml.Name
		Title   string `xml:"title"`
		Desc    string `xml:"desc"`
	}
	if err := xml.Unmarshal(svg, &doc); err != nil || doc.XMLName.Local != "svg" || doc.Title == "" || doc.Desc == "" {
		t.Errorf("the curves' SVG: %v, root %v, title %q; want an SVG with a title and a description", err, doc.XMLName, doc.Title)
	}
	if !strings.Contains(string(svg), "% of the total") {
		t.Errorf("the curves' SVG has no axis label with its unit")
	}

	// A bad row: the file, line and column named, the line quoted, the
	// results of the good graph kept.
	tb.drop("bad-links.csv", "from,to\nhttps://a.example/,https://a.example/1\nhttps://a.example/1,ftp://b.example/x\n", "")
	tb.poll(`!!document.getElementById("fc-error")`, 30*time.Second)
	msg := tb.text("#fc-error")
	for _, w := range []string{"bad-links.csv, line 3, column to", "ftp://b.example/x", "http(s) URL", "still of links.csv"} {
		if !strings.Contains(msg, w) {
			t.Errorf("bad file's message %q lacks %q", msg, w)
		}
	}
	if n := eval[int](tb, `document.querySelectorAll("#fc-table tbody tr").length`); n != 12 {
		t.Errorf("after a bad file the table has %d rows; want the good graph's 12", n)
	}
	tb.shot("first-crawl-bad-file")

	setWidth(t, tb, 390)
	if w := eval[int](tb, `document.documentElement.scrollWidth`); w > 390 {
		t.Errorf("at 390 px the page is %d px wide: it scrolls sideways", w)
	}
	tb.shot("first-crawl-390")
}

// TestFirstCrawlLink checks that the main page links to the view.
func TestFirstCrawlLink(t *testing.T) {
	tb := newTab(t)
	tb.open()
	tb.do(chromedp.Click(chromedp.CSS("#first-crawl-link")))
	tb.poll(`location.pathname === "/first-crawl" && !!document.getElementById("fc-file")`, 30*time.Second)
}
