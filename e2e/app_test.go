package e2e

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestSample: the page opens with the built-in sample planned: the
// headline, the four charts, the policies and the tables.
func TestSample(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	took := tb.open()
	t.Logf("navigation to a planned sample (every stage): %v", took.Round(time.Millisecond))
	t.Logf("status: %s", tb.text("#status"))
	if got := tb.text("#dataset"); !strings.Contains(got, "sample-pages.csv") || !strings.Contains(got, "3,000 pages") {
		t.Errorf("dataset line %q: want the sample's 3,000 pages", got)
	}
	if got := tb.text("#h-fresh .card-value"); !regexp.MustCompile(`^\d+\.\d\d%$`).MatchString(got) {
		t.Errorf("headline freshness %q: want a percentage", got)
	}
	if got := tb.text("#h-target .card-value"); !strings.HasPrefix(got, "≈ ") {
		t.Errorf("target budget %q: want ≈ a budget", got)
	}
	for _, id := range []string{"chart-rates", "chart-hosts", "chart-budget", "chart-histogram"} {
		n := eval[int](tb, fmt.Sprintf(`document.querySelectorAll("#%s-svg circle, #%s-svg rect, #%s-svg polyline").length`, id, id, id))
		if n < 3 {
			t.Errorf("chart %s draws %d shapes", id, n)
		}
		if title := tb.text("#" + id + "-title"); title == "" {
			t.Errorf("chart %s has no <title>", id)
		}
	}
	if n := eval[int](tb, `document.querySelectorAll("#page-table tbody tr").length`); n != 50 {
		t.Errorf("page table shows %d rows, want 50", n)
	}
	if n := eval[int](tb, `document.querySelectorAll("#policies tbody tr").length`); n < 10 {
		t.Errorf("policies table shows %d rows, want every policy and bound", n)
	}
	if got := eval[string](tb, `document.getElementById("status").dataset.engine`); got != "in a web worker" {
		t.Errorf("planning ran %q, want in a web worker", got)
	}
	// The worker instantiated the module the page compiled (web/first.js,
	// web/worker.js): one compiled copy of the code in the tab.
	if n := eval[[]int](tb, `(s => [+s.workers, +s.workersCompiled])(document.getElementById("status").dataset)`); n[0] < 1 || n[1] != 0 {
		t.Errorf("workers started, and of them compiled app.wasm themselves: %v; want some, and none", n)
	}
	tb.shot("01-sample-planned")
	tb.shotTop("01-sample-top")
	tb.shotOf("#charts", "01-sample-charts")
	tb.shotOf("#tables", "01-sample-tables")
}

// pagesCSV writes a pages table of n pages over hosts hosts, with change
// rates spread over four decades.
func pagesCSV(n, hosts int) string {
	var b strings.Builder
	b.WriteString("url,host,changes_per_day,weight\n")
	for i := range n {
		h := i % hosts
		rate := math.Pow(10, -2+4*float64((i*7919)%10007)/10007) // 0.01 … 100, log-uniform
		fmt.Fprintf(&b, "https://site%d.example.org/item/%d,site%d.example.org,%.4g,%d\n", h, i, h, rate, 1+i%3)
	}
	return b.String()
}

// TestDropFile: a CSV dropped on the page (a DataTransfer in a drop
// event, as from the desktop) is read and planned.
func TestDropFile(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open()
	before := tb.seq()
	tb.drop("dropped-pages.csv", pagesCSV(400, 7), "02-dragging-over")
	tb.waitPlanned(before, 30*time.Second)
	if got := tb.text("#dataset"); !strings.Contains(got, "dropped-pages.csv") || !strings.Contains(got, "400 pages on 7 hosts") {
		t.Errorf("dataset line %q: want the dropped file's 400 pages on 7 hosts", got)
	}
	if got := tb.text("#page-table .table-status"); !strings.Contains(got, "of 400") {
		t.Errorf("page table status %q: want 400 pages", got)
	}
	if got := tb.text("#host-table .table-status"); !strings.Contains(got, "of 7") {
		t.Errorf("host table status %q: want 7 hosts", got)
	}
	// Sorting and filtering the pages.
	eval[bool](tb, `(document.querySelectorAll("#page-table thead button")[2].click(), true)`) // changes/day, largest first
	tb.poll(`document.querySelector("#page-table thead th:nth-child(3)").getAttribute("aria-sort") === "descending"`, 5*time.Second)
	top := eval[[]string](tb, `[...document.querySelectorAll("#page-table tbody td:nth-child(3)")].map(td => td.textContent)`)
	prev := math.Inf(1)
	for _, c := range top {
		v, err := strconv.ParseFloat(strings.ReplaceAll(c, ",", ""), 64)
		if err != nil || v > prev {
			t.Errorf("sorted by changes/day, largest first, the first rows read %v", top)
			break
		}
		prev = v
	}
	if len(top) != 50 || top[0] != "99.1" {
		t.Errorf("sorted by changes/day, the first page changes %q times a day, want 99.1", top[0])
	}
	tb.typeInto("#page-table-filter", "site3.")
	tb.poll(`document.querySelector("#page-table .table-status").textContent.includes("filtered from 400")`, 5*time.Second)
	rows := eval[[]string](tb, `[...document.querySelectorAll("#page-table tbody td:nth-child(2)")].map(td => td.textContent)`)
	for _, h := range rows {
		if h != "site3.example.org" {
			t.Errorf("filtered on site3., a row of host %q", h)
			break
		}
	}
	tb.shot("03-dropped-planned")
	tb.shotTop("03-dropped-top")
}

