//go:build !wasm

package main

import (
	"encoding/csv"
	"fmt"
	"strings"
	"testing"
)

// changeHistory writes a small change history: six pages on two hosts
// changing every few days through 2023 and 2024.
func changeHistory() string {
	var b strings.Builder
	b.WriteString("url,host,time\n")
	const jan2023 = 1672531200
	for p := range 6 {
		host := fmt.Sprintf("h%d.example", p%2)
		for t := jan2023 + p*3600; t < jan2023+2*365*86400; t += (p + 1) * 3 * 86400 {
			fmt.Fprintf(&b, "https://%s/%d,%s,%d\n", host, p, host, t)
		}
	}
	return b.String()
}

func TestBacktestCommand(t *testing.T) {
	path := writeFile(t, t.TempDir(), "changes.csv", changeHistory())
	r := cli(t, "backtest", "--split", "2024-01-01", "--horizon", "168h", path)
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	rows, err := csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(rows[0], ",") != "policy,staleness,visits,changes_detected" {
		t.Fatalf("header %q", rows[0])
	}
	seen := map[string]bool{}
	for _, row := range rows[1:] {
		seen[row[0]] = true
	}
	for _, want := range []string{"psp", "uniform", "cho", "azar", "psp-replan", "nutch-adaptive", "stormcrawler-adaptive"} {
		if !seen[want] {
			t.Errorf("no row for %s in %q", want, r.stdout)
		}
	}
	if r.stderr != "" {
		t.Errorf("a budget of a visit per page per week warns: %q", r.stderr)
	}
	// Fewer visits per horizon than pages: warned, with the horizon and
	// budget that would reach every page.
	r = cli(t, "backtest", "--split", "2024-01-01", "--horizon", "168h", "--budget", "4", path)
	if r.code != exitOK || !strings.Contains(r.stderr, "leave 2 pages unvisited") || !strings.Contains(r.stderr, "--horizon 336h --budget 8") {
		t.Errorf("budget 4 for 6 pages: exit %d, stderr %q", r.code, r.stderr)
	}
	bad := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"backtest", path}, exitUsage, "--split"},
		{[]string{"backtest", "--split", "2024-01-01"}, exitUsage, "needs a change history"},
		{[]string{"backtest", "--split", "soon", path}, exitBadInput, `--split "soon"`},
		{[]string{"backtest", "--split", "2024-01-01", "--until", "2023-06-01", path}, exitBadInput, "in that order"},
		{[]string{"backtest", "--split", "2020-01-01", path}, exitBadInput, "no page appears before the split"},
	}
	for _, c := range bad {
		r := cli(t, c.args...)
		if r.code != c.code || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%q: exit %d, %q; want exit %d mentioning %q", c.args, r.code, r.stderr, c.code, c.want)
		}
	}
}

// TestBacktestSkipBad: a history with a bad row stops the backtest at it;
// with --skip-bad the row is skipped and said so, and the backtest is that
// of the history without it.
func TestBacktestSkipBad(t *testing.T) {
	dir := t.TempDir()
	good := changeHistory()
	k := strings.Index(good, "\n") + 1
	bad := good[:k] + "https://h0.example/0,h0.example,soon\n" + good[k:]
	goodPath, badPath := writeFile(t, dir, "good.csv", good), writeFile(t, dir, "bad.csv", bad)
	if r := cli(t, "backtest", "--split", "2024-01-01", badPath); r.code != exitBadInput || !strings.Contains(r.stderr, "bad.csv:2:3 (time)") {
		t.Errorf("a bad row: exit %d, stderr %q; want exit %d naming bad.csv:2:3", r.code, r.stderr, exitBadInput)
	}
	r := cli(t, "backtest", "--skip-bad", "--split", "2024-01-01", badPath)
	if r.code != exitOK || !strings.Contains(r.stderr, "bad.csv: skipped 1 bad row; the first: ") {
		t.Fatalf("--skip-bad: exit %d, stderr %q; want the row skipped and said", r.code, r.stderr)
	}
	if want := cli(t, "backtest", "--split", "2024-01-01", goodPath); r.stdout != want.stdout {
		t.Errorf("--skip-bad:\n%s\nwithout the bad row:\n%s", r.stdout, want.stdout)
	}
}

// TestUnusedFlagsWarned: a flag of plan's that sweep or backtest has no
// use for is accepted (SPEC §6 gives them plan's flags) and said so on
// stderr, not silently ignored.
func TestUnusedFlagsWarned(t *testing.T) {
	dir := t.TempDir()
	history := writeFile(t, dir, "changes.csv", changeHistory())
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"sweep", "--budgets", "10,20", "--policy", "mp2", history}, "warning: --policy does nothing for sweep"},
		{[]string{"backtest", "--split", "2024-01-01", "--policy", "cho", history}, "warning: --policy does nothing for backtest"},
		{[]string{"backtest", "--split", "2024-01-01", "--weights", "embarrassment", history}, "warning: --weights does nothing for backtest"},
	} {
		r := cli(t, c.args...)
		if r.code != exitOK || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%q: exit %d, stderr %q; want exit 0 and %q", c.args, r.code, r.stderr, c.want)
		}
	}
	if r := cli(t, "sweep", "--budgets", "10,20", history); strings.Contains(r.stderr, "warning") {
		t.Errorf("sweep without unused flags warned: %q", r.stderr)
	}
}
