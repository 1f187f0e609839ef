package plan

// bitset is a set of small non-negative integers, a bit each: which of a
// programme's visits were made (a byte each would be 8.6 MB at paper scale).
type bitset []uint64

func newBitset(n int) bitset { return make(bitset, (n+63)/64) }

func (b bitset) set(k int) { b[k>>6] |= 1 << (k & 63) }

func (b bitset) has(k int) bool { return b[k>>6]&(1<<(k&63)) != 0 }
