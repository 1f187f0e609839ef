package schedule

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// carouselSlack is added to the paper's bound 1: where tρ_k is an integer
// in exact arithmetic, float rounding may move a release or a deadline by
// one slot, which shows as |tρ_k − N_{k,t}| = 1 + O(ε·t).
const carouselSlack = 1e-9

func normalise(rates []float64) []float64 {
	sum := 0.0
	for _, r := range rates {
		sum += r
	}
	rho := make([]float64, len(rates))
	for k, r := range rates {
		rho[k] = r / sum
	}
	return rho
}

// carouselWorst returns max_{k,t} |tρ_k − N_{k,t}| over t = 0…len(seq).
// Between two crawls of k, tρ_k − N_{k,t} only grows, so its maximum is at
// the slot before a crawl (or at the end), and N_{k,t} − tρ_k is largest at
// a crawl slot: checking those points checks every prefix in O(n + T).
func carouselWorst(rho []float64, seq []int32) float64 {
	count := make([]float64, len(rho))
	worst := 0.0
	for i, k := range seq {
		s := float64(i + 1)
		worst = math.Max(worst, (s-1)*rho[k]-count[k])
		count[k]++
		worst = math.Max(worst, count[k]-s*rho[k])
	}
	end := float64(len(seq))
	for k := range rho {
		worst = math.Max(worst, end*rho[k]-count[k])
	}
	return worst
}

// bruteWorst is the same by definition, every prefix and every page.
func bruteWorst(rho []float64, seq []int32) float64 {
	count := make([]float64, len(rho))
	worst := 0.0
	for i, k := range seq {
		count[k]++
		for j := range rho {
			worst = math.Max(worst, math.Abs(float64(i+1)*rho[j]-count[j]))
		}
	}
	return worst
}

// paperEDF is seed 002 Algorithm 3 as printed, O(n·T), ties to the lowest
// index.
func paperEDF(rho []float64, slots int) []int {
	delta := make([]float64, len(rho))
	out := make([]int, slots)
	for t := range slots {
		best, bestD := -1, math.Inf(1)
		for k := range rho {
			delta[k] += rho[k] // line 3
			if rho[k] == 0 || delta[k] <= 0 {
				continue // line 4: S = {k : δ_k > 0}
			}
			if d := math.Ceil((1 - delta[k]) / rho[k]); d < bestD { // line 5
				best, bestD = k, d
			}
		}
		out[t] = best
		delta[best]-- // line 6
	}
	return out
}

// carouselInstance draws n rates of one of several shapes.
func carouselInstance(r *rand.Rand, shape, n int) []float64 {
	rates := make([]float64, n)
	for k := range rates {
		switch shape {
		case 0: // uniform
			rates[k] = r.Float64()
		case 1: // log-uniform over six decades
			rates[k] = math.Pow(10, -6*r.Float64())
		case 2: // Zipf-like
			rates[k] = 1 / float64(k+1)
		case 3: // equal (tρ_k integer at every multiple of n: rounding)
			rates[k] = 1
		case 4: // small integers (many exact ties)
			rates[k] = float64(1 + r.IntN(4))
		case 5: // dyadic, exact in binary
			rates[k] = math.Ldexp(1, -r.IntN(6))
		}
		if n > 1 && r.IntN(8) == 0 {
			rates[k] = 0
		}
	}
	rates[r.IntN(n)] = 1 // at least one positive rate
	return rates
}

func TestCarouselGuarantee(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 2018))
	overall := 0.0
	defer func() { t.Logf("max over all trials of max_{k,t} |tρ_k − N_{k,t}| = %.17g", overall) }()
	for trial := range 600 {
		shape, n := trial%6, 1+r.IntN(60)
		slots := r.IntN(3000)
		rates := carouselInstance(r, shape, n)
		seq, err := Carousel(rates, slots)
		if err != nil {
			t.Errorf("trial %d: %v", trial, err)
			continue
		}
		if len(seq) != slots {
			t.Errorf("trial %d: %d slots, want %d", trial, len(seq), slots)
			continue
		}
		rho := normalise(rates)
		for i, k := range seq {
			if k < 0 || int(k) >= n || rates[k] == 0 {
				t.Errorf("trial %d: slot %d crawls page %d (rate %v)", trial, i+1, k, rates[k])
			}
		}
		// seed 002 Algorithm 3: max_{k,t} |tρ_k − N_{k,t}| ≤ 1.
		w := carouselWorst(rho, seq)
		overall = math.Max(overall, w)
		if w > 1+carouselSlack {
			t.Errorf("trial %d (shape %d, n=%d, T=%d): max |tρ_k − N_{k,t}| = %.17g > 1", trial, shape, n, slots, w)
		}
		if trial%10 == 0 {
			if w, b := carouselWorst(rho, seq), bruteWorst(rho, seq); w != b {
				t.Errorf("trial %d: fast check %.17g, brute force %.17g", trial, w, b)
			}
		}
	}
}

