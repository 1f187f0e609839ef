package e2e

import (
	"hash/fnv"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestBacktestPanel drops a change history, runs the backtest panel with
// a split typed in, and checks every row against `freshplan backtest`
// with the same split: the same numbers to the last digit.
func TestBacktestPanel(t *testing.T) {
	// A quarter of the real history's pages keeps the test quick.
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
	b = []byte(strings.Join(kept, ""))
	history := filepath.Join(t.TempDir(), "changes.csv")
	if err := os.WriteFile(history, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(cli, "backtest", "--split", "2024-07-01", history).Output()
	if err != nil {
		t.Fatalf("freshplan backtest: %v", err)
	}
	want := strings.TrimSpace(string(out))

	tb := newTab(t)
	tb.open()
	seq := tb.seq()
	tb.drop("changes.csv", string(b), "")
	tb.waitPlanned(seq, 60*time.Second)
	tb.poll(`!!document.getElementById("bt-run")`, 10*time.Second)
	tb.typeInto("#bt-split", "2024-07-01")
	eval[bool](tb, `(document.getElementById("bt-run").click(), true)`)
	tb.poll(`document.getElementById("backtest")?.dataset.state === "done" || !!document.getElementById("bt-error")`, 120*time.Second)
	if e := tb.text("#bt-error"); e != "" {
		t.Fatalf("backtest failed: %s", e)
	}
	got := eval[string](tb, `"policy,staleness,visits,changes_detected\n" + [...document.querySelectorAll("#bt-table tbody tr")]
		.map(r => [r.dataset.policy, r.dataset.staleness, r.dataset.visits, r.dataset.detected].join(",")).join("\n")`)
	if got != want {
		t.Errorf("the app's backtest:\n%s\nthe CLI's:\n%s", got, want)
	}
	tb.shotOf("#backtest", "backtest")
}
