package nth

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestElementMatchesSort: at every k, s[k] is the sorted slice's k-th and
// the rest fall on its sides, on random slices with many ties, sorted and
// reversed ones, all equal ones and peaked ones, of every length to 60;
// and with the sort it falls back on after 0, 1 and 2 partitions.
func TestElementMatchesSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	for trial := range 600 {
		n := rng.IntN(61)
		s := make([]int, n)
		for i := range s {
			switch trial % 5 {
			case 0:
				s[i] = i
			case 1:
				s[i] = -i
			case 2:
				s[i] = 3
			case 3: // peaked
				s[i] = min(i, n-1-i)
			default:
				s[i] = rng.IntN(1 + trial%9)
			}
		}
		sorted := slices.Clone(s)
		slices.Sort(sorted)
		for k := range n {
			got := slices.Clone(s)
			if d := trial % 4; d < 3 {
				element(got, k, cmp.Compare[int], d)
			} else {
				Element(got, k, cmp.Compare[int])
			}
			if got[k] != sorted[k] {
				t.Fatalf("Element(%v, %d): s[k] = %d, want %d", s, k, got[k], sorted[k])
			}
			for i, v := range got {
				if (i < k && v > got[k]) || (i > k && v < got[k]) {
					t.Fatalf("Element(%v, %d) = %v: %d at %d is on the wrong side", s, k, got, v, i)
				}
			}
			slices.Sort(got)
			if !slices.Equal(got, sorted) {
				t.Fatalf("Element(%v, %d) lost or made elements: %v", s, k, got)
			}
		}
	}
}

// TestElementOutOfRange: a k outside the slice leaves it as it is.
func TestElementOutOfRange(t *testing.T) {
	s := []int{3, 1, 2}
	for _, k := range []int{-1, 3, 10} {
		Element(s, k, cmp.Compare[int])
		if !slices.Equal(s, []int{3, 1, 2}) {
			t.Fatalf("Element(s, %d) reordered s: %v", k, s)
		}
	}
	Element([]int(nil), 0, cmp.Compare[int])
}

// BenchmarkElementMillion: the median of a million random floats with
// ties, as a study's P_CS threshold takes it.
func BenchmarkElementMillion(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	src := make([]float64, 1_000_000)
	for i := range src {
		src[i] = float64(rng.IntN(1000))
	}
	s := make([]float64, len(src))
	for b.Loop() {
		copy(s, src)
		Element(s, len(s)/2, cmp.Compare[float64])
	}
}
