//go:build !wasm

package main

import (
	"bytes"
	"compress/gzip"
	"encoding/csv"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// A fetch log whose rates are known by hand: a page fetched daily for 10
// days that changed at 6 of them (seed 001 example 6.1's setting), and one
// that never changed.
const fetchLog = `url,time,changed
https://a.example/x,2024-01-01T00:00:00Z,0
https://a.example/x,2024-01-02T00:00:00Z,1
https://a.example/x,2024-01-03T00:00:00Z,1
https://a.example/x,2024-01-04T00:00:00Z,0
https://a.example/x,2024-01-05T00:00:00Z,1
https://a.example/x,2024-01-06T00:00:00Z,1
https://a.example/x,2024-01-07T00:00:00Z,0
https://a.example/x,2024-01-08T00:00:00Z,1
https://a.example/x,2024-01-09T00:00:00Z,0
https://a.example/x,2024-01-10T00:00:00Z,0
https://a.example/x,2024-01-11T00:00:00Z,1
https://a.example/y,2024-01-01T00:00:00Z,0
https://a.example/y,2024-01-11T00:00:00Z,0
`

func TestEstimateCommand(t *testing.T) {
	dir := t.TempDir()
	path := writeFile(t, dir, "fetches.csv", fetchLog)
	r := cli(t, "estimate", path)
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	rows, err := csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(rows[0], ","); got != "url,host,visits,changes,changes_per_day,low_per_day,high_per_day,estimator,naive_per_day" {
		t.Fatalf("header %q", got)
	}
	x := rows[1]
	// 10 daily visits, 6 changes: regular access, so the improved estimator
	// −log((4+0.5)/(10+0.5)) = 0.847 per day (seed 001 §6.4.2), naive 0.6.
	want := -math.Log(4.5 / 10.5)
	if v, _ := strconv.ParseFloat(x[4], 64); math.Abs(v-want) > 1e-12 || x[7] != "improved" || x[2] != "10" || x[3] != "6" {
		t.Errorf("row %q: want 10 visits, 6 changes, improved rate %v", x, want)
	}
	if v, _ := strconv.ParseFloat(x[8], 64); math.Abs(v-0.6) > 1e-12 {
		t.Errorf("naive %s, want 0.6", x[8])
	}
	y := rows[2]
	if y[3] != "0" || y[5] != "0" || y[6] == "inf" {
		t.Errorf("no change seen: %q; want an upper bound only (low 0, finite high)", y)
	}

	// plan takes the log directly: estimate, then plan.
	if r := cli(t, "plan", "--budget", "20", path); r.code != exitOK || !strings.Contains(r.stdout, "2 pages on 1 hosts") {
		t.Errorf("plan on a fetch log: exit %d, %s%s", r.code, r.stdout, r.stderr)
	}
	// Recency weighting names its estimator.
	if r := cli(t, "estimate", "--half-life", "48h", path); r.code != exitOK || !strings.Contains(r.stdout, ",recent,") {
		t.Errorf("--half-life: exit %d, %s%s; want the recent estimator", r.code, r.stdout, r.stderr)
	}
	// JSON and classes.
	if r := cli(t, "estimate", "--format", "json", "--classes", "daily=1,weekly=0.143", path); r.code != exitOK ||
		!strings.Contains(r.stdout, `"reason"`) || !strings.Contains(r.stdout, `"weekly"`) {
		t.Errorf("json with classes: exit %d, %s%s", r.code, r.stdout, r.stderr)
	}
}

func TestEstimateRejects(t *testing.T) {
	dir := t.TempDir()
	log := writeFile(t, dir, "fetches.csv", fetchLog)
	table := writeFile(t, dir, "pages.csv", "url,changes_per_day\nhttps://a.example/,1\n")
	bad := writeFile(t, dir, "bad.csv", "url,time,changed\nhttps://a.example/,yesterday,1\n")
	cases := []struct {
		args []string
		code int
		want string
	}{
		{[]string{"estimate"}, exitUsage, "needs an observation log"},
		{[]string{"estimate", table}, exitBadInput, "pages table"},
		{[]string{"estimate", "--format", "xml", log}, exitBadInput, "--format"},
		{[]string{"estimate", "--classes", "daily", log}, exitBadInput, "--classes"},
		{[]string{"estimate", bad}, exitBadInput, "bad.csv:2"},
	}
	for _, c := range cases {
		r := cli(t, c.args...)
		if r.code != c.code || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%q: exit %d, stderr %q; want exit %d mentioning %q", c.args, r.code, r.stderr, c.code, c.want)
		}
	}
	if r := cli(t, "estimate", "--skip-bad", bad); r.code != exitBadInput {
		t.Errorf("every row bad with --skip-bad: exit %d, want %d", r.code, exitBadInput)
	}
}

