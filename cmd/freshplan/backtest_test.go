//go:build !wasm

package main

import (
	"encoding/csv"
	"fmt"
	"math"
	"slices"
	"strconv"
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
	for _, want := range []string{"psp", "uniform", "cho", "azar", "psp-replan", "learn", "hindsight", "nutch-adaptive", "stormcrawler-adaptive"} {
		if !seen[want] {
			t.Errorf("no row for %s in %q", want, r.stdout)
		}
	}
	if r.stderr != "" {
		t.Errorf("a budget of a visit per page per week warns: %q", r.stderr)
	}
	// Fewer visits per horizon than pages: the static plans span two
	// horizons, and say so; --cycle 1 plans one, as the papers do, and
	// leaves two pages unvisited — staler.
	r = cli(t, "backtest", "--split", "2024-01-01", "--horizon", "168h", "--budget", "4", path)
	if r.code != exitOK || !strings.Contains(r.stderr, "span a cycle of 2 horizons (336h) at 8 visits") {
		t.Errorf("budget 4 for 6 pages: exit %d, stderr %q", r.code, r.stderr)
	}
	one := cli(t, "backtest", "--split", "2024-01-01", "--horizon", "168h", "--budget", "4", "--cycle", "1", path)
	if one.code != exitOK || one.stderr != "" {
		t.Fatalf("--cycle 1: exit %d, stderr %q", one.code, one.stderr)
	}
	if cycled, single := stalenessOf(t, r.stdout, "uniform"), stalenessOf(t, one.stdout, "uniform"); !(cycled < single) {
		t.Errorf("uniform over a cycle of two horizons: staleness %v; over one (two pages never visited): %v — want less", cycled, single)
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
		{[]string{"backtest", "--split", "2030-01-01", path}, exitBadInput, "the test period has nothing to replay"},
		{[]string{"backtest", "--split", "2024-01-01", "--cycle", "-1", path}, exitUsage, "--cycle -1"},
		{[]string{"backtest", "--split", "2024-01-01", "--budgets", "1,x", path}, exitUsage, `"x" is not a positive number`},
		{[]string{"backtest", "--split", "2024-01-01", "--budgets", "1", "--budget", "3", path}, exitUsage, "--budgets replaces --budget"},
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
	} {
		r := cli(t, c.args...)
		if r.code != exitOK || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%q: exit %d, stderr %q; want exit 0 and %q", c.args, r.code, r.stderr, c.want)
		}
	}
	// Embarrassment weights need a pages table's columns: not a backtest's.
	if r := cli(t, "backtest", "--split", "2024-01-01", "--weights", "embarrassment", history); r.code != exitUsage || !strings.Contains(r.stderr, "weighs each page by its log's weight column") {
		t.Errorf("--weights embarrassment: exit %d, stderr %q; want a usage error saying what backtest weighs by", r.code, r.stderr)
	}
	if r := cli(t, "sweep", "--budgets", "10,20", history); strings.Contains(r.stderr, "warning") {
		t.Errorf("sweep without unused flags warned: %q", r.stderr)
	}
}

