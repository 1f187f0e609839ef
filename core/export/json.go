package export

import (
	"encoding/json"
	"io"
	"math"

	"github.com/freshplan/freshplan/core/plan"
)

// Value is a number that encodes +Inf (an unvisited page's age under the
// steady model) as JSON null.
type Value float64

// MarshalJSON encodes v, or null when it is not finite.
func (v Value) MarshalJSON() ([]byte, error) {
	f := float64(v)
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return []byte("null"), nil
	}
	return json.Marshal(f + 0) // +0 turns −0 into 0
}

// Replayed is a simulated figure with its 95% confidence interval.
type Replayed struct {
	Mean Value `json:"mean"`
	Low  Value `json:"low"`
	High Value `json:"high"`
	Runs int   `json:"runs"`
}

// Summary is the JSON summary of SPEC §6.
type Summary struct {
	Pages          int         `json:"pages"`
	Hosts          int         `json:"hosts"`
	Model          string      `json:"model"`
	Objective      string      `json:"objective"`
	Policy         plan.Policy `json:"policy"`
	Budget         int         `json:"budget"`
	HorizonSeconds float64     `json:"horizon_seconds"`
	// CycleHorizons is how many horizons the plan spans (plan.Params.Cycle);
	// left out for one, the papers' plan.
	CycleHorizons     int                   `json:"cycle_horizons,omitempty"`
	PolitenessSeconds float64               `json:"politeness_seconds"`
	Crawlers          int                   `json:"crawlers"`
	RatePerCrawler    float64               `json:"rate_per_crawler"`
	Staleness         map[plan.Policy]Value `json:"staleness"`
	// Unbounded says, for each figure that is +Inf (null in Staleness),
	// why: under the age or harmonic objective a page that changes and is
	// never visited costs without bound (issue 22: the nulls were
	// unexplained).
	Unbounded map[plan.Policy]string `json:"unbounded,omitempty"`
	Simulated map[plan.Policy]bool   `json:"simulated"`
	// Replayed holds, with plan.Params.Simulate = N, each figure's
	// simulated counterpart: the mean of N replays against sampled
	// changes and its 95% interval.
	Replayed            map[plan.Policy]Replayed `json:"replayed,omitempty"`
	ScheduledVisits     int                      `json:"scheduled_visits"`
	DroppedVisits       int                      `json:"dropped_visits"`
	PolitenessViolation int                      `json:"politeness_violations"`
	Seconds             plan.Seconds             `json:"seconds"`
}

// Summarize returns the plan's summary. Staleness holds each policy's and
// bound's value under the plan's objective (age in seconds for age).
func Summarize(p *plan.Plan) Summary {
	T, R := p.Params.PerHorizon()
	s := Summary{
		Pages: p.Table.Len(), Hosts: len(p.Hosts),
		Model: p.Params.Model.String(), Objective: p.Params.Objective.String(), Policy: p.Params.Policy,
		Budget: R, HorizonSeconds: T.Seconds(),
		PolitenessSeconds: p.Params.Politeness.Seconds(),
		Crawlers:          p.Params.Crawlers, RatePerCrawler: p.Params.Rate,
		Staleness: map[plan.Policy]Value{}, Simulated: map[plan.Policy]bool{},
		ScheduledVisits: p.Scheduled,
		Seconds:         p.Seconds,
	}
	if p.Params.Cycle > 1 {
		s.CycleHorizons = p.Params.Cycle
	}
	for name, r := range p.Results {
		s.Staleness[name] = Value(r.Value)
		if math.IsInf(r.Value, 1) {
			if s.Unbounded == nil {
				s.Unbounded = map[plan.Policy]string{}
			}
			s.Unbounded[name] = UnboundedWhy(p.Params.Objective.String())
		}
		s.Simulated[name] = r.Simulated
		if e := r.Sim; e != nil {
			if s.Replayed == nil {
				s.Replayed = map[plan.Policy]Replayed{}
			}
			s.Replayed[name] = Replayed{Mean: Value(e.Mean), Low: Value(e.Low), High: Value(e.High), Runs: e.Runs}
		}
	}
	for _, name := range plan.Polite() {
		if r := p.Result(name); r != nil { // a plan may leave policies out (Params.Compare)
			s.PolitenessViolation += r.Violations
		}
	}
	if r := p.Result(p.Params.Policy); r != nil {
		s.DroppedVisits = r.Dropped
	}
	return s
}

// UnboundedWhy says why a figure under objective is +Inf.
func UnboundedWhy(objective string) string {
	if objective == "harmonic" {
		objective = "harmonic penalty"
	}
	return "it leaves a page that changes unvisited, so that page's " + objective + " grows without bound over the repeated horizons (steady model)"
}

// JSON writes the summary, indented.
func JSON(w io.Writer, p *plan.Plan) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(Summarize(p))
}
