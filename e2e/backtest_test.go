package e2e

import (
	"fmt"
	"hash/fnv"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestBacktestPanel drops a change history, runs the backtest panel with
// a split typed in, and checks every cell of its table — each policy at
// each budget — against `freshplan backtest --budgets 0.25,0.5,1,2,4`
// with the same split: the same numbers to the last digit. Its chart has a
// line per policy and no label over another, on a desktop's width and a
// phone's.
func TestBacktestPanel(t *testing.T) {
	t.Parallel()
	b := []byte(strings.Join(quarterHistory(t), ""))
	history := filepath.Join(t.TempDir(), "changes.csv")
	if err := os.WriteFile(history, b, 0o644); err != nil {
		t.Fatal(err)
	}
	tb := newTab(t)
	setWidth(t, tb, 1400)
	tb.open()
	seq := tb.seq()
	tb.drop("changes.csv", string(b), "")
	tb.waitPlanned(seq, 60*time.Second)
	backtestMatchesCLI(t, tb, history, "2024-07-01")
	advice := tb.text("#bt-advice")
	if !strings.HasPrefix(advice, "Use ") || !strings.Contains(advice, "than uniform (") || !strings.Contains(advice, "the best adaptive scheduler, ") {
		t.Errorf("the advice above the table: %q", advice)
	}
	if got := eval[string](tb, `[...document.querySelectorAll("#bt-table tbody tr")].slice(0, 2).map(r => r.dataset.policy + "." + r.className).join(" ")`); got != "learn.recommended uniform.yardstick" {
		t.Errorf("the first rows: %s; want learn, recommended, then uniform", got)
	}
	if got := tb.text(`#bt-table tr[data-policy="hindsight"] th`); !strings.Contains(got, "psp had it known the test year's rates (a static plan's headroom)") {
		t.Errorf("hindsight's row: %q", got)
	}
	budgetChart(t, tb, "#chart-bt-budgets-svg", 9)
	tb.shotOf("#backtest", "backtest")
	tb.shotOf("#chart-bt-budgets", "backtest-chart")
	// What the panel showed before it replayed several budgets, folded
	// away: each policy's visits and its staleness week by week.
	eval[bool](tb, `(document.querySelector("#bt-details summary").click(), true)`)
	if n := eval[int](tb, `document.querySelectorAll("#chart-backtest-svg polyline").length`); n != 9 {
		t.Errorf("the week-by-week chart has %d lines, want 9", n)
	}
	if h := eval[float64](tb, `document.getElementById("bt-week-table").getBoundingClientRect().height`); h < 100 {
		t.Errorf("the details' table is %v pixels high once opened", h)
	}
	tb.shotOf("#bt-details", "backtest-details")
	setWidth(t, tb, 390)
	if w := eval[int](tb, `document.documentElement.scrollWidth`); w > 390 {
		t.Errorf("the page is %d pixels wide on a 390-pixel screen: it scrolls sideways", w)
	}
	budgetChart(t, tb, "#chart-bt-budgets-narrow-svg", 9)
	tb.shotOf("#backtest", "backtest-narrow")
	tb.shotOf("#chart-bt-budgets-narrow", "backtest-narrow-chart")
	// Scrolled sideways, the table keeps its policy column in view.
	left := eval[float64](tb, `(w => (w.scrollLeft = 200, document.querySelector('#bt-table tr[data-policy="learn"] th').getBoundingClientRect().left - w.getBoundingClientRect().left))(document.querySelector("#backtest .table-wrap"))`)
	if left < -1 {
		t.Errorf("scrolled sideways, the policy column is %v pixels out of view", -left)
	}
	tb.shotOf("#backtest .table-wrap", "backtest-narrow-scrolled")
	setWidth(t, tb, 1400)
	// Under the harmonic penalty Cho's policy cannot be planned: its row
	// says so, and the others still match the CLI's.
	seq = tb.seq()
	eval[bool](tb, `(() => { const s = document.getElementById("objective"); s.value = "harmonic";
		s.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)
	tb.waitPlanned(seq, 60*time.Second)
	backtestMatchesCLI(t, tb, history, "2024-07-01", "--objective", "harmonic")
	if got := tb.text(`#bt-table tr.omitted[data-policy="cho"]`); !strings.Contains(got, "not planned: its Lagrange solution is for staleness and age") {
		t.Errorf("cho's row under the harmonic penalty: %q", got)
	}
	budgetChart(t, tb, "#chart-bt-budgets-svg", 8)
	tb.shotOf("#bt-table", "backtest-harmonic")
}

// cellText is a cell of the backtest's table: "0.102% · 0.76×".
var cellText = regexp.MustCompile(`^([0-9.]+)% · ([0-9.]+)×$`)

// setWidth makes the window w CSS pixels wide.
func setWidth(t *testing.T, tb *tab, w int64) {
	t.Helper()
	if _, err := chromedp.Call(tb.ctx, emulation.SetDeviceMetricsOverride,
		emulation.SetDeviceMetricsOverrideParams{Width: w, Height: 900, DeviceScaleFactor: 1, Mobile: w < 600}); err != nil {
		t.Fatal(err)
	}
}

// budgetChart checks the staleness-against-budget chart sel: shown, a
// line per policy replayed with a point per budget, a legend entry each,
// and no two of its labels overlapping on the screen.
func budgetChart(t *testing.T, tb *tab, sel string, policies int) {
	t.Helper()
	type summary struct {
		Visible, Lines, Points, Texts int
		Overlaps                      []string
	}
	s := eval[summary](tb, fmt.Sprintf(`(() => {
		const svg = document.querySelector(%q);
		if (!svg) return {Visible: -1};
		const texts = [...svg.querySelectorAll("text")].filter(e => e.textContent.trim() !== "");
		const boxes = texts.map(e => e.getBoundingClientRect());
		const over = [];
		for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
			const a = boxes[i], b = boxes[j];
			if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
				over.push(texts[i].textContent + " / " + texts[j].textContent);
		}
		return {Visible: svg.getBoundingClientRect().width > 0 ? 1 : 0, Lines: svg.querySelectorAll("polyline").length,
			Points: svg.querySelectorAll("circle").length, Texts: texts.length, Overlaps: over};
	})()`, sel))
	if s.Visible != 1 {
		t.Fatalf("%s: visible %d", sel, s.Visible)
	}
	if s.Lines != policies || s.Points != 5*policies {
		t.Errorf("%s: %d lines, %d points; want %d lines, a point per budget on each", sel, s.Lines, s.Points, policies)
	}
	for _, l := range []string{"visits per page per week (log scale)", "staleness (%, log scale)", "learn", "uniform", "0.25", "4"} {
		if !eval[bool](tb, fmt.Sprintf(`[...document.querySelectorAll(%q)].some(e => e.textContent === %q)`, sel+" text", l)) {
			t.Errorf("%s: no label %q", sel, l)
		}
	}
	if len(s.Overlaps) > 0 {
		t.Errorf("%s: labels overlap: %q", sel, s.Overlaps)
	}
}

// TestBacktestBigFile: a chosen file too big to keep (more than 16 MiB,
// here by long URLs) is read again from the browser's File when the
// backtest runs, with the same numbers as the CLI's; its link carries a
// fingerprint.
func TestBacktestBigFile(t *testing.T) {
	t.Parallel()
	lines := quarterHistory(t)
	// Long enough URLs to take the file past 16 MiB.
	pad := "?" + strings.Repeat("p", 17<<20/len(lines))
	var sb strings.Builder
	sb.WriteString(lines[0])
	for _, l := range lines[1:] {
		if url, rest, ok := strings.Cut(l, ","); ok {
			sb.WriteString(url + pad + "," + rest)
		}
	}
	if sb.Len() <= 16<<20 {
		t.Fatalf("the file is %d bytes, not more than 16 MiB", sb.Len())
	}
	history := filepath.Join(t.TempDir(), "big-changes.csv")
	if err := os.WriteFile(history, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	tb := chooseAndPlan(t, history, 120*time.Second)
	backtestMatchesCLI(t, tb, history, "2024-07-01")
	if h := tb.copyLink(); len(h) > 2000 {
		t.Errorf("the link of a %d-byte file holds %d characters: want its fingerprint, not the data", sb.Len(), len(h))
	}
}

// quarterHistory returns the lines (header first) of a quarter of the
// real history's pages: enough to backtest, quick to.
func quarterHistory(t *testing.T) []string {
	b, err := os.ReadFile("../core/adaptive/testdata/changes-2024.csv")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	kept := lines[:1]
	for _, l := range lines[1:] {
		h := fnv.New32a()
		h.Write([]byte(strings.SplitN(l, ",", 2)[0]))
		if h.Sum32()%4 == 0 {
			kept = append(kept, l)
		}
	}
	return kept
}

// backtestMatchesCLI runs the backtest panel on the file the tab has
// planned, split at split (YYYY-MM-DD), and compares every cell of its table with
// `freshplan backtest --budgets 0.25,0.5,1,2,4` on the same file with the
// same flags: the same budgets, staleness, visits, changes detected and
// ratio to uniform, to the last digit (a policy not planned is a row of
// its own in the app, a warning from the CLI). The rows at one visit per
// page per week (the panel's details) match them too.
func backtestMatchesCLI(t *testing.T, tb *tab, history, split string, flags ...string) {
	t.Helper()
	args := append(append([]string{"backtest", "--split", split, "--budgets", "0.25,0.5,1,2,4"}, flags...), history)
	var stderr strings.Builder
	cmd := exec.Command(cli, args...)
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("freshplan backtest: %v: %s", err, stderr.String())
	}
	// The CLI's visits per page per week is its budget's over the pages
	// (0.249 for 0.25 when the pages are not a multiple of 4): the budget
	// per week is compared instead.
	var want []string
	for _, l := range strings.Split(strings.TrimSpace(string(out)), "\n")[1:] {
		f := strings.Split(l, ",")
		want = append(want, strings.Join(append(f[:1:1], f[2:]...), ","))
	}
	tb.poll(`!!document.getElementById("bt-run")`, 10*time.Second)
	tb.typeInto("#bt-split", split)
	runs := eval[int](tb, `+document.getElementById("backtest").dataset.seq`)
	// The progress line is watched as it changes: it names each budget
	// as the worker replays it.
	eval[bool](tb, `(() => { window.btNotes = new Set(); const b = document.getElementById("backtest");
		window.btWatch?.disconnect();
		window.btWatch = new MutationObserver(() => { const p = document.getElementById("bt-progress"); if (p) btNotes.add(p.textContent); });
		window.btWatch.observe(b, {subtree: true, childList: true, characterData: true}); return true; })()`)
	start := time.Now()
	eval[bool](tb, `(document.getElementById("bt-run").click(), true)`)
	tb.poll(`!!document.getElementById("bt-progress") || document.getElementById("backtest").dataset.state !== "busy"`, 30*time.Second)
	if eval[bool](tb, `!!document.getElementById("bt-progress")`) {
		tb.shotOf("#backtest", t.Name()+"-busy")
	}
	tb.poll(fmt.Sprintf(`(b => +b.dataset.seq > %d && b.dataset.state === "done" || !!document.getElementById("bt-error"))(document.getElementById("backtest"))`, runs), 180*time.Second)
	if e := tb.text("#bt-error"); e != "" {
		t.Fatalf("backtest failed: %s", e)
	}
	t.Logf("the panel's backtest took %v (%s)", time.Since(start).Round(100*time.Millisecond), tb.text("#bt-took"))
	notes := eval[[]string](tb, `[...btNotes]`)
	budgetsSaid := 0
	for k := 1; k <= 5; k++ {
		if slices.ContainsFunc(notes, func(n string) bool { return strings.Contains(n, fmt.Sprintf("a week), %d of 5", k)) }) {
			budgetsSaid++
		}
	}
	if budgetsSaid < 3 {
		t.Errorf("the progress named %d of the 5 budgets as they were replayed: %q", budgetsSaid, notes)
	}
	got := eval[[]string](tb, `[...document.querySelectorAll("#bt-table tbody tr:not(.omitted)")].flatMap(r => [...r.querySelectorAll("td[data-staleness]")]
		.map(c => [c.dataset.budget, r.dataset.policy, c.dataset.staleness, c.dataset.visits, c.dataset.detected, c.dataset.ratio].join(",")))`)
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("the app's backtest:\n%s\nthe CLI's:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// Each cell reads its staleness as a percentage and its ratio.
	cells := eval[[][]string](tb, `[...document.querySelectorAll("#bt-table td[data-staleness]")].map(c => [c.textContent, c.dataset.staleness, c.dataset.ratio])`)
	for _, c := range cells {
		m := cellText.FindStringSubmatch(c[0])
		s, _ := strconv.ParseFloat(c[1], 64)
		r, _ := strconv.ParseFloat(c[2], 64)
		if m == nil {
			t.Errorf("a cell reads %q", c[0])
			continue
		}
		pct, _ := strconv.ParseFloat(m[1], 64)
		times, _ := strconv.ParseFloat(m[2], 64)
		if math.Abs(pct-100*s) > 0.005*100*s || math.Abs(times-r) > 0.005 {
			t.Errorf("a cell reads %q for staleness %s, ratio %s", c[0], c[1], c[2])
		}
	}
	weekly := 0
	for _, w := range want {
		if f := strings.Split(w, ","); f[0] == eval[string](tb, `document.querySelector('#bt-table th[data-per-page="1"] small').textContent.replace(/\D/g, "")`) {
			weekly++
		}
	}
	if n := eval[int](tb, `document.querySelectorAll("#bt-week-table tbody tr:not(.omitted)").length`); n != weekly || n == 0 {
		t.Errorf("the details at one visit per page per week have %d rows, want %d", n, weekly)
	}
}

// TestBigLogInWorker: a log over 16 MiB is read in a worker of its own:
// its progress shows, Cancel stops it (the sample's plan stays), and an
// error deep in it names the line and marks the field, as for a small file.
func TestBigLogInWorker(t *testing.T) {
	t.Parallel()
	var sb strings.Builder
	sb.WriteString("url,time,changed\n")
	rows := 0
	for sb.Len() < 24<<20 {
		rows++
		fmt.Fprintf(&sb, "https://h%d.example/page-%d,2024-01-%02dT%02d:00:00Z,%d\n", rows%97, rows%40000, 1+rows%28, rows%24, rows%3%2)
	}
	sb.WriteString("https://h1.example/page-1,yesterday,1\n")
	bad := rows + 2 // the header, then the rows
	dir := t.TempDir()
	var paths []string
	for _, name := range []string{"big-log.csv", "big-log-again.csv"} {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(sb.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		paths = append(paths, p)
	}
	tb := newTab(t)
	tb.open()
	tb.do(chromedp.SetUploadFiles(chromedp.ID("file-input"), paths[:1]))
	tb.poll(`(() => { const t = document.getElementById("read-text"); return t && / rows$/.test(t.textContent) && !/ 0 rows/.test(t.textContent); })()`, 30*time.Second)
	eval[bool](tb, `(document.getElementById("cancel-read").click(), true)`)
	tb.poll(`!!document.getElementById("input-note")`, 15*time.Second)
	if got := tb.text("#input-note"); !strings.Contains(got, "cancelled") || !strings.Contains(got, "sample-pages.csv") {
		t.Errorf("after cancelling: %q", got)
	}
	tb.do(chromedp.SetUploadFiles(chromedp.ID("file-input"), paths[1:]))
	tb.poll(`!!document.getElementById("input-error")`, 60*time.Second)
	msg := tb.text("#input-error")
	for _, want := range []string{"big-log-again.csv", fmt.Sprintf("line %d", bad), `"yesterday"`} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not say %s", msg, want)
		}
	}
	if got := tb.text("#input-error mark"); got != "yesterday" {
		t.Errorf("the offending field marked is %q, want yesterday", got)
	}
	if got := tb.text("#dataset"); !strings.Contains(got, "sample-pages.csv") {
		t.Errorf("after the bad file the data is %q, want the sample still", got)
	}
}

// TestBigTableInWorker: a pages table over 16 MiB is read in a worker too,
// which keeps the pages (app's holder): the page has their summary, and
// asks the worker for what it shows of them. The dataset line, the
// per-page table's URLs, hosts and rates, its filter, order and pages and
// the scatter's dot titles read them back as written; the seed list and
// the pages file written by the worker from the plan shown, and the hosts
// file planned again with the pages it hands over, are the CLI's; an
// error deep in such a table names the line and marks the field.
func TestBigTableInWorker(t *testing.T) {
	t.Parallel()
	var sb strings.Builder
	sb.WriteString("url,changes_per_day,weight\n")
	rows := 0
	for sb.Len() < 17<<20 {
		rows++
		fmt.Fprintf(&sb, "https://h%d.example/a-long-enough-path/to/page-%d,%g,%d\n", rows%13, rows, 0.5+float64(rows%7), 1+rows%3)
	}
	dir := t.TempDir()
	good := filepath.Join(dir, "big-table.csv")
	if err := os.WriteFile(good, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	sb.WriteString("https://h1.example/last,often,1\n")
	badPath := filepath.Join(dir, "big-table-bad.csv")
	if err := os.WriteFile(badPath, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	tb := chooseAndPlan(t, good, 3*time.Minute)
	if got, want := strings.ReplaceAll(tb.text("#dataset"), ",", ""), fmt.Sprintf("%d pages on 13 hosts", rows); !strings.Contains(got, want) {
		t.Errorf("dataset %q, want %q", got, want)
	}
	// A page's row, found by the filter (one of the last: no other URL
	// has its number as a prefix): its URL, host and rate as written.
	want := rows - 5
	// Typed key by key: each key asks the worker again, and the rows asked
	// for before are superseded.
	tb.do(chromedp.SendKeys(chromedp.CSS("#page-table-filter"), fmt.Sprintf("/page-%d", want)))
	tb.poll(`document.querySelector("#page-table .table-status").textContent.startsWith("pages 1–1 of 1 (filtered from")`, 10*time.Second)
	cells := eval[[]string](tb, `[...document.querySelectorAll("#page-table tbody tr:first-child > *")].map(td => td.textContent)`)
	url := fmt.Sprintf("https://h%d.example/a-long-enough-path/to/page-%d", want%13, want)
	if len(cells) < 3 || cells[0] != url || cells[1] != fmt.Sprintf("h%d.example", want%13) || cells[2] != fmt.Sprintf("%g", 0.5+float64(want%7)) {
		t.Errorf("the filtered row reads %q; want %s, its host and %g changes a day", cells, url, 0.5+float64(want%7))
	}
	if n := eval[int](tb, `[...document.querySelectorAll("#chart-rates-svg title")].filter(t => t.textContent.startsWith("https://h")).length`); n == 0 {
		t.Error("no dot of the scatter names its page's URL")
	}
	// Sorted by changes/day, largest first, then the next page: rates of
	// 6.5 (rows ≡ 6 mod 7), in the file's order.
	tb.typeInto("#page-table-filter", "")
	tb.poll(`!document.querySelector("#page-table .table-status").textContent.includes("filtered from")`, 10*time.Second)
	eval[bool](tb, `(document.querySelectorAll("#page-table thead button")[2].click(), true)`)
	tb.poll(`document.querySelector("#page-table thead th:nth-child(3)").getAttribute("aria-sort") === "descending"`, 10*time.Second)
	eval[bool](tb, `(document.querySelector('#page-table .pager [aria-label="next page"]').click(), true)`)
	tb.poll(`document.querySelector("#page-table .table-status").textContent.startsWith("pages 51–100 ")`, 10*time.Second)
	firstOnPage := eval[[]string](tb, `[...document.querySelectorAll("#page-table tbody tr:first-child > *")].map(td => td.textContent)`)
	if want := fmt.Sprintf("https://h%d.example/a-long-enough-path/to/page-%d", (6+7*50)%13, 6+7*50); len(firstOnPage) < 3 || firstOnPage[0] != want || firstOnPage[2] != "6.5" {
		t.Errorf("the second page sorted by changes/day starts %q; want %s at 6.5 a day", firstOnPage, want)
	}
	tb.shotOf("#tables", "19-held-table")
	budget := eval[string](tb, `document.getElementById("budget").value`)
	dir = t.TempDir()
	for _, e := range exportFiles {
		if e.button == "export-nutch" || e.button == "export-pages" || e.button == "export-hosts" {
			tb.sameAsCLI(e, dir, good, "--budget", budget)
		}
	}
	tb.do(chromedp.SetUploadFiles(chromedp.ID("file-input"), []string{badPath}))
	tb.poll(`!!document.getElementById("input-error")`, 60*time.Second)
	msg := tb.text("#input-error")
	for _, want := range []string{"big-table-bad.csv", fmt.Sprintf("line %d", rows+2), `"often"`} {
		if !strings.Contains(msg, want) {
			t.Errorf("error %q does not say %s", msg, want)
		}
	}
	if got := tb.text("#input-error mark"); got != "often" {
		t.Errorf("the offending field marked is %q, want often", got)
	}
}

// TestHeldPagesReadAgain: the worker that holds a big file's pages is let
// go when the page cancels the read of another big file (what reading
// took goes with it); the plan on screen is still the first file's, and
// the next plan of it reads the file again in a fresh worker, whose page
// table answers as before.
func TestHeldPagesReadAgain(t *testing.T) {
	t.Parallel()
	// Long URLs: over 16 MiB in few rows, quick to plan.
	long := strings.Repeat("long-path-segment/", 12)
	var sb strings.Builder
	sb.WriteString("url,changes_per_day\n")
	rows := 0
	for sb.Len() < 17<<20 {
		rows++
		fmt.Fprintf(&sb, "https://h%d.example/%spage-%d,%g\n", rows%11, long, rows, 0.25+float64(rows%5))
	}
	dir := t.TempDir()
	first, second := filepath.Join(dir, "held.csv"), filepath.Join(dir, "other.csv")
	if err := os.WriteFile(first, []byte(sb.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	// Another, four times as big, whose read is cancelled well before it
	// ends.
	var other strings.Builder
	other.WriteString("url,changes_per_day\n")
	for k := 0; other.Len() < 4*17<<20; k++ {
		fmt.Fprintf(&other, "https://g%d.example/%spage-%d,1\n", k%7, long, k)
	}
	if err := os.WriteFile(second, []byte(other.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	tb := chooseAndPlan(t, first, 3*time.Minute)
	counts := `(s => [+s.workers, +s.pagesSent])(document.getElementById("status").dataset)`
	held := eval[[]int](tb, counts)
	// Another big file, its read cancelled: the worker reading it — the
	// one that held the first file's pages — is let go.
	tb.do(chromedp.SetUploadFiles(chromedp.ID("file-input"), []string{second}))
	tb.poll(`(() => { const t = document.getElementById("read-text"); return t && / rows$/.test(t.textContent) && !/ 0 rows/.test(t.textContent); })()`, 30*time.Second)
	eval[bool](tb, `(document.getElementById("cancel-read").click(), true)`)
	tb.poll(`!!document.getElementById("input-note")`, 15*time.Second)
	if got := tb.text("#input-note"); !strings.Contains(got, "cancelled") || !strings.Contains(got, "held.csv") {
		t.Errorf("after cancelling: %q", got)
	}
	// A new budget: planned from the first file, read again.
	before := tb.seq()
	tb.typeInto("#budget", strconv.Itoa(2*rows))
	tb.waitPlanned(before, 3*time.Minute)
	// A worker for the cancelled read's, and one for the pages read again
	// by it, which were handed on once more.
	if again := eval[[]int](tb, counts); len(again) != 2 || len(held) != 2 || again[0] != held[0]+2 || again[1] != held[1]+1 {
		t.Errorf("workers started and pages handed went %v → %v, want two more workers and one more hand", held, again)
	}
	// Every worker, the spare and those started while a read was under
	// way included, ran the page's compiled module (newWorker).
	if n := eval[int](tb, `+document.getElementById("status").dataset.workersCompiled`); n != 0 {
		t.Errorf("%d of the page's workers compiled app.wasm themselves; want every one to share the page's module", n)
	}
	if got, want := strings.ReplaceAll(tb.text("#dataset"), ",", ""), fmt.Sprintf("held.csv — %d pages on 11 hosts", rows); !strings.Contains(got, want) {
		t.Errorf("dataset %q, want %q", got, want)
	}
	if got := tb.text("#page-table caption"); !strings.Contains(got, fmt.Sprintf("at %s visits", strings.TrimSpace(fmtThousands(2*rows)))) {
		t.Errorf("the page table's caption %q is not of the new budget", got)
	}
	want := rows - 3
	tb.typeInto("#page-table-filter", fmt.Sprintf("/page-%d", want))
	tb.poll(`document.querySelector("#page-table .table-status").textContent.includes("filtered from")`, 10*time.Second)
	cells := eval[[]string](tb, `[...document.querySelectorAll("#page-table tbody tr:first-child > *")].map(td => td.textContent)`)
	if url := fmt.Sprintf("https://h%d.example/%spage-%d", want%11, long, want); len(cells) < 3 || cells[0] != url {
		t.Errorf("the filtered row reads %q; want %s", cells, url)
	}
}

// fmtThousands writes n with commas, as the page does.
func fmtThousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}
