package schedule

import (
	"cmp"
	"errors"
	"fmt"
	"math"
	"slices"
)

// MaxTransportVisits is the largest programme Transport solves.
const MaxTransportVisits = 50_000

// TransportSlots returns the number of crawler slots of a horizon in Wolf's
// scheduling problem (seed 003 §3): each crawler makes S = ⌈T·Rate⌉ crawls
// in T, its slot l (from 0) starting at l/Rate, so that every slot starts
// in [0, T). It returns 0 for a fleet that makes no crawl.
func TransportSlots(fleet Fleet, T float64) int64 {
	if fleet.Crawlers <= 0 || !(fleet.Rate > 0) || !(T > 0) {
		return 0
	}
	return int64(fleet.Crawlers) * int64(min(math.Ceil(T*fleet.Rate-1e-9), math.MaxInt32))
}

// Transport assigns the programmed visits to crawler slots by solving
// Wolf's crawler scheduling problem exactly (seed 003 §3): a
// transportation problem whose supplies are the programmed visits, one
// unit each at its ideal time t (the programme's time), whose demands are
// the crawler slots (crawler c's slot l at l/Rate, TransportSlots of
// them), and where a visit made at slot time s costs the paper's
// S(s) = |s − t|. A visit with a release time r (release[k] for programme
// entry k; nil, 0 or −Inf for none) may not be made before r: the paper's
// eq. 22 puts an infinite cost on earlier slots, with r = t for a
// quasi-deterministic page, crawled at or after its potential update.
// Deviations are measured within the horizon, as in the paper: under the
// steady model a slot just after 0 is not taken as close to an ideal time
// just before T.
//
// Without release times the visits keep their order of ideal time and a
// dynamic programme over the slots left over finds the optimum
// (transportOrdered): O(n) when the budget fills the fleet, as the plan's
// default does. With them, successive shortest paths on a network along
// the time line do (transportNet): about 0.1 s for 20,000 visits on 4
// crawlers with a fifth of them released at their ideal time, a few
// seconds on one crawler; past 10⁸ search steps Transport gives up with
// an error.
//
// Transport neither knows nor keeps politeness: seed 003's problem has no
// hosts. Check its schedule with Validate, which counts the requests to a
// host that come closer than its delay.
//
// Each visit is passed to emit (if not nil) with its index in the
// programme, in time order, then in order of ideal time (crawlers 0, 1, …
// of a tick); a visit's programmed time is not read once it is emitted,
// so emit may overwrite it. Transport returns the total deviation Σ|s − t| in seconds,
// the least over every assignment of each visit to its own slot. It
// returns an error, and emits nothing, if the programme has more than
// MaxTransportVisits visits, more visits than slots, or release times no
// assignment meets, or if the search gives up.
func Transport(p *Programme, release []float64, fleet Fleet, T float64, emit func(k int, v Visit)) (total float64, err error) {
	n := p.Len()
	if n > MaxTransportVisits {
		return 0, fmt.Errorf("schedule: mwolf-exact solves up to %d visits exactly; this plan has %d: use mwolf", MaxTransportVisits, n)
	}
	if release != nil && len(release) != n {
		return 0, fmt.Errorf("schedule: %d programmed visits but %d release times", n, len(release))
	}
	if fleet.Crawlers <= 0 || !(fleet.Rate > 0) || math.IsInf(fleet.Rate, 1) {
		return 0, fmt.Errorf("schedule: need at least one crawler at a positive rate, got %d at %v", fleet.Crawlers, fleet.Rate)
	}
	if !(T > 0) || math.IsInf(T, 1) {
		return 0, fmt.Errorf("schedule: horizon %v is not a positive number of seconds", T)
	}
	if n == 0 {
		return 0, nil
	}
	slots := TransportSlots(fleet, T)
	if int64(n) > slots {
		return 0, fmt.Errorf("schedule: %d crawlers make %d crawls in the horizon but the programme has %d visits; Wolf's transportation problem needs a slot for every visit", fleet.Crawlers, slots, n)
	}
	return transport(p, release, fleet, slots, firstRadius, true, emit)
}

// firstRadius is how many ticks on either side of each visit Transport
// keeps at first (see transportGroup.span).
const firstRadius = 64

// transport is Transport after the checks of its arguments: by the
// ordered dynamic programme if no visit has a release time (and ordered
// allows it), else by the network, keeping radius ticks around each visit
// at first.
func transport(p *Programme, release []float64, fleet Fleet, slots int64, radius int32, ordered bool, emit func(k int, v Visit)) (float64, error) {
	room, times := int32(fleet.Crawlers), int32(slots/int64(fleet.Crawlers))
	groups, members, err := transportGroups(p, release, times, fleet.Rate)
	if err != nil {
		return 0, err
	}
	if err := transportFeasible(groups, room, times, fleet.Rate); err != nil {
		return 0, err
	}
	var tick []int32 // of each visit, in members' order
	solved := false
	if ordered && !slices.ContainsFunc(groups, func(g transportGroup) bool { return g.first > 0 }) {
		ideal := make([]float64, len(members))
		for j, k := range members {
			ideal[j] = p.Times[k]
		}
		tick, solved = transportOrdered(ideal, room, times, fleet.Rate)
	}
	if !solved {
		if tick, err = transportNetwork(groups, len(members), radius, times, room, fleet.Rate); err != nil {
			return 0, err
		}
	}
	return emitTransport(p, members, tick, fleet.Rate, emit), nil
}

