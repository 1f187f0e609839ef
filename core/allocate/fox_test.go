package allocate

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/freshplan/freshplan/core/staleness"
)

// foxRandomConvex returns a convex function on 0…top: F(0) random, then
// first differences sorted ascending, some negative, some positive.
func foxRandomConvex(rng *rand.Rand, top int) func(int) float64 {
	d := make([]float64, top)
	for k := range d {
		d[k] = rng.NormFloat64()
	}
	slices.Sort(d)
	f := make([]float64, top+1)
	f[0] = 10 * rng.Float64()
	for k := range d {
		f[k+1] = f[k] + d[k]
	}
	return func(x int) float64 { return f[x] }
}

// foxBrute returns the least Σ w_i F_i(x_i) over every allocation within
// the bounds with Σ x_i = R (or ≤ R when atMost), and one allocation
// reaching it.
func foxBrute(p FoxProblem) (float64, []int) {
	n := len(p.Costs)
	best, bestX := math.Inf(1), []int(nil)
	x := make([]int, n)
	var walk func(i, left int)
	walk = func(i, left int) {
		if i == n {
			if left != 0 && !p.AtMost {
				return
			}
			var v float64
			for j := range n {
				c, _ := p.cost(j, x[j])
				v += c
			}
			if v < best {
				best, bestX = v, slices.Clone(x)
			}
			return
		}
		for k := p.lower(i); k <= min(p.upper(i), left); k++ {
			x[i] = k
			walk(i+1, left-k)
		}
	}
	walk(0, p.Budget)
	return best, bestX
}

func foxObjective(p FoxProblem, x []int) float64 {
	var v float64
	for i := range x {
		c, _ := p.cost(i, x[i])
		v += c
	}
	return v
}

// Fox's greedy is exact for convex costs: on 3 000 random instances of up
// to 4 pages and 9 visits it reaches the brute-force optimum to 1e-12
// (sums of ≤ 4 terms of size ~10), and, when no weight is 0 (zero-weight
// pages make every split of their visits optimal), the same allocation.
func TestFoxIsOptimalByBruteForce(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for trial := range 3000 {
		n := 1 + rng.IntN(4)
		p := FoxProblem{Budget: rng.IntN(10), AtMost: trial%2 == 1}
		ties := false
		for range n {
			p.Costs = append(p.Costs, foxRandomConvex(rng, p.Budget+1))
			if trial%3 > 0 {
				w := rng.Float64() * 3
				if rng.IntN(8) == 0 {
					w, ties = 0, true
				}
				p.Weights = append(p.Weights, w)
			}
			if trial%5 == 0 {
				lo := rng.IntN(3)
				p.Min = append(p.Min, lo)
				p.Max = append(p.Max, lo+rng.IntN(4))
			}
		}
		want, wantX := foxBrute(p)
		got, err := Fox(p)
		if wantX == nil {
			if err == nil {
				t.Errorf("trial %d: Fox found %v where no allocation is feasible", trial, got)
			}
			continue
		}
		if err != nil {
			t.Fatalf("trial %d: %v (brute force found %v)", trial, err, wantX)
		}
		sum := 0
		for i, v := range got {
			sum += v
			if v < p.lower(i) || v > p.upper(i) {
				t.Errorf("trial %d: page %d gets %d visits, outside its bounds", trial, i, v)
			}
		}
		if sum > p.Budget || !p.AtMost && sum != p.Budget {
			t.Errorf("trial %d: %d visits for a budget of %d (at most: %v)", trial, sum, p.Budget, p.AtMost)
		}
		if v := foxObjective(p, got); math.Abs(v-want) > 1e-12 {
			t.Errorf("trial %d: Fox %v costs %v, brute force %v costs %v", trial, got, v, wantX, want)
		} else if !ties && !slices.Equal(got, wantX) {
			t.Errorf("trial %d: Fox %v, brute force %v at the same cost %v", trial, got, wantX, want)
		}
	}
}

// foxPoisson returns an uncapped problem S instance: rates spanning three
// decades per hour, weights in [0.1, 1.1), some pages never changing.
func foxPoisson(rng *rand.Rand, n int, model staleness.Model, obj staleness.Objective) Problem {
	const day = 86400.0
	p := Problem{Rates: make([]float64, n), Weights: make([]float64, n), Horizon: day, Model: model, Objective: obj,
		Budget: 1 + rng.IntN(4*n)}
	for i := range n {
		p.Rates[i] = math.Pow(10, -3*rng.Float64()) / 3600
		if rng.IntN(20) == 0 {
			p.Rates[i] = 0
		}
		p.Weights[i] = 0.1 + rng.Float64()
	}
	return p
}

// foxOf returns problem S without host caps as a FoxProblem whose costs
// are core/staleness.Equal, with AtMost as GREEDY makes no useless visit.
func foxOf(p Problem) FoxProblem {
	n := len(p.Rates)
	f := FoxProblem{Weights: p.Weights, Budget: p.Budget, AtMost: true}
	for i := range n {
		rate := p.Rates[i]
		f.Costs = append(f.Costs, func(x int) float64 {
			return staleness.Equal(p.Model, p.Objective, rate, p.Horizon, float64(x))
		})
		if p.MinVisits > 0 || p.MaxVisits > 0 {
			f.Min = append(f.Min, p.MinVisits)
			hi := p.Budget
			if p.MaxVisits > 0 {
				hi = p.MaxVisits
			}
			f.Max = append(f.Max, hi)
		}
	}
	return f
}

