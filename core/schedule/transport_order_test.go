package schedule

import (
	"cmp"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// randomTransport returns a programme of n visits, one page each, at ideal
// times in [0, T): a share of them in a burst (so that slots run short
// there, as they do at T/2 in an mwolf programme, where every page visited
// once is due), the others spread evenly.
func randomTransport(rng *rand.Rand, n int, T, burst float64) *Programme {
	p := &Programme{Start: []int{0, n}, Pages: make([]int32, n), Times: make([]float64, n)}
	for j := range n {
		p.Pages[j] = int32(j)
		if rng.Float64() < burst {
			p.Times[j] = T * (0.3 + 0.05*rng.Float64())
			if rng.IntN(2) == 0 {
				p.Times[j] = T / 2 // ties
			}
		} else {
			p.Times[j] = T * rng.Float64()
		}
	}
	return p
}

// orderedCost returns the least total deviation of an order-preserving
// assignment: the visits sorted by ideal time take slots in time order,
// skipping some (a dynamic programme over the slots skipped,
// O(n·(CK − n))). Without release times it is the optimum: |s − t| is a
// convex function of s − t, so the costs form a Monge array and
// uncrossing two visits never costs more.
func orderedCost(ideal []float64, C, K int, rate float64) float64 {
	t := slices.Sorted(slices.Values(ideal))
	slack := C*K - len(t)
	// best[s]: least cost of the visits so far having skipped s slots.
	best := make([]float64, slack+1)
	for s := 1; s <= slack; s++ {
		best[s] = math.Inf(1)
	}
	for i, ti := range t {
		run := math.Inf(1) // least cost so far having skipped at most s slots
		for s := 0; s <= slack; s++ {
			run = min(run, best[s])
			best[s] = run + math.Abs(float64((i+s)/C)/rate-ti)
		}
	}
	return slices.Min(best)
}

// hungarian returns the least cost of assigning every row to its own
// column of c (rows ≤ columns; +Inf forbids), by the dense O(n²m)
// Hungarian method: an implementation independent of Transport's.
func hungarian(c [][]float64) float64 {
	n, m := len(c), len(c[0])
	u, v := make([]float64, n+1), make([]float64, m+1)
	row := make([]int, m+1) // row of each column, 1-based, 0 free
	way := make([]int, m+1)
	for i := 1; i <= n; i++ {
		row[0] = i
		j0 := 0
		minv := make([]float64, m+1)
		used := make([]bool, m+1)
		for j := range minv {
			minv[j] = math.Inf(1)
		}
		for row[j0] != 0 {
			used[j0] = true
			i0, delta, j1 := row[j0], math.Inf(1), 0
			for j := 1; j <= m; j++ {
				if used[j] {
					continue
				}
				if cur := c[i0-1][j-1] - u[i0] - v[j]; cur < minv[j] {
					minv[j], way[j] = cur, j0
				}
				if minv[j] < delta {
					delta, j1 = minv[j], j
				}
			}
			for j := 0; j <= m; j++ {
				if used[j] {
					u[row[j]] += delta
					v[j] -= delta
				} else {
					minv[j] -= delta
				}
			}
			j0 = j1
		}
		for j0 != 0 {
			j1 := way[j0]
			row[j0] = row[j1]
			j0 = j1
		}
	}
	var total float64
	for j := 1; j <= m; j++ {
		if row[j] != 0 {
			total += c[row[j]-1][j-1]
		}
	}
	return total
}

// TestTransportMatchesHungarian: on instances of 150 visits, a third with
// release times, Transport's total deviation equals the dense Hungarian
// method's over the full cost matrix to 1e-9 relative (sums of 150 terms),
// half the time keeping one tick on either side of each visit at first.
func TestTransportMatchesHungarian(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 1))
	for trial := range 8 {
		const n, C, K, rate = 150, 2, 90, 0.1
		T := K / rate
		p := randomTransport(rng, n, T, 0.25)
		release := make([]float64, n)
		for j := range release {
			release[j] = math.Inf(-1)
			if j%3 == 0 {
				release[j] = p.Times[j] * 0.7
			}
		}
		c := make([][]float64, n)
		for j := range c {
			c[j] = make([]float64, C*K)
			for u := range c[j] {
				tm := float64(u/C) / rate
				c[j][u] = math.Inf(1)
				if tm >= release[j]-tolerance {
					c[j][u] = math.Abs(tm - p.Times[j])
				}
			}
		}
		want := hungarian(c)
		_, got, err := transportFrom(p, release, Fleet{Crawlers: C, Rate: rate}, T, int32(1+trial%2*firstRadius), true)
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		if math.Abs(got-want) > 1e-9*want {
			t.Errorf("trial %d: deviation %.12g, Hungarian %.12g", trial, got, want)
		}
	}
}

