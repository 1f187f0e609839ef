//go:build !wasm

package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/freshplan/freshplan/core/backtest"
	"github.com/freshplan/freshplan/core/export"
	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/core/plan"
	"github.com/freshplan/freshplan/web"
)

// result is what one command line did.
type result struct {
	code           int
	stdout, stderr string
}

// cli runs a command line in-process; a panic is reported, not fatal.
func cli(t *testing.T, args ...string) (r result) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	defer func() {
		if p := recover(); p != nil {
			t.Errorf("freshplan %s panicked: %v", strings.Join(args, " "), p)
			r = result{code: -1}
		}
	}()
	code := run(args, &stdout, &stderr)
	return result{code, stdout.String(), stderr.String()}
}

func writeFile(t *testing.T, dir, name, content string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// readCSV reads a CSV file strictly and checks its header exactly.
func readCSV(t *testing.T, path, header string) [][]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Errorf("%s was not written: %v", filepath.Base(path), err)
		return nil
	}
	rows, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil {
		t.Errorf("%s is not valid CSV: %v", filepath.Base(path), err)
		return nil
	}
	if len(rows) == 0 || strings.Join(rows[0], ",") != header {
		got := ""
		if len(rows) > 0 {
			got = strings.Join(rows[0], ",")
		}
		t.Errorf("%s header %q, want %q", filepath.Base(path), got, header)
		return nil
	}
	return rows[1:]
}

func number(t *testing.T, what, s string) float64 {
	t.Helper()
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		t.Errorf("%s: %q is not a number", what, s)
	}
	return v
}

// sampleDelays returns each sample host's politeness delay: 15 s, or the
// host's crawl_delay when longer.
func sampleDelays(t *testing.T) map[string]float64 {
	t.Helper()
	pg, err := pages.Read(bytes.NewReader(web.SamplePages), web.SampleName)
	if err != nil {
		t.Fatalf("the sample does not read: %v", err)
	}
	d := map[string]float64{}
	for _, p := range pg {
		d[p.Host] = math.Max(math.Max(d[p.Host], 15), p.CrawlDelay)
	}
	for host, want := range map[string]float64{"docs.example.com": 30, "status.example.com": 30} {
		if d[host] != want {
			t.Errorf("sample host %s has delay %v, want %v", host, d[host], want)
		}
	}
	return d
}

func TestPlanSample(t *testing.T) {
	r := cli(t, "plan", "--budget", "20000", "--compare", "all")
	if r.code != 0 {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	if !strings.Contains(r.stderr, "built-in sample") || strings.Count(r.stderr, "\n") != 1 {
		t.Errorf("stderr %q, want one line saying the built-in sample is planned", r.stderr)
	}
	for _, name := range []string{"3000 pages on 36 hosts", "psp", "wp", "nonpolite", "azar", "0 politeness violations"} {
		if !strings.Contains(r.stdout, name) {
			t.Errorf("report lacks %q:\n%s", name, r.stdout)
		}
	}
	// By default (no --json) only the policy and the bounds are planned,
	// and the report says how to compare the others.
	d := cli(t, "plan", "--budget", "20000")
	for _, name := range []string{"psp  ", "wp  ", "nonpolite  ", "infcrawlers  ", "7 other policies not compared: --compare all"} {
		if !strings.Contains(d.stdout, name) {
			t.Errorf("default report lacks %q:\n%s", name, d.stdout)
		}
	}
	for _, name := range []string{"mp2 ", "uniform ", "azar "} {
		if strings.Contains(d.stdout, "\n"+name) {
			t.Errorf("default report has %q, not asked for:\n%s", name, d.stdout)
		}
	}
	// The figures shared by both runs are the same.
	if line := func(out, name string) string {
		for l := range strings.SplitSeq(out, "\n") {
			if strings.HasPrefix(l, name+" ") {
				return strings.Join(strings.Fields(l), " ") // the columns' widths differ
			}
		}
		return ""
	}; line(d.stdout, "psp") != line(r.stdout, "psp") || line(d.stdout, "wp") != line(r.stdout, "wp") || line(d.stdout, "psp") == "" {
		t.Errorf("psp or wp differ with and without --compare all:\n%s\n%s", d.stdout, r.stdout)
	}
	// The sample given as a file plans the same, without the notice.
	path := writeFile(t, t.TempDir(), "sample.csv", string(web.SamplePages))
	r2 := cli(t, "plan", "--budget", "20000", path)
	if r2.code != 0 || r2.stderr != "" {
		t.Errorf("sample as a file: exit %d, stderr %q", r2.code, r2.stderr)
	}
}

// summary is the JSON summary as read back.
type summary struct {
	Pages                int                 `json:"pages"`
	Hosts                int                 `json:"hosts"`
	Model                string              `json:"model"`
	Budget               int                 `json:"budget"`
	HorizonSeconds       float64             `json:"horizon_seconds"`
	PolitenessSeconds    float64             `json:"politeness_seconds"`
	Crawlers             int                 `json:"crawlers"`
	RatePerCrawler       float64             `json:"rate_per_crawler"`
	Staleness            map[string]*float64 `json:"staleness"`
	ScheduledVisits      int                 `json:"scheduled_visits"`
	PolitenessViolations int                 `json:"politeness_violations"`
	Seconds              map[string]float64  `json:"seconds"`
}

// readSummary decodes the JSON summary and checks every key of SPEC §6.
func readSummary(t *testing.T, b []byte) summary {
	t.Helper()
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatalf("the JSON summary is not JSON: %v\n%s", err, b)
	}
	for _, key := range []string{"pages", "hosts", "model", "budget", "horizon_seconds", "politeness_seconds", "crawlers",
		"staleness", "scheduled_visits", "politeness_violations", "seconds"} {
		if _, ok := raw[key]; !ok {
			t.Errorf("JSON summary lacks %q", key)
		}
	}
	var s summary
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatalf("JSON summary: %v", err)
	}
	for _, name := range []string{"psp", "wp", "nonpolite", "infcrawlers", "mp2", "mwolf", "uniform", "proportional", "cho", "azar"} {
		if v, ok := s.Staleness[name]; !ok || v == nil || !(*v >= 0 && *v <= 1) {
			t.Errorf("staleness.%s missing or not in [0, 1]: %v", name, v)
		}
	}
	for _, name := range []string{"estimate", "allocate", "schedule"} {
		if v, ok := s.Seconds[name]; !ok || !(v >= 0) {
			t.Errorf("seconds.%s missing or negative", name)
		}
	}
	if s.PolitenessViolations != 0 {
		t.Errorf("politeness_violations = %d", s.PolitenessViolations)
	}
	return s
}