func TestCarouselMatchesPaperAlgorithm(t *testing.T) {
	// Random real rates: tρ_k is never an integer, so rounding cannot
	// reorder the two computations and the sequences must be identical.
	r := rand.New(rand.NewPCG(5, 7))
	for trial := range 200 {
		rates := carouselInstance(r, trial%2, 1+r.IntN(20))
		slots := r.IntN(2000)
		seq, err := Carousel(rates, slots)
		if err != nil {
			t.Errorf("trial %d: %v", trial, err)
			continue
		}
		want := paperEDF(normalise(rates), slots)
		if i := firstDiff(seq, want); i >= 0 {
			t.Errorf("trial %d: slot %d: page %d, paper's Algorithm 3 gives %d", trial, i+1, seq[i], want[i])
		}
	}
}

// firstDiff returns the first slot where two sequences differ (-1 for
// none); Carousel's are int32s, the references' ints.
func firstDiff[A, B ~int | ~int32](a []A, b []B) int {
	for i := range min(len(a), len(b)) {
		if int(a[i]) != int(b[i]) {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}

func TestCarouselCounts(t *testing.T) {
	tests := []struct {
		name   string
		rates  []float64
		slots  int
		counts []int // exact: Tρ_k is an integer
		prefix []int // first slots, by hand
	}{
		// ρ = (1/4, 1/4, 1/2): t=1 deadlines 4,4,2 → 2; t=2 page 2 waits
		// (release 3) → 0 (deadline 4 ties 1, lower index); t=3 → 1
		// (deadline 4 ties 2's); t=4 → 2; then the period repeats.
		{"quarter quarter half", []float64{1, 1, 2}, 400, []int{100, 100, 200}, []int{2, 0, 1, 2, 2, 0, 1, 2}},
		// ρ = (3/4, 1/4): deadlines 2 vs 4 → 0; 3 vs 4 → 0; 4 vs 4, tie
		// to the lower index → 0; then page 1 by its deadline 4.
		{"three to one", []float64{3, 1}, 8, []int{6, 2}, []int{0, 0, 0, 1, 0, 0, 0, 1}},
		{"zero rate", []float64{0, 5, 0, 5}, 10, []int{0, 5, 0, 5}, []int{1, 3, 1, 3}},
		{"single", []float64{0.1}, 3, []int{3}, []int{0, 0, 0}},
		{"equal", []float64{2, 2, 2, 2, 2}, 10, []int{2, 2, 2, 2, 2}, []int{0, 1, 2, 3, 4, 0, 1, 2, 3, 4}},
	}
	for _, tc := range tests {
		seq, err := Carousel(tc.rates, tc.slots)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		counts := make([]int, len(tc.rates))
		for _, k := range seq {
			counts[k]++
		}
		if !slices.Equal(counts, tc.counts) {
			t.Errorf("%s: counts %v, want %v", tc.name, counts, tc.counts)
		}
		if firstDiff(seq[:len(tc.prefix)], tc.prefix) >= 0 {
			t.Errorf("%s: starts %v, want %v", tc.name, seq[:len(tc.prefix)], tc.prefix)
		}
	}
}

func TestCarouselLargeCountsAndDeterminism(t *testing.T) {
	r := rand.New(rand.NewPCG(17, 19))
	const n, slots = 5000, 200000
	rates := carouselInstance(r, 1, n)
	a, err := Carousel(rates, slots)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := Carousel(slices.Clone(rates), slots)
	if i := firstDiff(a, b); i >= 0 {
		t.Errorf("two runs differ at slot %d", i+1)
	}
	rho := normalise(rates)
	counts := make([]float64, n)
	for _, k := range a {
		counts[k]++
	}
	// The guarantee at t = T: N_{k,T} ∈ {⌊Tρ_k⌋, ⌈Tρ_k⌉} (slack as above).
	for k := range rates {
		x := slots * rho[k]
		if counts[k] < math.Floor(x-carouselSlack) || counts[k] > math.Ceil(x+carouselSlack) {
			t.Errorf("page %d: %v crawls, Tρ_k = %v", k, counts[k], x)
		}
	}
	if w := carouselWorst(rho, a); w > 1+carouselSlack {
		t.Errorf("max |tρ_k − N_{k,t}| = %.17g > 1", w)
	}
}

func TestCarouselRejectsBadInput(t *testing.T) {
	tests := []struct {
		name  string
		rates []float64
		slots int
	}{
		{"negative rate", []float64{1, -1}, 5},
		{"NaN rate", []float64{math.NaN()}, 5},
		{"infinite rate", []float64{1, math.Inf(1)}, 5},
		{"negative slots", []float64{1}, -1},
		{"too many slots", []float64{1}, MaxCarouselSlots + 1},
		{"all zero", []float64{0, 0}, 5},
		{"no pages", nil, 5},
	}
	for _, tc := range tests {
		if seq, err := Carousel(tc.rates, tc.slots); err == nil {
			t.Errorf("%s: no error, got %d slots", tc.name, len(seq))
		}
	}
	for _, rates := range [][]float64{nil, {0}, {1, 2}} {
		if seq, err := Carousel(rates, 0); err != nil || len(seq) != 0 {
			t.Errorf("Carousel(%v, 0) = %v, %v; want empty, nil", rates, seq, err)
		}
	}
}

func TestCarouselExtremeRates(t *testing.T) {
	// Rates whose normalised value underflows, and the largest floats:
	// no panic, only positive-rate pages, the dominant page nearly always.
	rates := []float64{math.MaxFloat64, math.SmallestNonzeroFloat64, 0, math.MaxFloat64 / 3}
	seq, err := Carousel(rates, 100)
	if err != nil {
		t.Fatal(err)
	}
	counts := make([]int, len(rates))
	for _, k := range seq {
		counts[k]++
	}
	if counts[2] != 0 || counts[0] != 75 || counts[3] != 25 {
		t.Errorf("counts %v, want [75 0 0 25]", counts)
	}
}

// BenchmarkCarousel1Mx10M is the size of seed 000's experiment: 1M pages
// and about 10M crawls (8.64M a day there).
func BenchmarkCarousel1Mx10M(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 1))
	rates := make([]float64, 1<<20)
	for k := range rates {
		rates[k] = 0.01 + 0.99*r.Float64() // seed 000: λ uniform in [0.01, 1]
	}
	b.ResetTimer()
	for b.Loop() {
		if _, err := Carousel(rates, 10_000_000); err != nil {
			b.Fatal(err)
		}
	}
}

