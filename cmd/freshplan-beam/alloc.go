package main

import (
	"bytes"
	"context"
	"fmt"
	"hash/fnv"
	"math"
	"strings"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/freshplan/freshplan/core/allocate"
	"github.com/freshplan/freshplan/core/export"
	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/core/plan"
	"github.com/freshplan/freshplan/core/schedule"
	"github.com/freshplan/freshplan/core/staleness"
)

func hostError(h Host, err error) error {
	return fmt.Errorf("host %s: %w", h.Name, err)
}

// hostGreedy returns GREEDY's allocation of target visits among the
// host's pages alone: its top target gains (allocate.Greedy).
func hostGreedy(p allocate.Problem, target int64) ([]int, error) {
	n := len(p.Rates)
	if target <= int64(n)*int64(p.MinVisits) {
		x := make([]int, n)
		for i := range x {
			x[i] = p.MinVisits
		}
		return x, nil
	}
	p.Budget = int(target)
	return allocate.Greedy(p)
}

// HostPlan is a host's allocation, on its way to the crawler assignment.
type HostPlan struct {
	Host Host
	X    []int // psp's visits (the capped allocation)
}

// allocFn makes each host's allocations from the search, scores them
// (the wp, nonpolite and infcrawlers bounds), and writes its seed lists.
type allocFn struct {
	Cfg Config
}

func (f *allocFn) ProcessElement(ctx context.Context, h Host, res Resolved, st Search, ex Extras, emitPart func(Part), emitAlloc func(string, string), emitPlan func(int, HostPlan)) error {
	defer timed(ctx, "allocate+bounds", time.Now())
	capped, free, cap := h.problems(f.Cfg, res)
	heldC, _ := total(&capped, st.C.Hi)
	x, err := hostGreedy(capped, min(int64(cap), heldC)+extraOf(ex.HostsC, ex.C, h.Name))
	if err != nil {
		return hostError(h, err)
	}
	heldF, _ := total(&free, st.F.Hi)
	xf, err := hostGreedy(free, heldF+extraOf(ex.HostsF, ex.F, h.Name))
	if err != nil {
		return hostError(h, err)
	}
	part := Part{Pages: int64(len(h.Pages)), Hosts: 1}
	m, obj, T := res.Model, res.Objective, res.T
	for i, p := range h.Pages {
		part.WSum += p.Weight
		part.Visits += int64(x[i])
		if p.Weight == 0 {
			continue // left out even when infinite, as plan.Run's average
		}
		// seed 000 §2.1: a page's staleness visited x times equally spaced.
		part.WP += p.Weight * staleness.Equal(m, obj, capped.Rates[i], T, float64(x[i]))
		part.Nonpolite += p.Weight * staleness.Equal(m, obj, free.Rates[i], T, float64(xf[i]))
	}
	// infcrawlers: MERGE's times (seed 000 §2.2 step 3), host by host.
	prog := schedule.Merge(m, schedule.EquallySpaced(m, x, capped.Hosts, 1, T), T)
	tr := prog.Realized(m, obj, capped.Rates, T)
	for i, p := range h.Pages {
		if p.Weight != 0 {
			part.InfCrawlers += p.Weight * tr.Page(i)
		}
	}
	emitPart(part)
	if f.Cfg.Allocation {
		var b strings.Builder
		for i, p := range h.Pages {
			fmt.Fprintf(&b, "%s,%d,%d\n", p.URL, x[i], xf[i])
		}
		emitAlloc(fmt.Sprintf("allocation-%05d", shardOf(h.Name, f.Cfg.Shards)), b.String())
	}
	emitPlan(shardOf(h.Name, f.Cfg.partitions()), HostPlan{Host: h, X: x})
	return nil
}

// seeds writes the host's lines of every seed list asked for, by core's
// writers (export.Seeds, and export.Pages with --pages) on a plan of the
// host alone, x being the visits the crawlers make and stale each page's
// staleness (or age) under them.
func seeds(cfg Config, h Host, x, stale []float64, res Resolved, emit func(string, string)) error {
	pl := &plan.Plan{Params: plan.Params{Horizon: time.Duration(math.Round(res.T * float64(time.Second))), Policy: plan.PSP},
		Results: map[plan.Policy]*plan.Result{plan.PSP: {Name: plan.PSP, Visits: x, Page: stale}}}
	list := make(pages.List, len(h.Pages))
	pl.Table = list
	for i, p := range h.Pages {
		list[i] = pages.Page{URL: p.URL, Host: h.Name, Rate: p.Rate, Weight: p.Weight, CrawlDelay: p.CrawlDelay}
	}
	shard := shardOf(h.Name, cfg.Shards)
	write := func(name string, w func(*bytes.Buffer) error) error {
		var b bytes.Buffer
		if err := w(&b); err != nil {
			return err
		}
		s := b.String()
		if strings.HasPrefix(s, "url,") {
			s = s[strings.IndexByte(s, '\n')+1:] // the header heads each shard's file
		}
		emit(fmt.Sprintf("%s-%05d", name, shard), s)
		return nil
	}
	for _, format := range cfg.Exports {
		if err := write("seeds-"+format, func(b *bytes.Buffer) error { return export.Seeds(b, pl, format) }); err != nil {
			return err
		}
	}
	if cfg.Pages {
		return write("pages", func(b *bytes.Buffer) error { return export.Pages(b, pl) })
	}
	return nil
}

// shardOf spreads hosts over the output's files.
func shardOf(host string, shards int) int {
	h := fnv.New32a()
	h.Write([]byte(host))
	return int(h.Sum32() % uint32(max(shards, 1)))
}

func sumParts(a, b Part) Part {
	a.Pages += b.Pages
	a.Hosts += b.Hosts
	a.Visits += b.Visits
	a.WSum += b.WSum
	a.WP += b.WP
	a.Nonpolite += b.Nonpolite
	a.InfCrawlers += b.InfCrawlers
	a.PSP += b.PSP
	a.Dropped += b.Dropped
	a.Violations += b.Violations
	a.ScheduledVisits += b.ScheduledVisits
	return a
}

func init() {
	register.DoFn8x1[context.Context, Host, Resolved, Search, Extras, func(Part), func(string, string), func(int, HostPlan), error](&allocFn{})
	register.Emitter2[string, string]()
	register.Emitter1[Part]()
	register.Emitter2[int, HostPlan]()
	register.Function2x1(sumParts)
}
