package main

import (
	"bytes"
	"context"
	"fmt"
	"hash/fnv"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/freshplan/freshplan/core/plan"
)

// realChanges is the shared data's change history (SPEC's real changes of
// 1,980 pages over 26 years).
const realChanges = "/work/shared/data/real-changes.csv"

// writeChanges splits a change history into n gzipped shards, each URL's
// rows in the shard its hash picks except every fifth row, dealt to the
// next shard (so that URLs span shards and their times are joined), and
// writes as one file the shards' rows one after the other: its URLs first
// appear in the shards' order.
func writeChanges(t *testing.T, dir, file string, n int) (glob, whole string) {
	t.Helper()
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	ls := strings.SplitAfter(string(b), "\n")
	header, rows := ls[0], ls[1:]
	shards := make([][]string, n)
	for r, row := range rows {
		if strings.TrimSpace(row) == "" {
			continue
		}
		h := fnv.New32a()
		h.Write([]byte(row[:strings.IndexByte(row, ',')]))
		k := int(h.Sum32() % uint32(n))
		if r%5 == 4 {
			k = (k + 1) % n
		}
		if !strings.HasSuffix(row, "\n") {
			row += "\n"
		}
		shards[k] = append(shards[k], row)
	}
	return writeGzShards(t, dir, "changes", header, shards)
}

// TestChangeHistories checks change histories against freshplan estimate
// and freshplan plan on the same rows in one file: the example history
// and the real one (in 3 shards, URLs spanning shards), estimates
// byte-identical, and the plan's visits, seed lists and bounds as
// checkPlan requires.
func TestChangeHistories(t *testing.T) {
	dir := t.TempDir()
	glob, whole := writeChanges(t, dir, realChanges, 3)
	for k, c := range []struct{ glob, whole string }{
		{"../../examples/changes.csv", "../../examples/changes.csv"},
		{glob, whole},
	} {
		cfg := defaultConfig(filepath.Join(dir, fmt.Sprintf("est%d", k)))
		cfg.Prior = false
		p, err := estimatePipeline(context.Background(), cfg, c.glob)
		execute(t, p, err)
		sameLines(t, fmt.Sprintf("estimates of %s", c.glob), lines(t, cfg.Output, "estimates"), sortedLines(coreEstimates(t, cfg, c.whole)))
	}
	cfg := defaultConfig(filepath.Join(dir, "plan"))
	cfg.Budget = 3000
	checkPlan(t, cfg, glob, whole)
}

// TestChangeSpan checks the history's span: a time a thousand years off
// is refused with core's message.
func TestChangeSpan(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "c.csv")
	os.WriteFile(in, []byte("url,host,time\nhttps://a.example/,a.example,2020-01-01\nhttps://b.example/,b.example,3020-01-01\n"), 0o644)
	cfg := defaultConfig(filepath.Join(dir, "out"))
	p, err := estimatePipeline(context.Background(), cfg, in)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := os.ReadFile(in)
	_, want := plan.Load(context.Background(), bytes.NewReader(b), plan.LoadOptions{Name: in, Now: cfg.Now})
	if want == nil || !strings.Contains(want.Error(), "1000 years; at most 100 are planned") {
		t.Fatalf("core: %v, want the span refused", want)
	}
	if _, err = prismExecute(p); err == nil || !strings.Contains(err.Error(), want.Error()) {
		t.Fatalf("got %v, want core's %q", err, want)
	}
}