// TestDropLog: a fetch log dropped on the page is estimated and planned.
func TestDropLog(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open()
	before := tb.seq()
	var b strings.Builder
	b.WriteString(fetchLog("log", 30, 3, 10, func(p, d int) bool { return d > 0 && (p+d)%(1+p%4) == 0 }))
	// A row given twice, a page fetched once and a row writing a URL
	// another way (host case, fragment): dropped, kept and read as the
	// page it is, and said so beside the input.
	b.WriteString("https://log0.example/p0,1704067200,0\nhttps://log0.example/once,1704067200,0\n" +
		"https://LOG0.example/p0#top,1704110400,0\n")
	tb.drop("fetches.csv", b.String(), "")
	tb.waitPlanned(before, 30*time.Second)
	if got := tb.text("#dataset"); !strings.Contains(got, "fetches.csv") || !strings.Contains(got, "31 pages on 3 hosts") {
		t.Errorf("dataset line %q: want the log's 31 pages on 3 hosts", got)
	}
	if got, want := tb.text("#input-note"), "fetches.csv: 1 row repeating a fetch (same URL, time and signal) dropped; "+
		`1 row's URL read in its canonical spelling (e.g. "https://LOG0.example/p0#top" as "https://log0.example/p0"); `+
		"1 URL fetched only once"; !strings.Contains(got, want) {
		t.Errorf("note %q: want %q", got, want)
	}
	// How well each rate is known: the interval, and for the pages whose
	// interval is too wide the fetch interval that would estimate them,
	// counted in a note above.
	heads := eval[[]string](tb, `[...document.querySelectorAll("#page-table thead th")].map(th => th.textContent)`)
	if !slices.Contains(heads, "90% interval") || !slices.Contains(heads, "to estimate it") {
		t.Errorf("page table columns %q: want the 90%% interval and how to estimate it", heads)
	}
	col := slices.Index(heads, "to estimate it") + 1
	flagged := eval[int](tb, fmt.Sprintf(`[...document.querySelectorAll("#page-table tbody tr td:nth-child(%d)")].filter(td => td.textContent.startsWith("fetch every")).length`, col))
	if flagged == 0 {
		t.Errorf("no page flagged too uncertain, though the log watched each for 9 days at most")
	} else if got, want := tb.text("#uncertain"), fmt.Sprintf("%d of 31 pages have a rate too uncertain to plan with", flagged); !strings.HasPrefix(got, want) {
		t.Errorf("note %q: want it to begin %q", got, want)
	}
	// A log is planned at the rate its own crawler went, per day, and
	// says so beside the budget.
	if h := eval[string](tb, `document.getElementById("horizon").value`); h != "24h" {
		t.Errorf("horizon %q after the drop: want 24h", h)
	}
	if got := tb.text("#budget-msg"); !strings.Contains(got, "from your data — the rate your log shows:") || !strings.Contains(got, "fetches over") {
		t.Errorf("budget hint %q: want the log's own rate as the reason", got)
	}
	tb.shotTop("03b-dropped-log")
	tb.shotOf("#tables", "03b-dropped-log-tables")
}

