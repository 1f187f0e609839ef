package app

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestSortRowsIsStableSort: sortRows orders rows as the stable sort it
// replaced did, on random columns full of ties, NaNs, signed zeros and
// infinities, and random texts, both ways, filtered or not.
func TestSortRowsIsStableSort(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	special := []float64{math.NaN(), math.Copysign(0, -1), 0, math.Inf(1), math.Inf(-1), -1e-300, 1e-300, math.MaxFloat64, -math.MaxFloat64}
	for trial := range 400 {
		n := rng.IntN(300)
		if trial%50 < 2 {
			n = 70_000 // several radix passes with every digit
		}
		vals := make([]float64, n)
		texts := make([]string, n)
		for i := range vals {
			switch rng.IntN(4) {
			case 0:
				vals[i] = special[rng.IntN(len(special))]
			case 1:
				vals[i] = float64(rng.IntN(5) - 2) // ties
			default:
				vals[i] = rng.NormFloat64() * math.Pow(10, float64(rng.IntN(40)-20))
			}
			if trial%2 == 0 {
				texts[i] = "https://h" + strconv.Itoa(rng.IntN(7)) + ".example/" + strings.Repeat("p", rng.IntN(3)) + strconv.Itoa(rng.IntN(20))
			} else { // two letters, any length: texts that differ at any byte, or end, or run on with zero bytes
				b := make([]byte, rng.IntN(8)+rng.IntN(40)*(trial%4/3))
				for j := range b {
					b[j] = "ab\x00"[rng.IntN(3)]
				}
				texts[i] = string(b)
			}
		}
		var rows []int32
		for i := range n {
			if trial%3 != 0 || rng.IntN(2) == 0 { // a filter keeps some
				rows = append(rows, int32(i))
			}
		}
		cols := []tableCol{
			{Name: "value", Value: func(i int) float64 { return vals[i] }},
			{Name: "text", Text: func(i int) string { return texts[i] }},
		}
		for _, c := range cols {
			for _, desc := range []bool{false, true} {
				sign := 1
				if desc {
					sign = -1
				}
				want := slices.Clone(rows)
				if c.Value != nil {
					slices.SortStableFunc(want, func(a, b int32) int { return sign * cmp.Compare(c.Value(int(a)), c.Value(int(b))) })
				} else {
					slices.SortStableFunc(want, func(a, b int32) int { return sign * strings.Compare(c.Text(int(a)), c.Text(int(b))) })
				}
				got := slices.Clone(rows)
				sortRows(got, c, desc)
				if !slices.Equal(got, want) {
					t.Fatalf("trial %d, %d rows, column %s, desc %v: sorted differently from the stable sort", trial, len(rows), c.Name, desc)
				}
			}
		}
	}
}

// TestValueKeyOrder: keys compare as cmp.Compare compares their values.
func TestValueKeyOrder(t *testing.T) {
	xs := []float64{math.NaN(), math.Inf(-1), -math.MaxFloat64, -1, -math.SmallestNonzeroFloat64, math.Copysign(0, -1), 0,
		math.SmallestNonzeroFloat64, 1, math.MaxFloat64, math.Inf(1)}
	for _, a := range xs {
		for _, b := range xs {
			if got, want := cmp.Compare(valueKey(a), valueKey(b)), cmp.Compare(a, b); got != want {
				t.Errorf("%v against %v: keys compare %d, values %d", a, b, got, want)
			}
		}
	}
}

// BenchmarkSortRows1M sorts a million rows by a number and by a URL, in
// random order (the page table at paper scale).
func BenchmarkSortRows1M(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 2))
	n := 1_000_000
	vals, texts := make([]float64, n), make([]string, n)
	for i := range vals {
		vals[i] = math.Round(rng.ExpFloat64()*1000) / 100
		texts[i] = "https://www.host" + strconv.Itoa(rng.IntN(2000)) + ".example.com/section/" + strconv.Itoa(rng.IntN(100)) + "/page-" + strconv.Itoa(rng.IntN(n))
	}
	rows := make([]int32, n)
	for _, c := range []tableCol{
		{Name: "value", Value: func(i int) float64 { return vals[i] }},
		{Name: "url", Text: func(i int) string { return texts[i] }},
	} {
		b.Run(c.Name, func(b *testing.B) {
			for b.Loop() {
				for i := range rows {
					rows[i] = int32(i)
				}
				sortRows(rows, c, true)
			}
		})
	}
}