// TestPlanOutputs writes every output of plan and checks each against
// SPEC §6 and against the others.
func TestPlanOutputs(t *testing.T) {
	delays := sampleDelays(t)
	tests := []struct {
		name     string
		args     []string
		budget   int
		crawlers int
		model    string
	}{
		{"budget", []string{"--budget", "20000"}, 20000, 1, "steady"},
		{"crawlers and rate", []string{"--crawlers", "2", "--rate", "0.2"}, int(math.Floor(2 * 0.2 * 86400)), 2, "steady"},
		{"horizon model", []string{"--budget", "20000", "--model", "horizon"}, 20000, 1, "horizon"},
		{"small budget", []string{"--budget", "3000", "--crawlers", "3", "--rate", "0.01"}, 3000, 3, "steady"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			dir := t.TempDir()
			out := func(name string) string { return filepath.Join(dir, name) }
			args := append([]string{"plan"}, tc.args...)
			args = append(args, "--schedule", out("schedule.csv"), "--pages", out("pages.csv"), "--hosts", out("hosts.csv"),
				"--json", out("summary.json"), "--export", "nutch", out("seeds.nutch"))
			r := cli(t, args...)
			if r.code != 0 {
				t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
			}
			b, err := os.ReadFile(out("summary.json"))
			if err != nil {
				t.Fatal(err)
			}
			s := readSummary(t, b)
			if s.Budget != tc.budget || s.Crawlers != tc.crawlers || s.Model != tc.model ||
				s.HorizonSeconds != 86400 || s.PolitenessSeconds != 15 || s.Pages != 3000 || s.Hosts != len(delays) {
				t.Errorf("summary budget %d crawlers %d model %q horizon %v politeness %v pages %d hosts %d; want %d, %d, %q, 86400, 15, 3000, %d",
					s.Budget, s.Crawlers, s.Model, s.HorizonSeconds, s.PolitenessSeconds, s.Pages, s.Hosts, tc.budget, tc.crawlers, tc.model, len(delays))
			}
			st := func(name string) float64 {
				if v := s.Staleness[name]; v != nil {
					return *v
				}
				return math.NaN()
			}
			if !(st("psp") >= st("wp")-1e-12) || !(st("wp") >= st("nonpolite")-1e-12) {
				t.Errorf("want psp %v ≥ wp %v ≥ nonpolite %v", st("psp"), st("wp"), st("nonpolite"))
			}
			T := s.HorizonSeconds

			// Schedule: time order, inside [0, T], politeness per host,
			// crawler rates.
			sched := readCSV(t, out("schedule.csv"), "time_seconds,crawler,url,host")
			if len(sched) != s.ScheduledVisits || len(sched) == 0 || len(sched) > s.Budget {
				t.Errorf("%d schedule rows, scheduled_visits %d, budget %d", len(sched), s.ScheduledVisits, s.Budget)
			}
			lastHost := map[string]float64{}
			lastCrawler := map[int]float64{}
			perURL := map[string]int{}
			perHost := map[string]int{}
			prev := math.Inf(-1)
			bad := 0
			for k, row := range sched {
				tm := number(t, "time_seconds", row[0])
				c, err := strconv.Atoi(row[1])
				switch {
				case !(tm >= 0 && tm <= T):
					t.Errorf("schedule row %d: time %v outside [0, %v]", k+2, tm, T)
				case tm < prev:
					t.Errorf("schedule row %d: time %v before the previous row's %v", k+2, tm, prev)
				case err != nil || c < 0 || c >= s.Crawlers:
					t.Errorf("schedule row %d: crawler %q, want 0..%d", k+2, row[1], s.Crawlers-1)
				}
				prev = tm
				host, url := row[3], row[2]
				d, known := delays[host]
				if !known {
					t.Errorf("schedule row %d: unknown host %q", k+2, host)
				}
				if last, ok := lastHost[host]; ok && tm-last < d-1e-9 && bad < 5 {
					t.Errorf("schedule row %d: %s visited at %v and %v, closer than its %v s", k+2, host, last, tm, d)
					bad++
				}
				if last, ok := lastCrawler[c]; ok && tm-last < 1/s.RatePerCrawler-1e-6 && bad < 5 {
					t.Errorf("schedule row %d: crawler %d fetches at %v and %v, faster than %v pages/s", k+2, c, last, tm, s.RatePerCrawler)
					bad++
				}
				lastHost[host], lastCrawler[c] = tm, tm
				perURL[url]++
				perHost[host]++
			}

			// Pages: one row per page; psp's visits are the schedule's.
			pg := readCSV(t, out("pages.csv"), "url,host,changes_per_day,weight,visits,interval_seconds,staleness")
			if len(pg) != s.Pages {
				t.Errorf("%d pages rows, want %d", len(pg), s.Pages)
			}
			var visits float64
			pagesOf := map[string]int{}
			interval := map[string]float64{}
			for k, row := range pg {
				x := number(t, "visits", row[4])
				visits += x
				pagesOf[row[1]]++
				if perURL[row[0]] != int(x) {
					t.Errorf("pages row %d: %s has %v visits, the schedule %d", k+2, row[0], x, perURL[row[0]])
				}
				if x == 0 {
					if row[5] != "" {
						t.Errorf("pages row %d: unvisited page with interval %q", k+2, row[5])
					}
				} else if iv := number(t, "interval_seconds", row[5]); math.Abs(iv-T/x) > 1e-9*T {
					t.Errorf("pages row %d: interval %v, want %v/%v", k+2, iv, T, x)
				} else {
					interval[row[0]] = iv
				}
				if v := number(t, "staleness", row[6]); !(v >= 0 && v <= 1) {
					t.Errorf("pages row %d: staleness %v", k+2, v)
				}
			}
			if int(visits) != len(sched) {
				t.Errorf("pages visits sum to %v, the schedule has %d rows", visits, len(sched))
			}

			// Hosts: pages and visits per host, cap ⌊T/delay⌋, utilization.
			hosts := readCSV(t, out("hosts.csv"), "host,pages,visits,cap,utilization")
			if len(hosts) != len(delays) {
				t.Errorf("%d hosts rows, want %d", len(hosts), len(delays))
			}
			for k, row := range hosts {
				h := row[0]
				wantCap := min(int(math.Floor(T/delays[h]+1e-9)), s.Budget)
				cp := number(t, "cap", row[3])
				u := number(t, "utilization", row[4])
				if row[1] != strconv.Itoa(pagesOf[h]) || row[2] != strconv.Itoa(perHost[h]) || int(cp) != wantCap ||
					math.Abs(u-float64(perHost[h])/cp) > 1e-12 || u > 1 {
					t.Errorf("hosts row %d %q: want %d pages, %d visits, cap %d, utilization ≤ 1", k+2, row, pagesOf[h], perHost[h], wantCap)
				}
			}

			// Nutch seeds: one line per page, the rounded interval.
			checkSeeds(t, out("seeds.nutch"), "nutch", pg, interval)
		})
	}
}

