package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/freshplan/freshplan/core/export"
	"github.com/freshplan/freshplan/core/observe"
	"github.com/freshplan/freshplan/core/plan"
)

// writeLog writes a synthetic observation log of urls pages on hosts
// hosts, fetched about daily for 40 days (some regularly, some not, some
// with Last-Modified), as n gzipped shards by URL (each URL's rows in one
// shard, in time order) and as one file: the shards' rows one after the
// other, so that its URLs first appear in the shards' order. bad rows
// (an unreadable time) go into the second shard.
func writeLog(t *testing.T, dir string, urls, hosts, n, bad int) (glob, whole string) {
	t.Helper()
	rng := rand.New(rand.NewPCG(5, 6))
	type row struct {
		at  float64
		txt string
	}
	shards := make([][]row, n)
	start := 1.7e9
	for u := range urls {
		host := fmt.Sprintf("site%d.example", rng.IntN(hosts))
		url := fmt.Sprintf("https://%s/page/%d", host, u)
		rate := rng.ExpFloat64() * 0.7 // changes per day
		if u%7 == 0 {
			rate = 0
		}
		regular, lastMod := u%3 == 0, u%4 == 0
		h := fnv.New32a()
		h.Write([]byte(url))
		k := int(h.Sum32() % uint32(n))
		t0 := start + rng.Float64()*86400
		lastChange := t0 - 86400*rng.Float64()
		for d := range 40 {
			at := t0 + float64(d)*86400
			if !regular {
				at += (rng.Float64() - 0.5) * 40000
			}
			changed := ""
			if d > 0 {
				changed = "0"
				// Poisson changes in the day since the last fetch.
				for c := at - 86400 + rng.ExpFloat64()/rate*86400; c < at; c += rng.ExpFloat64() / rate * 86400 {
					changed, lastChange = "1", c
				}
			}
			lm := ""
			if lastMod {
				lm = time.Unix(int64(lastChange), 0).UTC().Format(time.RFC3339)
			}
			ts := time.Unix(int64(at), 0).UTC().Format(time.RFC3339)
			shards[k] = append(shards[k], row{at, fmt.Sprintf("%s,%s,%s,%s,%s\n", url, host, ts, changed, lm)})
		}
	}
	out := make([][]string, n)
	for k, rows := range shards {
		for j, r := range rows {
			if k == 1 && j < bad {
				out[k] = append(out[k], "https://bad.example/x,bad.example,notatime,1,\n")
			}
			out[k] = append(out[k], r.txt)
		}
	}
	return writeGzShards(t, dir, "log", "url,host,time,changed,last_modified\n", out)
}

