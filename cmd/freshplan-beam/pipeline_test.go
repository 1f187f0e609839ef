package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/runners/prism"
	"github.com/freshplan/freshplan/core/export"
	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/core/plan"
)

// The pipeline runs on Prism in-process, its workers in this process
// (loopback): the same code a cluster runs.

func TestMain(m *testing.M) {
	beam.Init()
	os.Exit(m.Run())
}

// defaultConfig is freshplan plan's defaults.
func defaultConfig(out string) Config {
	return Config{Horizon: 24 * time.Hour, Politeness: 15 * time.Second, Objective: "staleness", Model: "steady",
		Prior: true, Now: 1.8e9, MaxContent: plan.DefaultMaxDecompressed, Output: out, Shards: 3,
		Exports: export.Formats, Pages: true, Allocation: true}
}

// execute runs a pipeline on Prism.
func execute(t *testing.T, p *beam.Pipeline, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := prismExecute(p); err != nil {
		t.Fatal(err)
	}
}

func prismExecute(p *beam.Pipeline) (beam.PipelineResult, error) {
	return prism.Execute(context.Background(), p)
}

// lines returns the lines of every file PREFIX-NAME-*, each shard's CSV
// header dropped and the first kept, sorted.
func lines(t *testing.T, prefix, name string) []string {
	t.Helper()
	files, _ := filepath.Glob(prefix + "-" + name + "-*")
	if len(files) == 0 {
		t.Fatalf("no %s-%s-* written", prefix, name)
	}
	var out []string
	header := ""
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		ls := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
		if strings.HasPrefix(ls[0], "url,") {
			header, ls = ls[0], ls[1:]
		}
		out = append(out, ls...)
	}
	slices.Sort(out)
	if header != "" {
		out = append([]string{header}, out...)
	}
	return out
}

// sortedLines is what a core writer wrote, the header first and the rows sorted.
func sortedLines(s string) []string {
	ls := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	if strings.HasPrefix(ls[0], "url,") {
		rest := slices.Clone(ls[1:])
		slices.Sort(rest)
		return append([]string{ls[0]}, rest...)
	}
	slices.Sort(ls)
	return ls
}

func sameLines(t *testing.T, what string, got, want []string) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d lines, core %d", what, len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("%s: line %d\n got  %q\n core %q", what, i, got[i], want[i])
		}
	}
}

// corePlan plans the files' pages with core, as freshplan plan does.
func corePlan(t *testing.T, cfg Config, file string) *plan.Plan {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	in, err := plan.Load(context.Background(), bytes.NewReader(b), plan.LoadOptions{Name: file, Now: cfg.Now, Prior: cfg.Prior, HalfLife: cfg.HalfLife})
	if err != nil {
		t.Fatal(err)
	}
	params, err := cfg.params(cfg.Cycle)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Cycle == 0 {
		perR, _ := params.Visits()
		params.Cycle = plan.AutoCycle(len(in.Pages), perR)
	}
	params.Compare = []plan.Policy{plan.PSP}
	pl, err := plan.Run(context.Background(), in.Pages, params)
	if err != nil {
		t.Fatal(err)
	}
	return pl
}

// checkPlan runs the pipeline on glob and checks it against core's plan
// of file (the same pages in one file): each page's visits of problem S
// with and without caps equal, the seed lists and pages table
// byte-identical once sorted, the summary's figures within 1e-9.
func checkPlan(t *testing.T, cfg Config, glob, file string) {
	t.Helper()
	p, err := planPipeline(context.Background(), cfg, glob)
	execute(t, p, err)
	pl := corePlan(t, cfg, file)
	wp, np := pl.Result(plan.WP).Visits, pl.Result(plan.NonPolite).Visits
	alloc := map[string][2]string{}
	for _, l := range lines(t, cfg.Output, "allocation")[1:] {
		f := strings.Split(l, ",")
		alloc[f[0]] = [2]string{f[1], f[2]}
	}
	if len(alloc) != pl.Table.Len() {
		t.Fatalf("allocation of %d pages, core %d", len(alloc), pl.Table.Len())
	}
	diff := 0
	for i := range pl.Table.Len() {
		pg := pl.Table.Page(i)
		got := alloc[pg.URL]
		want := [2]string{strconv.Itoa(int(wp[i])), strconv.Itoa(int(np[i]))}
		if got != want {
			if diff++; diff <= 5 {
				t.Errorf("%s: visits (capped, uncapped) %v, core/allocate %v", pg.URL, got, want)
			}
		}
	}
	if diff > 0 {
		t.Fatalf("%d pages' visits differ from core/allocate's", diff)
	}
	for _, format := range cfg.Exports {
		var b bytes.Buffer
		if err := export.Seeds(&b, pl, format); err != nil {
			t.Fatal(err)
		}
		sameLines(t, "seeds "+format, lines(t, cfg.Output, "seeds-"+format), sortedLines(b.String()))
	}
	var b bytes.Buffer
	if err := export.Pages(&b, pl); err != nil {
		t.Fatal(err)
	}
	sameLines(t, "pages", lines(t, cfg.Output, "pages"), sortedLines(b.String()))

	got := readSummary(t, cfg.Output+"-summary.json")
	want := export.Summarize(pl)
	for _, name := range []plan.Policy{plan.WP, plan.NonPolite, plan.InfCrawlers, plan.PSP} {
		g, w := float64(got.Staleness[name]), float64(want.Staleness[name])
		if !(math.Abs(g-w) <= 1e-9*math.Max(1, math.Abs(w))) {
			t.Errorf("%s: %v, core %v", name, g, w)
		}
	}
	got.Staleness, want.Staleness, got.Simulated, want.Simulated, want.Seconds = nil, nil, nil, nil, plan.Seconds{}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("summary\n got  %+v\n core %+v", got, want)
	}
}