var seedLine = map[string]*regexp.Regexp{
	"nutch":        regexp.MustCompile(`^([^\t]+)\tnutch\.fetchInterval=([0-9]+)\tnutch\.fetchInterval\.fixed=true(\tnutch\.score=[0-9.e+-]+)?$`),
	"stormcrawler": regexp.MustCompile(`^([^\t]+)\tscheduler\.delay\.mins=([0-9]+)$`),
}

// checkSeeds checks a seed list against the pages CSV rows and their
// intervals (absent for unvisited pages).
func checkSeeds(t *testing.T, path, format string, pg [][]string, interval map[string]float64) {
	t.Helper()
	if format == "csv" {
		rows := readCSV(t, path, "url,host,interval_seconds,visits")
		if len(rows) != len(pg) {
			t.Errorf("csv seeds: %d rows for %d pages", len(rows), len(pg))
			return
		}
		for k, row := range rows {
			want := int64(export.Unvisited)
			if iv, ok := interval[row[0]]; ok {
				want = int64(max(1, math.Round(iv)))
			}
			if row[0] != pg[k][0] || row[1] != pg[k][1] || row[2] != strconv.FormatInt(want, 10) || row[3] != pg[k][4] {
				t.Errorf("csv seeds row %d %q: want %s,%s,%d,%s", k+2, row, pg[k][0], pg[k][1], want, pg[k][4])
			}
		}
		return
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Errorf("%s seeds not written: %v", format, err)
		return
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if len(lines) != len(pg) {
		t.Errorf("%s seeds: %d lines for %d pages", format, len(lines), len(pg))
		return
	}
	for k, line := range lines {
		m := seedLine[format].FindStringSubmatch(line)
		if m == nil {
			t.Errorf("%s seeds line %d %q does not match %s", format, k+1, line, seedLine[format])
			continue
		}
		secs, ok := interval[m[1]]
		if !ok {
			secs = export.Unvisited
		}
		want := int64(max(1, math.Round(secs)))
		if format == "stormcrawler" {
			want = int64(max(1, math.Round(secs/60)))
		}
		if m[1] != pg[k][0] || m[2] != strconv.FormatInt(want, 10) {
			t.Errorf("%s seeds line %d %q: want %s with %d", format, k+1, line, pg[k][0], want)
		}
		if format == "nutch" && (pg[k][3] != "1") != (m[3] != "") {
			t.Errorf("nutch seeds line %d %q: weight %s, want nutch.score exactly when the weight is not 1", k+1, line, pg[k][3])
		}
		if format == "nutch" && m[3] != "" && m[3] != "\tnutch.score="+pg[k][3] {
			t.Errorf("nutch seeds line %d %q: want score %s", k+1, line, pg[k][3])
		}
	}
}

// TestPlanExports writes each seed format and compares it with the
// pages CSV of the same run.
func TestPlanExports(t *testing.T) {
	for _, format := range []string{"nutch", "stormcrawler", "csv"} {
		dir := t.TempDir()
		seeds, pagesCSV := filepath.Join(dir, "seeds."+format), filepath.Join(dir, "pages.csv")
		r := cli(t, "plan", "--budget", "5000", "--pages", pagesCSV, "--export", format, seeds)
		if r.code != 0 {
			t.Errorf("%s: exit %d, stderr %q", format, r.code, r.stderr)
			continue
		}
		pg := readCSV(t, pagesCSV, "url,host,changes_per_day,weight,visits,interval_seconds,staleness")
		interval := map[string]float64{}
		unvisited := 0
		for _, row := range pg {
			if row[5] != "" {
				interval[row[0]] = number(t, "interval", row[5])
			} else {
				unvisited++
			}
		}
		if unvisited == 0 {
			t.Errorf("%s: want some unvisited pages at budget 5000 to check export.Unvisited", format)
		}
		checkSeeds(t, seeds, format, pg, interval)
	}
	// --export=FORMAT FILE works too.
	seeds := filepath.Join(t.TempDir(), "seeds.txt")
	if r := cli(t, "plan", "--budget", "5000", "--export=stormcrawler", seeds); r.code != 0 {
		t.Errorf("--export=stormcrawler: exit %d, stderr %q", r.code, r.stderr)
	} else if b, _ := os.ReadFile(seeds); !strings.Contains(string(b), "\tscheduler.delay.mins=") {
		t.Errorf("--export=stormcrawler wrote %.100q", b)
	}
}

// TestPlanStdout checks that "-" writes to stdout alone, without the
// human report.
func TestPlanStdout(t *testing.T) {
	r := cli(t, "plan", "--budget", "20000", "--model", "horizon", "--json", "-")
	if r.code != 0 {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	s := readSummary(t, []byte(r.stdout))
	if s.Model != "horizon" || s.Budget != 20000 {
		t.Errorf("model %q budget %d", s.Model, s.Budget)
	}
	r = cli(t, "plan", "--crawlers", "2", "--rate", "0.2", "--json", "-")
	if s := readSummary(t, []byte(r.stdout)); r.code != 0 || s.Budget != 34560 || s.Crawlers != 2 || s.RatePerCrawler != 0.2 {
		t.Errorf("--crawlers 2 --rate 0.2: exit %d, budget %d crawlers %d rate %v; want budget ⌊2×0.2×86400⌋ = 34560",
			r.code, s.Budget, s.Crawlers, s.RatePerCrawler)
	}
	// Under age, a page never visited is +Inf seconds old: null in JSON.
	r = cli(t, "plan", "--budget", "1000", "--objective", "age", "--json", "-")
	var age struct {
		Objective string              `json:"objective"`
		Staleness map[string]*float64 `json:"staleness"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &age); r.code != 0 || err != nil || age.Objective != "age" {
		t.Errorf("--objective age: exit %d, %v, stderr %q", r.code, err, r.stderr)
	} else if v, ok := age.Staleness["psp"]; !ok || v != nil {
		t.Errorf("--objective age at budget 1000: psp = %v, want null (+Inf: pages never visited)", v)
	}
	r = cli(t, "plan", "--budget", "1000", "--schedule", "-")
	if r.code != 0 || !strings.HasPrefix(r.stdout, "time_seconds,crawler,url,host\n") || strings.Contains(r.stdout, "policy") {
		t.Errorf("--schedule -: exit %d, stdout %.200q", r.code, r.stdout)
	}
}

func TestSweep(t *testing.T) {
	r := cli(t, "sweep", "--budgets", "5000,20000")
	if r.code != 0 {
		t.Fatalf("exit %d, stderr %q", r.code, r.stderr)
	}
	rows, err := csv.NewReader(strings.NewReader(r.stdout)).ReadAll()
	if err != nil || len(rows) == 0 || strings.Join(rows[0], ",") != "budget,policy,staleness" {
		t.Fatalf("sweep output is not CSV budget,policy,staleness: %v\n%s", err, r.stdout)
	}
	names := []string{"psp", "mp2", "mwolf", "mwolf-exact", "uniform", "proportional", "cho", "azar", "wp", "nonpolite", "infcrawlers"}
	got := map[string]float64{}
	for _, row := range rows[1:] {
		key := row[0] + "/" + row[1]
		if _, dup := got[key]; dup {
			t.Errorf("two rows for %s", key)
		}
		v := number(t, "staleness", row[2])
		if !(v >= 0 && v <= 1) {
			t.Errorf("%s: staleness %v", key, v)
		}
		got[key] = v
	}
	if len(rows)-1 != 2*len(names) {
		t.Errorf("%d rows, want %d (2 budgets × %d policies and bounds)", len(rows)-1, 2*len(names), len(names))
	}
	for _, b := range []string{"5000", "20000"} {
		for _, name := range names {
			if _, ok := got[b+"/"+name]; !ok {
				t.Errorf("no row for budget %s, %s", b, name)
			}
		}
		if !(got[b+"/psp"] >= got[b+"/wp"]-1e-12 && got[b+"/wp"] >= got[b+"/nonpolite"]-1e-12) {
			t.Errorf("budget %s: want psp ≥ wp ≥ nonpolite: %v %v %v", b, got[b+"/psp"], got[b+"/wp"], got[b+"/nonpolite"])
		}
	}
	if !(got["20000/wp"] < got["5000/wp"]) {
		t.Errorf("wp staleness %v at 20000 not below %v at 5000", got["20000/wp"], got["5000/wp"])
	}
	// The JSON summary's values are the sweep's at the same budget.
	j := cli(t, "plan", "--budget", "20000", "--json", "-")
	s := readSummary(t, []byte(j.stdout))
	for _, name := range names {
		if v := s.Staleness[name]; v == nil || *v != got["20000/"+name] {
			t.Errorf("%s: plan says %v, sweep %v", name, v, got["20000/"+name])
		}
	}
}

// TestBadInput checks exit 1 and one clear line on stderr naming the
// file, the line and what was expected.
func TestBadInput(t *testing.T) {
	dir := t.TempDir()
	file := func(name, content string) string { return writeFile(t, dir, name, content) }
	const head = "url,host,changes_per_day,weight,crawl_delay\n"
	ok := head + "https://a.com/1,a.com,1,1,0\n"
	// A gzip file is read as its content (TestGzipInput); a gzip file of
	// a bad table is refused for its content, and other compressions with
	// a hint.
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(head + "https://a.com/1,a.com,-1,1,0\n"))
	zw.Close()

	missing := file("missing.csv", "url,host,weight\nhttps://a.com/1,a.com,1\n")
	negative := file("negative.csv", head+"https://a.com/1,a.com,1,1,0\nhttps://a.com/2,a.com,-1,1,0\n")
	nan := file("nan.csv", head+"https://a.com/1,a.com,NaN,1,0\n")
	inf := file("inf.csv", head+"https://a.com/1,a.com,1,1,0\nhttps://a.com/2,a.com,1,1,0\nhttps://a.com/3,a.com,inf,1,0\n")
	dup := file("dup.csv", head+"https://a.com/1,a.com,1,1,0\nhttps://a.com/2,a.com,1,1,0\nhttps://a.com/1,a.com,2,1,0\n")
	empty := file("empty.csv", "")
	headerOnly := file("header-only.csv", head)
	weight := file("weight.csv", head+"https://a.com/1,a.com,1,heavy,0\n")
	zero := file("zero.csv", head+"https://a.com/1,a.com,1,0,0\n")
	gzipped := file("gzipped.csv", gz.String())
	xz := file("log.csv.xz", "\xfd7zXZ\x00\x00\x04")
	html := file("page.csv", "<!DOCTYPE html>\n<html><body>Not found</body></html>\n")
	// Windows PowerShell's > and Out-File write UTF-16, little-endian; some
	// tools without a byte order mark.
	var u16 []byte
	for _, c := range "url,time,changed\nhttps://a.com/1,1,0\n" {
		u16 = append(u16, byte(c), 0)
	}
	utf16 := file("utf16.csv", string(u16))
	quote := file("quote.csv", head+"https://a.com/\"1,a.com,1,1,0\n")
	good := file("good.csv", ok)
	nofile := filepath.Join(dir, "nonexistent.csv")

	tests := []struct {
		name string
		args []string
		want []string // substrings of the message
	}{
		{"missing column", []string{"plan", "--budget", "10", missing}, []string{missing + ":1:", "no time column", "want", "url,host,changes_per_day"}},
		{"negative rate", []string{"plan", "--budget", "10", negative}, []string{negative + ":3:", "changes_per_day", `"-1"`, "finite non-negative number of changes per day"}},
		{"NaN rate", []string{"plan", "--budget", "10", nan}, []string{nan + ":2:", "changes_per_day", `"NaN"`, "finite non-negative"}},
		{"infinite rate", []string{"plan", "--budget", "10", inf}, []string{inf + ":4:", "changes_per_day", `"inf"`, "finite non-negative"}},
		{"duplicate URL", []string{"plan", "--budget", "10", dup}, []string{dup + ":4:", "https://a.com/1", "line 2"}},
		{"empty file", []string{"plan", "--budget", "10", empty}, []string{empty + ":", "empty", "want", "url,host,changes_per_day"}},
		{"header only", []string{"plan", "--budget", "10", headerOnly}, []string{headerOnly + ":", "no pages"}},
		{"non-numeric weight", []string{"plan", "--budget", "10", weight}, []string{weight + ":2:", ":4 (weight): ", `"heavy"`, "non-negative weight"}},
		{"bare quote", []string{"plan", "--budget", "10", quote}, []string{quote + ":2:", `"`}},
		{"every weight 0", []string{"plan", "--budget", "10", zero}, []string{zero, "weight 0"}},
		{"gzip of a bad table", []string{"plan", "--budget", "10", gzipped}, []string{gzipped + ":2:", "changes_per_day"}},
		{"xz", []string{"plan", "--budget", "10", xz}, []string{xz + ":", "xz file; decompress it first"}},
		{"HTML saved as .csv", []string{"plan", "--budget", "10", html}, []string{html + ":", "HTML"}},
		{"UTF-16 without a byte order mark", []string{"plan", "--budget", "10", utf16}, []string{utf16 + ": this is UTF-16 text; save it as UTF-8\n"}},
		{"nonexistent file", []string{"plan", "--budget", "10", nofile}, []string{nofile, "no such file"}},
		{"directory", []string{"plan", "--budget", "10", dir}, []string{dir}},
		{"sweep on a bad file", []string{"sweep", "--budgets", "10,20", negative}, []string{negative + ":3:", "changes_per_day"}},

		{"--budget 0", []string{"plan", "--budget", "0", good}, []string{"--budget 0", "want a positive number"}},
		{"--budget -5", []string{"plan", "--budget", "-5"}, []string{"--budget -5", "want a positive number"}},
		{"--budget over what a schedule holds", []string{"plan", "--budget", "2000000000", good}, []string{"--budget 2000000000", "at most 67108864"}},
		{"--crawlers --rate over what a schedule holds", []string{"plan", "--crawlers", "10000", "--rate", "1000", good}, []string{"864000000000 visits", "at most 67108864"}},
		{"sweep --budgets over what a schedule holds", []string{"sweep", "--budgets", "1000,3e8"}, []string{"--budgets", `"3e8"`, "67108864"}},
		{"--politeness longer than the horizon", []string{"plan", "--budget", "10", "--politeness", "25h"}, []string{"--politeness 25h", "--horizon 24h", "longer"}},
		{"--politeness negative", []string{"plan", "--budget", "10", "--politeness", "-1s"}, []string{"--politeness -1s", "want"}},
		{"--horizon 0", []string{"plan", "--budget", "10", "--horizon", "0s"}, []string{"--horizon 0s", "want a positive duration"}},
		{"--policy foo", []string{"plan", "--budget", "10", "--policy", "foo", good}, []string{"--policy", `"foo"`, "psp, mp2, mwolf"}},
		{"--model foo", []string{"plan", "--budget", "10", "--model", "foo"}, []string{"--model", `"foo"`, "steady or horizon"}},
		{"--objective foo", []string{"plan", "--budget", "10", "--objective", "foo"}, []string{"--objective", `"foo"`, "staleness, age or harmonic"}},
		{"--crawlers without --rate", []string{"plan", "--crawlers", "2", good}, []string{"--crawlers and --rate go together"}},
		{"--rate without --crawlers", []string{"plan", "--rate", "0.2"}, []string{"--crawlers and --rate go together"}},
		{"--crawlers 0", []string{"plan", "--crawlers", "0", "--rate", "1"}, []string{"--crawlers 0", "positive"}},
		{"--rate negative", []string{"plan", "--crawlers", "2", "--rate", "-1"}, []string{"--rate -1", "positive"}},
		{"--rate NaN", []string{"plan", "--crawlers", "2", "--rate", "NaN"}, []string{"--rate NaN", "positive"}},
		{"--rate too small for one visit", []string{"plan", "--crawlers", "1", "--rate", "1e-9"}, []string{"--crawlers 1 --rate 1e-09", "no visit"}},
		{"no budget", []string{"plan", good}, []string{"no budget", "--budget N", "--crawlers C --rate"}},
		{"no budget for the sample", []string{"plan"}, []string{"no budget"}},
		{"--export foo", []string{"plan", "--budget", "10", "--export", "foo", filepath.Join(dir, "x"), good}, []string{"--export foo", "nutch, stormcrawler or csv"}},
		{"--min-visits above --max-visits", []string{"plan", "--budget", "10", "--min-visits", "3", "--max-visits", "2"}, []string{"--min-visits 3", "--max-visits 2"}},
		{"output into a missing directory", []string{"plan", "--budget", "10", "--schedule", filepath.Join(dir, "no", "s.csv"), good}, []string{filepath.Join(dir, "no", "s.csv")}},
		{"sweep --budgets with a word", []string{"sweep", "--budgets", "5000,lots"}, []string{"--budgets", `"lots"`, "whole number"}},
		{"sweep --budgets 0", []string{"sweep", "--budgets", "0"}, []string{"--budgets", `"0"`}},
		{"sweep --budgets 1.5", []string{"sweep", "--budgets", "1.5"}, []string{"--budgets", `"1.5"`}},
		{"sweep bad flag value", []string{"sweep", "--budgets", "100", "--politeness", "25h"}, []string{"--politeness 25h"}},
	}
	for _, tc := range tests {
		r := cli(t, tc.args...)
		what := strings.Join(tc.args, " ")
		if r.code != exitBadInput {
			t.Errorf("%s: exit %d, want %d (freshplan %s; stderr %q)", tc.name, r.code, exitBadInput, what, r.stderr)
			continue
		}
		if r.stdout != "" {
			t.Errorf("%s: stdout %.200q, want nothing", tc.name, r.stdout)
		}
		if strings.Count(r.stderr, "\n") != 1 || !strings.HasPrefix(r.stderr, "freshplan: ") {
			t.Errorf("%s: stderr is not one line starting with \"freshplan: \": %q", tc.name, r.stderr)
		}
		for _, s := range tc.want {
			if !strings.Contains(r.stderr, s) {
				t.Errorf("%s: message %q lacks %q", tc.name, strings.TrimSpace(r.stderr), s)
			}
		}
	}
}

// TestBadUsage checks exit 2 for command lines that are wrongly formed.
func TestBadUsage(t *testing.T) {
	good := writeFile(t, t.TempDir(), "good.csv", "url,changes_per_day\nhttps://a.com/1,1\n")
	tests := []struct {
		args []string
		want string
	}{
		{nil, "usage:"},
		{[]string{"frob"}, `unknown command "frob"`},
		{[]string{"--budget", "10"}, `unknown command "--budget"`},
		{[]string{"plan", "--bogus"}, "-bogus"},
		{[]string{"plan", "--budget", "lots"}, `invalid value "lots" for flag -budget`},
		{[]string{"plan", "--horizon", "1day", "--budget", "10"}, "-horizon"},
		{[]string{"plan", "--budget", "10", good, good}, "one input file"},
		{[]string{"plan", good, "--budget", "10"}, "flags go before the file"},
		{[]string{"plan", "--budget", "10", "--export", "nutch"}, "--export takes a format and a file"},
		{[]string{"plan", "--budget", "10", "--export"}, "--export takes a format and a file"},
		{[]string{"plan", "--budget", "10", "--export", "nutch", "--json", "x.json"}, "--export takes a format and a file"},
		{[]string{"plan", "--budget", "10", "--export=csv"}, "--export takes a format and a file"},
		{[]string{"plan", "--budget", "10", "--export", "csv", "a", "--export", "nutch", "b"}, "--export given twice"},
		{[]string{"sweep"}, "sweep needs --budgets"},
		{[]string{"sweep", "--budget", "10"}, "sweep needs --budgets"},
		{[]string{"sweep", "--budgets", "10", "--bogus"}, "-bogus"},
		// estimate plans nothing: a planning flag would be silently ignored.
		{[]string{"estimate", "--budget", "10", good}, "-budget"},
		{[]string{"estimate", "--horizon", "7d", good}, "-horizon"},
	}
	for _, tc := range tests {
		r := cli(t, tc.args...)
		what := fmt.Sprintf("freshplan %s", strings.Join(tc.args, " "))
		if r.code != exitUsage {
			t.Errorf("%s: exit %d, want %d (stderr %q)", what, r.code, exitUsage, r.stderr)
			continue
		}
		if r.stdout != "" {
			t.Errorf("%s: stdout %.200q, want nothing", what, r.stdout)
		}
		if !strings.Contains(r.stderr, tc.want) {
			t.Errorf("%s: stderr %q lacks %q", what, r.stderr, tc.want)
		}
		if slices.Contains(tc.args, "plan") && strings.Count(r.stderr, "\n") != 1 {
			t.Errorf("%s: stderr is not one line: %q", what, r.stderr)
		}
	}
}

func TestHelp(t *testing.T) {
	for _, args := range [][]string{{"help"}, {"--help"}, {"-h"}} {
		if r := cli(t, args...); r.code != 0 || !strings.Contains(r.stdout, "freshplan plan") {
			t.Errorf("freshplan %s: exit %d, stdout %q", args[0], r.code, r.stdout)
		}
	}
	for _, cmd := range []string{"plan", "sweep"} {
		r := cli(t, cmd, "-h")
		if r.code != 0 || !strings.Contains(r.stderr, "-budget") || !strings.Contains(r.stderr, "-politeness") {
			t.Errorf("freshplan %s -h: exit %d, stderr %.300q", cmd, r.code, r.stderr)
		}
	}
}

// TestCrawlDelayLongerThanHorizon: a host whose crawl delay is longer than
// the horizon (a robots.txt asking for more than a day) is planned with
// no visit, and stderr says so and what horizon would visit it; the other
// hosts are planned as before. The CLI used to refuse the whole file.
func TestCrawlDelayLongerThanHorizon(t *testing.T) {
	dir := t.TempDir()
	delay := writeFile(t, dir, "delay.csv", "url,host,changes_per_day,weight,crawl_delay\n"+
		"https://a.com/1,a.com,1,1,100000\nhttps://a.com/2,a.com,2,1,\nhttps://b.com/1,b.com,1,1,\n")
	pagesCSV := filepath.Join(dir, "pages.csv")
	r := cli(t, "plan", "--budget", "10", "--pages", pagesCSV, delay)
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	want := "freshplan: " + delay + ": host a.com asks for a crawl delay of 100000 s, longer than the horizon (24h): " +
		"politeness allows it no visit, so its 2 pages are never visited by the polite policies (plan a horizon of at least 27h46m40s to visit them)\n"
	if r.stderr != want {
		t.Errorf("stderr %q, want %q", r.stderr, want)
	}
	b, err := os.ReadFile(pagesCSV)
	if err != nil {
		t.Fatal(err)
	}
	visits := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(b)), "\n")[1:] {
		f := strings.Split(line, ",")
		visits[f[0]] = f[4]
	}
	if visits["https://a.com/1"] != "0" || visits["https://a.com/2"] != "0" || visits["https://b.com/1"] != "10" {
		t.Errorf("visits %v, want none on a.com and the budget's 10 on b.com", visits)
	}
	r = cli(t, "plan", "--budget", "10", "--horizon", "28h", delay)
	if r.code != 0 || r.stderr != "" {
		t.Errorf("--horizon 28h: exit %d, stderr %q; want a plan and nothing said", r.code, r.stderr)
	}
	// A backtest of a log plans with its crawl delays too, and says so.
	var log strings.Builder
	log.WriteString("url,time,changed,crawl_delay\n")
	for day := range 20 {
		fmt.Fprintf(&log, "https://slow.example/1,%d,%d,700000\nhttps://fast.example/1,%d,%d,\n", 1704067200+86400*day, day%2, 1704067200+86400*day, day%3/2)
	}
	r = cli(t, "backtest", "--split", "2024-01-11", writeFile(t, dir, "log.csv", log.String()))
	if want := "host slow.example asks for a crawl delay of 700000 s, longer than the horizon (168h)"; r.code != 0 || !strings.Contains(r.stderr, want) {
		t.Errorf("backtest: exit %d, stderr %q; want it to say %q", r.code, r.stderr, want)
	}
}