// referenceInstance draws n rates for TestCarouselMatchesReference, in
// shapes chosen to reach every branch: ties, zeros, ρ_k that underflow or
// are due after the deadline cap, and exact tρ_k where rounding decides.
func referenceInstance(r *rand.Rand, shape, n int) []float64 {
	rates := make([]float64, n)
	for k := range rates {
		switch shape {
		case 0: // uniform
			rates[k] = r.Float64()
		case 1: // log-uniform over twelve decades
			rates[k] = math.Pow(10, -12*r.Float64())
		case 2: // few distinct values: many exactly equal deadlines
			rates[k] = float64(1 + r.IntN(3))
		case 3: // all equal
			rates[k] = 1
		case 4: // powers of two, see below
			rates[k] = math.Ldexp(1, -r.IntN(8))
		case 5: // heavy-tailed (Pareto, α = 1/2)
			rates[k] = math.Pow(1-r.Float64(), -2)
		}
		switch r.IntN(16) {
		case 0:
			rates[k] = 0
		case 1:
			if shape != 4 {
				// ρ_k ≈ 1e-300 is due after the cap; smaller ones may
				// underflow to 0.
				rates[k] = []float64{1e-300, 1e-310, math.SmallestNonzeroFloat64}[r.IntN(3)]
			}
		}
	}
	rates[r.IntN(n)] = 1 // at least one positive rate
	if shape == 4 {
		// Pad with powers of two to a power-of-two sum: every ρ_k is then
		// exact and tρ_k an integer at every multiple of 1/ρ_k.
		sum := 0.0
		for _, x := range rates {
			sum += x
		}
		pad := math.Ldexp(1, math.Ilogb(sum)+1) - sum
		for b := math.Ldexp(1, -7); pad > 0; b *= 2 {
			if math.Mod(pad, 2*b) != 0 {
				rates = append(rates, b)
				pad -= b
			}
		}
	}
	return rates
}

