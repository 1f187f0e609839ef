package schedule

import (
	"fmt"
	"math"

	"github.com/freshplan/freshplan/core/staleness"
)

// tolerance absorbs floating-point rounding in times, in seconds.
const tolerance = 1e-6

// Validator checks the promises of a polite schedule (SPEC §5) one visit
// at a time: every visit inside [0, T] and in time order; no two requests
// to host s closer than delay[s] seconds (under the steady model, also
// across the horizon's end, where the schedule repeats); no crawler
// outside 0..C−1 or busier than one page per 1/Rate seconds.
type Validator struct {
	model       staleness.Model
	hosts       []int32
	delay       []float64
	fleet       Fleet
	T           float64
	lastHost    []float64
	firstHost   []float64
	lastCrawler []float64
	prev        float64
	k           int
	bad         int
	first       error
}

// NewValidator returns a validator for visits to pages on the given hosts.
func NewValidator(m staleness.Model, hosts []int32, delay []float64, fleet Fleet, T float64) *Validator {
	v := &Validator{model: m, hosts: hosts, delay: delay, fleet: fleet, T: T, prev: math.Inf(-1),
		lastHost: make([]float64, len(delay)), firstHost: make([]float64, len(delay)),
		lastCrawler: make([]float64, max(fleet.Crawlers, 0))}
	for s := range v.lastHost {
		v.lastHost[s], v.firstHost[s] = math.NaN(), math.NaN()
	}
	for c := range v.lastCrawler {
		v.lastCrawler[c] = math.NaN()
	}
	return v
}

func (v *Validator) fail(format string, args ...any) {
	v.bad++
	if v.first == nil {
		v.first = fmt.Errorf("schedule: "+format, args...)
	}
}

// Check checks the next visit of the schedule.
func (v *Validator) Check(x Visit) {
	if v.CheckTime(x) {
		v.CheckHost(v.hosts[x.Page], x.Time)
	}
}

// CheckTime checks what Check checks but politeness: the visit's time,
// order, page and crawler. It reports whether the page is known, so that
// CheckHost may follow. Visits must come in time order.
func (v *Validator) CheckTime(x Visit) bool {
	k := v.k
	v.k++
	if !(x.Time >= -tolerance && x.Time <= v.T+tolerance) {
		v.fail("visit %d at %v s is outside [0, %v]", k, x.Time, v.T)
	}
	if x.Time < v.prev {
		v.fail("visit %d at %v s comes before the previous one at %v s", k, x.Time, v.prev)
	}
	v.prev = x.Time
	c := int(x.Crawler)
	if c < 0 || c >= len(v.lastCrawler) {
		v.fail("visit %d: crawler %d out of range", k, c)
	} else {
		if l := v.lastCrawler[c]; !math.IsNaN(l) && x.Time-l < 1/v.fleet.Rate-tolerance {
			v.fail("visit %d at %v s: crawler %d fetched %v s earlier, its rate allows one page per %v s", k, x.Time, c, x.Time-l, 1/v.fleet.Rate)
		}
		v.lastCrawler[c] = x.Time
	}
	if x.Page < 0 || int(x.Page) >= len(v.hosts) {
		v.fail("visit %d: page %d out of range", k, x.Page)
		return false
	}
	return true
}

// CheckHost checks politeness for a request to host s at time t. Each
// host's requests must come in time order, but hosts may interleave in
// any way, so a caller may check host by host.
func (v *Validator) CheckHost(s int32, t float64) {
	if l := v.lastHost[s]; !math.IsNaN(l) && t-l < v.delay[s]-tolerance {
		v.fail("host %d was requested at %v s and again %v s later, politeness needs %v s", s, l, t-l, v.delay[s])
	}
	if math.IsNaN(v.firstHost[s]) {
		v.firstHost[s] = t
	}
	v.lastHost[s] = t
}

// Finish returns the number of violations and the first one as an error.
func (v *Validator) Finish() (int, error) {
	if v.model == staleness.Steady {
		for s := range v.lastHost {
			l, f := v.lastHost[s], v.firstHost[s]
			if !math.IsNaN(l) && f != l && v.T-l+f < v.delay[s]-tolerance {
				v.fail("host %d: the gap across the horizon's end is %v s, politeness needs %v s", s, v.T-l+f, v.delay[s])
			}
		}
	}
	return v.bad, v.first
}

// Validate checks a whole schedule with a Validator and returns the
// number of violations and the first one as an error.
func Validate(m staleness.Model, visits []Visit, hosts []int32, delay []float64, fleet Fleet, T float64) (int, error) {
	v := NewValidator(m, hosts, delay, fleet, T)
	for _, x := range visits {
		v.Check(x)
	}
	return v.Finish()
}
