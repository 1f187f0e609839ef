package plan

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/core/renewal"
	"github.com/freshplan/freshplan/core/schedule"
	"github.com/freshplan/freshplan/core/simulate"
	"github.com/freshplan/freshplan/core/staleness"
)

// mixedPages is seed 003 §5's mixture at small scale: 60% Poisson, 30%
// Pareto (α = 1.5, or Weibull k = 0.6 for every tenth), 10%
// quasi-deterministic pages with potential changes at random times.
func mixedPages(n int, seed uint64) []pages.Page {
	rng := rand.New(rand.NewPCG(seed, 9))
	var pg []pages.Page
	for i := range n {
		p := pages.Page{URL: fmt.Sprintf("https://h%d.example/%d", i%8, i), Host: fmt.Sprintf("h%d.example", i%8),
			Rate: 0.5 + 8*rng.Float64(), Weight: 1}
		switch r := i % 10; {
		case r == 9:
			q := &pages.Change{Model: "quasi"}
			t := 0.0
			for range 1 + rng.IntN(4) {
				t += 1000 + 20000*rng.Float64()
				q.Times = append(q.Times, t)
				q.Probs = append(q.Probs, 0.2+0.8*rng.Float64())
			}
			p.Change = q
		case r == 8:
			p.Change = &pages.Change{Model: "weibull", Shape: 0.6}
		case r >= 6:
			p.Change = &pages.Change{Model: "pareto", Shape: 1.5}
		}
		pg = append(pg, p)
	}
	return pg
}

// TestModelsSimulated plans a mixed population and replays every
// schedule against changes sampled from each page's own process: each
// figure — computed from seed 003 eq. 3 for renewal pages and eqs. 17–18
// for quasi pages at the times the schedule visits them — must lie within
// two half-widths of the simulation's 95% interval, under both models.
func TestModelsSimulated(t *testing.T) {
	pg := mixedPages(400, 1)
	for _, m := range []staleness.Model{staleness.Steady, staleness.Horizon} {
		p := DefaultParams()
		p.Budget, p.Model, p.Simulate, p.Seed = 2400, m, 300, 5
		p.Politeness = time.Minute
		pl, err := Run(context.Background(), pg, p)
		if err != nil {
			t.Fatal(err)
		}
		for _, name := range []Policy{Cho, Azar, AzarRandom} {
			if _, ok := pl.Results[name]; ok {
				t.Errorf("%v: %s planned for non-Poisson pages", m, name)
			}
		}
		for name, r := range pl.Results {
			s := r.Sim
			if s == nil {
				t.Errorf("%v %s: no simulation", m, name)
				continue
			}
			if d := r.Value - s.Mean; d*d > 4*s.HalfWidth()*s.HalfWidth() || s.HalfWidth() > 0.05*s.Mean {
				t.Errorf("%v %s: %.5f against the simulation's %.5f ± %.2g", m, name, r.Value, s.Mean, s.HalfWidth())
			}
		}
		if wp, psp, uni := pl.Results["wp"].Value, pl.Results["psp"].Value, pl.Results["uniform"].Value; !(wp <= psp+1e-12 && psp < uni) {
			t.Errorf("%v: wp %.5f, psp %.5f, uniform %.5f: want wp ≤ psp < uniform", m, wp, psp, uni)
		}
	}
}

// TestQuasiReachesZero: with a visit for every potential change, the
// optimum leaves a quasi-deterministic page never stale (seed 003 §5,
// Fig. 8), and psp's schedule, which visits just after each potential
// change, keeps it so.
func TestQuasiReachesZero(t *testing.T) {
	pg := []pages.Page{
		{URL: "https://a.example/q", Host: "a.example", Rate: 3, Weight: 1,
			Change: &pages.Change{Model: "quasi", Times: []float64{3600, 30000, 70000}, Probs: []float64{0.5, 1, 0.3}}},
		{URL: "https://b.example/p", Host: "b.example", Rate: 0.001, Weight: 1},
	}
	p := DefaultParams()
	p.Budget, p.Crawlers, p.Rate = 4, 1, 1 // a crawler that is never far from free
	pl, err := Run(context.Background(), pg, p)
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []Policy{WP, InfCrawlers} {
		if v := pl.Results[name].Page[0]; v != 0 {
			t.Errorf("%s: the quasi page is stale %.3g of the time, want 0", name, v)
		}
	}
	// The crawler visits within a second of the programmed times.
	for _, name := range []Policy{PSP, MP2} {
		if v := pl.Results[name].Page[0]; v > 3.0/86400 {
			t.Errorf("%s: the quasi page is stale %.3g of the time, want at most 3 s a day", name, v)
		}
	}
}

func TestModelErrors(t *testing.T) {
	pareto := pages.Page{URL: "https://a.example/1", Host: "a.example", Rate: 1, Weight: 1, Change: &pages.Change{Model: "pareto", Shape: 1.5}}
	quasi := pages.Page{URL: "https://a.example/2", Host: "a.example", Rate: 1, Weight: 1,
		Change: &pages.Change{Model: "quasi", Times: []float64{100, 90000}, Probs: []float64{1, 1}}}
	still := pareto
	still.Rate = 0
	for _, c := range []struct {
		pg   pages.Page
		obj  staleness.Objective
		want string
	}{
		{pareto, staleness.Age, "page 1 (https://a.example/1): pareto model: planned for staleness only"},
		{quasi, staleness.Stale, "page 1 (https://a.example/2): quasi model:"},
		{still, staleness.Stale, "give changes_per_day above 0, or a scale"},
	} {
		p := DefaultParams()
		p.Budget, p.Objective = 10, c.obj
		_, err := Run(context.Background(), []pages.Page{c.pg}, p)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.pg.Change, err, c.want)
		}
	}
}

