package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/freshplan/freshplan/core/export"
	"github.com/freshplan/freshplan/core/plan"
)

// writeFile writes a file through Beam's filesystems (local, gs://).
func writeFile(ctx context.Context, path string, write func(w io.Writer) error) error {
	fs, err := filesystem.New(ctx, path)
	if err != nil {
		return err
	}
	defer fs.Close()
	f, err := fs.OpenWrite(ctx, path)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	bw := bufio.NewWriterSize(f, 1<<16)
	if err := write(bw); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	if err := bw.Flush(); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	return f.Close()
}

// writeShard writes one output file, PREFIX-NAME (e.g.
// PREFIX-seeds-nutch-00003), its blocks in order (each block a host's
// lines), a CSV's header first.
type writeShard struct {
	Prefix string
}

// Headers are the header lines of the files whose names start with each
// kind (e.g. "seeds-csv").
type Headers struct {
	Kinds, Lines []string
}

func (f *writeShard) ProcessElement(ctx context.Context, name string, blocks func(*string) bool, hd Headers) error {
	defer timed(ctx, "write", time.Now())
	var all []string
	var b string
	for blocks(&b) {
		all = append(all, b)
	}
	slices.Sort(all)
	return writeFile(ctx, f.Prefix+"-"+name, func(w io.Writer) error {
		for k, kind := range hd.Kinds {
			if strings.HasPrefix(name, kind+"-") {
				if _, err := io.WriteString(w, hd.Lines[k]); err != nil {
					return err
				}
			}
		}
		for _, s := range all {
			if _, err := io.WriteString(w, s); err != nil {
				return err
			}
		}
		return nil
	})
}

// writeSummary writes PREFIX-summary.json: export.Summary, the keys of
// freshplan plan --json, with the bounds the pipeline computes (wp,
// nonpolite, infcrawlers) and psp's figure from the crawler assignment.
type writeSummary struct {
	Cfg Config
}

func (f *writeSummary) ProcessElement(ctx context.Context, part Part, res Resolved) error {
	if !(part.WSum > 0) {
		return fmt.Errorf("every page has weight 0: nothing to plan")
	}
	s := summaryOf(f.Cfg, part, res)
	return writeFile(ctx, f.Cfg.Output+"-summary.json", func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(s)
	})
}

func summaryOf(cfg Config, part Part, res Resolved) export.Summary {
	s := export.Summary{
		Pages: int(part.Pages), Hosts: int(part.Hosts),
		Model: res.Model.String(), Objective: res.Objective.String(), Policy: plan.PSP,
		Budget: res.PerR, HorizonSeconds: res.PerT, PolitenessSeconds: cfg.Politeness.Seconds(),
		Crawlers: res.Crawlers, RatePerCrawler: res.Rate,
		Staleness: map[plan.Policy]export.Value{
			plan.WP:          export.Value(part.WP / part.WSum),
			plan.NonPolite:   export.Value(part.Nonpolite / part.WSum),
			plan.InfCrawlers: export.Value(part.InfCrawlers / part.WSum),
			plan.PSP:         export.Value(part.PSP / part.WSum),
		},
		Simulated:           map[plan.Policy]bool{plan.WP: false, plan.NonPolite: false, plan.InfCrawlers: true, plan.PSP: true},
		ScheduledVisits:     int(part.ScheduledVisits),
		DroppedVisits:       int(part.Dropped),
		PolitenessViolation: int(part.Violations),
		Seconds:             plan.Seconds{},
	}
	if res.Cycle > 1 {
		s.CycleHorizons = res.Cycle
	}
	for name, v := range s.Staleness {
		if math.IsInf(float64(v), 1) { // export.Summarize's test
			if s.Unbounded == nil {
				s.Unbounded = map[plan.Policy]string{}
			}
			s.Unbounded[name] = export.UnboundedWhy(s.Objective)
		}
	}
	return s
}

// writeStats writes PREFIX-read.json: what reading set aside, and the
// first bad rows skipped (--skip-bad).
type writeStats struct {
	Prefix string
}

func (f *writeStats) ProcessElement(ctx context.Context, st Stats) error {
	return writeFile(ctx, f.Prefix+"-read.json", func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetIndent("", "  ")
		return enc.Encode(st)
	})
}

func init() {
	register.DoFn4x1[context.Context, string, func(*string) bool, Headers, error](&writeShard{})
	beam.RegisterType(reflectTypeOf[Headers]())
	register.Iter1[string]()
	register.DoFn3x1[context.Context, Part, Resolved, error](&writeSummary{})
	register.DoFn2x1[context.Context, Stats, error](&writeStats{})
}
