package plan

import (
	"fmt"
	"sort"

	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/core/renewal"
	"github.com/freshplan/freshplan/core/schedule"
	"github.com/freshplan/freshplan/core/simulate"
	"github.com/freshplan/freshplan/core/staleness"
)

// pageModel is a page that does not change as a Poisson process (the
// pages table's model columns): a renewal page with Pareto or Weibull
// times between changes (seed 003 §4, eq. 3), or a quasi-deterministic
// page (seed 003 §2.3.3).
type pageModel struct {
	cost  func(x int) float64 // A(x): equally spaced visits, or the quasi greedy's
	proc  renewal.Process     // renewal pages
	quasi *renewal.Quasi      // quasi pages
	plan  renewal.QuasiPlan   // the quasi greedy's order of fetch positions
	sim   simulate.Process    // the same process, for the simulator
	rate  float64             // long-run changes per second
}

// newModel returns the model of page i, or nil for a Poisson page.
func newModel(i int, p pages.Page, params Params, T float64) (*pageModel, error) {
	c := p.Change
	if c == nil {
		return nil, nil
	}
	fail := func(err error) (*pageModel, error) {
		return nil, fmt.Errorf("%s: %s model: %w", pageName(i, p), c.Model, err)
	}
	if params.Objective != staleness.Stale {
		return fail(fmt.Errorf("planned for staleness only (seed 003 plans staleness); use the staleness objective"))
	}
	m := params.Model
	rate := p.Rate / day
	needRate := func() error {
		if c.Scale == 0 && !(rate > 0) {
			return fmt.Errorf("give changes_per_day above 0, or a scale")
		}
		return nil
	}
	pm := &pageModel{}
	var err error
	switch c.Model {
	case "pareto":
		if err := needRate(); err != nil {
			return fail(err)
		}
		pr := renewal.Pareto{Alpha: c.Shape, Scale: c.Scale}
		if c.Scale == 0 {
			if pr, err = renewal.ParetoWithRate(c.Shape, rate); err != nil {
				return fail(err)
			}
		}
		pm.proc, pm.sim = pr, simulate.Pareto{Alpha: pr.Alpha, Scale: pr.Scale}
	case "weibull":
		if err := needRate(); err != nil {
			return fail(err)
		}
		wb := renewal.Weibull{Shape: c.Shape, Scale: c.Scale}
		if c.Scale == 0 {
			if wb, err = renewal.WeibullWithRate(c.Shape, rate); err != nil {
				return fail(err)
			}
		}
		pm.proc, pm.sim = wb, simulate.Weibull{Shape: wb.Shape, Scale: wb.Scale}
	case "quasi":
		q := &renewal.Quasi{Times: c.Times, Probs: c.Probs}
		if err := q.Validate(T); err != nil {
			return fail(err)
		}
		if pm.plan, err = q.Greedy(m, T); err != nil {
			return fail(err)
		}
		pm.quasi, pm.cost, pm.sim = q, pm.plan.Cost, simulate.Quasi{Times: c.Times, Probs: c.Probs}
		for _, k := range c.Probs {
			pm.rate += k / T
		}
		return pm, nil
	default:
		return fail(fmt.Errorf("unknown model"))
	}
	if err := pm.proc.Validate(); err != nil {
		return fail(err)
	}
	if pm.cost, err = renewal.Cost(pm.proc, m, T); err != nil {
		return fail(err)
	}
	pm.rate = 1 / pm.proc.Mean()
	return pm, nil
}

// scheduled returns the staleness of the page visited at the given times
// (sorted, in [0, T]): seed 003 eq. 3 for a renewal page, quasiScheduled
// for a quasi page.
func (pm *pageModel) scheduled(m staleness.Model, T float64, times []float64) (float64, error) {
	if pm.quasi == nil {
		return renewal.Scheduled(pm.proc, m, T, times)
	}
	return quasiScheduled(m, T, pm.quasi.Times, pm.quasi.Probs, times), nil
}

