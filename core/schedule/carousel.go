package schedule

import (
	"cmp"
	"fmt"
	"math"
	"slices"
)

// MaxCarouselSlots bounds the length of a carousel: 2^28 slots take 2 GiB
// for the result (an int each) and up to 0.3 GiB for the queues (part-full
// blocks of 64 pages per 4096 slots), besides about 25 bytes a page (the
// calendars' blocks); thirty times seed 000's budget of 8.64M visits a
// day.
const MaxCarouselSlots = 1 << 28

// Carousel turns crawl rates into a deterministic crawl order by the
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
// earliest absolute deadline ⌈(N_k + 1)/ρ_k⌉. Bucket queues of pages by
// release slot and by deadline, with a heap only for the released pages
// due first, make this O(n + slots·log n) instead of the paper's
// O(n·slots), and nearly linear in practice. Ties, which the paper breaks
// arbitrarily, go to the lowest page index, so the output is
// deterministic. Pages with rate 0 never appear.
//
// Errors: a rate negative, NaN or infinite; slots negative or above 2^28;
// slots > 0 with no positive rate; more than MaxInt32 pages.
func Carousel(rates []float64, slots int) ([]int32, error) {
	out := make([]int32, 0, max(min(slots, MaxCarouselSlots), 0))
	if err := CarouselEach(rates, slots, func(_ int, k int32) bool { out = append(out, k); return true }); err != nil {
		return nil, err
	}
	return out, nil
}

// CarouselEach is Carousel giving each slot's page to emit as it is
// chosen, slot by slot (from 0), instead of holding them: at paper scale
// the 8.64M slots are 35 MB. It stops early when emit returns false.
func CarouselEach(rates []float64, slots int, emit func(slot int, page int32) bool) error {
	return CarouselEachTicked(rates, slots, nil, emit)
}

// carouselTickEvery is how many pages the carousel moves between two calls
// of CarouselEachTicked's tick: some milliseconds in WebAssembly.
const carouselTickEvery = 1 << 16

// CarouselEachTicked is CarouselEach, calling tick, when it is not nil,
// while it makes its calendars and moves many pages at once (every
// carouselTickEvery pages, and before a sort of many), so that a caller
// on one thread can tell how far it has got and yield: at a million
// pages the first slot alone releases them all. (Stopping stays emit's.)
func CarouselEachTicked(rates []float64, slots int, tick func(), emit func(slot int, page int32) bool) error {
	if slots < 0 || slots > MaxCarouselSlots {
		return fmt.Errorf("carousel: %d slots, want 0…%d", slots, MaxCarouselSlots)
	}
	if len(rates) > math.MaxInt32 {
		return fmt.Errorf("carousel: %d pages, at most %d", len(rates), math.MaxInt32)
	}
	maxRate := 0.0
	for k, r := range rates {
		if !(r >= 0) || math.IsInf(r, 1) {
			return fmt.Errorf("carousel: page %d: rate %v is not finite and non-negative", k, r)
		}
		maxRate = max(maxRate, r)
	}
	if slots == 0 {
		return nil
	}
	if maxRate == 0 {
		return fmt.Errorf("carousel: no page has a positive rate")
	}
	c := newCarousel(len(rates), slots)
	c.tick = tick
	c.tock(len(rates))
	// Normalise by the largest rate first so that the sum cannot overflow.
	sum := 0.0
	for _, r := range rates {
		sum += r / maxRate
	}
	for k, r := range rates {
		if r > 0 {
			// Every page's first crawl is released in slot 1 (1·ρ_k > 0); a
			// ρ_k that underflowed to 0 is due at the cap and never released
			// again.
			c.add(carouselPage{rho: r / maxRate / sum, k: int32(k)})
		}
	}
	c.run(slots, emit)
	return nil
}

