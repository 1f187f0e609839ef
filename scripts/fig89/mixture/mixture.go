package mixture

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"

	"github.com/freshplan/freshplan/core/allocate"
	"github.com/freshplan/freshplan/core/renewal"
	"github.com/freshplan/freshplan/core/staleness"
)

// Kind is how a page's updates arrive.
type Kind int

// The kinds of seed 003 §5's populations.
const (
	Poisson Kind = iota // exponential times between updates (§2.3.1)
	Pareto              // Pareto times between updates, Ḡ(t) = (β/(β+t))^α (§4)
	Quasi               // quasi-deterministic (§2.3.3)
	numKinds
)

// String returns the kind's name.
func (k Kind) String() string {
	switch k {
	case Poisson:
		return "poisson"
	case Pareto:
		return "pareto"
	case Quasi:
		return "quasi"
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// Config describes a population. The horizon T is one day, as in the
// paper, and rates are updates per day.
type Config struct {
	// Pages is N.
	Pages int
	// MeanRate is the average update rate over all pages (the paper: 1.5).
	MeanRate float64
	// Theta is the Zipf-like parameter of the rates, λ_i ∝ i^{−(1−θ)}:
	// 0 is Zipf (highly skewed), 1 uniform (seed 003 §5, after Knuth).
	Theta float64
	// Shares are the fractions of Poisson, Pareto and quasi-deterministic
	// pages (the paper's mixture: 0.6, 0.3, 0.1); they are normalised, and
	// kinds and rates are assigned to pages at random, independently.
	Shares [3]float64
	// Alpha is the Pareto shape α > 1; each Pareto page has the mean 1/λ_i
	// of its rate (β_i = (α − 1)/λ_i). The paper does not give Figure 8's α.
	Alpha float64
	// Model is the staleness model; Horizon is the paper's (eq. 3, t₀ = 0).
	Model staleness.Model
	// Seed makes the population reproducible.
	Seed uint64
}

// QuasiMeanProb is the mean probability of a quasi-deterministic page's
// potential updates. The paper does not say how its quasi-deterministic
// pages were drawn; here a page of rate λ has Q = ⌈λ/0.6⌉ potential
// update times, uniform in the day, each occurring with a probability
// uniform in [0.2, 1], so its mean rate is about λ (its Rate is the exact
// Σ k_j).
const QuasiMeanProb = 0.6

// Page is one page of a population.
type Page struct {
	Kind Kind
	// Rate is the mean number of updates per day.
	Rate float64
	// Cost is A_i(x), the page's staleness after x visits a day at their
	// best times: equally spaced for Poisson and Pareto, the paper's greedy
	// positions for a quasi-deterministic page. It is convex.
	Cost func(x int) float64
	// Positions is Q_i, the quasi-deterministic page's potential updates
	// (0 for the other kinds).
	Positions int
}

// Build returns the population of c.
func Build(c Config) ([]Page, error) {
	switch {
	case c.Pages <= 0:
		return nil, fmt.Errorf("mixture: %d pages: want at least 1", c.Pages)
	case !(c.MeanRate > 0) || math.IsInf(c.MeanRate, 1):
		return nil, fmt.Errorf("mixture: mean rate %v is not positive and finite", c.MeanRate)
	case !(c.Theta >= 0 && c.Theta <= 1):
		return nil, fmt.Errorf("mixture: Zipf parameter θ = %v is not in [0, 1]", c.Theta)
	}
	var total float64
	for _, s := range c.Shares {
		if !(s >= 0) || math.IsInf(s, 1) {
			return nil, fmt.Errorf("mixture: share %v is not a finite non-negative number", s)
		}
		total += s
	}
	if !(total > 0) {
		return nil, fmt.Errorf("mixture: the shares %v add up to 0", c.Shares)
	}
	rng := rand.New(rand.NewPCG(c.Seed, 0x3a1f))
	counts := allocate.Apportion(c.Pages, c.Shares[:])
	kinds := make([]Kind, 0, c.Pages)
	for k, n := range counts {
		for range n {
			kinds = append(kinds, Kind(k))
		}
	}
	rng.Shuffle(len(kinds), func(a, b int) { kinds[a], kinds[b] = kinds[b], kinds[a] })
	// Rates go to pages in random order too, so that whatever breaks ties
	// by page index (the largest remainders of Apportion) is not biased
	// towards fast pages.
	rates := zipfRates(c.Pages, c.Theta, c.MeanRate)
	rng.Shuffle(len(rates), func(a, b int) { rates[a], rates[b] = rates[b], rates[a] })
	pages := make([]Page, c.Pages)
	for i, k := range kinds {
		pg, err := newPage(k, rates[i], c, rng)
		if err != nil {
			return nil, fmt.Errorf("mixture: page %d: %w", i, err)
		}
		pages[i] = pg
	}
	return pages, nil
}

// zipfRates returns n rates λ_i ∝ i^{−(1−θ)} with mean mean.
func zipfRates(n int, theta, mean float64) []float64 {
	r := make([]float64, n)
	var sum float64
	for i := range r {
		r[i] = math.Pow(float64(i+1), theta-1)
		sum += r[i]
	}
	for i := range r {
		r[i] *= mean * float64(n) / sum
	}
	return r
}

// newPage draws one page of kind k and rate (per day) rate.
func newPage(k Kind, rate float64, c Config, rng *rand.Rand) (Page, error) {
	const T = 1.0
	var p renewal.Process = renewal.Exponential{Rate: rate}
	switch k {
	case Pareto:
		pp, err := renewal.ParetoWithRate(c.Alpha, rate)
		if err != nil {
			return Page{}, err
		}
		p = pp
	case Quasi:
		q := int(math.Ceil(rate * T / QuasiMeanProb))
		qp := renewal.Quasi{Times: make([]float64, q), Probs: make([]float64, q)}
		var sum float64
		for j := range q {
			qp.Times[j] = T * rng.Float64()
			qp.Probs[j] = 0.2 + 0.8*rng.Float64()
			sum += qp.Probs[j]
		}
		slices.Sort(qp.Times)
		qp.Times = slices.Compact(qp.Times) // equal draws are all but impossible
		qp.Probs = qp.Probs[:len(qp.Times)]
		plan, err := qp.Greedy(c.Model, T)
		if err != nil {
			return Page{}, err
		}
		return Page{Kind: Quasi, Rate: sum / T, Cost: plan.Cost, Positions: len(qp.Times)}, nil
	}
	cost, err := renewal.Cost(p, c.Model, T)
	if err != nil {
		return Page{}, err
	}
	return Page{Kind: k, Rate: rate, Cost: cost}, nil
}