// TestDropGzip: a gzip-compressed log (as crawl logs usually are) is read
// as its content: the same pages and the same plan as the log itself.
func TestDropGzip(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open()
	log := fetchLog("gz", 20, 2, 10, func(p, d int) bool { return (p+d)%(2+p%3)/(1+p%3) > 0 })
	seq := tb.seq()
	tb.drop("fetches.csv", log, "")
	tb.waitPlanned(seq, 30*time.Second)
	want := tb.text("#policies")
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	zw.Write([]byte(log))
	zw.Close()
	seq = tb.seq()
	tb.dropBytes("fetches.csv.gz", z.Bytes())
	tb.waitPlanned(seq, 30*time.Second)
	if got := tb.text("#dataset"); !strings.HasPrefix(got, "fetches.csv.gz — 20 pages on 2 hosts") {
		t.Errorf("dataset line %q: want the log's 20 pages on 2 hosts", got)
	}
	if got := tb.text("#policies"); got != want {
		t.Errorf("the gzip file plans to\n%s\nthe log itself to\n%s", got, want)
	}
	if e := tb.text("#input-error"); e != "" {
		t.Errorf("error %q", e)
	}
}

// fetchLog is a fetch log of pages pages on hosts hosts (PREFIXk.example),
// each fetched daily for days days from 2024-01-01, changed says when.
func fetchLog(prefix string, pages, hosts, days int, changed func(p, d int) bool) string {
	var b strings.Builder
	b.WriteString("url,time,changed\n")
	for p := range pages {
		for d := range days {
			c := 0
			if changed(p, d) {
				c = 1
			}
			fmt.Fprintf(&b, "https://%s%d.example/p%d,%d,%d\n", prefix, p%hosts, p, 1704067200+d*86400, c)
		}
	}
	return b.String()
}

// TestBadFile: a CSV with a bad row shows the line, the column and the
// offending text beside the input; the sample stays planned and the page
// usable.
func TestBadFile(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open()
	bad := "url,host,changes_per_day\nhttps://a.example/1,a.example,1.5\nhttps://a.example/2,a.example,0.2\nhttps://a.example/3,a.example,often\nhttps://a.example/4,a.example,3\n"
	tb.drop("broken.csv", bad, "")
	tb.poll(`!!document.getElementById("input-error")`, 15*time.Second)
	msg := tb.text("#input-error")
	for _, want := range []string{"broken.csv", "line 4", "changes_per_day", `"often"`} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not say %s", msg, want)
		}
	}
	if got := tb.text("#input-error mark"); got != "often" {
		t.Errorf("the offending field marked is %q, want often", got)
	}
	if got := tb.text("#input-error .offending"); !strings.Contains(got, "https://a.example/3,a.example,often") {
		t.Errorf("the offending line quoted is %q", got)
	}
	if got := tb.text("#dataset"); !strings.Contains(got, "sample-pages.csv") {
		t.Errorf("after the bad file the data is %q, want the sample still", got)
	}
	if n := eval[int](tb, `document.querySelectorAll("#skip-bad").length`); n != 0 {
		t.Errorf("a pages table's bad row offers to skip it; a table has no rows to spare")
	}
	tb.shotTop("04-bad-file")

	// A file that is not text is said to be so, with its size and first
	// bytes in hexadecimal and every input the page reads; no line of it
	// is quoted (issue 20: it was a line of mojibake).
	elf := "\x7fELF\x02\x01\x01\x00" + strings.Repeat("\x00\x10\x00\x3e\xc3\xff\x01\x02", 200)
	tb.dropBytes("a.out", []byte(elf))
	tb.poll(`(document.getElementById("input-error")?.textContent || "").includes("a.out")`, 15*time.Second)
	msg = tb.text("#input-error")
	every := []string{"pages table", "change history", "observation CSV", "fetch log", "CDX", "CDXJ", "Wayback CDX JSON", "Heritrix crawl.log", "gzipped"}
	for _, want := range append([]string{"a.out", "this is not a text file (1,608 bytes, starting 7f 45 4c 46 02 01 01 00 …)"}, every...) {
		if !strings.Contains(msg, want) {
			t.Errorf("binary file: error %q does not say %s", msg, want)
		}
	}
	if strings.ContainsRune(msg, '\ufffd') || strings.IndexFunc(msg, func(r rune) bool { return r < 0x20 && r != '\n' }) >= 0 {
		t.Errorf("binary file: the error shows raw bytes: %q", msg)
	}
	if n := eval[int](tb, `document.querySelectorAll("#input-error .offending").length`); n != 0 {
		t.Errorf("binary file: a line of it is quoted: %q", tb.text("#input-error .offending"))
	}
	tb.shotTop("04-binary-file")
	// An empty file likewise lists every input.
	tb.drop("empty.csv", "", "")
	tb.poll(`(document.getElementById("input-error")?.textContent || "").includes("empty.csv")`, 15*time.Second)
	msg = tb.text("#input-error")
	for _, want := range append([]string{"the file is empty"}, every...) {
		if !strings.Contains(msg, want) {
			t.Errorf("empty file: error %q does not say %s", msg, want)
		}
	}

	// Still usable: a good paste replaces the error with a plan.
	before := tb.seq()
	eval[bool](tb, `(document.getElementById("paste-btn").click(), true)`)
	tb.poll(`!!document.getElementById("paste-text")`, 5*time.Second)
	tb.typeInto("#paste-text", "url,changes_per_day\nhttps://b.example/1,2\nhttps://b.example/2,0.5\nhttps://c.example/1,8\n")
	eval[bool](tb, `(document.getElementById("paste-go").click(), true)`)
	tb.waitPlanned(before, 20*time.Second)
	if n := eval[int](tb, `document.querySelectorAll("#input-error").length`); n != 0 {
		t.Errorf("the error is still shown after a good input")
	}
	if got := tb.text("#dataset"); !strings.Contains(got, "pasted text") || !strings.Contains(got, "3 pages on 2 hosts") {
		t.Errorf("after pasting, the data is %q", got)
	}
	tb.shotTop("05-pasted")
}

