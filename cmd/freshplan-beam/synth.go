package main

import (
	"bytes"
	"compress/gzip"
	"errors"
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/core/plan"
)

// runSynth is `freshplan-beam synth`: seed 000 §4's synthetic experiment
// (plan.Synthetic: Zipf hosts, rates uniform per day) as gzipped pages
// table shards, the input of the scale measurements in BENCHMARKS.md.
func runSynth(args []string) error {
	fs := flag.NewFlagSet("freshplan-beam synth", flag.ContinueOnError)
	n := fs.Int("pages", 1_000_000, "pages")
	m := fs.Int("hosts", 2000, "hosts (Zipf θ = 1)")
	seed := fs.Uint64("seed", 1, "random seed")
	shards := fs.Int("shards", 8, "files")
	out := fs.String("output", "", "PREFIX: writes PREFIX-NNNNN.csv.gz")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || *n < 1 || *m < 1 || *shards < 1 {
		return errors.New("want --output PREFIX, and --pages, --hosts and --shards at least 1")
	}
	pg := plan.Synthetic(*n, *m, 1, 0.24, 24, *seed)
	per := (len(pg) + *shards - 1) / *shards
	for k := range *shards {
		part := pg[min(k*per, len(pg)):min((k+1)*per, len(pg))]
		var b bytes.Buffer
		gz := gzip.NewWriter(&b)
		if err := pages.Write(gz, part); err != nil {
			return err
		}
		if err := gz.Close(); err != nil {
			return err
		}
		name := fmt.Sprintf("%s-%05d.csv.gz", strings.TrimSuffix(*out, "-"), k)
		if err := os.WriteFile(name, b.Bytes(), 0o644); err != nil {
			return err
		}
	}
	return nil
}