func readSummary(t *testing.T, path string) export.Summary {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var s export.Summary
	if err := jsonUnmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	return s
}

// writeShards writes the pages as n gzipped shards (rows dealt in
// order, shard k holding a contiguous run) and as one plain file.
func writeShards(t *testing.T, dir string, pg []pages.Page, n int) (glob, whole string) {
	t.Helper()
	whole = filepath.Join(dir, "whole.csv")
	var b bytes.Buffer
	if err := pages.Write(&b, pg); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(whole, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	ls := strings.SplitAfter(b.String(), "\n")
	header, rows := ls[0], ls[1:len(ls)-1]
	per := (len(rows) + n - 1) / n
	for k := range n {
		var z bytes.Buffer
		gz := gzip.NewWriter(&z)
		gz.Write([]byte(header))
		for _, r := range rows[min(k*per, len(rows)):min((k+1)*per, len(rows))] {
			gz.Write([]byte(r))
		}
		gz.Close()
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("part-%03d.csv.gz", k)), z.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "part-*.csv.gz"), whole
}

// TestSample plans the built-in sample, in one file, at the app's budget.
func TestSample(t *testing.T) {
	cfg := defaultConfig(filepath.Join(t.TempDir(), "out"))
	cfg.Budget = 20000
	checkPlan(t, cfg, "../../web/sample-pages.csv", "../../web/sample-pages.csv")
}

// TestSampleShardedVariants plans the sample split into gzipped shards
// under other parameters: age, the horizon model, minimum visits, ten
// crawlers that drop visits, a budget below one visit per page (a cycle).
func TestSampleShardedVariants(t *testing.T) {
	dir := t.TempDir()
	glob, whole := writeShards(t, dir, plan.Sample(), 5)
	for k, v := range []func(*Config){
		func(c *Config) { c.Budget = 20000; c.Objective = "age" },
		func(c *Config) { c.Budget = 9000; c.Model = "horizon"; c.MinVisits = 1 },
		func(c *Config) { c.Crawlers, c.Rate = 10, 0.05; c.MaxVisits = 40 },
		func(c *Config) { c.Budget = 1000 },
	} {
		t.Run(strconv.Itoa(k), func(t *testing.T) {
			cfg := defaultConfig(filepath.Join(dir, fmt.Sprintf("out%d", k)))
			v(&cfg)
			checkPlan(t, cfg, glob, whole)
		})
	}
}

// TestTies plans pages that share their rate and weight in bunches, on
// hosts of every size: GREEDY's ties must fall as core/allocate's do.
func TestTies(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var pg []pages.Page
	for i := range 2000 {
		h := fmt.Sprintf("h%d.example", rng.IntN(12)*rng.IntN(3))
		pg = append(pg, pages.Page{URL: fmt.Sprintf("https://%s/p%d", h, i), Host: h,
			Rate: []float64{0.5, 1, 4}[rng.IntN(3)], Weight: float64(1 + rng.IntN(2))})
	}
	dir := t.TempDir()
	glob, whole := writeShards(t, dir, pg, 3)
	cfg := defaultConfig(filepath.Join(dir, "out"))
	cfg.Budget = 7777
	cfg.Politeness = 60 * time.Second
	checkPlan(t, cfg, glob, whole)
}

// Test100k plans a 100,000-page synthetic table (seed 000 §4's
// experiment: Zipf hosts, uniform rates) in eight gzipped shards.
func Test100k(t *testing.T) {
	if testing.Short() {
		t.Skip("100k pages: a minute on Prism")
	}
	dir := t.TempDir()
	glob, whole := writeShards(t, dir, plan.Synthetic(100_000, 200, 1, 0.24, 24, 7), 8)
	cfg := defaultConfig(filepath.Join(dir, "out"))
	cfg.Budget = 400_000
	cfg.Exports = []string{"nutch", "csv"}
	checkPlan(t, cfg, glob, whole)
}