// carousel is the state of the EDF derandomization. Page k's next crawl
// is released in slot ⌊N_k/ρ_k⌋ + 1 (the first t with tρ_k > N_k, i.e.
// δ_k > 0) and due by ⌈(N_k+1)/ρ_k⌉.
//
// Each page's state travels with it through the queues, so that choosing,
// releasing and re-queueing a page read memory in order instead of an
// array of n pages at random (the cache misses dominated at 1M pages).
// Unreleased pages wait in the calendar pending by release slot, or in
// beyond when released after the last slot. Released pages are split at
// the deadline due: those due by it are in batch or soon, keyed by
// (deadline, index); those due later in the calendar waiting by deadline,
// or in late when due after its last slot. Every released page due after
// due is outside batch and soon, so the earlier of their minima is the
// minimum over all released pages; due only grows.
//
// batch holds the pages due at due when it was reached, sorted: with few
// distinct rates, hundreds of thousands of pages can share a deadline, and
// taking them in order is cheaper than popping them from a heap. Pages
// released or re-keyed later go to the heap soon.
type carousel struct {
	pending carouselCalendar // unreleased pages by release slot
	beyond  []carouselPage   // unreleased pages released after pending's end

	ready   int              // released pages: in batch, soon, waiting or late
	due     uint64           // batch and soon hold the released pages due by due
	batch   []carouselItem   // released pages due at due, by decreasing key
	soon    carouselHeap     // the other released pages due by due
	waiting carouselCalendar // released pages due after due, by deadline
	late    carouselHeap     // released pages due after waiting's end
	heaped  bool             // whether late is a heap yet, or unordered

	buf []carouselPage // pages taken from a calendar

	tick  func() // see CarouselEachTicked; nil: none
	moved int    // pages moved since the last tick
}

// tock counts n pages moved and calls tick every carouselTickEvery.
func (c *carousel) tock(n int) {
	if c.tick == nil {
		return
	}
	if c.moved += n; c.moved >= carouselTickEvery {
		c.moved = 0
		c.tick()
	}
}

// carouselPage is page k's state. As N_k ≤ slots < 2^31, float64(count)
// is exact and the arithmetic that of a float64 count.
type carouselPage struct {
	rho   float64 // ρ_k
	count int32   // N_k
	k     int32
}

// key is the heap key of page k's next crawl, due by ⌈(N_k+1)/ρ_k⌉.
func (p carouselPage) key() uint64 {
	return carouselKey(math.Ceil((float64(p.count)+1)/p.rho), p.k)
}

// release is the slot in which page k's next crawl is released,
// ⌊N_k/ρ_k⌋ + 1, possibly +Inf.
func (p carouselPage) release() float64 {
	return math.Floor(float64(p.count)/p.rho) + 1
}

// Heap keys pack (deadline, index) into a uint64 ordered like the pair.
// Deadlines are capped at 2^33 − 1 slots, 32 times the longest carousel:
// pages due after that are ordered by index alone, which cannot move any
// crawl due within the carousel (such pages are chosen only when no page due
// earlier is released, as EDF would).
const (
	carouselPageBits    = 31
	carouselMaxDeadline = 1<<(64-carouselPageBits) - 1
)

func carouselKey(deadline float64, k int32) uint64 {
	d := uint64(carouselMaxDeadline)
	if deadline < carouselMaxDeadline {
		d = uint64(deadline)
	}
	return d<<carouselPageBits | uint64(k)
}

// newCarousel returns an empty carousel of n pages and the given length;
// add then releases each page's first crawl.
//
// Releases after slot slots + 1 wait in beyond. Deadlines after the
// calendar waiting go to the heap late, slower to queue and take. EDF
// serves deadlines about 1/max_k ρ_k ≤ n slots ahead of the clock (the
// earliest first deadline, as one crawl is due per slot on average), so
// waiting reaches min(n, slots) slots past the last one: late is then
// needed at most at the very end.
func newCarousel(n, slots int) *carousel {
	pendingEnd, waitingEnd := slots+2, slots+2+min(n, slots)
	blocks := newCarouselBlocks(n, carouselWindows(pendingEnd)+carouselWindows(waitingEnd))
	return &carousel{
		pending: newCarouselCalendar(pendingEnd, blocks),
		waiting: newCarouselCalendar(waitingEnd, blocks),
	}
}

