package schedule

import (
	"fmt"
	"math"

	"github.com/freshplan/freshplan/core/staleness"
)

// tolerance absorbs floating-point rounding in times, in seconds.
const tolerance = 1e-6

// Validate checks the promises of a polite schedule (SPEC §5): every visit
// inside [0, T]; no two requests to host s closer than delay[s] seconds
// (under the steady model, also across the horizon's end, where the
// schedule repeats); no crawler outside 0..C−1 or busier than one page
// per 1/Rate seconds. It returns the number of violations and the first
// one as an error.
func Validate(m staleness.Model, visits []Visit, hosts []int32, delay []float64, fleet Fleet, T float64) (int, error) {
	var bad int
	var first error
	fail := func(format string, args ...any) {
		bad++
		if first == nil {
			first = fmt.Errorf("schedule: "+format, args...)
		}
	}
	lastHost := make([]float64, len(delay))
	firstHost := make([]float64, len(delay))
	for s := range lastHost {
		lastHost[s], firstHost[s] = math.NaN(), math.NaN()
	}
	lastCrawler := make([]float64, max(fleet.Crawlers, 0))
	for c := range lastCrawler {
		lastCrawler[c] = math.NaN()
	}
	prev := math.Inf(-1)
	for k, v := range visits {
		if !(v.Time >= -tolerance && v.Time <= T+tolerance) {
			fail("visit %d at %v s is outside [0, %v]", k, v.Time, T)
		}
		if v.Time < prev {
			fail("visit %d at %v s comes before the previous one at %v s", k, v.Time, prev)
		}
		prev = v.Time
		if v.Page < 0 || int(v.Page) >= len(hosts) {
			fail("visit %d: page %d out of range", k, v.Page)
			continue
		}
		s := hosts[v.Page]
		if l := lastHost[s]; !math.IsNaN(l) && v.Time-l < delay[s]-tolerance {
			fail("visit %d at %v s: host %d was requested %v s earlier, politeness needs %v s", k, v.Time, s, v.Time-l, delay[s])
		}
		if math.IsNaN(firstHost[s]) {
			firstHost[s] = v.Time
		}
		lastHost[s] = v.Time
		c := int(v.Crawler)
		if c < 0 || c >= len(lastCrawler) {
			fail("visit %d: crawler %d out of range", k, c)
			continue
		}
		if l := lastCrawler[c]; !math.IsNaN(l) && v.Time-l < 1/fleet.Rate-tolerance {
			fail("visit %d at %v s: crawler %d fetched %v s earlier, its rate allows one page per %v s", k, v.Time, c, v.Time-l, 1/fleet.Rate)
		}
		lastCrawler[c] = v.Time
	}
	if m == staleness.Steady {
		for s := range lastHost {
			if !math.IsNaN(lastHost[s]) && firstHost[s] != lastHost[s] && T-lastHost[s]+firstHost[s] < delay[s]-tolerance {
				fail("host %d: the gap across the horizon's end is %v s, politeness needs %v s", s, T-lastHost[s]+firstHost[s], delay[s])
			}
		}
	}
	return bad, first
}
