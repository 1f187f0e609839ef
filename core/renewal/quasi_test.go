package renewal

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/freshplan/freshplan/core/staleness"
)

var models = []staleness.Model{staleness.Horizon, staleness.Steady}

// randomQuasi returns a page with q potential updates in [0, T), some
// certain (probability 1) and some impossible (0).
func randomQuasi(rng *rand.Rand, q int, T float64) Quasi {
	p := Quasi{Times: make([]float64, q), Probs: make([]float64, q), Initial: rng.Float64()}
	for j := range q {
		p.Times[j] = T * rng.Float64()
		switch rng.IntN(6) {
		case 0:
			p.Probs[j] = 1
		case 1:
			p.Probs[j] = 0
		default:
			p.Probs[j] = rng.Float64()
		}
	}
	slices.Sort(p.Times)
	if q > 0 && rng.IntN(3) == 0 {
		p.Times[0] = 0 // a potential update at the very start
	}
	if rng.IntN(3) == 0 {
		p.Initial = 0
	}
	return p
}

// bruteStale returns the expected stale fraction of [0, T) by enumerating
// every outcome of the potential updates, independently of eqs. 17–18:
// within a horizon the update at u_j comes first, then a fetch at
// position j. Under the steady model the previous horizon is enumerated
// too (its outcomes after its last fetch decide the state at 0).
func bruteStale(q Quasi, m staleness.Model, T float64, fetch []bool) float64 {
	n := len(q.Times)
	lens, _ := q.pieces(m, T)
	any := slices.Contains(fetch, true)
	if m == staleness.Steady && !any {
		if q.mayChange() {
			return 1
		}
		return 0
	}
	// events: per horizon, bit j says whether update j+1 occurs; under the
	// horizon model one more bit says whether the copy is stale at 0.
	bits := n + 1
	if m == staleness.Steady {
		bits = 2 * n
	}
	var total float64
	for mask := 0; mask < 1<<bits; mask++ {
		prob := 1.0
		occurs := func(b int, p float64) bool {
			if mask>>b&1 == 1 {
				prob *= p
				return true
			}
			prob *= 1 - p
			return false
		}
		stale := false
		if m == staleness.Horizon {
			stale = occurs(n, q.Initial)
		} else { // play the previous horizon (it has a fetch) to set the state at 0
			for j := 0; j <= n; j++ {
				if j > 0 && occurs(n+j-1, q.Probs[j-1]) {
					stale = true
				}
				if fetch[j] {
					stale = false
				}
			}
		}
		var time float64
		for j := 0; j <= n; j++ {
			if j > 0 && occurs(j-1, q.Probs[j-1]) {
				stale = true
			}
			if fetch[j] {
				stale = false
			}
			if stale {
				time += lens[j]
			}
		}
		total += prob * time
	}
	return total / T
}

// fetchSet returns the fetch positions of a bit mask over Q + 1 positions.
func fetchSet(mask, n int) []bool {
	y := make([]bool, n)
	for j := range y {
		y[j] = mask>>j&1 == 1
	}
	return y
}

// Eqs. 17–18 equal the enumeration of every outcome, for every fetch set
// of pages with up to 5 potential updates (tolerance 1e-14: both sum at
// most 2^10 terms of size ≤ 1).
func TestQuasiStalenessBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	const T = 10.0
	for trial := range 60 {
		q := randomQuasi(rng, trial%6, T)
		n := len(q.Times) + 1
		for _, m := range models {
			for mask := 0; mask < 1<<n; mask++ {
				y := fetchSet(mask, n)
				got, err := q.Staleness(m, T, y)
				if err != nil {
					t.Fatal(err)
				}
				if want := bruteStale(q, m, T, y); math.Abs(got-want) > 1e-14 {
					t.Errorf("trial %d %v %+v fetch %v: eq. 18 gives %v, enumeration %v", trial, m, q, y, got, want)
				}
			}
		}
	}
}