// TestTransportOrderPreserving: without release times, 3,000 visits on 3
// crawlers, a quarter of them in a burst: by the ordered dynamic programme
// and by the network, the total deviation is the least order-preserving
// one, computed independently, and the visits are made in order of ideal
// time.
func TestTransportOrderPreserving(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	const n, C, K, rate = 3000, 3, 1100, 0.5
	T := K / rate
	p := randomTransport(rng, n, T, 0.25)
	want := orderedCost(p.Times, C, K, rate)
	byIdeal := make([]int, n)
	for j := range byIdeal {
		byIdeal[j] = j
	}
	slices.SortFunc(byIdeal, func(a, b int) int { return cmp.Compare(p.Times[a], p.Times[b]) })
	for _, ordered := range []bool{true, false} {
		visits, got, err := transportFrom(p, nil, Fleet{Crawlers: C, Rate: rate}, T, firstRadius, ordered)
		if err != nil {
			t.Fatal(err)
		}
		if math.Abs(got-want) > 1e-9*want {
			t.Errorf("ordered %v: deviation %.12g, best order-preserving %.12g", ordered, got, want)
		}
		for r := 1; r < n; r++ {
			a, b := byIdeal[r-1], byIdeal[r]
			if p.Times[a] < p.Times[b] && visits[a].Time > visits[b].Time {
				t.Errorf("ordered %v: ideal %v before %v but made at %v after %v", ordered, p.Times[a], p.Times[b], visits[a].Time, visits[b].Time)
			}
		}
	}
}

// TestTransportFewVisitsManyTicks: when the crawlers have far more ticks
// than there are visits, Transport keeps only the ticks near the visits,
// more until the potentials prove the rest useless; half of the
// visits at T/2 need ticks well beyond the first radius. The total
// deviation still equals the order-preserving optimum (no release times)
// and the dense Hungarian method's (a third released at their ideal time).
func TestTransportFewVisitsManyTicks(t *testing.T) {
	rng := rand.New(rand.NewPCG(2, 7))
	{
		const n, C, K, rate = 300, 1, 20000, 1.0
		p := randomTransport(rng, n, K/rate, 1)
		want := orderedCost(p.Times, C, K, rate)
		for _, ordered := range []bool{true, false} {
			_, got, err := transportFrom(p, nil, Fleet{Crawlers: C, Rate: rate}, K/rate, firstRadius, ordered)
			if err != nil || math.Abs(got-want) > 1e-9*want {
				t.Errorf("no release, ordered %v: deviation %.12g, %v; best order-preserving %.12g", ordered, got, err, want)
			}
		}
	}
	const n, C, K, rate = 150, 1, 2000, 1.0
	p := randomTransport(rng, n, K/rate, 1)
	release := make([]float64, n)
	c := make([][]float64, n)
	for j := range c {
		release[j] = math.Inf(-1)
		if j%3 == 0 {
			release[j] = p.Times[j]
		}
		c[j] = make([]float64, K)
		for k := range c[j] {
			c[j][k] = math.Inf(1)
			if tm := float64(k) / rate; tm >= release[j]-tolerance {
				c[j][k] = math.Abs(tm - p.Times[j])
			}
		}
	}
	_, got, err := transportAll(p, release, Fleet{Crawlers: C, Rate: rate}, K/rate)
	if want := hungarian(c); err != nil || math.Abs(got-want) > 1e-9*want {
		t.Errorf("with release times: deviation %.12g, %v; Hungarian %.12g", got, err, want)
	}
}

// TestTransportKeepsMoreTicks: clusters of visits with distinct ideal
// times, more than the ticks first kept around them can take, far apart:
// keeping one tick on either side of each visit at first, the kept ticks
// fit every visit only by sending some to another cluster, and the
// potentials must show that the ticks left out next to the cluster are
// cheaper. The total deviation equals the dense Hungarian method's, with
// and without release times.
func TestTransportKeepsMoreTicks(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 6))
	const K, rate = 400, 1.0
	for trial := range 40 {
		C := 1 + rng.IntN(2)
		var ideal []float64
		for range 2 + rng.IntN(3) {
			at := float64(rng.IntN(K))
			for range 1 + rng.IntN(12) {
				ideal = append(ideal, min(at+6*rng.Float64(), K-1))
			}
		}
		n := len(ideal)
		p := &Programme{Start: []int{0, n}, Pages: make([]int32, n), Times: ideal}
		var release []float64
		if trial%2 == 1 {
			release = make([]float64, n)
			for j := range release {
				release[j] = math.Inf(-1)
				if rng.IntN(3) == 0 {
					release[j] = ideal[j]
				}
			}
		}
		c := make([][]float64, n)
		for j := range c {
			p.Pages[j] = int32(j)
			c[j] = make([]float64, C*K)
			for u := range c[j] {
				tm := float64(u/C) / rate
				c[j][u] = math.Inf(1)
				if release == nil || tm >= release[j]-tolerance {
					c[j][u] = math.Abs(tm - ideal[j])
				}
			}
		}
		_, got, err := transportFrom(p, release, Fleet{Crawlers: C, Rate: rate}, K/rate, 1, trial%4 < 2)
		if err != nil {
			if want := hungarian(c); !math.IsInf(want, 1) {
				t.Errorf("trial %d: %v", trial, err)
			}
			continue
		}
		if want := hungarian(c); math.Abs(got-want) > 1e-9*want {
			t.Errorf("trial %d: deviation %.12g, Hungarian %.12g", trial, got, want)
		}
	}
}
