package e2e

import (
	"fmt"
	"hash/fnv"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBacktestPanel drops a change history, runs the backtest panel with
// a split typed in, and checks every row against `freshplan backtest`
// with the same split: the same numbers to the last digit.
func TestBacktestPanel(t *testing.T) {
	b := []byte(strings.Join(quarterHistory(t), ""))
	history := filepath.Join(t.TempDir(), "changes.csv")
	if err := os.WriteFile(history, b, 0o644); err != nil {
		t.Fatal(err)
	}
	tb := newTab(t)
	tb.open()
	seq := tb.seq()
	tb.drop("changes.csv", string(b), "")
	tb.waitPlanned(seq, 60*time.Second)
	backtestMatchesCLI(t, tb, history)
	tb.shotOf("#backtest", "backtest")
	// Under the harmonic penalty Cho's policy cannot be planned: its row
	// says so, and the others still match the CLI's.
	seq = tb.seq()
	eval[bool](tb, `(() => { const s = document.getElementById("objective"); s.value = "harmonic";
		s.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)
	tb.waitPlanned(seq, 60*time.Second)
	backtestMatchesCLI(t, tb, history, "--objective", "harmonic")
	if got := tb.text(`#bt-table tr.omitted[data-policy="cho"]`); !strings.Contains(got, "not planned: its Lagrange solution is for staleness and age") {
		t.Errorf("cho's row under the harmonic penalty: %q", got)
	}
	tb.shotOf("#bt-table", "backtest-harmonic")
}

// TestBacktestBigFile: a chosen file too big to keep (more than 16 MiB,
// here by long URLs) is read again from the browser's File when the
// backtest runs, with the same numbers as the CLI's; its link carries a
// fingerprint.
func TestBacktestBigFile(t *testing.T) {
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
	tb := newTab(t)
	tb.open()
	seq := tb.seq()
	tb.do(chromedp.SetUploadFiles(chromedp.ID("file-input"), []string{history}))
	tb.waitPlanned(seq, 120*time.Second)
	backtestMatchesCLI(t, tb, history)
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
// planned, split at 2024-07-01, and compares every row with `freshplan
// backtest` on the same file with the same flags: the same numbers to the
// last digit (a policy not planned is a row of its own in the app, a
// warning from the CLI).
func backtestMatchesCLI(t *testing.T, tb *tab, history string, flags ...string) {
	t.Helper()
	args := append(append([]string{"backtest", "--split", "2024-07-01"}, flags...), history)
	out, err := exec.Command(cli, args...).Output()
	if err != nil {
		t.Fatalf("freshplan backtest: %v", err)
	}
	want := strings.TrimSpace(string(out))
	tb.poll(`!!document.getElementById("bt-run")`, 10*time.Second)
	tb.typeInto("#bt-split", "2024-07-01")
	runs := eval[int](tb, `+document.getElementById("backtest").dataset.seq`)
	eval[bool](tb, `(document.getElementById("bt-run").click(), true)`)
	tb.poll(fmt.Sprintf(`(b => +b.dataset.seq > %d && b.dataset.state === "done" || !!document.getElementById("bt-error"))(document.getElementById("backtest"))`, runs), 120*time.Second)
	if e := tb.text("#bt-error"); e != "" {
		t.Fatalf("backtest failed: %s", e)
	}
	got := eval[string](tb, `"policy,staleness,visits,changes_detected\n" + [...document.querySelectorAll("#bt-table tbody tr:not(.omitted)")]
		.map(r => [r.dataset.policy, r.dataset.staleness, r.dataset.visits, r.dataset.detected].join(",")).join("\n")`)
	if got != want {
		t.Errorf("the app's backtest:\n%s\nthe CLI's:\n%s", got, want)
	}
}

// TestBigLogInWorker: a log over 16 MiB is read in a worker of its own:
// its progress shows, Cancel stops it (the sample's plan stays), and an
// error deep in it names the line and marks the field, as for a small file.
func TestBigLogInWorker(t *testing.T) {
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