// The greedy is the paper's: each step's staleness is Staleness of the
// positions taken so far, each step takes a position whose decrease is
// the largest (to 1e-13, rounding), A is convex (second differences
// ≥ −1e-13: the gains are non-increasing by submodularity, up to
// rounding), and it ends at exactly 0.
func TestQuasiGreedyIsThePapers(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	const T = 5.0
	for trial := range 200 {
		q := randomQuasi(rng, rng.IntN(12), T)
		n := len(q.Times) + 1
		for _, m := range models {
			plan, err := q.Greedy(m, T)
			if err != nil {
				t.Fatal(err)
			}
			if len(plan.Order) != n || len(plan.Stale) != n+1 {
				t.Fatalf("trial %d: %d positions, %d costs for %d positions", trial, len(plan.Order), len(plan.Stale), n)
			}
			y := make([]bool, n)
			for x := 0; x <= n; x++ {
				got, _ := q.Staleness(m, T, y)
				if math.Abs(plan.Stale[x]-got) > 1e-13 {
					t.Errorf("trial %d %v x=%d: greedy's A %v, Staleness %v", trial, m, x, plan.Stale[x], got)
				}
				if x == n {
					break
				}
				best := math.Inf(1)
				for j := range y {
					if !y[j] {
						y[j] = true
						s, _ := q.Staleness(m, T, y)
						best = math.Min(best, s)
						y[j] = false
					}
				}
				y[plan.Order[x]] = true
				took, _ := q.Staleness(m, T, y)
				if took > best+1e-13 {
					t.Errorf("trial %d %v step %d: took position %d for %v, the best gives %v", trial, m, x+1, plan.Order[x], took, best)
				}
				if x >= 1 {
					if d2 := plan.Stale[x+1] - 2*plan.Stale[x] + plan.Stale[x-1]; d2 < -1e-13 {
						t.Errorf("trial %d %v: A not convex at %d: second difference %v", trial, m, x, d2)
					}
				}
			}
			if plan.Stale[n] != 0 {
				t.Errorf("trial %d %v: every position fetched leaves %v, want exactly 0", trial, m, plan.Stale[n])
			}
		}
	}
}

// Staleness is exactly 0 once every potential update that can happen is
// followed by a fetch (and, under the horizon model, time 0 is fetched
// when the copy may be stale then); the greedy reaches 0 at that count
// (it takes positive gains before zero ones).
func TestQuasiReachesZero(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	const T = 3.0
	for trial := range 100 {
		q := randomQuasi(rng, 1+rng.IntN(30), T)
		for _, m := range models {
			n := len(q.Times) + 1
			y := make([]bool, n)
			need := 0
			// A fetch just after a possible update at time 0 also
			// refreshes a copy stale at 0.
			coveredAt0 := q.Times[0] == 0 && q.Probs[0] > 0
			if m == staleness.Horizon && q.Initial > 0 && !coveredAt0 {
				y[0] = true
				need++
			}
			for j, p := range q.Probs {
				if p > 0 {
					y[j+1] = true
					need++
				}
			}
			s, _ := q.Staleness(m, T, y)
			if s != 0 {
				t.Errorf("trial %d %v: %v with every possible update fetched, want exactly 0", trial, m, s)
			}
			plan, _ := q.Greedy(m, T)
			if plan.Stale[need] != 0 || (need > 0 && plan.Stale[need-1] == 0) {
				t.Errorf("trial %d %v: A reaches 0 at %v, want at %d fetches", trial, m, plan.Stale, need)
			}
			if plan.Cost(n+5) != 0 || plan.Cost(-1) != plan.Stale[0] {
				t.Errorf("trial %d %v: Cost outside 0…Q+1 is %v, %v", trial, m, plan.Cost(n+5), plan.Cost(-1))
			}
		}
	}
}

// The greedy is not always optimal (seed 003 §2.3.3), but its freshness
// is at least 1 − 1/e of the best x fetches' (submodularity, [18]);
// checked against all subsets on pages with up to 9 potential updates.
func TestQuasiGreedyVersusOptimum(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	const T = 1.0
	worst, optimal, cases := 1.0, 0, 0
	for trial := range 150 {
		q := randomQuasi(rng, 2+rng.IntN(8), T)
		n := len(q.Times) + 1
		for _, m := range models {
			plan, _ := q.Greedy(m, T)
			best := make([]float64, n+1)
			for i := range best {
				best[i] = math.Inf(1)
			}
			for mask := 0; mask < 1<<n; mask++ {
				s, _ := q.Staleness(m, T, fetchSet(mask, n))
				k := popcount(mask)
				best[k] = math.Min(best[k], s)
			}
			for x := 1; x <= n; x++ {
				cases++
				if plan.Stale[x] <= best[x]+1e-13 {
					optimal++
				}
				// freshness 1 − A relative to the best achievable above A(0)
				gain, bestGain := plan.Stale[0]-plan.Stale[x], plan.Stale[0]-best[x]
				if bestGain > 1e-12 {
					worst = math.Min(worst, gain/bestGain)
				}
				if (1 - plan.Stale[x]) < (1-1/math.E)*(1-best[x])-1e-13 {
					t.Errorf("trial %d %v x=%d: greedy freshness %v below (1 − 1/e) of the best %v", trial, m, x, 1-plan.Stale[x], 1-best[x])
				}
			}
		}
	}
	t.Logf("greedy optimal in %d of %d cases; worst share of the best possible reduction %.3f", optimal, cases, worst)
}