func TestCarouselMatchesReference(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 43))
	check := func(name string, rates []float64, slots int) {
		t.Helper()
		got, err := Carousel(rates, slots)
		want, wantErr := refCarousel(rates, slots)
		if (err == nil) != (wantErr == nil) {
			t.Fatalf("%s: error %v, reference %v", name, err, wantErr)
		}
		if i := firstDiff(got, want); i >= 0 {
			t.Fatalf("%s (n=%d, T=%d): slot %d: page %d, reference %d", name, len(rates), slots, i+1, got[i], want[i])
		}
	}
	for trial := range 3000 {
		shape, n := trial%6, 1+r.IntN(300)
		slots := r.IntN(5001)
		check(fmt.Sprintf("trial %d, shape %d", trial, shape), referenceInstance(r, shape, n), slots)
	}
	for shape := range 6 {
		check(fmt.Sprintf("large, shape %d", shape), referenceInstance(r, shape, 20000), 200000)
	}
}

// TestCarouselMatchesReferenceUnnormalised drives both implementations
// with ρ as given rather than normalised. With Σρ_k < 1 no page is released
// in some slots, which rounding alone causes too rarely to test the pages
// released early, beyond the last slot, or due after the deadline calendar;
// with Σρ_k > 1 deadlines are missed.
func TestCarouselMatchesReferenceUnnormalised(t *testing.T) {
	r := rand.New(rand.NewPCG(47, 53))
	for trial := range 1500 {
		n := 1 + r.IntN(100)
		slots := 1 + r.IntN(3000)
		if trial%10 == 0 {
			slots *= 10 // several calendar windows
		}
		rho := referenceInstance(r, trial%6, n)
		scale := []float64{0.01, 0.3, 0.9, 1, 1.7}[r.IntN(5)] / slices.Max(rho)
		if trial%3 == 0 {
			scale /= float64(len(rho)) // Σρ_k up to 1
		}
		for k := range rho {
			rho[k] *= scale
		}
		got, want := carouselOnRho(rho, slots), refCarouselOnRho(rho, slots)
		if i := firstDiff(got, want); i >= 0 {
			t.Fatalf("trial %d (n=%d, T=%d): slot %d: page %d, reference %d", trial, len(rho), slots, i+1, got[i], want[i])
		}
	}
}

// carouselOnRho is Carousel without the normalisation.
func carouselOnRho(rho []float64, slots int) []int32 {
	c := newCarousel(len(rho), slots)
	for k, x := range rho {
		c.add(carouselPage{rho: x, k: int32(k)})
	}
	out := make([]int32, slots)
	c.run(slots, func(t int, k int32) bool { out[t] = k; return true })
	return out
}

// refCarouselOnRho is refCarousel without the normalisation.
func refCarouselOnRho(rho []float64, slots int) []int {
	c := &refCarouselState{pages: make([]refCarouselPage, len(rho)), head: make([]int32, slots+2)}
	for k, x := range rho {
		c.pages[k].rho = x
		c.ready = append(c.ready, refCarouselKey(math.Ceil(1/x), int32(k)))
	}
	c.ready.heapify()
	out := make([]int, slots)
	for t := 1; t <= slots; t++ {
		out[t-1] = c.step(t)
	}
	return out
}

// TestCarouselEachTicked: with a tick, the same slots as without, and the
// tick called while the calendars are made, before the first slot — at
// least once every carouselTickEvery pages moved.
func TestCarouselEachTicked(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 8))
	n := 3 * carouselTickEvery
	rates := make([]float64, n)
	for i := range rates {
		rates[i] = 0.01 + rng.ExpFloat64()
	}
	const slots = 50_000
	want, err := Carousel(rates, slots)
	if err != nil {
		t.Fatal(err)
	}
	ticks, ticksAtFirst := 0, -1
	var got []int32
	err = CarouselEachTicked(rates, slots, func() { ticks++ }, func(k int, page int32) bool {
		if k == 0 {
			ticksAtFirst = ticks
		}
		got = append(got, page)
		return true
	})
	if err != nil || !slices.Equal(got, want) {
		t.Fatalf("ticked: %v, the slots differ from Carousel's", err)
	}
	if ticksAtFirst < n/carouselTickEvery {
		t.Errorf("%d ticks before the first slot, want at least %d", ticksAtFirst, n/carouselTickEvery)
	}
}
