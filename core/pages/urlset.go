package pages

// urlSet finds a URL given twice among a table's pages. It is an
// open-addressing table of page indices keyed by a hash of the URL,
// instead of a Go map from URL to line: in WebAssembly the runtime's
// string hash has no hardware help (it was a fifth of reading a million
// pages), and the table is half a map's size (8 bytes a slot, not 24).
// A slot holds the URL's hash, to skip most string comparisons, beside
// the page's index: one memory access a probe.
type urlSet struct {
	slots []uint64 // hash<<32 | page index + 1; 0 for an empty slot
	n     int
}

// newURLSet returns a set with room for n URLs before it grows.
func newURLSet(n int) *urlSet {
	return &urlSet{slots: make([]uint64, slotsFor(16, n))}
}

// slotsFor is the table size, from size doubled as need be, that holds
// n URLs at most half full.
func slotsFor(size, n int) int {
	for size < 2*n {
		size *= 2
	}
	return size
}

// addURL adds page i's URL u and returns the index of the page that
// already has it, or −1; same(j) reports whether page j's URL is u.
func (s *urlSet) addURL(u string, i int, same func(j int) bool) int {
	if 2*(s.n+1) > len(s.slots) {
		s.grow()
	}
	h := hashURL(u)
	mask := uint32(len(s.slots) - 1)
	for k := h & mask; ; k = (k + 1) & mask {
		e := s.slots[k]
		if e == 0 {
			s.slots[k] = uint64(h)<<32 | uint64(i+1)
			s.n++
			return -1
		}
		if j := int(uint32(e)) - 1; uint32(e>>32) == h && same(j) {
			return j
		}
	}
}

// grow doubles the table.
func (s *urlSet) grow() { s.place(2 * len(s.slots)) }

// reserve makes room for n URLs before the table grows.
func (s *urlSet) reserve(n int) {
	if size := slotsFor(len(s.slots), n); size > len(s.slots) {
		s.place(size)
	}
}

// place moves the entries to a table of size slots (a power of two, at
// least twice the entries), each by its stored hash: no URL is hashed or
// compared again.
func (s *urlSet) place(size int) {
	old := s.slots
	s.slots = make([]uint64, size)
	mask := uint32(len(s.slots) - 1)
	for _, e := range old {
		if e == 0 {
			continue
		}
		m := uint32(e>>32) & mask
		for s.slots[m] != 0 {
			m = (m + 1) & mask
		}
		s.slots[m] = e
	}
}

// hashURL hashes a string eight bytes at a time with 64-bit multiplies
// and xor-shifts (the finalizer of MurmurHash3), which WebAssembly has
// natively. Only its spread matters: equal hashes are compared as strings.
func hashURL(u string) uint32 {
	h := uint64(len(u)) * 0x9e3779b97f4a7c15
	for len(u) >= 8 {
		w := uint64(u[0]) | uint64(u[1])<<8 | uint64(u[2])<<16 | uint64(u[3])<<24 |
			uint64(u[4])<<32 | uint64(u[5])<<40 | uint64(u[6])<<48 | uint64(u[7])<<56
		h = (h ^ w) * 0xff51afd7ed558ccd
		h ^= h >> 32
		u = u[8:]
	}
	for i := 0; i < len(u); i++ {
		h = (h ^ uint64(u[i])) * 0xc4ceb9fe1a85ec53
	}
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	h *= 0xc4ceb9fe1a85ec53
	h ^= h >> 33
	return uint32(h)
}