// TestEstimateChangeHistory: a complete change history (url,host,time, one
// row per change) is estimated from what a daily crawler over its span
// would have logged, and planned, as the app does with it.
func TestEstimateChangeHistory(t *testing.T) {
	var b strings.Builder
	b.WriteString("url,host,time\n")
	const t0, day = 1_700_000_000, 86400
	for k := range 11 { // every other day, 20 days
		fmt.Fprintf(&b, "https://a.example/x,a.example,%d\n", t0+2*k*day)
	}
	fmt.Fprintf(&b, "https://a.example/y,a.example,%d\n", t0)
	dir := t.TempDir()
	path := writeFile(t, dir, "history.csv", b.String())
	r := cli(t, "estimate", path)
	if r.code != exitOK {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	rows, err := csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
	if err != nil || len(rows) != 3 {
		t.Fatalf("%d rows, %v:\n%s", len(rows), err, r.stdout)
	}
	// Daily fetches from the first change (at the page's own time of day,
	// less than a day after it and half a second off the history's clock
	// of seconds) until a day after the last: 21, the first a baseline,
	// so 20 visits, each even day's finding the change made before it —
	// 10 in 20 days.
	x := rows[1]
	if naive, _ := strconv.ParseFloat(x[8], 64); x[2] != "20" || x[3] != "10" || math.Abs(naive-0.5) > 1e-12 {
		t.Errorf("page x: %q; want 20 visits, 10 changes, naive 0.5 a day", x)
	}
	if y := rows[2]; y[2] != "20" || y[3] != "0" {
		t.Errorf("page y: %q; want 20 visits, no change", y)
	}
	if r.stderr != "" {
		t.Errorf("stderr %q; want nothing: nothing was dropped", r.stderr)
	}
	// A change given twice is dropped, and said so.
	twice := writeFile(t, dir, "twice.csv", b.String()+fmt.Sprintf("https://a.example/y,a.example,%d\n", t0))
	if r := cli(t, "estimate", twice); r.code != exitOK || !strings.Contains(r.stderr, "twice.csv: 1 change repeated at the same time for its URL dropped") {
		t.Errorf("a change given twice: exit %d, stderr %q; want it said dropped", r.code, r.stderr)
	}
	if r := cli(t, "plan", "--budget", "4", path); r.code != exitOK || !strings.Contains(r.stdout, "2 pages on 1 hosts") {
		t.Errorf("plan on a change history: exit %d, %s%s", r.code, r.stdout, r.stderr)
	}
	bad := writeFile(t, dir, "bad-history.csv", "url,host,time\nhttps://a.example/x,a.example,1700000000\nhttps://a.example/x,a.example,soon\n")
	if r := cli(t, "estimate", bad); r.code != exitBadInput || !strings.Contains(r.stderr, "bad-history.csv:3") {
		t.Errorf("a bad time: exit %d, stderr %q; want exit %d naming bad-history.csv:3", r.code, r.stderr, exitBadInput)
	}
	if r := cli(t, "estimate", "--skip-bad", bad); r.code != exitOK || !strings.Contains(r.stderr, "skipped 1 bad row; the first: ") || !strings.Contains(r.stderr, "bad-history.csv:3:3 (time)") || strings.Count(r.stdout, "\n") != 2 {
		t.Errorf("--skip-bad: exit %d, stdout %q, stderr %q; want the good row estimated and the bad one reported", r.code, r.stdout, r.stderr)
	}
}

// TestStdinInput: "-" reads the input from standard input, so a
// compressed log is piped in decompressed; messages name it stdin, and
// the output is the file's.
func TestStdinInput(t *testing.T) {
	dir := t.TempDir()
	log := "url,time,changed\nhttps://a.example/1,1704067200,0\nhttps://a.example/1,1704153600,1\nhttps://a.example/1,1704240000,0\nhttps://a.example/2,1704067200,0\n"
	path := writeFile(t, dir, "log.csv", log)
	want := cli(t, "estimate", path)
	for _, c := range []struct {
		in   string
		args []string
		code int
		out  string // of stdout, or of stderr when the code is not 0
	}{
		{log, []string{"estimate", "-"}, exitOK, want.stdout},
		{"url,time,changed\nhttps://a.example/1,soon,1\n", []string{"estimate", "-"}, exitBadInput, "stdin:2:2 (time)"},
	} {
		f, err := os.Create(filepath.Join(dir, "stdin"))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.WriteString(c.in); err != nil {
			t.Fatal(err)
		}
		if _, err := f.Seek(0, 0); err != nil {
			t.Fatal(err)
		}
		stdin := os.Stdin
		os.Stdin = f
		r := cli(t, c.args...)
		os.Stdin = stdin
		f.Close()
		switch {
		case r.code != c.code:
			t.Errorf("%q: exit %d, want %d (stderr %q)", c.args, r.code, c.code, r.stderr)
		case c.code == exitOK && r.stdout != c.out:
			t.Errorf("%q from stdin:\n%s\nfrom the file:\n%s", c.args, r.stdout, c.out)
		case c.code != exitOK && !strings.Contains(r.stderr, c.out):
			t.Errorf("%q: stderr %q, want it to name %q", c.args, r.stderr, c.out)
		}
	}
}

// TestGzipInput: a gzip-compressed log, as crawl logs usually are, is read
// as its content: the same estimates and plan as the log itself; one cut
// short says so.
func TestGzipInput(t *testing.T) {
	dir := t.TempDir()
	log := changeHistory()
	var z bytes.Buffer
	zw := gzip.NewWriter(&z)
	if _, err := zw.Write([]byte(log)); err != nil {
		t.Fatal(err)
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	plain, gz := writeFile(t, dir, "changes.csv", log), writeFile(t, dir, "changes.csv.gz", z.String())
	for _, args := range [][]string{{"estimate"}, {"plan", "--budget", "50", "--pages", "-"}, {"backtest", "--split", "2024-01-01"}} {
		want, got := cli(t, append(args, plain)...), cli(t, append(args, gz)...)
		if got.code != exitOK || got.stdout != want.stdout {
			t.Errorf("%q of the gzip file: exit %d, stderr %q,\n%s\nof the file itself:\n%s", args, got.code, got.stderr, got.stdout, want.stdout)
		}
	}
	cut := writeFile(t, dir, "cut.csv.gz", z.String()[:z.Len()/2])
	if r := cli(t, "estimate", cut); r.code != exitBadInput || !strings.Contains(r.stderr, "cut.csv.gz") || !strings.Contains(r.stderr, "damaged or cut short") {
		t.Errorf("a gzip file cut short: exit %d, stderr %q; want it named, damaged or cut short", r.code, r.stderr)
	}
}
