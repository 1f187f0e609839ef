package main

import (
	"math"
	"reflect"
	"testing"

	"github.com/freshplan/freshplan/core/export"
	"github.com/freshplan/freshplan/core/plan"
	"github.com/freshplan/freshplan/core/staleness"
)

// TestHostCodec round-trips a host and a host's plan, NaN and infinities
// included, and refuses a cut record.
func TestHostCodec(t *testing.T) {
	h := Host{Name: "a.example", Delay: 15, Pages: []Page{
		{Idx: 1 << 41, URL: "https://a.example/x", Rate: 0.5, Weight: 1, CrawlDelay: 0},
		{Idx: 3, URL: "https://a.example/ü", Rate: math.Inf(1), Weight: 1e15, CrawlDelay: 30},
	}}
	b := encodeHost(h)
	got, err := decodeHost(b)
	if err != nil || !reflect.DeepEqual(got, h) {
		t.Fatalf("decodeHost: %+v, %v; want %+v", got, err, h)
	}
	hp := HostPlan{Host: h, X: []int{7, 0}}
	gp, err := decodeHostPlan(encodeHostPlan(hp))
	if err != nil || !reflect.DeepEqual(gp, hp) {
		t.Fatalf("decodeHostPlan: %+v, %v; want %+v", gp, err, hp)
	}
	for n := range len(b) - 1 {
		if _, err := decodeHost(b[:n]); err == nil {
			t.Fatalf("decodeHost of %d of %d bytes: no error", n, len(b))
		}
	}
}

// TestBracket checks the search's step on a known count: C(μ) = ⌊1/μ⌋
// visits, target 1000. Every bracket holds the answer, and the rounds
// close in on it.
func TestBracket(t *testing.T) {
	count := func(mu float64) int64 {
		if mu == 0 {
			return math.MaxInt32
		}
		return int64(math.Min(math.Floor(1/mu), math.MaxInt32))
	}
	const target = 1000
	b := Bracket{Lo: 0, TotLo: -1, Hi: math.MaxFloat64, TotHi: 0}
	b.Mus = b.next(target)
	for round := range searchRounds {
		tot := make([]int64, len(b.Mus))
		for j, mu := range b.Mus {
			tot[j] = count(mu)
		}
		b = b.advance(tot, target)
		if b.TotLo >= 0 && b.TotLo < target || b.TotHi > target {
			t.Fatalf("round %d: bracket %+v does not hold %d", round, b, target)
		}
		if b.TotLo >= 0 && b.TotLo != count(b.Lo) || b.TotHi != count(b.Hi) && b.Hi != math.MaxFloat64 {
			t.Fatalf("round %d: totals %+v do not match their thresholds", round, b)
		}
	}
	if b.TotHi != target && b.TotLo-b.TotHi > searchSlack {
		t.Fatalf("after %d rounds the bracket holds %d visits", searchRounds, b.TotLo-b.TotHi)
	}
}

// TestCrawlersOf checks that the groups share every crawler.
func TestCrawlersOf(t *testing.T) {
	for C := 1; C < 30; C++ {
		for P := 1; P <= C; P++ {
			sum := 0
			for p := range P {
				n := crawlersOf(C, P, p)
				if n < 1 {
					t.Fatalf("C=%d P=%d: group %d has %d crawlers", C, P, p, n)
				}
				sum += n
			}
			if sum != C {
				t.Fatalf("C=%d P=%d: %d crawlers in all", C, P, sum)
			}
		}
	}
}

// TestSummaryUnbounded checks that the summary marks unbounded exactly
// the infinite values, as export.Summarize does (math.IsInf): a large
// finite one (1.5e308) was once marked too.
func TestSummaryUnbounded(t *testing.T) {
	part := Part{Pages: 2, Hosts: 1, WSum: 1, WP: 1.5e308, Nonpolite: 0.25, InfCrawlers: 0.25, PSP: math.Inf(1)}
	s := summaryOf(Config{}, part, Resolved{Model: staleness.Steady, Objective: staleness.Age})
	want := map[plan.Policy]string{plan.PSP: export.UnboundedWhy("age")}
	if !reflect.DeepEqual(s.Unbounded, want) {
		t.Fatalf("unbounded %v; want %v", s.Unbounded, want)
	}
}