// TestPlanCompare: --compare all|none|LIST plans what it names beside the
// policy and the bounds; the JSON summary compares every policy unless
// told otherwise (SPEC §6); a name it does not know is a usage error.
func TestPlanCompare(t *testing.T) {
	keys := func(args ...string) []string {
		r := cli(t, append([]string{"plan", "--budget", "2000", "--json", "-"}, args...)...)
		if r.code != 0 {
			t.Fatalf("%v: exit %d: %s", args, r.code, r.stderr)
		}
		var s summary
		if err := json.Unmarshal([]byte(r.stdout), &s); err != nil {
			t.Fatal(err)
		}
		return slices.Sorted(maps.Keys(s.Staleness))
	}
	all := []string{"azar", "azar_random", "cho", "infcrawlers", "mp2", "mwolf", "mwolf-exact", "nonpolite", "proportional", "psp", "uniform", "wp"}
	if got := keys(); !slices.Equal(got, all) {
		t.Errorf("default with --json: %v, want %v", got, all)
	}
	if got := keys("--compare", "none"); !slices.Equal(got, []string{"infcrawlers", "nonpolite", "psp", "wp"}) {
		t.Errorf("--compare none: %v", got)
	}
	if got := keys("--compare", "mp2, uniform", "--policy", "cho"); !slices.Equal(got, []string{"cho", "infcrawlers", "mp2", "nonpolite", "psp", "uniform", "wp"}) {
		t.Errorf("--compare mp2,uniform --policy cho: %v", got)
	}
	if r := cli(t, "plan", "--budget", "20", "--compare", "mp2,psq"); r.code != exitUsage || !strings.Contains(r.stderr, `--compare "mp2,psq": want all, none, auto or a comma-separated list of psp, mp2`) {
		t.Errorf("--compare psq: exit %d, %q", r.code, r.stderr)
	}
}

