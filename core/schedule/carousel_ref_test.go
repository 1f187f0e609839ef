package schedule

// This file keeps the heap-based Carousel as it was before the deadline
// bucket queue, unchanged but for its identifiers, as the reference that
// TestCarouselMatchesReference compares the current one with slot by slot.

import (
	"fmt"
	"math"
)

// refMaxCarouselSlots bounds the length of a carousel: 2^28 slots take 3 GiB
// (an int each for the result, an int32 for the release buckets), thirty
// times seed 000's budget of 8.64M visits a day.
const refMaxCarouselSlots = 1 << 28

// refCarousel turns crawl rates into a deterministic crawl order by the
// earliest-deadline-first derandomization of seed 002 (Algorithm 3, "EDF
// Derandomization", after Liu and Layland's EDF). The rates are relative:
// they are normalised to ρ_k = rates[k]/Σrates, one crawl per slot. The
// result ω has len slots; ω[t-1] is the page crawled in slot t.
//
// Seed 002, Algorithm 3: δ_k ← δ_k + ρ_k for every k at each slot t,
// S ← {k : δ_k > 0}, D_k ← ⌈(1 − δ_k)/ρ_k⌉ for k ∈ S, crawl
// k₀ = argmin_{k∈S} D_k and δ_{k₀} ← δ_{k₀} − 1. With
// N_{k,t} = #{i ≤ t : ω_i = k}, the paper states the guarantee
//
//	max_{k,t} |t·ρ_k − N_{k,t}| ≤ 1 for all t = 1, …, T
//
// (seed 002 Algorithm 3, citing Tijdeman 1980, thm. 3), hence
// |ρ_k − N_{k,T}/T| ≤ 1/T. In exact arithmetic this implementation meets it
// strictly: ⌊tρ_k⌋ ≤ N_{k,t} ≤ ⌈tρ_k⌉. In floating point, where tρ_k is an
// integer up to rounding, a crawl can move by one slot and the bound is
// then reached, or exceeded by that rounding (tests allow 1 + 1e-9).
//
// Since δ_k = tρ_k − N_{k,t-1}, page k is in S from slot
// ⌊N_k/ρ_k⌋ + 1 on (its next crawl is "released") and
// D_k = ⌈(N_k + 1)/ρ_k⌉ − t, so the choice is the released page with the
// earliest absolute deadline ⌈(N_k + 1)/ρ_k⌉. A heap of released pages by
// deadline and a bucket per release slot for the others make this
// O(n + slots·log n) instead of the paper's O(n·slots). Ties, which the
// paper breaks arbitrarily, go to the lowest page index, so the output is
// deterministic. Pages with rate 0 never appear.
//
// Errors: a rate negative, NaN or infinite; slots negative or above 2^28;
// slots > 0 with no positive rate; more than MaxInt32 pages.
func refCarousel(rates []float64, slots int) ([]int, error) {
	if slots < 0 || slots > refMaxCarouselSlots {
		return nil, fmt.Errorf("carousel: %d slots, want 0…%d", slots, refMaxCarouselSlots)
	}
	if len(rates) > math.MaxInt32 {
		return nil, fmt.Errorf("carousel: %d pages, at most %d", len(rates), math.MaxInt32)
	}
	maxRate := 0.0
	for k, r := range rates {
		if !(r >= 0) || math.IsInf(r, 1) {
			return nil, fmt.Errorf("carousel: page %d: rate %v is not finite and non-negative", k, r)
		}
		maxRate = max(maxRate, r)
	}
	if slots == 0 {
		return []int{}, nil
	}
	if maxRate == 0 {
		return nil, fmt.Errorf("carousel: no page has a positive rate")
	}
	c := newRefCarousel(rates, maxRate, slots)
	out := make([]int, slots)
	for t := 1; t <= slots; t++ {
		out[t-1] = c.step(t)
	}
	return out, nil
}

// refCarouselState is the state of the EDF derandomization. Page k's next crawl
// is released in slot ⌊N_k/ρ_k⌋ + 1 (the first t with tρ_k > N_k, i.e.
// δ_k > 0) and due by ⌈(N_k+1)/ρ_k⌉. Released pages sit in a heap keyed by
// (deadline, index); the others in a bucket per release slot (a list linked
// through the pages), or in beyond when released after the last slot.
type refCarouselState struct {
	pages  []refCarouselPage
	ready  refCarouselHeap
	head   []int32 // head[t]: 1 + first page released in slot t, 0 if none
	beyond []int32 // pages whose next release is after the last slot
}

// refCarouselPage keeps what a crawl or a release touches in one cache line.
type refCarouselPage struct {
	rho, count float64 // ρ_k and N_k (an exact integer below 2^53)
	next       int32   // 1 + the next page in the same bucket, 0 at the end
}