// TestBacktestWeights: a log's weight column weighs its pages in the
// backtest as in the plan. Weights of 1 written out are the log without
// them, to the byte; unequal weights change every static policy's figure.
func TestBacktestWeights(t *testing.T) {
	dir := t.TempDir()
	logWith := func(weights []string) string {
		var b strings.Builder
		b.WriteString("url,time,changed")
		if weights != nil {
			b.WriteString(",weight")
		}
		b.WriteString("\n")
		const jan2024 = 1704067200
		for day := range 120 {
			for p := range 4 {
				// Page p changes every p+1 days.
				fmt.Fprintf(&b, "https://h%d.example/%d,%d,%d", p%2, p, jan2024+day*86400+p*60, min(day, 1)*boolInt(day%(p+1) == 0))
				if weights != nil {
					b.WriteString("," + weights[p])
				}
				b.WriteString("\n")
			}
		}
		return writeFile(t, dir, fmt.Sprintf("log%d.csv", len(weights)+len(strings.Join(weights, ""))), b.String())
	}
	args := []string{"backtest", "--split", "2024-03-01", "--until", "2024-04-29", "--budget", "2", "--horizon", "168h", "--adaptive=false", "--replan=false"}
	plain := cli(t, append(args, logWith(nil))...)
	ones := cli(t, append(args, logWith([]string{"1", "1", "1", "1"}))...)
	skewed := cli(t, append(args, logWith([]string{"1", "1", "1", "50"}))...)
	for _, r := range []result{plain, ones, skewed} {
		if r.code != exitOK {
			t.Fatalf("exit %d: %s", r.code, r.stderr)
		}
	}
	if ones.stdout != plain.stdout {
		t.Errorf("weights of 1:\n%s\nno weight column:\n%s", ones.stdout, plain.stdout)
	}
	a, b := staleByPolicy(t, plain.stdout), staleByPolicy(t, skewed.stdout)
	for _, p := range []string{"psp", "uniform", "cho", "azar"} {
		if a[p] == b[p] {
			t.Errorf("%s: staleness %s with and without weights: the weights were not used", p, a[p])
		}
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

// staleByPolicy reads a backtest's CSV into each policy's staleness.
func staleByPolicy(t *testing.T, out string) map[string]string {
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	m := map[string]string{}
	for _, r := range rows[1:] {
		m[r[0]] = r[1]
	}
	return m
}

// stalenessOf is a policy's staleness in backtest's CSV.
func stalenessOf(t *testing.T, out, policy string) float64 {
	t.Helper()
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	col := slices.Index(rows[0], "staleness")
	for _, row := range rows[1:] {
		if row[slices.Index(rows[0], "policy")] == policy {
			v, err := strconv.ParseFloat(row[col], 64)
			if err != nil {
				t.Fatal(err)
			}
			return v
		}
	}
	t.Fatalf("no %s row in %q", policy, out)
	return 0
}

// TestBacktestBudgets: --budgets replays every policy at each budget in
// one run — each the same as a run at that budget alone — with each
// policy's staleness over uniform's.
func TestBacktestBudgets(t *testing.T) {
	path := writeFile(t, t.TempDir(), "changes.csv", changeHistory())
	r := cli(t, "backtest", "--split", "2024-01-01", "--horizon", "168h", "--budgets", "0.5,2,9v", path)
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	rows, err := csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(rows[0], ","); got != "budget,visits_per_page_per_week,policy,staleness,visits,changes_detected,vs_uniform" {
		t.Fatalf("header %q", got)
	}
	byBudget := map[string]map[string][]string{}
	for _, row := range rows[1:] {
		if byBudget[row[0]] == nil {
			byBudget[row[0]] = map[string][]string{}
		}
		byBudget[row[0]][row[2]] = row
	}
	// Six pages: half a visit per page per week is 3 per horizon, two are 12.
	for budget, perPage := range map[string]string{"3": "0.5", "12": "2", "9": "1.5"} {
		got := byBudget[budget]
		if got == nil {
			t.Fatalf("no rows at budget %s in %q", budget, r.stdout)
		}
		alone := cli(t, "backtest", "--split", "2024-01-01", "--horizon", "168h", "--budget", budget, path)
		for _, policy := range []string{"psp", "uniform", "learn", "hindsight", "nutch-adaptive"} {
			row := got[policy]
			if row == nil || row[1] != perPage {
				t.Fatalf("budget %s, %s: row %q, want %s visits per page per week", budget, policy, row, perPage)
			}
			s, _ := strconv.ParseFloat(row[3], 64)
			if want := stalenessOf(t, alone.stdout, policy); s != want {
				t.Errorf("budget %s, %s: staleness %v, alone %v", budget, policy, s, want)
			}
			ratio, _ := strconv.ParseFloat(row[6], 64)
			uni, _ := strconv.ParseFloat(got["uniform"][3], 64)
			if math.Abs(ratio-s/uni) > 1e-5*ratio {
				t.Errorf("budget %s, %s: vs_uniform %v, staleness over uniform's %v", budget, policy, ratio, s/uni)
			}
		}
	}
}