// On Poisson pages without host caps Fox is seed 000's GREEDY: the same
// allocation as HeapGreedy (same gains, same tie rule), and the same
// objective as Greedy (to 1e-12 relative: equal gains may trade visits).
// Both models and both objectives, including the steady age objective's
// infinite cost at 0 visits.
func TestFoxMatchesGreedy(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	for trial := range 200 {
		model := staleness.Model(trial % 2)
		obj := staleness.Objective((trial / 2) % 2)
		p := foxPoisson(rng, 1+rng.IntN(200), model, obj)
		if trial%5 == 2 {
			p.MinVisits = rng.IntN(2)
			p.MaxVisits = p.MinVisits + 1 + rng.IntN(5)
		}
		if p.Validate() != nil {
			continue
		}
		want, err := HeapGreedy(p)
		if err != nil {
			t.Fatal(err)
		}
		got, err := Fox(foxOf(p))
		if err != nil {
			t.Fatalf("trial %d: %v", trial, err)
		}
		if !slices.Equal(got, want) {
			t.Errorf("trial %d (%v, %v, n=%d, R=%d): Fox and HeapGreedy differ", trial, model, obj, len(p.Rates), p.Budget)
			continue
		}
		fast, err := Greedy(p)
		if err != nil {
			t.Fatal(err)
		}
		if a, b := p.Cost(got), p.Cost(fast); math.Abs(a-b) > 1e-12*math.Abs(b) {
			t.Errorf("trial %d: Fox costs %v, Greedy %v", trial, a, b)
		}
	}
}

// With the budget to be spent exactly (seed 003 eq. 20), visits that gain
// nothing still go out, to the lowest pages first.
func TestFoxSpendsTheBudget(t *testing.T) {
	flat := func(int) float64 { return 1 }
	x, err := Fox(FoxProblem{Costs: []func(int) float64{flat, flat}, Budget: 5, Max: []int{2, 10}})
	if err != nil || !slices.Equal(x, []int{2, 3}) {
		t.Errorf("Fox = %v, %v; want [2 3]", x, err)
	}
	x, err = Fox(FoxProblem{Costs: []func(int) float64{flat, flat}, Budget: 5, AtMost: true})
	if err != nil || !slices.Equal(x, []int{0, 0}) {
		t.Errorf("Fox with AtMost = %v, %v; want [0 0]", x, err)
	}
}

func TestFoxRejects(t *testing.T) {
	convex := func(x int) float64 { return float64(x * x) }
	concave := func(x int) float64 { return -float64(x * x) }
	cases := map[string]FoxProblem{
		"weights":       {Costs: []func(int) float64{convex}, Weights: []float64{1, 2}, Budget: 1},
		"min length":    {Costs: []func(int) float64{convex}, Min: []int{0, 0}, Budget: 1},
		"max length":    {Costs: []func(int) float64{convex}, Max: []int{}, Budget: 1},
		"budget":        {Costs: []func(int) float64{convex}, Budget: -1},
		"nil cost":      {Costs: []func(int) float64{nil}, Budget: 1},
		"weight":        {Costs: []func(int) float64{convex}, Weights: []float64{math.NaN()}, Budget: 1},
		"neg weight":    {Costs: []func(int) float64{convex}, Weights: []float64{-1}, Budget: 1},
		"inf weight":    {Costs: []func(int) float64{convex}, Weights: []float64{math.Inf(1)}, Budget: 1},
		"bounds":        {Costs: []func(int) float64{convex}, Min: []int{3}, Max: []int{2}, Budget: 5},
		"negative min":  {Costs: []func(int) float64{convex}, Min: []int{-1}, Budget: 5},
		"min > budget":  {Costs: []func(int) float64{convex, convex}, Min: []int{3, 3}, Budget: 5},
		"max < budget":  {Costs: []func(int) float64{convex, convex}, Max: []int{2, 2}, Budget: 5},
		"no pages":      {Budget: 1},
		"not convex":    {Costs: []func(int) float64{concave}, Budget: 5},
		"NaN":           {Costs: []func(int) float64{func(int) float64 { return math.NaN() }}, Budget: 1},
		"-Inf":          {Costs: []func(int) float64{func(int) float64 { return math.Inf(-1) }}, Budget: 1},
		"Inf after fin": {Costs: []func(int) float64{func(x int) float64 { return []float64{1, math.Inf(1)}[min(x, 1)] }}, Budget: 1},
	}
	for name, p := range cases {
		if x, err := Fox(p); err == nil {
			t.Errorf("%s: Fox accepted it and returned %v", name, x)
		}
	}
}

// A cost infinite at 0 visits (the steady model's age) takes its first
// visit before any finite gain.
func TestFoxInfiniteCost(t *testing.T) {
	inf := func(x int) float64 {
		if x == 0 {
			return math.Inf(1)
		}
		return 1 / float64(x)
	}
	cheap := func(x int) float64 { return 1e300 / float64(x+1) }
	x, err := Fox(FoxProblem{Costs: []func(int) float64{cheap, inf}, Budget: 2})
	if err != nil || x[1] < 1 {
		t.Errorf("Fox = %v, %v; want page 1 visited", x, err)
	}
}
