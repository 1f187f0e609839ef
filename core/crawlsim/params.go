package crawlsim

import (
	"fmt"
	"math"
)

// Params are the simulator's parameters, seed 004 §4.2.
type Params struct {
	Robots        int     // r: simultaneous connections (§4.2.3)
	Wait          float64 // w: seconds between connections to one site (§4.2.1)
	PerConnection int     // c: pages fetched in one connection (§4.2.2)
	Bandwidth     float64 // B: the crawler's bytes/s, shared by its connections; 0 for more than any site's
	Timing        Timing
	Seed          uint64
	// Pulse, when not nil, is called every PulseEvery pages handled and
	// after each change of the strategy's priorities (batch- and
	// partial-pagerank's recalculations, each a PageRank: at a small K
	// dozens of them come between two PulseEvery), where the crawl also
	// looks whether its context is done: a caller on one thread (the
	// browser's) yields there, so that a Stop is taken while a strategy
	// runs, not only between two.
	Pulse func()
}

// PulseEvery is the most pages a crawl handles between two looks at its
// context (and calls of Params.Pulse).
const PulseEvery = 4096

// DefaultParams are seed 004 §4.3's: "w = 15 waiting time, c = 1 pages
// per connection", r = 1 (Figs. 4.4 and 4.5, "because we are not
// interested in the time for downloading the full Web, but just in the
// crawling order"), and "high-bandwidth for the Internet link, i.e., the
// bandwidth of the Web crawler B is larger than any of the maximum
// bandwidths of the Web servers".
func DefaultParams() Params {
	return Params{Robots: 1, Wait: 15, PerConnection: 1, Timing: DefaultTiming, Seed: 1}
}

func (p Params) check() error {
	switch {
	case p.Robots < 1:
		return fmt.Errorf("robots %d: want r ≥ 1 connections", p.Robots)
	case !(p.Wait >= 0) || math.IsInf(p.Wait, 0):
		return fmt.Errorf("wait %g: want w ≥ 0 seconds", p.Wait)
	case p.PerConnection < 1:
		return fmt.Errorf("pages per connection %d: want c ≥ 1", p.PerConnection)
	case !(p.Bandwidth >= 0) || math.IsInf(p.Bandwidth, 0):
		return fmt.Errorf("bandwidth %g: want B > 0 bytes/s, or 0 for unlimited", p.Bandwidth)
	}
	return p.Timing.check()
}
