//go:build !wasm

package main

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

const smallGraph = `from,to
https://a.example/,https://a.example/1
https://a.example/,https://a.example/2
https://a.example/1,https://a.example/2
https://a.example/2,https://b.example/
https://b.example/,https://b.example/x
https://b.example/x,https://a.example/
https://c.example/island,https://c.example/other
`

// writeTemp writes a file in a new temporary directory.
func writeTemp(t *testing.T, name, text string) string {
	t.Helper()
	return writeFile(t, t.TempDir(), name, text)
}

func TestOrderCommand(t *testing.T) {
	g := writeTemp(t, "g.csv", smallGraph)
	dir := t.TempDir()
	curves, seeds := filepath.Join(dir, "curves.csv"), filepath.Join(dir, "seeds.csv")
	r := cli(t, "order", "--strategies", "opic,breadth-first", "--robots", "2", "--curves", curves, "--export", "csv", seeds, g)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	for _, want := range []string{"7 pages, 7 links, 3 sites; 3 seeds", "r = 2 robots, w = 15 s", "\nopic ", "\nbreadth-first "} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, r.stdout)
		}
	}
	rows := readCSV(t, curves, "strategy,fraction_pages,fraction_pagerank,seconds")
	if len(rows) != 200 {
		t.Fatalf("curves: %d rows", len(rows))
	}
	if last := rows[99]; last[0] != "opic" || last[1] != "1.00" || last[2] != "1.000000" {
		t.Fatalf("opic's last row %v", last)
	}
	// The CSV seed list: every page crawled, ranked, with w; rank 1 is a
	// seed (a site's home page). c.example's home page is /other (as short
	// in slashes, shorter), which links nowhere: /island is not reached.
	rows = readCSV(t, seeds, "rank,url,host,delay_seconds")
	if len(rows) != 6 || rows[0][0] != "1" || rows[0][3] != "15" {
		t.Fatalf("seed list %v", rows)
	}
	home := map[string]bool{"https://a.example/": true, "https://b.example/": true, "https://c.example/other": true}
	if !home[rows[0][1]] {
		t.Fatalf("first page %s is no home page", rows[0][1])
	}
}

func TestOrderExportNutch(t *testing.T) {
	g := writeTemp(t, "g.csv", smallGraph)
	r := cli(t, "order", "--strategies", "larger-sites-first", "--export", "nutch", "-", g)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var scores []float64
	for _, line := range strings.Split(r.stdout, "\n") {
		if _, s, ok := strings.Cut(line, "\tnutch.score="); ok {
			v, err := strconv.ParseFloat(s, 64)
			if err != nil {
				t.Fatal(err)
			}
			scores = append(scores, v)
		}
	}
	if len(scores) != 6 || scores[0] != 1 {
		t.Fatalf("scores %v", scores)
	}
	for i := 1; i < len(scores); i++ {
		if scores[i] >= scores[i-1] {
			t.Fatalf("scores do not fall: %v", scores)
		}
	}
}

func TestOrderSeedsAndReachability(t *testing.T) {
	g := writeTemp(t, "g.csv", smallGraph)
	s := writeTemp(t, "seeds.txt", "# start at b\nhttps://b.example/\n")
	r := cli(t, "order", "--strategies", "breadth-first", "--seeds", s, g)
	if r.code != 0 || !strings.Contains(r.stdout, "2 pages are not reachable from the seeds and are left out: 5 pages crawled") {
		t.Fatalf("exit %d:\n%s%s", r.code, r.stdout, r.stderr)
	}
	bad := writeTemp(t, "bad.txt", "https://b.example/\nhttps://nowhere.example/\n")
	r = cli(t, "order", "--seeds", bad, g)
	if r.code != 1 || !strings.Contains(r.stderr, "bad.txt:2:1 (url): \"https://nowhere.example/\" is not a page of the link graph") {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
}

func TestOrderBadInput(t *testing.T) {
	g := writeTemp(t, "g.csv", smallGraph)
	for _, c := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"order", "--strategies", "pagerank", g}, 2, `unknown strategy "pagerank"`},
		{[]string{"order", "--robots", "0", g}, 2, "--robots 0"},
		{[]string{"order", "--per-connection", "0", g}, 2, "--per-connection 0"},
		{[]string{"order", "--wait", "-1", g}, 2, "--wait -1"},
		{[]string{"order", "--bandwidth", "NaN", g}, 2, "--bandwidth NaN"},
		{[]string{"order"}, 2, "order needs one link graph"},
		{[]string{"order", "--export", "warc", "x", g}, 1, "unknown format"},
		{[]string{"order", writeTemp(t, "bad.csv", "from,to\nhttps://a.example/,https://b.example/\nhttps://a.example/,mailto:x@y\n")}, 1, "bad.csv:3:2 (to): \"mailto:x@y\" is not an http(s) URL"},
		{[]string{"order", writeTemp(t, "three.csv", "from,to\nhttps://a.example/,https://b.example/,x\n")}, 1, "three.csv:2: 3 fields; want 2, from,to"},
		{[]string{"order", writeTemp(t, "empty.csv", "")}, 1, "empty.csv: the file is empty"},
		{[]string{"order", filepath.Join(t.TempDir(), "missing.csv")}, 1, "missing.csv"},
	} {
		r := cli(t, c.args...)
		if r.code != c.code || !strings.Contains(r.stderr, c.want) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args, r.code, r.stderr, c.code, c.want)
		}
	}
	// A one-page graph (its only link a self-loop) is crawled in one fetch.
	r := cli(t, "order", "--strategies", "random", writeTemp(t, "one.csv", "https://a.example/,https://a.example/\n"))
	if r.code != 0 || !strings.Contains(r.stdout, "dropped 1 self-loops") {
		t.Fatalf("one page: exit %d\n%s%s", r.code, r.stdout, r.stderr)
	}
	if r := cli(t, "order", "-h"); r.code != 0 || !strings.Contains(r.stderr, "--per-connection") && !strings.Contains(r.stderr, "-per-connection") {
		t.Fatalf("help: exit %d %q", r.code, r.stderr)
	}
}
