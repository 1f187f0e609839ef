package main

import (
	"container/heap"
	"context"
	"math"
	"slices"
	"time"

	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
	"github.com/freshplan/freshplan/core/allocate"
)

// GREEDY's threshold, searched across machines (seed 000 §2.1; the search
// core/allocate.Greedy runs on one). After GREEDY has taken every visit
// whose gain exceeds μ, host s holds min(cap_s, N_s(μ)) visits, N_s(μ)
// the count of its gains above μ: a total that falls as μ rises. Each
// round counts every host's pages at searchPoints thresholds spread
// evenly in log μ across the bracket [Lo, Hi] the last round left, sums
// the counts (one Combine), and narrows the bracket to the two
// thresholds around the budget. After searchRounds rounds (or once the
// bracket holds at most searchSlack visits) the visits between the two
// thresholds are few: each host sends its best ones, the largest gains
// win as GREEDY's heap would take them (ties to the lower page index,
// core/allocate's rule), and each host then takes its top visits,
// solved by allocate.Greedy on the host alone. The uncapped problem
// (the nonpolite bound, mwolf's allocation) is searched beside it.
const (
	searchPoints = 128
	searchRounds = 8
	searchSlack  = 4096
	// The first round's bracket: gains are finite, and those below
	// minMu are taken at μ = 0, as core/allocate takes them.
	minMu = 1e-300
	maxMu = 1e300
)

// Bracket is one problem's search: every count at Lo is at least the
// budget (TotLo; −1 while none is known), at Hi at most (TotHi), and Mus
// are the thresholds the next round counts at, ascending.
type Bracket struct {
	Lo, Hi       float64
	TotLo, TotHi int64
	Mus          []float64
}

// Search is both problems' brackets.
type Search struct {
	C, F Bracket
}

// startSearch is the search before any count: above every gain only the
// forced visits (MinVisits) remain.
type startSearch struct {
	Cfg Config
}

func (f *startSearch) ProcessElement(res Resolved) Search {
	b := Bracket{Lo: 0, TotLo: -1, Hi: math.MaxFloat64, TotHi: res.Pages * int64(f.Cfg.MinVisits)}
	b.Mus = b.next(int64(res.R))
	return Search{C: b, F: b}
}

// next returns the thresholds of the next round: none once the bracket
// is exact, small enough, or as narrow as floats go.
func (b Bracket) next(target int64) []float64 {
	if b.TotHi >= target || b.TotLo >= 0 && b.TotLo-b.TotHi <= searchSlack || b.Hi == 0 {
		return nil
	}
	lo, hi := math.Max(b.Lo, minMu), math.Min(b.Hi, maxMu)
	if lo >= hi {
		if b.Lo == 0 && b.TotLo < 0 {
			// Even the least gain counted leaves budget over: every
			// positive gain, as core/allocate takes it.
			return []float64{0}
		}
		return nil
	}
	l, w := math.Log(lo), math.Log(hi)-math.Log(lo)
	var mus []float64
	for j := 1; j <= searchPoints; j++ {
		mu := math.Exp(l + w*float64(j)/(searchPoints+1))
		if mu > b.Lo && mu < b.Hi && (len(mus) == 0 || mu > mus[len(mus)-1]) {
			mus = append(mus, mu)
		}
	}
	return mus
}

// advance narrows the bracket by the totals counted at its thresholds.
func (b Bracket) advance(tot []int64, target int64) Bracket {
	for j, mu := range b.Mus {
		t := tot[j]
		if t >= target && (mu > b.Lo || b.TotLo < 0) {
			b.Lo, b.TotLo = mu, t
		}
		if t <= target && mu < b.Hi {
			b.Hi, b.TotHi = mu, t
		}
	}
	b.Mus = b.next(target)
	return b
}

// advanceSearch is one round's step from the summed counts.
func advanceSearch(c Counts, st Search, res Resolved) Search {
	R := int64(res.R)
	if len(c.C) == len(st.C.Mus) {
		st.C = st.C.advance(c.C, R)
	}
	if len(c.F) == len(st.F.Mus) {
		st.F = st.F.advance(c.F, R)
	}
	return st
}