// TestInFlagWords: a core error naming a parameter's field reads, on the
// command line, in the words of the flag that sets it, its context kept.
func TestInFlagWords(t *testing.T) {
	_, err := plan.Run(context.Background(), []pages.Page{{URL: "https://a.example/", Host: "a.example", Rate: 1, Weight: 1}}, plan.DefaultParams())
	got := inFlagWords(fmt.Errorf("t.csv: %w", err)).Error()
	if want := "t.csv: no budget: give --budget N (visits per horizon), or --crawlers C --rate PAGES_PER_SECOND"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if other := errors.New("t.csv:2: bad"); inFlagWords(other) != other {
		t.Error("an error naming no field was changed")
	}
	// A backtest's limits name their fields, and the fields that would
	// help, in flags (hostile_test.go runs the others end to end).
	const d = 86400
	cfg := backtest.Config{Params: plan.Params{Horizon: 168 * time.Hour, Budget: 10}, TrainStart: 0, Split: 400 * d, Until: 500 * d, CrawlInterval: 600}
	err = backtest.Check(cfg, 3000)
	got = inFlagWords(fmt.Errorf("t.csv: %w", err)).Error()
	if want := "t.csv: --crawl-interval 10m0s: the training crawl of 3000 pages makes 1.728e+08 visits; want at most 134217728 (a longer --crawl-interval or a later --train-start)"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