// run gives emit the pages crawled in slots 1 … slots (emit numbers
// them from 0), until emit returns false.
func (c *carousel) run(slots int, emit func(int, int32) bool) {
	for t := 1; t <= slots && emit(t-1, c.step(t)); t++ {
	}
}

// step returns the page crawled in slot t (seed 002 Algorithm 3, lines 3–6).
func (c *carousel) step(t int) int32 {
	// Line 4: S = {k : δ_k > 0} — add the pages released in slot t.
	c.release(t)
	if c.ready == 0 {
		// Impossible in exact arithmetic (Σ_k δ_k = 1 after line 3); after
		// rounding, take the pages released soonest.
		c.releaseEarly(t)
	}
	if len(c.batch) == 0 && c.soon.len() == 0 {
		c.advance()
	}
	// Line 5: k₀ = argmin D_k, i.e. the earliest deadline; line 6: crawl it.
	fromBatch := c.earliestInBatch()
	var p carouselPage
	if fromBatch {
		p = c.batch[len(c.batch)-1].page
	} else {
		p = c.soon.pages[0]
	}
	p.count++
	release := p.release()
	switch {
	case release <= float64(t+1): // released again next slot: re-key
		c.requeue(carouselItem{p.key(), p}, fromBatch)
	case release < float64(c.pending.end):
		c.remove(fromBatch)
		c.pending.add(int(release), p)
	default:
		c.remove(fromBatch)
		c.beyond = append(c.beyond, p)
	}
	return p.k
}

// earliestInBatch reports whether the earliest ready page is the last of batch
// rather than the first of soon.
func (c *carousel) earliestInBatch() bool {
	n := len(c.batch)
	return n > 0 && (c.soon.len() == 0 || c.batch[n-1].key < c.soon.keys[0])
}

// release makes the pages released in slot t ready.
func (c *carousel) release(t int) {
	c.buf = c.pending.take(t, c.buf[:0])
	c.addAll(c.buf)
}

// releaseEarly releases the pages of the first non-empty release slot after
// t, or else every page in beyond.
func (c *carousel) releaseEarly(t int) {
	var ok bool
	if c.buf, ok = c.pending.takeFirst(t+1, c.buf[:0]); ok {
		c.addAll(c.buf)
		return
	}
	c.addAll(c.beyond)
	c.beyond = c.beyond[:0]
}

func (c *carousel) addAll(pages []carouselPage) {
	for _, p := range pages {
		c.add(p)
	}
}

// add makes page p ready (a page moved, for the tick).
func (c *carousel) add(p carouselPage) {
	c.tock(1)
	c.ready++
	c.queue(carouselItem{p.key(), p})
}

// remove takes the earliest page, from batch or soon, out of the ready pages.
func (c *carousel) remove(fromBatch bool) {
	c.ready--
	c.drop(fromBatch)
}

// drop drops the earliest page from batch or soon.
func (c *carousel) drop(fromBatch bool) {
	if fromBatch {
		c.batch = c.batch[:len(c.batch)-1]
	} else {
		c.soon.pop()
	}
}

// requeue replaces the earliest page, from batch or soon, by x, the same page
// with its next deadline: in place in soon if it is still due by due.
func (c *carousel) requeue(x carouselItem, fromBatch bool) {
	if !fromBatch && x.key>>carouselPageBits <= c.due {
		c.soon.replaceTop(x)
		return
	}
	c.drop(fromBatch)
	c.queue(x)
}

// queue puts a ready page in soon, waiting or late by its deadline.
func (c *carousel) queue(x carouselItem) {
	switch d := x.key >> carouselPageBits; {
	case d <= c.due:
		c.soon.push(x)
	case d < uint64(c.waiting.end):
		c.waiting.add(int(d), x.page)
	case c.heaped:
		c.late.push(x)
	default:
		// Most pages in late are never taken: heap them only if needed.
		c.late.append(x)
	}
}

