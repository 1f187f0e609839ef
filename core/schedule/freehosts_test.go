package schedule

import (
	"math"
	"math/rand/v2"
	"testing"
)

// TestFreeHostsOrder: as ticks go by, hosts pushed with keys at or before
// the tick's time come out least (key, host) first — checked against the
// least of the hosts in the set, found by scanning them — whether their
// keys lag the tick by a little (the ring), by more than the ring (the
// heap), many share one key (a bucket past bigBucket), or the ticks jump.
func TestFreeHostsOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for trial := range 300 {
		hosts := 1 + rng.IntN(400)
		rate := []float64{10, 0.05, 1e4, 1}[trial%4]
		f := newFreeHosts(hosts, rate)
		in := make(map[int32]float64)
		k := int64(0)
		for step := range 6 * hosts {
			switch r := rng.IntN(20); {
			case r == 0:
				k += int64(rng.IntN(3 * ringBuckets)) // a jump, past the ring at times
			case r < 6:
				k++
			}
			f.advance(k)
			now := float64(k) / rate
			if len(in) < hosts && (f.len() == 0 || rng.IntN(3) > 0) {
				h := int32(rng.IntN(hosts))
				for in[h] != 0 {
					h = int32(rng.IntN(hosts))
				}
				var key float64
				switch rng.IntN(4) {
				case 0: // the tick's own time, or one many hosts share
					key = math.Floor(now)
				case 1: // far behind: before the ring
					key = now * rng.Float64()
				default: // a few ticks behind
					key = now - float64(rng.IntN(40))/rate*rng.Float64()
				}
				key = math.Max(key, 0) + 1e-9 // 0 marks "not in" above
				in[h] = key
				f.push(h, key)
				continue
			}
			want := int32(-1)
			for h, key := range in {
				if want < 0 || key < in[want] || key == in[want] && h < want {
					want = h
				}
			}
			if got := f.pop(); got != want {
				t.Fatalf("trial %d step %d (tick %d, rate %v): popped host %d (key %v), least is %d (key %v)",
					trial, step, k, rate, got, in[got], want, in[want])
			}
			delete(in, want)
			if f.len() != len(in) {
				t.Fatalf("trial %d step %d: %d hosts free, want %d", trial, step, f.len(), len(in))
			}
		}
	}
}