func popcount(v int) int {
	c := 0
	for ; v > 0; v &= v - 1 {
		c++
	}
	return c
}

// A page with 100 000 potential updates plans in a fraction of a second:
// each step recomputes only the gap it splits.
func TestQuasiGreedyLarge(t *testing.T) {
	rng := rand.New(rand.NewPCG(19, 20))
	q := randomQuasi(rng, 100000, 1)
	for _, m := range models {
		plan, err := q.Greedy(m, 1)
		if err != nil {
			t.Fatal(err)
		}
		for x := 2; x < len(plan.Stale); x++ {
			if d2 := plan.Stale[x] - 2*plan.Stale[x-1] + plan.Stale[x-2]; d2 < -1e-12 {
				t.Fatalf("%v: A not convex at %d: second difference %v", m, x-1, d2)
			}
		}
	}
}

func TestQuasiRejects(t *testing.T) {
	good := Quasi{Times: []float64{0.2, 0.5}, Probs: []float64{0.5, 1}}
	cases := map[string]struct {
		q Quasi
		T float64
	}{
		"lengths":     {Quasi{Times: []float64{0.2}, Probs: []float64{0.5, 1}}, 1},
		"unsorted":    {Quasi{Times: []float64{0.5, 0.2}, Probs: []float64{0.5, 1}}, 1},
		"duplicate":   {Quasi{Times: []float64{0.5, 0.5}, Probs: []float64{0.5, 1}}, 1},
		"at T":        {Quasi{Times: []float64{0.5, 1}, Probs: []float64{0.5, 1}}, 1},
		"negative":    {Quasi{Times: []float64{-0.1}, Probs: []float64{0.5}}, 1},
		"NaN time":    {Quasi{Times: []float64{math.NaN()}, Probs: []float64{0.5}}, 1},
		"probability": {Quasi{Times: []float64{0.5}, Probs: []float64{1.5}}, 1},
		"NaN prob":    {Quasi{Times: []float64{0.5}, Probs: []float64{math.NaN()}}, 1},
		"initial":     {Quasi{Initial: -0.1}, 1},
		"horizon":     {good, 0},
		"inf horizon": {good, math.Inf(1)},
	}
	for name, c := range cases {
		if _, err := c.q.Greedy(staleness.Horizon, c.T); err == nil {
			t.Errorf("%s: Greedy accepted %+v, T=%v", name, c.q, c.T)
		}
		if _, err := c.q.Staleness(staleness.Steady, c.T, make([]bool, len(c.q.Times)+1)); err == nil {
			t.Errorf("%s: Staleness accepted %+v, T=%v", name, c.q, c.T)
		}
	}
	if _, err := good.Staleness(staleness.Horizon, 1, make([]bool, 2)); err == nil {
		t.Error("Staleness accepted 2 fetch positions for 2 potential updates")
	}
	if _, err := good.Greedy(staleness.Model(7), 1); err == nil {
		t.Error("Greedy accepted an unknown model")
	}
}

// Times lists the fetches in time order; a zero plan's cost is NaN.
func TestQuasiPlanTimes(t *testing.T) {
	q := Quasi{Times: []float64{0.2, 0.5, 0.7}, Probs: []float64{0.9, 0.1, 0.8}, Initial: 0.5}
	plan, err := q.Greedy(staleness.Horizon, 1)
	if err != nil {
		t.Fatal(err)
	}
	all := plan.Times(10)
	if !slices.Equal(all, []float64{0, 0.2, 0.5, 0.7}) {
		t.Errorf("Times(10) = %v", all)
	}
	if got := plan.Times(-1); len(got) != 0 {
		t.Errorf("Times(−1) = %v", got)
	}
	if v := (QuasiPlan{}).Cost(1); !math.IsNaN(v) {
		t.Errorf("zero plan's cost is %v, want NaN", v)
	}
}