// problems returns the host's problem S with its cap (capped) and
// without (free), as plan.Run builds it, restricted to the host.
func (h Host) problems(cfg Config, res Resolved) (capped, free allocate.Problem, cap int) {
	n := len(h.Pages)
	free = allocate.Problem{Rates: make([]float64, n), Weights: make([]float64, n), Budget: res.R, Horizon: res.T,
		Model: res.Model, Objective: res.Objective, MinVisits: cfg.MinVisits, MaxVisits: cfg.MaxVisits}
	for i, p := range h.Pages {
		free.Rates[i] = p.Rate / 86400 // changes per day to per second, as plan.Run
		free.Weights[i] = p.Weight
	}
	cap = res.R
	if h.Delay > 0 {
		// seed 000 §2.1 constraint (2): ⌊T/P⌋, as plan.Run computes it.
		cap = int(min(math.Floor(res.T/h.Delay+1e-9), float64(res.R)))
	}
	capped = free
	capped.Hosts, capped.Caps = make([]int32, n), []int{cap}
	return capped, free, cap
}

// counts adds each page's count at every threshold (ascending) into out.
func counts(p *allocate.Problem, mus []float64, out []int64) {
	K := len(mus)
	if K == 0 {
		return
	}
	for i := range p.Rates {
		top := allocate.Count(p, i, mus[K-1], p.MinVisits)
		bottom := allocate.Count(p, i, mus[0], top)
		if top == bottom {
			for j := range out {
				out[j] += int64(top)
			}
			continue
		}
		hint := top
		for j := K - 1; j >= 0; j-- {
			hint = allocate.Count(p, i, mus[j], hint)
			out[j] += int64(hint)
		}
	}
}

// slimHost is the host as the search reads it: its pages without their
// URLs (the rounds need rates, weights and Idx only).
func slimHost(h Host) Host {
	out := Host{Name: h.Name, Delay: h.Delay, Pages: make([]Page, len(h.Pages))}
	for i, p := range h.Pages {
		p.URL = ""
		out.Pages[i] = p
	}
	return out
}

// roundFn counts one host at the round's thresholds, and hands the host
// on to the next round.
type roundFn struct {
	Cfg Config
}

func (f *roundFn) ProcessElement(ctx context.Context, h Host, res Resolved, st Search, emit func(Counts), pass func(Host)) error {
	defer timed(ctx, "search-rounds", time.Now())
	defer pass(h)
	capped, free, cap := h.problems(f.Cfg, res)
	if err := capped.Validate(); err != nil {
		return hostError(h, err)
	}
	c := Counts{C: make([]int64, len(st.C.Mus)), F: make([]int64, len(st.F.Mus))}
	counts(&capped, st.C.Mus, c.C)
	for j := range c.C {
		c.C[j] = min(c.C[j], int64(cap))
	}
	counts(&free, st.F.Mus, c.F)
	emit(c)
	return nil
}

func sumCounts(a, b Counts) Counts {
	out := Counts{C: slices.Clone(a.C), F: slices.Clone(a.F)}
	if len(out.C) < len(b.C) {
		out.C = append(out.C, make([]int64, len(b.C)-len(out.C))...)
	}
	if len(out.F) < len(b.F) {
		out.F = append(out.F, make([]int64, len(b.F)-len(out.F))...)
	}
	for j, v := range b.C {
		out.C[j] += v
	}
	for j, v := range b.F {
		out.F[j] += v
	}
	return out
}

// total returns the host's count at mu: the sum of its pages' (capped or
// not as p is) and each page's.
func total(p *allocate.Problem, mu float64) (int64, []int) {
	x := make([]int, len(p.Rates))
	var sum int64
	for i := range x {
		x[i] = allocate.Count(p, i, mu, p.MinVisits)
		sum += int64(x[i])
	}
	return sum, x
}

// need is how many visits a bracket leaves to its candidates.
func (b Bracket) need(target int64) int64 {
	if b.TotHi >= target || b.Hi == 0 {
		return 0
	}
	return target - b.TotHi
}

