package learn

import (
	"math"
	"slices"
)

// Burst configures host change events: many of a host's pages changing at
// once (a release, a template edit, a mass rename). On real sites they
// are most changes — 21–43% of the changes of shared/data's first sites
// and 12–47% of the second's fall on a host-day on which more than a
// fifth of the host's pages changed — and no page's own rate foretells
// them. A crawler sees one as visits to a host finding changes far above
// what their posteriors expected, each dated by its Last-Modified.
type Burst struct {
	// Memory is how many of a host's latest visits the surprise counts,
	// through a discount of 1 − 1/Memory a visit.
	Memory float64
	// Threshold is how many more changes than expected, within that
	// memory, make an event.
	Threshold float64
}

// DefaultBurst: an event is three more changes than expected among a
// host's last ten or so visits — one or two surprises are what pages
// with a small rate give now and then.
var DefaultBurst = Burst{Memory: 10, Threshold: 3}

// maxEvents is how many of a host's latest events are kept: a page
// visited before the oldest is raised by those kept only.
const maxEvents = 16

// Event is a host change event: at At, each page of the host changed
// with probability Touched, estimated as (X+1)/(N+2) from the N visits to
// pages last visited before At, X of which found a change since At.
type Event struct {
	At   float64
	X, N float64
}

// Touched is the chance the event changed any one page of its host.
func (e Event) Touched() float64 { return (e.X + 1) / (e.N + 2) }

// recent is one of a host's latest visits, as its surprise remembers it.
type recent struct {
	prev, at     float64 // the page's visit before, and this one
	changed      bool
	lastModified float64 // when changed: the change's date (Last-Modified, else the midpoint)
}

type hostBursts struct {
	surprise float64
	visits   []recent // the latest visits, at most Memory
	events   []Event  // oldest first
}

type burstState struct {
	cfg   Burst
	hosts []hostBursts
}

func newBurstState(cfg Burst, hosts int, events [][]Event) *burstState {
	b := &burstState{cfg: cfg, hosts: make([]hostBursts, hosts)}
	for h := range min(hosts, len(events)) {
		b.hosts[h].events = append([]Event(nil), events[h]...)
	}
	return b
}

// events returns each host's events, oldest first.
func (b *burstState) events() [][]Event {
	out := make([][]Event, len(b.hosts))
	for h := range b.hosts {
		out[h] = append([]Event(nil), b.hosts[h].events...)
	}
	return out
}

// survival is the chance that p, last visited at p.Last, is unchanged at
// t: its own posterior's, times 1 − Touched for each event of its host
// since its last visit.
func (b *burstState) survival(p *Page, t float64) float64 {
	s := p.Posterior.Survival((t - p.Last) / day)
	for _, e := range b.hosts[p.Host].events {
		if e.At > p.Last && e.At <= t {
			s *= 1 - e.Touched()
		}
	}
	return s
}

// seen takes in a visit to p at t (before p's posterior and last visit
// are updated): it counts towards the events p's last visit predates, and
// towards the host's surprise; an event is declared when the surprise
// passes the threshold, dated by the median Last-Modified of the host's
// latest changed visits.
func (b *burstState) seen(p *Page, t float64, changed bool, lastModified float64) {
	h := &b.hosts[p.Host]
	expected := 1 - b.survival(p, t)
	for k := range h.events {
		e := &h.events[k]
		if e.At > p.Last && e.At <= t {
			e.N++
			if changed && !(lastModified < e.At) { // NaN: no date, counted as after
				e.X++
			}
		}
	}
	keep := 1 - 1/b.cfg.Memory
	h.surprise = h.surprise*keep - expected
	r := recent{prev: p.Last, at: t, changed: changed}
	if changed {
		h.surprise++
		r.lastModified = lastModified
		if !(lastModified > p.Last && lastModified <= t) {
			r.lastModified = (p.Last + t) / 2
		}
	}
	h.visits = append(h.visits, r)
	if len(h.visits) > int(b.cfg.Memory) {
		h.visits = h.visits[1:]
	}
	if h.surprise < b.cfg.Threshold {
		return
	}
	var times []float64
	for _, r := range h.visits {
		if r.changed {
			times = append(times, r.lastModified)
		}
	}
	if len(times) == 0 {
		return
	}
	slices.Sort(times)
	at := times[len(times)/2]
	if n := len(h.events); n > 0 && h.events[n-1].At >= at {
		at = math.Nextafter(h.events[n-1].At, math.Inf(1)) // events stay in order
	}
	// The remembered visits that span the event start its estimate.
	e := Event{At: at}
	for _, r := range h.visits {
		if r.prev < at && at <= r.at {
			e.N++
			if r.changed && r.lastModified >= at {
				e.X++
			}
		}
	}
	h.events = append(h.events, e)
	if len(h.events) > maxEvents {
		h.events = h.events[1:]
	}
	h.surprise, h.visits = 0, h.visits[:0]
}

// raise is the index of p at t with its host's events since its last
// visit, each having touched it with probability q_k: the chance it is
// still unchanged is s = S(u)·Π(1 − q_k).
//
// The index of any state is the renewal index at the age whose chance of
// staleness is the state's: in the renewal problem with price ν a page is
// best visited once its chance of being stale reaches its optimal average
// cost rate g(ν) (then I(τ) = τF(τ) − ∫₀^τ F = τg − (τg − ν) = ν, which is
// Posterior.Index's condition), and waiting costs the current chance of
// being stale per unit time whatever made it so. So the index is I(τ)
// with S(τ) = s, τ = β(s^{−1/α} − 1) for the Lomax survival (β/(β+τ))^α.
// A page long unchanged and touched by an event is worth the most: once
// refreshed it stays fresh long.
func (b *burstState) raise(p *Page, t, v float64) float64 {
	events := b.hosts[p.Host].events
	if len(events) == 0 || events[len(events)-1].At <= p.Last {
		return v
	}
	u := (t - p.Last) / day
	if u <= 0 {
		return 0
	}
	c := 1.0
	for _, e := range events {
		if e.At > p.Last && e.At <= t {
			c *= 1 - e.Touched()
		}
	}
	if c == 1 {
		return v
	}
	// log s = log c − α·log1p(u/β); τ = β·expm1(−log s / α).
	a, beta := p.Posterior.Shape(), p.Posterior.Rate()
	logS := math.Log(c) - a*math.Log1p(u/beta)
	return math.Max(v, p.Posterior.Index(beta*math.Expm1(-logS/a)))
}