// advance refills the empty batch and soon with the pages due next: those of
// the first non-empty deadline in waiting or, when none is left, in late.
// Once due is past waiting's end, waiting stays empty.
func (c *carousel) advance() {
	if c.due+1 < uint64(c.waiting.end) {
		if d, ok := c.waiting.next(int(c.due) + 1); ok {
			c.advanceTo(d)
			return
		}
	}
	c.advanceLate()
}

// advanceTo makes d the deadline due and batch the pages of waiting due
// then.
func (c *carousel) advanceTo(d int) {
	c.due = uint64(d)
	c.buf = c.waiting.take(d, c.buf[:0])
	for _, p := range c.buf {
		c.batch = append(c.batch, carouselItem{c.due<<carouselPageBits | uint64(p.k), p})
	}
	if len(c.batch) > 1 {
		c.tock(len(c.batch))
		slices.SortFunc(c.batch, func(a, b carouselItem) int { return cmp.Compare(b.key, a.key) })
	}
}

// advanceLate makes the deadline due the earliest in late and batch the
// pages of late due then.
func (c *carousel) advanceLate() {
	if !c.heaped {
		c.late.heapify()
		c.heaped = true
	}
	c.due = c.late.keys[0] >> carouselPageBits
	for c.late.len() > 0 && c.late.keys[0]>>carouselPageBits == c.due {
		c.batch = append(c.batch, carouselItem{c.late.keys[0], c.late.pages[0]})
		c.late.pop()
	}
	slices.Reverse(c.batch)
}

// carouselCalendar is a bucket queue of pages by slot for a clock that only
// moves forward. The slots are cut into windows of carouselWindow: the
// pages of later windows are appended to a list of blocks per window, and
// linked into a bucket per slot only when the clock enters their window, so
// that both stay within the cache. Blocks are recycled rather than lists
// grown, which copied every page about twice.
type carouselCalendar struct {
	end    int                   // the calendar holds slots 0 … end−1
	window int                   // the current window
	head   [carouselWindow]int32 // head[i]: 1 + first entry of pool in the window's slot i, 0 if none
	pool   []carouselEntry       // the pages of the current window
	later  []int32               // later[w]: 1 + last block of window w > window, 0 if none
	blocks *carouselBlocks       // shared with the carousel's other calendar
}

// carouselBlocks are the blocks of a carousel's two calendars, one pool:
// a page is in one calendar at a time, so the pool made up front for every
// page once, and a part-full block per window of each, is the most both
// hold (two pools, one per calendar, were 52.6 MB of the 152 MB a plan held
// at its peak at paper scale, in Azar's schedule, against 107 MB in the
// other policies').
type carouselBlocks struct {
	blocks []carouselBlock
	free   []int32 // 1 + each unused block
}

// newCarouselBlocks returns a pool with room for n pages in full blocks
// and a part-full one in each of windows windows. Grown as needed, blocks
// were copied about twice, which WebAssembly pays dearly for (1M pages ×
// 10M slots: 2.0 → 1.8 s there, 346 → 218 MB allocated).
func newCarouselBlocks(n, windows int) *carouselBlocks {
	return &carouselBlocks{blocks: make([]carouselBlock, 0, n/carouselBlockLen+windows)}
}

// carouselWindow is the number of slots in a calendar window: 4096 slots
// of about one page each fit in the L2 cache.
const (
	carouselWindowBits = 12
	carouselWindow     = 1 << carouselWindowBits
)

// carouselBlock holds up to carouselBlockLen pages of a later window.
type carouselBlock struct {
	prev int32 // 1 + the window's previous block, 0 if none
	n    int32
	e    [carouselBlockLen]carouselEntry
}

// carouselBlockLen is 64: longer blocks are faster to take, each being
// found only through the window's next one, but leave more memory unused
// in the last, part-full block of each window.
const carouselBlockLen = 64

// carouselEntry is a page in slot slot of a calendar.
type carouselEntry struct {
	page carouselPage
	slot int32
	next int32 // 1 + the next entry of pool in the same slot, 0 at the end
}