// transportNetwork solves the network keeping the ticks near the visits,
// more of them until the potentials show that the ticks left out would not
// help (or until span's bound makes it certain), and returns the tick of
// each visit, group after group.
func transportNetwork(groups []transportGroup, n int, radius, times, room int32, rate float64) ([]int32, error) {
	sure := int32((int64(n) + int64(room) - 1) / int64(room))
	// Visits spread over many more ticks start with a smaller radius, so
	// that the network stays a few times the size of the programme.
	for int64(radius) > 1 && int64(len(groups))*(2*int64(radius)+1) > max(1<<16, 8*int64(n)) {
		radius /= 2
	}
	for radius = min(sure, radius); ; radius = min(4*radius, sure) {
		w, err := newTransportNet(groups, radius, times, room, rate)
		if err != nil {
			return nil, err
		}
		if err := w.placeAll(); err == nil && (radius == sure || w.optimal()) {
			return w.ticksOf(n)
		} else if err != nil && (radius == sure || !errors.Is(err, errNoSlot)) {
			return nil, err
		}
	}
}

// transportGroups returns the groups of visits with the same ideal time
// and first allowed tick, in order of ideal time, and the programme
// indices of each group's visits, group after group.
func transportGroups(p *Programme, release []float64, times int32, rate float64) ([]transportGroup, []int32, error) {
	n := p.Len()
	first := make([]int32, n)
	for k, t := range p.Times {
		if math.IsNaN(t) || math.IsInf(t, 0) {
			return nil, nil, fmt.Errorf("schedule: programmed visit %d has time %v", k, t)
		}
		if release != nil {
			r := release[k]
			if math.IsNaN(r) || math.IsInf(r, 1) {
				return nil, nil, fmt.Errorf("schedule: programmed visit %d has release time %v", k, r)
			}
			first[k] = tickAtOrAfter(r-tolerance, rate, times)
			if first[k] == times {
				return nil, nil, fmt.Errorf("schedule: visit %d (page %d) is released at %v s, after the last crawler slot at %v s", k, p.Pages[k], r, float64(times-1)/rate)
			}
		}
	}
	members := make([]int32, n)
	for k := range members {
		members[k] = int32(k)
	}
	slices.SortStableFunc(members, func(a, b int32) int {
		return cmp.Or(cmp.Compare(p.Times[a], p.Times[b]), cmp.Compare(first[a], first[b]))
	})
	var groups []transportGroup
	for j, k := range members {
		if j > 0 && p.Times[k] == p.Times[members[j-1]] && first[k] == first[members[j-1]] {
			groups[len(groups)-1].supply++
			continue
		}
		groups = append(groups, transportGroup{ideal: p.Times[k], first: first[k], ceil: tickAtOrAfter(p.Times[k], rate, times), supply: 1})
	}
	return groups, members, nil
}

// tickAtOrAfter returns the first tick k (time k/rate) at or after t, or
// times if there is none.
func tickAtOrAfter(t, rate float64, times int32) int32 {
	if !(t > 0) {
		return 0
	}
	x := math.Ceil(t * rate)
	if x >= float64(times) {
		return times
	}
	k := int32(x)
	for k > 0 && float64(k-1)/rate >= t {
		k--
	}
	for k < times && float64(k)/rate < t {
		k++
	}
	return k
}

// transportFeasible checks Hall's condition for the release times: the
// visits released at or after each tick must not outnumber the slots from
// there on. Visits may take every slot from their release on, so the sets
// of slots they may take are nested and these conditions are all there is.
func transportFeasible(groups []transportGroup, room, times int32, rate float64) error {
	byFirst := slices.Clone(groups)
	slices.SortFunc(byFirst, func(a, b transportGroup) int { return cmp.Compare(b.first, a.first) })
	need := int64(0)
	for j, g := range byFirst {
		need += int64(g.supply)
		if j+1 < len(byFirst) && byFirst[j+1].first == g.first {
			continue
		}
		if have := int64(room) * int64(times-g.first); need > have {
			return fmt.Errorf("schedule: %d visits are released at or after %v s but the crawlers have only %d slots from then on", need, float64(g.first)/rate, have)
		}
	}
	return nil
}

// emitTransport passes each visit to emit (if not nil) in time order,
// then in order of ideal time, which sets the crawlers 0, 1, … of a tick,
// and returns the total deviation. members holds the programme index of
// the visits in order of ideal time, tick their ticks.
func emitTransport(p *Programme, members, tick []int32, rate float64, emit func(k int, v Visit)) float64 {
	order := make([]int32, len(members))
	for j := range order {
		order[j] = int32(j)
	}
	slices.SortStableFunc(order, func(a, b int32) int { return cmp.Compare(tick[a], tick[b]) })
	var total float64
	crawler := int32(0)
	for j, o := range order {
		if j > 0 && tick[o] != tick[order[j-1]] {
			crawler = 0
		}
		k, tm := members[o], float64(tick[o])/rate
		total += math.Abs(tm - p.Times[k])
		if emit != nil {
			emit(int(k), Visit{Time: tm, Page: p.Pages[k], Crawler: crawler})
		}
		crawler++
	}
	return total
}
