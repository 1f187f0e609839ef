package schedule

import "math/bits"

// freeHosts is Assign's set of free hosts, taken least (key, host) first,
// as a hostHeap takes them, but in about constant time a visit: at paper
// scale a heap held some 400 hosts, and its pops were half of the
// assignment's time (nine levels of unpredictable comparisons a visit).
//
// A host's key is its next visit's programmed time, which is at or before
// the tick it became free at, and the hosts taken lag the tick by little
// (at paper scale at most 30 s, 300 ticks). So the keys go into buckets of
// one crawler tick each (floor(key·rate): monotone in the key, so the
// least bucket holds the least key), in a ring of ringBuckets buckets
// after lo, with a bit a bucket saying which hold hosts; a bucket's hosts
// sit side by side in bigBucket slots, and the least is found by scanning
// them — at paper scale 4.6 hosts a bucket when one is taken, 3.6 of them
// with the least key (the hosts visited as often have the same MERGE
// times), so a scan of slots, not a list chased host by host. Hosts whose
// keys fall before the ring — it moves on with the ticks — and the hosts
// of a bucket that would pass bigBucket go to a heap beside it; the least
// host is the lesser of the ring's and the heap's.
//
// Like waitQueue, no method stores a slice header.
type freeHosts struct {
	rate  float64
	lo    int64       // the ring holds buckets lo … lo+ringBuckets−1
	least int64       // no bucket before it holds a host: lo ≤ least
	slots []hostEntry // bucket j's hosts: slots[j·bigBucket:][:size[j]]
	size  []int32
	used  []uint64 // a bit a bucket: it holds hosts
	n     int      // hosts in the ring
	spill *hostHeap
}

const (
	ringBuckets = 1 << 12
	ringMask    = ringBuckets - 1
	// bigBucket is how many hosts a bucket holds; more go to the heap.
	bigBucket = 16
)

func newFreeHosts(hosts int, rate float64) *freeHosts {
	return &freeHosts{rate: rate, slots: make([]hostEntry, ringBuckets*bigBucket), size: make([]int32, ringBuckets),
		used: make([]uint64, ringBuckets/64), spill: newHostHeap(hosts)}
}

// len returns how many hosts are free.
func (f *freeHosts) len() int { return f.n + f.spill.n }

// bucket returns the bucket of key, and whether it is in the ring (a NaN
// or infinite key is not).
func (f *freeHosts) bucket(key float64) (int64, bool) {
	x := key * f.rate
	if !(x >= float64(f.lo)) || x >= float64(f.lo+ringBuckets) {
		return 0, false
	}
	return int64(x), true
}

// push adds host h with its key; h is not in the set.
func (f *freeHosts) push(h int32, key float64) {
	b, ok := f.bucket(key)
	if !ok {
		f.spill.push(hostEntry{key: key, host: h})
		return
	}
	j := b & ringMask
	if f.size[j] == bigBucket {
		f.spillBucket(j)
	}
	f.slots[j*bigBucket+int64(f.size[j])] = hostEntry{key: key, host: h}
	f.size[j]++
	f.used[j>>6] |= 1 << (j & 63)
	f.n++
	if b < f.least {
		f.least = b
	}
}

// spillBucket moves the hosts of ring bucket j to the heap.
func (f *freeHosts) spillBucket(j int64) {
	for _, e := range f.slots[j*bigBucket:][:f.size[j]] {
		f.spill.push(e)
	}
	f.n -= int(f.size[j])
	f.size[j] = 0
	f.used[j>>6] &^= 1 << (j & 63)
}

// advance moves the ring on to tick k, after which hosts are pushed with
// keys up to tick k's time: buckets before k−ringBuckets+1 go to the heap.
func (f *freeHosts) advance(k int64) {
	lo := k - ringBuckets + 1
	if lo <= f.lo {
		return
	}
	if f.n > 0 {
		for b := f.least; b < min(lo, f.lo+ringBuckets); b++ {
			if j := b & ringMask; f.size[j] > 0 {
				f.spillBucket(j)
			}
		}
	}
	f.lo = lo
	f.least = max(f.least, lo)
}

// firstUsed returns the first bucket from least that holds hosts; the ring
// is not empty.
func (f *freeHosts) firstUsed() int64 {
	for b := f.least; ; {
		j := b & ringMask
		if w := f.used[j>>6] >> (j & 63); w != 0 {
			return b + int64(bits.TrailingZeros64(w))
		}
		b += 64 - j&63
	}
}

// pop takes the least (key, host) out; the set is not empty.
func (f *freeHosts) pop() int32 {
	if f.n == 0 {
		return f.spill.pop().host
	}
	b := f.firstUsed()
	f.least = b
	j := b & ringMask
	in := f.slots[j*bigBucket:][:f.size[j]]
	best := 0
	for k := 1; k < len(in); k++ {
		if in[k].before(in[best]) {
			best = k
		}
	}
	e := in[best]
	if s := f.spill; s.n > 0 && s.e[0].before(e) {
		return s.pop().host
	}
	last := len(in) - 1
	in[best] = in[last]
	if f.size[j] = int32(last); last == 0 {
		f.used[j>>6] &^= 1 << (j & 63)
	}
	f.n--
	return e.host
}