// carouselWindows is the number of windows of a calendar of slots
// 0 … end−1.
func carouselWindows(end int) int { return (end-1)>>carouselWindowBits + 1 }

// newCarouselCalendar returns an empty calendar of slots 0 … end−1 whose
// blocks come from blocks.
func newCarouselCalendar(end int, blocks *carouselBlocks) carouselCalendar {
	return carouselCalendar{end: end, later: make([]int32, carouselWindows(end)), blocks: blocks}
}

// add puts page p in slot s, which must not be in a window before the
// current one.
func (c *carouselCalendar) add(s int, p carouselPage) {
	e := carouselEntry{page: p, slot: int32(s)}
	w := s >> carouselWindowBits
	if w == c.window {
		c.link(e)
		return
	}
	b := c.later[w]
	if b == 0 || c.blocks.blocks[b-1].n == carouselBlockLen {
		b = c.blocks.newBlock(b)
		c.later[w] = b
	}
	blk := &c.blocks.blocks[b-1]
	blk.e[blk.n] = e
	blk.n++
}

// newBlock returns 1 + an empty block after prev.
func (pool *carouselBlocks) newBlock(prev int32) int32 {
	var b int32
	if last := len(pool.free) - 1; last >= 0 {
		b, pool.free = pool.free[last], pool.free[:last]
	} else {
		pool.blocks = append(pool.blocks, carouselBlock{})
		b = int32(len(pool.blocks))
	}
	pool.blocks[b-1].prev, pool.blocks[b-1].n = prev, 0
	return b
}

// drain appends the entries of later window w to dst in the order they
// were added, and frees its blocks. The order matters for speed alone:
// pages crawled in index order then come out sorted for advance.
func (c *carouselCalendar) drain(w int, dst []carouselEntry) []carouselEntry {
	// Free the blocks, last first, then copy them from the free list
	// backwards.
	pool := c.blocks
	n := len(pool.free)
	for b := c.later[w]; b != 0; b = pool.blocks[b-1].prev {
		pool.free = append(pool.free, b)
	}
	for i := len(pool.free) - 1; i >= n; i-- {
		blk := &pool.blocks[pool.free[i]-1]
		dst = append(dst, blk.e[:blk.n]...)
	}
	c.later[w] = 0
	return dst
}

// link puts e in the current window.
func (c *carouselCalendar) link(e carouselEntry) {
	c.pool = append(c.pool, e)
	c.linkAt(len(c.pool) - 1)
}

// linkAt links pool[q] into the bucket of its slot.
func (c *carouselCalendar) linkAt(q int) {
	i := c.pool[q].slot & (carouselWindow - 1)
	c.pool[q].next = c.head[i]
	c.head[i] = int32(q + 1)
}

// enter makes w the current window. Every slot of the current one must be
// empty.
func (c *carouselCalendar) enter(w int) {
	c.window = w
	c.pool = c.drain(w, c.pool[:0])
	for i := range c.pool {
		c.linkAt(i)
	}
}

// take appends the pages in slot s to dst and empties the slot. If s is in
// a later window, every slot of the current one must be empty.
func (c *carouselCalendar) take(s int, dst []carouselPage) []carouselPage {
	if w := s >> carouselWindowBits; w != c.window {
		c.enter(w)
	}
	i := s & (carouselWindow - 1)
	for q := c.head[i]; q != 0; q = c.pool[q-1].next {
		dst = append(dst, c.pool[q-1].page)
	}
	c.head[i] = 0
	return dst
}

// next returns the first non-empty slot from s on, entering its window, or
// false if there is none. Every slot before s must be empty.
func (c *carouselCalendar) next(s int) (int, bool) {
	w := s >> carouselWindowBits
	if w == c.window {
		if i, ok := c.firstIn(s & (carouselWindow - 1)); ok {
			return w<<carouselWindowBits | i, true
		}
		w++
	}
	for ; w < len(c.later); w++ {
		if c.later[w] != 0 {
			c.enter(w)
			i, _ := c.firstIn(0)
			return w<<carouselWindowBits | i, true
		}
	}
	return 0, false
}

