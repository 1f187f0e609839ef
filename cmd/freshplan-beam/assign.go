package main

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"reflect"
	"slices"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/freshplan/freshplan/core/schedule"
	"github.com/freshplan/freshplan/core/staleness"
)

// Crawler assignment at scale: the hosts are partitioned among crawler
// groups (by a hash of the host's name), and each partition's psp
// schedule is made on its own: MERGE's times host by host (seed 000 §2.2
// step 3), carried out by the partition's crawlers with the
// most-delayed-free strategy (seed 000 §2.3, schedule.Assign), checked by
// the validator and replayed for its staleness, as plan.Run does for the
// whole. With one partition (the default) it is plan.Run's psp exactly;
// with P partitions each gets crawlers/P of the fleet (the remainder to
// the first), so that the fleet's rate is kept and no host is shared.

// partitions returns how many crawler groups the plan uses.
func (c Config) partitions() int {
	return max(c.Partitions, 1)
}

// crawlersOf returns partition p's crawlers.
func crawlersOf(C, P, p int) int {
	n := C / P
	if p < C%P {
		n++
	}
	return n
}

// assignFn makes one partition's schedule and writes its seed lists from
// the visits its crawlers make.
type assignFn struct {
	Cfg Config
}

func (f *assignFn) ProcessElement(ctx context.Context, part int, plans func(*HostPlan) bool, res Resolved, emitSeeds func(string, string), emitPart func(Part)) error {
	defer timed(ctx, "assign", time.Now())
	var hosts []HostPlan
	var hp HostPlan
	for plans(&hp) {
		hosts = append(hosts, hp)
	}
	// Hosts in order of first appearance, pages in input order: plan.Run's
	// indices, so that the assignment's ties fall as they do there.
	slices.SortFunc(hosts, func(a, b HostPlan) int { return cmp.Compare(a.Host.Pages[0].Idx, b.Host.Pages[0].Idx) })
	type ref struct {
		idx     int64
		host, j int32
	}
	var refs []ref
	for s, h := range hosts {
		for j, p := range h.Host.Pages {
			refs = append(refs, ref{p.Idx, int32(s), int32(j)})
		}
	}
	slices.SortFunc(refs, func(a, b ref) int { return cmp.Compare(a.idx, b.idx) })
	n := len(refs)
	hostOf, x := make([]int32, n), make([]int, n)
	rates, weights := make([]float64, n), make([]float64, n)
	delay := make([]float64, len(hosts))
	for i, r := range refs {
		p := hosts[r.host].Host.Pages[r.j]
		hostOf[i], x[i] = r.host, hosts[r.host].X[r.j]
		rates[i], weights[i] = p.Rate/86400, p.Weight
	}
	for s, h := range hosts {
		delay[s] = h.Host.Delay
	}
	P := f.Cfg.partitions()
	fleet := schedule.Fleet{Crawlers: crawlersOf(res.Crawlers, P, part), Rate: res.Rate}
	if fleet.Crawlers == 0 {
		return fmt.Errorf("partition %d of %d has no crawler: %d crawlers cannot be split into %d groups (--partitions at most --crawlers)", part, P, res.Crawlers, P)
	}
	m, obj, T := res.Model, res.Objective, res.T
	prog := schedule.Merge(m, schedule.EquallySpaced(m, x, hostOf, len(hosts), T), T)
	check := schedule.NewValidator(m, hostOf, delay, fleet, T)
	made := make([]bool, prog.Len())
	scheduled := 0
	dropped, err := schedule.Assign(m, prog, delay, fleet, T, func(k int, v schedule.Visit) {
		prog.Times[k] = v.Time
		made[k] = true
		scheduled++
		check.CheckTime(v)
	})
	if err != nil {
		return fmt.Errorf("partition %d: psp: %w", part, err)
	}
	// Host by host, each host's visits in time order: replay, and check
	// politeness against the pages' own hosts (plan.Run's replay).
	tr := staleness.NewTracker(m, obj, rates, T)
	visits := make([]float64, n)
	for k, i := range prog.Pages {
		if !made[k] {
			continue
		}
		tr.Visit(int(i), prog.Times[k])
		check.CheckHost(hostOf[i], prog.Times[k])
		visits[i]++
	}
	violations, _ := check.Finish()
	out := Part{Dropped: int64(dropped), Violations: int64(violations), ScheduledVisits: int64(scheduled)}
	perHost, stale := make([][]float64, len(hosts)), make([][]float64, len(hosts))
	for s, h := range hosts {
		perHost[s], stale[s] = make([]float64, len(h.Host.Pages)), make([]float64, len(h.Host.Pages))
	}
	for i, r := range refs {
		v := tr.Page(i)
		if weights[i] != 0 {
			out.PSP += weights[i] * v
		}
		perHost[r.host][r.j], stale[r.host][r.j] = visits[i], v
	}
	if math.IsNaN(out.PSP) {
		return fmt.Errorf("partition %d: psp's staleness is not a number", part)
	}
	emitPart(out)
	for s, h := range hosts {
		if err := seeds(f.Cfg, h.Host, perHost[s], stale[s], res, emitSeeds); err != nil {
			return err
		}
	}
	return nil
}

func encodeHostPlan(hp HostPlan) []byte {
	b := encodeHost(hp.Host)
	for _, v := range hp.X {
		b = appendUvarint(b, uint64(v))
	}
	return b
}

func decodeHostPlan(b []byte) (HostPlan, error) {
	d := &decoder{b: b}
	h := d.host()
	x := make([]int, len(h.Pages))
	for i := range x {
		x[i] = int(d.uvarint())
	}
	return HostPlan{Host: h, X: x}, d.end()
}

func init() {
	register.DoFn6x1[context.Context, int, func(*HostPlan) bool, Resolved, func(string, string), func(Part), error](&assignFn{})
	register.Iter1[HostPlan]()
	beam.RegisterCoder(reflect.TypeOf(HostPlan{}), encodeHostPlan, decodeHostPlan)
}
