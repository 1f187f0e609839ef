//go:build !wasm

package main

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestPlanCycle: a budget of a quarter of the pages per horizon plans a
// cycle of four horizons (issue 19): the summary gives the budget and
// horizon per horizon and the cycle; every horizon of psp's schedule holds
// at most the budget and no host is asked within its delay; the seed list
// gives each page its true interval, the cycle over its visits; and
// uniform visits every page in the cycle, which one horizon (--cycle 1)
// cannot.
func TestPlanCycle(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("url,host,changes_per_day\n")
	for i := range 40 {
		fmt.Fprintf(&b, "https://h%d.example/%d,h%d.example,%g\n", i%4, i, i%4, 0.05+float64(i%7)/10)
	}
	table := writeFile(t, dir, "pages.csv", b.String())
	sched, seeds, sum := filepath.Join(dir, "s.csv"), filepath.Join(dir, "seeds.csv"), filepath.Join(dir, "sum.json")
	r := cli(t, "plan", "--horizon", "24h", "--budget", "10", "--politeness", "60s", "--schedule", sched, "--json", sum, "--export", "csv", seeds, table)
	if r.code != exitOK || !strings.Contains(r.stderr, "spans a cycle of 4 horizons (96h)") {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	var s struct {
		Budget         int     `json:"budget"`
		HorizonSeconds float64 `json:"horizon_seconds"`
		Cycle          int     `json:"cycle_horizons"`
		Visits         int     `json:"scheduled_visits"`
	}
	data, _ := os.ReadFile(sum)
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	if s.Budget != 10 || s.HorizonSeconds != 86400 || s.Cycle != 4 {
		t.Errorf("summary budget %d, horizon %v s, cycle %d; want 10, 86400, 4", s.Budget, s.HorizonSeconds, s.Cycle)
	}
	rows := readCSV(t, sched, "time_seconds,crawler,url,host")
	perHorizon := make([]int, 4)
	lastAt := map[string]float64{}
	visited := map[string]int{}
	for _, row := range rows[1:] {
		at, _ := strconv.ParseFloat(row[0], 64)
		k := int(at/86400) % 4 // a visit at the cycle's end is the next cycle's first
		perHorizon[k]++
		if prev, ok := lastAt[row[3]]; ok && at-prev < 60-1e-6 {
			t.Errorf("host %s asked at %v and %v s, politeness 60 s", row[3], prev, at)
		}
		lastAt[row[3]] = at
		visited[row[2]]++
	}
	for k, n := range perHorizon {
		if n > 10 {
			t.Errorf("horizon %d of the cycle: %d visits, budget 10", k, n)
		}
	}
	for _, row := range readCSV(t, seeds, "url,host,interval_seconds,visits")[1:] {
		if visited[row[0]] == 0 {
			continue
		}
		interval, _ := strconv.ParseFloat(row[2], 64)
		if want := 4 * 86400 / float64(visited[row[0]]); math.Abs(interval-want) > 0.5 {
			t.Errorf("%s: interval %v s, want the cycle over its %d visits, %v", row[0], interval, visited[row[0]], want)
		}
	}
	// Uniform's allocation over the cycle gives every page its visit.
	pagesOut := filepath.Join(dir, "pages-out.csv")
	if r := cli(t, "plan", "--horizon", "24h", "--budget", "10", "--policy", "uniform", "--pages", pagesOut, table); r.code != exitOK {
		t.Fatalf("uniform: exit %d, stderr %q", r.code, r.stderr)
	}
	for _, row := range readCSV(t, pagesOut, "url,host,changes_per_day,weight,visits,interval_seconds,staleness")[1:] {
		if row[4] != "1" || row[5] != "345600" {
			t.Errorf("uniform over the cycle: %s gets %s visits every %s s, want 1 every 345600", row[0], row[4], row[5])
		}
	}
	one := cli(t, "plan", "--horizon", "24h", "--budget", "10", "--politeness", "60s", "--cycle", "1", "--schedule", sched, table)
	if one.code != exitOK || strings.Contains(one.stderr, "cycle") {
		t.Fatalf("--cycle 1: exit %d, stderr %q", one.code, one.stderr)
	}
	pages := map[string]bool{}
	for _, row := range readCSV(t, sched, "time_seconds,crawler,url,host")[1:] {
		pages[row[2]] = true
	}
	if len(pages) > 10 {
		t.Errorf("one horizon of 10 visits reached %d pages", len(pages))
	}
	if r := cli(t, "plan", "--budget", "10", "--cycle", "0", table); r.code != exitUsage || !slices.ContainsFunc([]string{r.stderr}, func(s string) bool { return strings.Contains(s, `--cycle "0"`) }) {
		t.Errorf("--cycle 0: exit %d, stderr %q", r.code, r.stderr)
	}
}
