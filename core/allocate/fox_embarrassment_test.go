package allocate

import (
	"math"
	"testing"
)

// Eq. 8 by hand: a page returned first on page 1 half the time and third
// on page 2 a quarter of the time, wrong 40% of the time when stale.
func TestEmbarrassmentWeight(t *testing.T) {
	clicks := [][]float64{{0.3, 0.2, 0.1}, {0.05, 0.04, 0.03}}
	returned := [][]float64{{0.5}, {0, 0, 0.25}}
	w, err := EmbarrassmentWeight(0.4, returned, clicks)
	want := 0.4 * (0.5*0.3 + 0.25*0.03)
	if err != nil || math.Abs(w-want) > 1e-16 {
		t.Errorf("EmbarrassmentWeight = %v, %v; want %v", w, err, want)
	}
	bad := []struct {
		d    float64
		b, c [][]float64
	}{
		{1.5, returned, clicks},
		{math.NaN(), returned, clicks},
		{0.5, [][]float64{{0.7}, {0.7}}, clicks},         // sums above 1
		{0.5, [][]float64{{-0.1}}, clicks},               // negative
		{0.5, [][]float64{{0.1, 0.1, 0.1, 0.1}}, clicks}, // more positions than clicks
		{0.5, [][]float64{{0.1}, {0.1}, {0.1}}, clicks},  // more pages than clicks
		{0.5, returned, [][]float64{{2, 0, 0}, {0, 0, 0}}},
	}
	for _, c := range bad {
		if _, err := EmbarrassmentWeight(c.d, c.b, c.c); err == nil {
			t.Errorf("EmbarrassmentWeight(%v, %v, %v) accepted", c.d, c.b, c.c)
		}
	}
}

// The paper's click model (§5): 5 pages of 10, θ = 0, paging on with
// probability 0.8. With θ = 1 and next = 1 every position is equally
// likely; with θ = 0 the first position is 1/H_50 and page k is scaled by
// 0.8^{k−1}.
func TestClickModel(t *testing.T) {
	c, err := ClickModel(5, 10, 0, 0.8)
	if err != nil {
		t.Fatal(err)
	}
	var h float64
	for n := 1; n <= 50; n++ {
		h += 1 / float64(n)
	}
	if got := c[0][0]; math.Abs(got-1/h) > 1e-15 {
		t.Errorf("c_{1,1} = %v, want 1/H_50 = %v", got, 1/h)
	}
	if got, want := c[2][4], 0.64/(25*h); math.Abs(got-want) > 1e-15 {
		t.Errorf("c_{5,3} = %v, want %v", got, want)
	}
	u, _ := ClickModel(2, 3, 1, 1)
	for _, row := range u {
		for _, v := range row {
			if math.Abs(v-1.0/6) > 1e-15 {
				t.Errorf("uniform click model gives %v, want 1/6", v)
			}
		}
	}
	for _, args := range [][4]float64{{0, 10, 0, 0.8}, {5, 0, 0, 0.8}, {5, 10, -0.1, 0.8}, {5, 10, 0, 1.2}, {5, 10, math.NaN(), 0.8}} {
		if _, err := ClickModel(int(args[0]), int(args[1]), args[2], args[3]); err == nil {
			t.Errorf("ClickModel%v accepted", args)
		}
	}
}