// key is the heap key of page k's next crawl, due by ⌈(N_k+1)/ρ_k⌉.
func (c *refCarouselState) key(k int32) uint64 {
	p := &c.pages[k]
	return refCarouselKey(math.Ceil((p.count+1)/p.rho), k)
}

// Heap keys pack (deadline, index) into a uint64 ordered like the pair.
// Deadlines are capped at 2^33 − 1 slots, 32 times the longest carousel:
// pages due after that are ordered by index alone, which cannot move any
// crawl due within the carousel (such pages are chosen only when no page due
// earlier is released, as EDF would).
const (
	refCarouselPageBits    = 31
	refCarouselMaxDeadline = 1<<(64-refCarouselPageBits) - 1
)

func refCarouselKey(deadline float64, k int32) uint64 {
	d := uint64(refCarouselMaxDeadline)
	if deadline < refCarouselMaxDeadline {
		d = uint64(deadline)
	}
	return d<<refCarouselPageBits | uint64(k)
}

func newRefCarousel(rates []float64, maxRate float64, slots int) *refCarouselState {
	c := &refCarouselState{pages: make([]refCarouselPage, len(rates)), head: make([]int32, slots+2)}
	// Normalise by the largest rate first so that the sum cannot overflow.
	sum := 0.0
	for _, r := range rates {
		sum += r / maxRate
	}
	for k, r := range rates {
		if r == 0 {
			continue
		}
		rho := r / maxRate / sum
		c.pages[k].rho = rho
		// Every page's first crawl is released in slot 1 (1·ρ_k > 0); a
		// ρ_k that underflowed to 0 is due at the cap and never released
		// again.
		c.ready = append(c.ready, refCarouselKey(math.Ceil(1/rho), int32(k)))
	}
	c.ready.heapify()
	return c
}

// step returns the page crawled in slot t (seed 002 Algorithm 3, lines 3–6).
func (c *refCarouselState) step(t int) int {
	// Line 4: S = {k : δ_k > 0} — add the pages released in slot t.
	c.release(t)
	if len(c.ready) == 0 {
		// Impossible in exact arithmetic (Σ_k δ_k = 1 after line 3); after
		// rounding, take the pages released soonest.
		c.releaseEarly(t)
	}
	// Line 5: k₀ = argmin D_k, i.e. the earliest deadline; line 6: crawl it.
	k := int32(c.ready[0] & (1<<refCarouselPageBits - 1))
	p := &c.pages[k]
	p.count++
	release := math.Floor(p.count/p.rho) + 1
	switch {
	case release <= float64(t+1): // released again next slot: re-key in place
		c.ready[0] = c.key(k)
		c.ready.down(0)
	case release < float64(len(c.head)):
		c.ready.pop()
		r := int(release)
		p.next, c.head[r] = c.head[r], k+1
	default:
		c.ready.pop()
		c.beyond = append(c.beyond, k)
	}
	return int(k)
}

// release moves the pages of bucket t into the ready heap.
func (c *refCarouselState) release(t int) {
	for q := c.head[t]; q != 0; q = c.pages[q-1].next {
		c.ready.push(c.key(q - 1))
	}
	c.head[t] = 0
}

// releaseEarly releases the next non-empty bucket after t, or else every
// page in beyond.
func (c *refCarouselState) releaseEarly(t int) {
	for u := t + 1; u < len(c.head); u++ {
		if c.head[u] != 0 {
			c.release(u)
			return
		}
	}
	for _, k := range c.beyond {
		c.ready.push(c.key(k))
	}
	c.beyond = c.beyond[:0]
}

// refCarouselHeap is a min-heap of keys with refCarouselArity children per node:
// eight uint64 children fill one cache line, which matters at 1M pages.
type refCarouselHeap []uint64

const refCarouselArity = 8

func (h refCarouselHeap) heapify() {
	if len(h) < 2 {
		return
	}
	for i := (len(h) - 2) / refCarouselArity; i >= 0; i-- {
		h.down(i)
	}
}

func (h *refCarouselHeap) push(x uint64) {
	*h = append(*h, x)
	s := *h
	i := len(s) - 1
	for i > 0 {
		p := (i - 1) / refCarouselArity
		if x >= s[p] {
			break
		}
		s[i] = s[p]
		i = p
	}
	s[i] = x
}

func (h *refCarouselHeap) pop() {
	s := *h
	last := len(s) - 1
	s[0] = s[last]
	*h = s[:last]
	if last > 0 {
		h.down(0)
	}
}

func (h refCarouselHeap) down(i int) {
	n := len(h)
	x := h[i]
	for {
		first := refCarouselArity*i + 1
		if first >= n {
			break
		}
		m := first
		for c := first + 1; c < min(first+refCarouselArity, n); c++ {
			if h[c] < h[m] {
				m = c
			}
		}
		if h[m] >= x {
			break
		}
		h[i] = h[m]
		i = m
	}
	h[i] = x
}