// firstIn returns the first non-empty slot of the current window from its
// slot i on.
func (c *carouselCalendar) firstIn(i int) (int, bool) {
	for ; i < carouselWindow; i++ {
		if c.head[i] != 0 {
			return i, true
		}
	}
	return 0, false
}

// takeFirst is take of the first non-empty slot from s on, s at most one
// past the current window, without entering a later window: for taking
// pages ahead of the clock. It reports false if every slot is empty.
func (c *carouselCalendar) takeFirst(s int, dst []carouselPage) ([]carouselPage, bool) {
	base := c.window << carouselWindowBits
	if i, ok := c.firstIn(s - base); ok {
		return c.take(base+i, dst), true
	}
	for w := c.window + 1; w < len(c.later); w++ {
		if c.later[w] != 0 {
			return c.takeEarliest(w, dst), true
		}
	}
	return dst, false
}

// takeEarliest appends the pages of the earliest slot of later window w to
// dst and removes them. It is rare enough to rebuild the window.
func (c *carouselCalendar) takeEarliest(w int, dst []carouselPage) []carouselPage {
	es := c.drain(w, nil)
	first := es[0].slot
	for _, e := range es {
		first = min(first, e.slot)
	}
	for _, e := range es {
		if e.slot == first {
			dst = append(dst, e.page)
		} else {
			c.add(int(e.slot), e.page)
		}
	}
	return dst
}

// carouselItem is a released page in a heap, keyed by its next deadline.
type carouselItem struct {
	key  uint64
	page carouselPage
}

// carouselHeap is a min-heap of items by key with carouselArity children
// per node. Keys and pages are kept apart so that a node's children's keys
// fill one cache line: hundreds of thousands of pages can share a
// deadline, and the heap is then as large.
type carouselHeap struct {
	keys  []uint64
	pages []carouselPage // pages[i] is the page of keys[i]
}

const carouselArity = 8

func (h *carouselHeap) len() int { return len(h.keys) }

// append adds x at the end, not in heap order.
func (h *carouselHeap) append(x carouselItem) {
	h.keys = append(h.keys, x.key)
	h.pages = append(h.pages, x.page)
}

func (h *carouselHeap) heapify() {
	if len(h.keys) < 2 {
		return
	}
	for i := (len(h.keys) - 2) / carouselArity; i >= 0; i-- {
		h.down(i, carouselItem{h.keys[i], h.pages[i]})
	}
}

func (h *carouselHeap) push(x carouselItem) {
	h.append(x)
	i := len(h.keys) - 1
	for i > 0 {
		p := (i - 1) / carouselArity
		if x.key >= h.keys[p] {
			break
		}
		h.keys[i], h.pages[i] = h.keys[p], h.pages[p]
		i = p
	}
	h.keys[i], h.pages[i] = x.key, x.page
}

func (h *carouselHeap) pop() {
	last := len(h.keys) - 1
	x := carouselItem{h.keys[last], h.pages[last]}
	h.keys, h.pages = h.keys[:last], h.pages[:last]
	if last > 0 {
		h.down(0, x)
	}
}

// replaceTop replaces the minimum by x.
func (h *carouselHeap) replaceTop(x carouselItem) {
	h.down(0, x)
}

// down puts x in node i, or lower down if a child's key is smaller.
func (h *carouselHeap) down(i int, x carouselItem) {
	keys, pages := h.keys, h.pages[:len(h.keys)]
	n := len(keys)
	for {
		first := carouselArity*i + 1
		if first >= n {
			break
		}
		m := first
		for c := first + 1; c < min(first+carouselArity, n); c++ {
			if keys[c] < keys[m] {
				m = c
			}
		}
		if keys[m] >= x.key {
			break
		}
		keys[i], pages[i] = keys[m], pages[m]
		i = m
	}
	keys[i], pages[i] = x.key, x.page
}