// TestSkipBadRows: a fetch log or a change history that stops at a bad
// row offers to skip bad rows (SPEC §3); skipped, it is planned and the
// page says how many rows were left out and which.
func TestSkipBadRows(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open()
	var b strings.Builder
	b.WriteString("url,time,changed\n")
	for p := range 12 {
		for d := range 8 {
			fmt.Fprintf(&b, "https://log%d.example/p%d,%d,%d\n", p%2, p, 1704067200+d*86400, (p+d)%3/2)
		}
		switch p {
		case 4:
			b.WriteString("https://log0.example/p4,yesterday,1\n") // line 42
		case 9:
			b.WriteString("https://log1.example/p9,1704067200,maybe\n") // line 83
		}
	}
	tb.drop("messy.csv", b.String(), "")
	tb.poll(`!!document.getElementById("skip-bad")`, 15*time.Second)
	if msg := tb.text("#input-error"); !strings.Contains(msg, "line 42") || !strings.Contains(msg, "yesterday") {
		t.Errorf("error %q: want the first bad row, line 42, quoted", msg)
	}
	tb.shotTop("04b-bad-log")
	tb.skipBadRows()
	if got := tb.text("#dataset"); !strings.Contains(got, "messy.csv") || !strings.Contains(got, "12 pages on 2 hosts") {
		t.Errorf("dataset line %q: want the log's 12 pages on 2 hosts", got)
	}
	if got := tb.text("#input-note"); !strings.Contains(got, "2 bad rows of messy.csv skipped") {
		t.Errorf("note %q: want 2 bad rows skipped", got)
	}
	rows := eval[[]string](tb, `[...document.querySelectorAll("#skipped-rows li")].map(li => li.textContent)`)
	if len(rows) != 2 || !strings.Contains(rows[0], "messy.csv:42") || !strings.Contains(rows[1], "messy.csv:83") {
		t.Errorf("skipped rows listed %q: want lines 42 and 83", rows)
	}
	if n := eval[int](tb, `document.querySelectorAll("#input-error").length`); n != 0 {
		t.Errorf("the error is still shown after skipping")
	}
	tb.shotTop("04c-skipped-rows")
	// Backtested, the file is read again with the same rows skipped, as
	// by the CLI's backtest --skip-bad (it stopped at the bad row before).
	messy := filepath.Join(t.TempDir(), "messy.csv")
	if err := os.WriteFile(messy, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	backtestMatchesCLI(t, tb, messy, "2024-01-04", "--skip-bad") // within the log's week: a split after it is an error
	// Shared, the plan opens for a teammate with the same rows skipped:
	// the same plan, and the same note, not the error.
	want := tb.planOnScreen()
	link := tb.copyLink()
	if !strings.Contains(link, "#v2&") || !strings.Contains(link, "&k=1") {
		t.Errorf("link %s: want a v2 link saying the bad rows were skipped", short(link))
	}
	mate := newTab(t, chromedp.WithNewBrowserContext())
	mate.do(chromedp.Navigate(link))
	mate.waitPlanned(0, 60*time.Second)
	if got := mate.planOnScreen(); got != want {
		t.Errorf("the link opens to\n%s\nnot\n%s", got, want)
	}
	if got := mate.text("#input-note"); !strings.Contains(got, "2 bad rows of messy.csv skipped") {
		t.Errorf("the teammate's note %q: want the 2 bad rows said skipped", got)
	}

	// A change history's bad row is skipped the same way.
	history := "url,host,time\nhttps://h.example/1,h.example,1704067200\nhttps://h.example/1,h.example,later\nhttps://h.example/2,h.example,1704153600\n"
	tb.drop("history.csv", history, "")
	tb.poll(`!!document.getElementById("skip-bad")`, 15*time.Second)
	tb.skipBadRows()
	if got := tb.text("#input-note"); !strings.Contains(got, "1 bad row of history.csv skipped") || !strings.Contains(got, "history.csv:3") {
		t.Errorf("note %q: want line 3 of the history skipped", got)
	}
	if got := tb.text("#dataset"); !strings.Contains(got, "2 pages on 1 host,") {
		t.Errorf("dataset line %q: want the history's 2 pages", got)
	}
}

// skipBadRows clicks "Skip bad rows" and waits for the plan of what was
// read.
func (tb *tab) skipBadRows() {
	tb.t.Helper()
	before := tb.seq()
	eval[bool](tb, `(document.getElementById("skip-bad").click(), true)`)
	tb.waitPlanned(before, 30*time.Second)
}

// TestBudget: a new budget is checked as typed, and once valid it updates
// the headline and the charts.
func TestBudget(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open()
	fresh := tb.text("#h-fresh .card-value")
	scatter := eval[string](tb, `document.getElementById("chart-rates-svg").innerHTML`)
	chosen := eval[string](tb, `[...document.querySelectorAll("#chart-budget-svg line")].map(l => l.getAttribute("x1")).join()`)

	before := tb.seq()
	tb.typeInto("#budget", "20k visits")
	tb.poll(`document.getElementById("budget").getAttribute("aria-invalid") === "true"`, 5*time.Second)
	if msg := tb.text("#budget-msg"); !strings.Contains(msg, "not a number") {
		t.Errorf("invalid budget message %q", msg)
	}
	tb.shotTop("06-invalid-budget")
	time.Sleep(700 * time.Millisecond)
	if tb.seq() != before {
		t.Errorf("an invalid budget started a plan")
	}

	tb.typeInto("#budget", "60000")
	tb.waitPlanned(before, 30*time.Second)
	if got := tb.text("#h-fresh .card-value"); got == fresh {
		t.Errorf("headline freshness stayed %s at three times the budget", got)
	}
	if got := eval[string](tb, `document.getElementById("chart-rates-svg").innerHTML`); got == scatter {
		t.Errorf("the revisit chart did not change with the budget")
	}
	if got := eval[string](tb, `[...document.querySelectorAll("#chart-budget-svg line")].map(l => l.getAttribute("x1")).join()`); got == chosen {
		t.Errorf("the budget chart did not change with the budget")
	}
	if got := tb.text("#policies caption"); !strings.Contains(got, "60,000 visits") {
		t.Errorf("policies caption %q: want the new budget", got)
	}
	t.Logf("freshness %s → %s", fresh, tb.text("#h-fresh .card-value"))
	tb.shotTop("07-budget-60000")
	tb.shotOf("#charts", "07-budget-60000-charts")

	// Another policy shown: uniform ignores politeness, and the load chart
	// shows the hosts it overloads.
	before = tb.seq()
	eval[bool](tb, `(() => { const s = document.getElementById("policy"); s.value = "uniform";
		s.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)
	tb.waitPlanned(before, 30*time.Second)
	if n := eval[int](tb, `document.querySelectorAll('#chart-hosts-svg rect[fill="#cc79a7"]').length`); n < 2 {
		t.Errorf("uniform overloads %d hosts in the chart, want some", n)
	}
	if got := tb.text("#chart-rates-title"); !strings.Contains(got, "uniform") {
		t.Errorf("revisit chart %q: want uniform's", got)
	}
	tb.shotOf("#charts", "07-uniform-charts")
}

// TestResponsive: while a large table is read and planned, a JavaScript
// timer keeps ticking: the page is never frozen. (Planning 100,000 pages
// takes seconds; a frozen page would hold the timer that long.)
func TestResponsive(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open()
	const pages = 100000
	csv := pagesCSV(pages, 400)
	before := tb.seq()
	eval[bool](tb, `(() => { window.__ticks = []; window.__timer = setInterval(() => window.__ticks.push(performance.now()), 10);
		`+watchLongTasks+`
		return true; })()`)
	tb.drop("large.csv", csv, "")
	start := eval[float64](tb, `performance.now()`)
	// The policies' rows while the plan is early: how many, each time
	// they change.
	eval[bool](tb, `(() => { window.__rows = []; window.__provisional = ""; new MutationObserver(() => {
		const hd = document.querySelector("#headline.provisional #h-fresh .card-value");
		if (hd && !window.__provisional) window.__provisional = hd.textContent;
		const c = document.querySelector("#policies caption");
		if (!c || !c.textContent.includes("still being planned")) return;
		const n = document.querySelectorAll("#policies tbody tr").length;
		if (window.__rows[window.__rows.length - 1] !== n) window.__rows.push(n);
	}).observe(document.body, {subtree: true, childList: true, characterData: true}); return true; })()`)
	// Reading, then every policy at the chosen budget: the first results.
	tb.waitPlan(before, 60*time.Second)
	planned := eval[float64](tb, `performance.now()`)
	// psp, the bounds and uniform first; then the rate policies, and each
	// schedule as it is scored (plan.Params.Scored), before the finished
	// plan.
	rows := eval[[]int](tb, `window.__rows`)
	t.Logf("the policies' rows while the plan was early: %v", rows)
	// (Stages that come within one frame are drawn together: at least one
	// growth is seen before the finished plan.)
	if len(rows) < 2 || !slices.IsSorted(rows) {
		t.Errorf("the policies' rows while the plan was early went %v; want them to grow as the policies are scored", rows)
	}
	// Before psp's schedule, the headline gave the allocations' bound: psp
	// at most wp's freshness (plan.Params.Allocated).
	prov, final := eval[string](tb, `window.__provisional`), tb.text("#h-fresh .card-value")
	t.Logf("the headline's psp: provisionally %q, then %q", prov, final)
	var wp, psp float64
	if _, err := fmt.Sscanf(prov, "≤ %f%%", &wp); err != nil {
		t.Errorf("the provisional headline's psp is %q; want ≤ the wp bound", prov)
	} else if _, err := fmt.Sscanf(final, "%f%%", &psp); err != nil || psp > wp {
		t.Errorf("psp's freshness %q is not within the provisional bound %q", final, prov)
	}
	// Then the budget sweep, in the worker, while the page stays live.
	time.Sleep(1500 * time.Millisecond)
	if got := tb.text("#status"); !strings.Contains(got, "sweeping") && !strings.Contains(got, "finding") && !strings.Contains(got, "Planned") {
		t.Logf("status after the plan: %q", got)
	}
	end := eval[float64](tb, `performance.now()`)
	ticks := eval[[]float64](tb, `(clearInterval(window.__timer), window.__ticks)`)
	var gap, last float64 = 0, start
	n := 0
	for _, x := range ticks {
		if x < start || x > end {
			continue
		}
		gap = max(gap, x-last)
		last = x
		n++
	}
	gap = max(gap, end-last)
	readMs := eval[int](tb, `+document.getElementById("status").dataset.readMs`)
	planMs := eval[int](tb, `+document.getElementById("status").dataset.planMs`)
	t.Logf("%d pages (%.1f MB): read in %d ms, every policy planned %d ms later; on screen %.0f ms after the drop",
		pages, float64(len(csv))/1e6, readMs, planMs, planned-start)
	t.Logf("a 10 ms timer ticked %d times in %.0f ms; its longest wait %.0f ms", n, end-start, gap)
	for _, lt := range eval[[][2]float64](tb, `window.__long`) {
		if lt[0] >= start && lt[1] > 200 {
			t.Logf("long task at %.0f ms: %.0f ms", lt[0]-start, lt[1])
		}
	}
	if gap > 1000 {
		t.Errorf("a 10 ms timer waited %.0f ms: the page froze", gap)
	}
	if got := tb.text("#dataset"); !strings.Contains(got, "100,000 pages on 400 hosts") {
		t.Errorf("dataset line %q", got)
	}
	tb.shotTop("08-large-planned")
	tb.shotOf("#charts", "08-large-charts")

	// The 100,000-row table sorts and filters at a keystroke's pace.
	ms := eval[float64](tb, `(() => { const t0 = performance.now();
		document.querySelectorAll("#page-table thead button")[4].click(); return t0; })()`)
	tb.poll(`document.querySelector("#page-table thead th:nth-child(5)").getAttribute("aria-sort") === "descending"`, 10*time.Second)
	sorted := eval[float64](tb, `performance.now()`) - ms
	ms = eval[float64](tb, `performance.now()`)
	tb.typeInto("#page-table-filter", "site7.")
	tb.poll(`document.querySelector("#page-table .table-status").textContent.includes("filtered from 100,000")`, 10*time.Second)
	filtered := eval[float64](tb, `performance.now()`) - ms
	t.Logf("100,000 rows: sorted by visits/day in %.0f ms, filtered in %.0f ms (%s)", sorted, filtered, tb.text("#page-table .table-status"))
	if sorted > 3000 || filtered > 3000 {
		t.Errorf("the table is slow: sort %.0f ms, filter %.0f ms", sorted, filtered)
	}

	// A new budget while the worker still sweeps: the worker is asked to
	// stop the job, takes the message where the sweep's plan says how far
	// it has got, and plans the new budget with the pages it holds (a
	// worker that did not stop within the engine's grace would be let go,
	// and its pages sent to a fresh one).
	counts := `(s => s.workers + " " + s.pagesSent)(document.getElementById("status").dataset)`
	held := eval[string](tb, counts)
	busy := tb.text("#status")
	seq := tb.seq()
	tb.typeInto("#budget", "100000")
	tb.waitPlan(seq, 60*time.Second)
	if got := tb.text("#policies caption"); !strings.Contains(got, "At 100,000 visits") {
		t.Errorf("after a new budget during %q, the policies are %q", busy, got)
	}
	t.Logf("new budget while %q: planned again %s ms after", busy, eval[string](tb, `document.getElementById("status").dataset.planMs`))

	// Stop, during the next job: the page says so at once, keeps the plan
	// on screen, and plans again on the next change.
	seq = tb.seq()
	tb.typeInto("#budget", "150000")
	tb.poll(fmt.Sprintf(`+document.getElementById("status").dataset.seq > %d && !!document.getElementById("stop-plan")`, seq), 10*time.Second)
	t0 := time.Now()
	eval[bool](tb, `(document.getElementById("stop-plan").click(), true)`)
	tb.poll(`document.getElementById("status").dataset.state === "stopped"`, 5*time.Second)
	t.Logf("Stop took effect in %v: %q", time.Since(t0).Round(time.Millisecond), tb.text("#status"))
	if got := tb.text("#policies caption"); !strings.Contains(got, "At 100,000 visits") {
		t.Errorf("after Stop, the policies shown are %q", got)
	}
	time.Sleep(500 * time.Millisecond)
	if st := eval[string](tb, `document.getElementById("status").dataset.state`); st != "stopped" {
		t.Errorf("a stopped job went on to %q", st)
	}
	seq = tb.seq()
	tb.typeInto("#budget", "120000")
	tb.waitPlanned(seq, 60*time.Second)
	if after := eval[string](tb, counts); after != held {
		t.Errorf("new budgets during a sweep and a Stop: workers started and jobs that sent pages went %s → %s, want the same worker with its pages", held, after)
	}

	// A new parameter once a plan is done: the worker plans it with the
	// pages it holds, none sent again (its plan is enough to see that:
	// the sweep and search after it are the job above's).
	kept := eval[string](tb, counts)
	seq = tb.seq()
	tb.typeInto("#budget", "130000")
	tb.waitPlan(seq, 60*time.Second)
	if got := tb.text("#policies caption"); !strings.Contains(got, "At 130,000 visits") {
		t.Errorf("after a new budget, the policies are %q", got)
	}
	if after := eval[string](tb, counts); after != kept {
		t.Errorf("a new budget after a finished plan: workers started and pages sent went %s → %s, want the same worker with its pages", kept, after)
	}
}

// TestChooseFile: "Choose file" reads the file picked.
func TestChooseFile(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open()
	path := filepath.Join(t.TempDir(), "chosen.csv")
	if err := os.WriteFile(path, []byte(pagesCSV(250, 5)), 0o644); err != nil {
		t.Fatal(err)
	}
	before := tb.seq()
	tb.do(chromedp.SetUploadFiles(chromedp.ID("file-input"), []string{path}))
	tb.waitPlanned(before, 30*time.Second)
	if got := tb.text("#dataset"); !strings.Contains(got, "chosen.csv") || !strings.Contains(got, "250 pages on 5 hosts") {
		t.Errorf("dataset line %q", got)
	}
}

// TestCancelRead: reading shows its progress in bytes and rows, and
// Cancel stops it, keeping the plan on screen.
func TestCancelRead(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open()
	tb.drop("huge.csv", pagesCSV(400000, 1000), "")
	tb.poll(`(() => { const t = document.getElementById("read-text"); return t && / rows$/.test(t.textContent) && !/ 0 rows/.test(t.textContent); })()`, 30*time.Second)
	progress := tb.text("#read-text")
	if !regexp.MustCompile(`^[\d.]+ (B|kB|MB) of [\d.]+ MB · [\d,]+ rows$`).MatchString(progress) {
		t.Errorf("progress %q: want bytes of the total and rows", progress)
	}
	t.Logf("progress: %s", progress)
	tb.shotTop("09-reading")
	eval[bool](tb, `(document.getElementById("cancel-read").click(), true)`)
	tb.poll(`!!document.getElementById("input-note")`, 15*time.Second)
	if got := tb.text("#input-note"); !strings.Contains(got, "cancelled") || !strings.Contains(got, "sample-pages.csv") {
		t.Errorf("after cancelling: %q", got)
	}
	if got := tb.text("#dataset"); !strings.Contains(got, "sample-pages.csv") {
		t.Errorf("after cancelling the data is %q", got)
	}
	if n := eval[int](tb, `document.querySelectorAll("#reading").length`); n != 0 {
		t.Error("the progress bar stays after cancelling")
	}
}

// TestUnvisitableHost: a pages table with a host whose crawl delay (a
// robots.txt's) is longer than the horizon is planned, the rest as usual,
// and a note says that host is never visited and what horizon would; a
// longer horizon takes the note away. The app used to refuse the table.
func TestUnvisitableHost(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open()
	before := tb.seq()
	tb.drop("delay.csv", "url,host,changes_per_day,weight,crawl_delay\n"+
		"https://slow.example/1,slow.example,1,1,100000\nhttps://slow.example/2,slow.example,1,1,\n"+
		"https://fast.example/1,fast.example,2,1,\nhttps://fast.example/2,fast.example,0.5,1,\n", "")
	tb.waitPlanned(before, 30*time.Second)
	want := "Host slow.example asks for a crawl delay of 100000 s, longer than the horizon (24h): politeness allows it no visit, " +
		"so its 2 pages are never visited by the polite policies (plan a horizon of at least 27h46m40s to visit them)."
	if got := tb.text("#unvisitable"); got != want {
		t.Errorf("note %q, want %q", got, want)
	}
	if got := tb.text("#plan-error"); got != "" {
		t.Errorf("plan error %q", got)
	}
	tb.shotTop("18-unvisitable-host")
	before = tb.seq()
	tb.typeInto("#horizon", "28h")
	tb.waitPlanned(before, 30*time.Second)
	if got := tb.text("#unvisitable"); got != "" {
		t.Errorf("at a 28h horizon the note stays: %q", got)
	}
}

// TestDropCrawlLog: a Heritrix crawl.log dropped as the crawler wrote it
// is read as a log of fetches — its pages, what was skipped said — and
// planned.
func TestDropCrawlLog(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open()
	var b strings.Builder
	b.WriteString("2024-01-01T00:00:00.100Z     1         58 dns:a.example P http://a.example/ text/dns #014 20240101000000000+25 sha1:DNSDNSDNSDNSDNSDNSDNSDNSDNSDNSDN - -\n")
	for day := range 6 {
		for p := range 3 {
			digest := fmt.Sprintf("sha1:P%dV%d", p, day/(p+1))
			fmt.Fprintf(&b, "2024-01-%02dT0%d:00:01.000Z   200       1000 http://a.example/%d - - text/html #025 202401%02d0%d0000500+500 %s - -\n",
				day+1, p, p, day+1, p, digest)
		}
	}
	b.WriteString("2024-01-07T00:00:00.000Z    -6          - http://down.example/ L http://a.example/ no-type #031 - - - -\n")
	seq := tb.seq()
	tb.drop("crawl.log", b.String(), "")
	tb.waitPlanned(seq, 30*time.Second)
	if got := tb.text("#dataset"); !strings.HasPrefix(got, "crawl.log — 3 pages on 1 host") {
		t.Errorf("dataset line %q: want the crawl log's 3 pages on 1 host", got)
	}
	if got, want := tb.text("#input-note"), "crawl.log: 2 captures not of content (a status other than 200 or 304, or not http(s)) skipped"; !strings.Contains(got, want) {
		t.Errorf("note %q: want %q", got, want)
	}
	if got := tb.text("#plan-error"); got != "" {
		t.Errorf("plan error %q", got)
	}
	// "Choose file" offers such files, and gzipped ones, without "All files".
	accept := eval[string](tb, `document.getElementById("file-input").accept`)
	for _, ext := range []string{".log", ".gz", ".cdx", ".csv"} {
		if !strings.Contains(accept+",", ext+",") {
			t.Errorf("the file picker accepts %q: no %s", accept, ext)
		}
	}
}