// candidates returns the host's best visits between the bracket's
// thresholds, at most limit of them, each page's next gains taken from
// its count at Hi on (a gain must exceed Lo: below it lie visits the
// budget does not reach).
func candidates(p *allocate.Problem, b Bracket, limit int64, host string, pg []Page) []Cand {
	if limit <= 0 {
		return nil
	}
	_, x := total(p, b.Hi)
	h := &candHeap{}
	push := func(i, k int) {
		if k >= allocate.MaxVisitsOf(p, i) {
			return
		}
		if g := allocate.Gain(p, i, k); g > b.Lo && g > 0 {
			heap.Push(h, next{Cand{Gain: g, Idx: pg[i].Idx, Host: host}, i, k})
		}
	}
	for i := range x {
		push(i, x[i])
	}
	var out []Cand
	for int64(len(out)) < limit && h.Len() > 0 {
		c := heap.Pop(h).(next)
		out = append(out, c.Cand)
		push(c.i, c.k+1)
	}
	return out
}

type next struct {
	Cand
	i, k int
}

// candHeap orders as core/allocate's gain heap: largest gain first, then
// lowest page index.
type candHeap []next

func (h candHeap) Len() int           { return len(h) }
func (h candHeap) Less(a, b int) bool { return before(h[a].Cand, h[b].Cand) }
func (h candHeap) Swap(a, b int)      { h[a], h[b] = h[b], h[a] }
func (h *candHeap) Push(x any)        { *h = append(*h, x.(next)) }
func (h *candHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func before(a, b Cand) bool {
	if a.Gain != b.Gain {
		return a.Gain > b.Gain
	}
	return a.Idx < b.Idx
}

// candFn sends the host's candidates of both problems.
type candFn struct {
	Cfg Config
}

func (f *candFn) ProcessElement(ctx context.Context, h Host, res Resolved, st Search, emit func(Cands)) {
	defer timed(ctx, "candidates", time.Now())
	capped, free, cap := h.problems(f.Cfg, res)
	R := int64(res.R)
	var c Cands
	if need := st.C.need(R); need > 0 {
		held, _ := total(&capped, st.C.Hi)
		c.C = candidates(&capped, st.C, min(need, int64(cap)-held), h.Name, h.Pages)
	}
	if need := st.F.need(R); need > 0 {
		c.F = candidates(&free, st.F, need, h.Name, h.Pages)
	}
	if c.C != nil || c.F != nil {
		emit(c)
	}
}

func concatCands(a, b Cands) Cands {
	return Cands{C: append(slices.Clone(a.C), b.C...), F: append(slices.Clone(a.F), b.F...)}
}

// pickExtras takes the best candidates, as many as each bracket leaves,
// and counts them per host.
func pickExtras(all Cands, st Search, res Resolved) Extras {
	var ex Extras
	ex.HostsC, ex.C = pick(all.C, st.C.need(int64(res.R)))
	ex.HostsF, ex.F = pick(all.F, st.F.need(int64(res.R)))
	return ex
}

func pick(cs []Cand, need int64) ([]string, []int64) {
	slices.SortFunc(cs, func(a, b Cand) int {
		if before(a, b) {
			return -1
		}
		if before(b, a) {
			return 1
		}
		return 0
	})
	cs = cs[:min(int64(len(cs)), need)]
	per := map[string]int64{}
	for _, c := range cs {
		per[c.Host]++
	}
	hosts := make([]string, 0, len(per))
	for h := range per {
		hosts = append(hosts, h)
	}
	slices.Sort(hosts)
	n := make([]int64, len(hosts))
	for j, h := range hosts {
		n[j] = per[h]
	}
	return hosts, n
}

// extraOf returns host's extra visits.
func extraOf(hosts []string, n []int64, host string) int64 {
	if j, ok := slices.BinarySearch(hosts, host); ok {
		return n[j]
	}
	return 0
}

func init() {
	register.DoFn1x1[Resolved, Search](&startSearch{})
	register.Function3x1(advanceSearch)
	register.DoFn6x1[context.Context, Host, Resolved, Search, func(Counts), func(Host), error](&roundFn{})
	register.Function1x1(slimHost)
	register.Emitter1[Counts]()
	register.Function2x1(sumCounts)
	register.DoFn5x0[context.Context, Host, Resolved, Search, func(Cands)](&candFn{})
	register.Emitter1[Cands]()
	register.Function2x1(concatCands)
	register.Function3x1(pickExtras)
}