// writeGzShards writes each shard's rows, after the header, as
// DIR/NAME-NNN.csv.gz, and every row as one file, the shards' rows one
// after the other. It returns the shards' glob and the file.
func writeGzShards(t *testing.T, dir, name, header string, shards [][]string) (glob, whole string) {
	t.Helper()
	var all bytes.Buffer
	all.WriteString(header)
	for k, rows := range shards {
		var z bytes.Buffer
		gz := gzip.NewWriter(&z)
		gz.Write([]byte(header))
		for _, r := range rows {
			gz.Write([]byte(r))
			all.WriteString(r)
		}
		gz.Close()
		if err := os.WriteFile(filepath.Join(dir, fmt.Sprintf("%s-%03d.csv.gz", name, k)), z.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	whole = filepath.Join(dir, "whole.csv")
	if err := os.WriteFile(whole, all.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dir, name+"-*.csv.gz"), whole
}

// coreEstimates is freshplan estimate's table of the file.
func coreEstimates(t *testing.T, cfg Config, file string) string {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	in, err := plan.Load(context.Background(), bytes.NewReader(b), plan.LoadOptions{Name: file, Now: cfg.Now,
		Prior: cfg.Prior, HalfLife: cfg.HalfLife, SkipBad: cfg.SkipBad})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := export.EstimatesCSV(&out, in, nil); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestEstimates checks freshplan-beam estimate against freshplan
// estimate's table: the example log in one file, and a synthetic log in
// shards by URL — as it is, with the half-life's recency weights, and
// with the prior (whose prior of all pages is merged from moments: the
// rates agree to 1e-12).
func TestEstimates(t *testing.T) {
	dir := t.TempDir()
	glob, whole := writeLog(t, dir, 3000, 40, 4, 0)
	for k, c := range []struct {
		glob, whole string
		set         func(*Config)
	}{
		{"../../examples/fetches.csv", "../../examples/fetches.csv", func(*Config) {}},
		{glob, whole, func(*Config) {}},
		{glob, whole, func(c *Config) { c.HalfLife = 10 }},
		{glob, whole, func(c *Config) { c.Prior = true }},
	} {
		cfg := defaultConfig(filepath.Join(dir, fmt.Sprintf("est%d", k)))
		cfg.Prior = false
		c.set(&cfg)
		p, err := estimatePipeline(context.Background(), cfg, c.glob)
		execute(t, p, err)
		got, want := lines(t, cfg.Output, "estimates"), sortedLines(coreEstimates(t, cfg, c.whole))
		if !cfg.Prior {
			sameLines(t, fmt.Sprintf("case %d", k), got, want)
			continue
		}
		if len(got) != len(want) {
			t.Fatalf("case %d: %d lines, core %d", k, len(got), len(want))
		}
		for i := range got {
			g, w := strings.Split(got[i], ","), strings.Split(want[i], ",")
			for j := range w {
				if g[j] == w[j] {
					continue
				}
				var a, b float64
				fmt.Sscan(g[j], &a)
				fmt.Sscan(w[j], &b)
				if !(math.Abs(a-b) <= 1e-12*math.Max(1, math.Abs(b))) {
					t.Fatalf("case %d line %d column %d: %s, core %s", k, i, j, g[j], w[j])
				}
			}
		}
	}
}

// TestPlanFromLog plans the synthetic log, with the prior: the same
// pages, visits and seed lists as freshplan plan on the whole log.
func TestPlanFromLog(t *testing.T) {
	dir := t.TempDir()
	glob, whole := writeLog(t, dir, 2000, 30, 3, 0)
	cfg := defaultConfig(filepath.Join(dir, "out"))
	cfg.Budget = 5000
	checkPlan(t, cfg, glob, whole)
}

// TestBadRows checks that bad rows stop the pipeline with core's message
// (file, line, column, what was expected), and that with --skip-bad they
// are counted as core counts them, the first kept.
func TestBadRows(t *testing.T) {
	dir := t.TempDir()
	glob, whole := writeLog(t, dir, 300, 10, 3, 5)
	cfg := defaultConfig(filepath.Join(dir, "out"))
	cfg.Prior = false
	p, err := estimatePipeline(context.Background(), cfg, glob)
	if err != nil {
		t.Fatal(err)
	}
	_, err = prismExecute(p)
	if err == nil || !strings.Contains(err.Error(), "log-001.csv.gz:2:") || !strings.Contains(err.Error(), "time") {
		t.Fatalf("bad rows: got %v, want log-001.csv.gz:2:… naming the time", err)
	}
	cfg.SkipBad = true
	p, err = estimatePipeline(context.Background(), cfg, glob)
	execute(t, p, err)
	b, err := os.ReadFile(cfg.Output + "-read.json")
	if err != nil {
		t.Fatal(err)
	}
	var st Stats
	if err := json.Unmarshal(b, &st); err != nil {
		t.Fatal(err)
	}
	if st.Skipped != 5 || len(st.Bad) != 5 || !strings.Contains(st.Bad[0], "log-001.csv.gz:") {
		t.Fatalf("skipped %d, kept %q; want 5 from log-001.csv.gz", st.Skipped, st.Bad)
	}
	sameLines(t, "skip-bad", lines(t, cfg.Output, "estimates"), sortedLines(coreEstimates(t, cfg, whole)))
}

// TestSingleCountedAfterJoin checks PREFIX-read.json's single, the URLs
// fetched once: counted after the join, so that a URL fetched once in
// each of two shards is not single, and equal to core's count on the
// whole log (observe.Read). It was never filled.
func TestSingleCountedAfterJoin(t *testing.T) {
	dir := t.TempDir()
	row := func(url string, day int) string {
		return fmt.Sprintf("https://a.example/%s,a.example,%s,1,\n", url, time.Unix(int64(1.7e9)+int64(day)*86400, 0).UTC().Format(time.RFC3339))
	}
	glob, whole := writeGzShards(t, dir, "log", "url,host,time,changed,last_modified\n", [][]string{
		{row("once", 0), row("split", 0), row("thrice", 0), row("thrice", 1), row("thrice", 2)},
		{row("split", 3), row("alone", 1)},
	})
	b, err := os.ReadFile(whole)
	if err != nil {
		t.Fatal(err)
	}
	log, err := observe.Read(context.Background(), bytes.NewReader(b), observe.Options{Name: whole})
	if err != nil || log.Single != 2 {
		t.Fatalf("core: %d single, %v; want 2 (once, alone)", log.Single, err)
	}
	cfg := defaultConfig(filepath.Join(dir, "out"))
	p, err := estimatePipeline(context.Background(), cfg, glob)
	execute(t, p, err)
	js, err := os.ReadFile(cfg.Output + "-read.json")
	if err != nil {
		t.Fatal(err)
	}
	var st Stats
	if err := json.Unmarshal(js, &st); err != nil {
		t.Fatal(err)
	}
	if st.Single != int64(log.Single) || st.Rows != log.Rows {
		t.Fatalf("read.json: %d single of %d rows; want core's %d of %d", st.Single, st.Rows, log.Single, log.Rows)
	}
}