// TestQuasiScheduled checks the staleness of a quasi page visited at any
// times against seed 003 eqs. 17–18 (renewal.Quasi.Staleness) where the
// visits are at fetch positions, and against the simulator elsewhere.
func TestQuasiScheduled(t *testing.T) {
	const T = 86400.0
	q := renewal.Quasi{Times: []float64{3600, 30000, 61000}, Probs: []float64{1, 0.5, 0.25}}
	for _, m := range []staleness.Model{staleness.Steady, staleness.Horizon} {
		for mask := range 16 {
			fetch := make([]bool, 4)
			var visits []float64
			for j := range 4 {
				if mask&(1<<j) != 0 {
					fetch[j] = true
					visits = append(visits, append([]float64{0}, q.Times...)[j])
				}
			}
			want, err := q.Staleness(m, T, fetch)
			if err != nil {
				t.Fatal(err)
			}
			if got := quasiScheduled(m, T, q.Times, q.Probs, visits); math.Abs(got-want) > 1e-12 {
				t.Errorf("%v visits %v: %.6f, eqs. 17–18 %.6f", m, visits, got, want)
			}
		}
		for _, visits := range [][]float64{{40000}, {3700, 50000}, {100, 200, 86000}, {}} {
			v := simulate.FromTimes([][]float64{visits})
			res, err := simulate.Run(context.Background(), simulate.Config{Model: m, Horizon: T, Runs: 4000, Seed: 2}, v,
				[]simulate.Process{simulate.Quasi{Times: q.Times, Probs: q.Probs}}, nil)
			if err != nil {
				t.Fatal(err)
			}
			got, s := quasiScheduled(m, T, q.Times, q.Probs, visits), res.Staleness
			if math.Abs(got-s.Mean) > 2*s.HalfWidth()+1e-12 {
				t.Errorf("%v visits %v: %.5f, simulated %.5f ± %.2g", m, visits, got, s.Mean, s.HalfWidth())
			}
		}
	}
}

// TestPolicyCannotBePlanned: asking for the schedule of a policy the plan
// leaves out — Cho's and Azar's optima for pages with change models, Cho's
// for the harmonic penalty, mwolf-exact past its size — is an error that
// says why, not a crash or an empty schedule.
func TestPolicyCannotBePlanned(t *testing.T) {
	modelled := mixedPages(60, 1)
	poisson := make([]pages.Page, len(modelled))
	for i, p := range modelled {
		p.Change = nil
		poisson[i] = p
	}
	for _, c := range []struct {
		policy Policy
		pg     []pages.Page
		obj    staleness.Objective
		budget int
		want   string
	}{
		{"cho", modelled, staleness.Stale, 600, "every page is Poisson"},
		{"azar", modelled, staleness.Stale, 600, "every page is Poisson"},
		{"cho", poisson, staleness.Harmonic, 600, "staleness and age"},
		{"mwolf-exact", poisson, staleness.Stale, schedule.MaxTransportVisits + 1, "solved exactly up to"},
	} {
		p := DefaultParams()
		p.Policy, p.Budget, p.Objective = c.policy, c.budget, c.obj
		_, err := Run(context.Background(), c.pg, p)
		if err == nil || !strings.Contains(err.Error(), "policy "+string(c.policy)+" cannot be planned here: ") || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s, %v: %v, want why (%q)", c.policy, c.obj, err, c.want)
		}
		// The same plan with the policy only compared, not kept, is made.
		p.Policy = "psp"
		if _, err := Run(context.Background(), c.pg, p); err != nil {
			t.Errorf("%s, %v, compared only: %v", c.policy, c.obj, err)
		}
	}
}

// TestMP2FollowsItsProgramme: in a table with quasi pages, whose visits
// MERGE's programme moves back after their potential changes (seed 003
// §2.3.3), mp2 still follows the equally spaced programme: its figure is
// that of its programme assigned on its own.
func TestMP2FollowsItsProgramme(t *testing.T) {
	pg := mixedPages(400, 3)
	for _, m := range []staleness.Model{staleness.Steady, staleness.Horizon} {
		p := DefaultParams()
		p.Budget, p.Model, p.Crawlers, p.Rate = 3000, m, 2, 0.05
		pl, err := Run(context.Background(), pg, p)
		if err != nil {
			t.Fatal(err)
		}
		resolved, err := p.resolve()
		if err != nil {
			t.Fatal(err)
		}
		in, err := newInstance(List(pg), resolved)
		if err != nil {
			t.Fatal(err)
		}
		x := make([]int, len(pg))
		for i, v := range pl.Results["mp2"].Visits {
			x[i] = int(v)
		}
		in.out = &sink{hostOf: in.hostOf, hosts: in.hosts}
		alone, err := in.polite("mp2", in.programme(x), x)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := pl.Results["mp2"].Value, alone.Value; got != want {
			t.Errorf("%v: mp2 %.9f in the plan, %.9f following its programme alone", m, got, want)
		}
	}
}