// quasiScheduled returns the time-average probability that the copy of a
// quasi-deterministic page (potential changes at times u_j, each with
// probability k_j, every horizon) is stale when visited at the given
// sorted times: at time t it is 1 − ∏(1 − k_j) over the potential changes
// since the last visit (seed 003 eq. 17, for visits at any time, not only
// just after a potential change; a visit at u_j sees the change at u_j).
// Steady model: the last visit before 0 is the previous horizon's last;
// with no visit the page is stale for good once it can change. Horizon
// model: a fresh copy at 0.
func quasiScheduled(m staleness.Model, T float64, u, k, visits []float64) float64 {
	fresh := 1.0 // ∏(1 − k_j) since the last visit
	if m == staleness.Steady {
		if len(visits) == 0 {
			for _, p := range k {
				if p > 0 {
					return 1
				}
			}
			return 0
		}
		last := visits[len(visits)-1]
		for j, t := range u {
			if t > last {
				fresh *= 1 - k[j]
			}
		}
	}
	var stale, at float64
	j, v := 0, 0
	for {
		next := T
		if j < len(u) {
			next = u[j]
		}
		if v < len(visits) && visits[v] < next {
			next = visits[v]
		}
		stale += (1 - fresh) * (next - at)
		at = next
		if at >= T {
			break
		}
		// A change and a visit at the same time: the visit sees it.
		for j < len(u) && u[j] == at {
			fresh *= 1 - k[j]
			j++
		}
		for v < len(visits) && visits[v] == at {
			fresh = 1
			v++
		}
	}
	return stale / T
}

// modelled reports whether some page is not Poisson.
func (in *instance) modelled() bool { return in.models != nil }

// costs returns the allocation's cost functions (nil without models).
func (in *instance) costs() []func(int) float64 {
	if !in.modelled() {
		return nil
	}
	c := make([]func(int) float64, len(in.models))
	for i, pm := range in.models {
		if pm != nil {
			c[i] = pm.cost
		}
	}
	return c
}

// remodel replaces, in r, the Poisson values of the modelled pages by
// their own, from the times they are visited, and the average with them.
func (in *instance) remodel(r *Result, v *simulate.Visits) error {
	if !in.modelled() || r == nil {
		return nil
	}
	for i, pm := range in.models {
		if pm != nil {
			s, err := pm.scheduled(in.params.Model, in.T, v.Page(i))
			if err != nil {
				return fmt.Errorf("%s: page %d: %w", r.Name, i+1, err)
			}
			r.Page[i] = s
		}
	}
	r.Value = in.average("", func(i int) float64 { return r.Page[i] })
	return nil
}

// quasiTimes moves the programmed visits of quasi pages to the times the
// quasi greedy fetches them (just after potential changes, seed 003
// §2.3.3) and sorts each host's visits by time again.
func (in *instance) quasiTimes(p *schedule.Programme, x []int) {
	if !in.modelled() {
		return
	}
	used := map[int32]int{}
	for s := 0; s+1 < len(p.Start); s++ {
		pg, ts := p.Host(s)
		moved := false
		for k, i := range pg {
			pm := in.models[i]
			if pm == nil || pm.quasi == nil {
				continue
			}
			times := pm.plan.Times(x[i])
			if j := used[i]; j < len(times) {
				ts[k] = times[j]
			}
			used[i]++
			moved = true
		}
		if moved {
			sort.Sort(byTime{pg, ts})
		}
	}
}

// byTime sorts a host's programmed visits by time, then page.
type byTime struct {
	pages []int32
	times []float64
}

func (b byTime) Len() int { return len(b.pages) }
func (b byTime) Less(i, j int) bool {
	if b.times[i] != b.times[j] {
		return b.times[i] < b.times[j]
	}
	return b.pages[i] < b.pages[j]
}
func (b byTime) Swap(i, j int) {
	b.pages[i], b.pages[j] = b.pages[j], b.pages[i]
	b.times[i], b.times[j] = b.times[j], b.times[i]
}
