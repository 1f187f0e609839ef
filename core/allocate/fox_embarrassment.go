package allocate

import (
	"fmt"
	"math"
)

// EmbarrassmentWeight returns seed 003 §2.2 eq. 8's weight of a page,
// w_i = d_i Σ_j Σ_k c_{j,k} b_{i,j,k}: how often a stale copy of it
// embarrasses the search engine, which Fox then minimises as
// Σ w_i A_i(x_i) (eq. 5). The three events are taken as independent, as
// the paper does:
//
//   - returned[k][j] = b_{i,j,k}, the probability that a query returns the
//     page at position j of result page k (0-based here);
//   - clicks[k][j] = c_{j,k}, the probability that the user clicks
//     position j of result page k (ClickModel gives the paper's);
//   - wrong = d_i, the probability that a stale copy answers the query
//     wrongly (the "lucky loser" complement).
//
// returned must have the shape of clicks (a ragged clicks is fine); its
// entries are probabilities of disjoint events, so they must sum to at
// most 1.
func EmbarrassmentWeight(wrong float64, returned, clicks [][]float64) (float64, error) {
	if !(wrong >= 0 && wrong <= 1) {
		return 0, fmt.Errorf("allocate: embarrassment: the probability %v of a wrong answer is not in [0, 1]", wrong)
	}
	if len(returned) > len(clicks) {
		return 0, fmt.Errorf("allocate: embarrassment: returned on %d result pages but click rates for %d", len(returned), len(clicks))
	}
	var w, total float64
	for k, row := range returned {
		if len(row) > len(clicks[k]) {
			return 0, fmt.Errorf("allocate: embarrassment: result page %d: returned at %d positions but click rates for %d", k+1, len(row), len(clicks[k]))
		}
		for j, b := range row {
			c := clicks[k][j]
			if !(b >= 0 && b <= 1) {
				return 0, fmt.Errorf("allocate: embarrassment: result page %d position %d: return probability %v is not in [0, 1]", k+1, j+1, b)
			}
			if !(c >= 0 && c <= 1) {
				return 0, fmt.Errorf("allocate: embarrassment: result page %d position %d: click probability %v is not in [0, 1]", k+1, j+1, c)
			}
			total += b
			w += c * b
		}
	}
	if total > 1+1e-9 {
		return 0, fmt.Errorf("allocate: embarrassment: return probabilities add up to %v; a query returns the page at one position at most, so they must add up to at most 1", total)
	}
	return wrong * w, nil
}

// ClickModel returns the click probabilities c_{j,k} of seed 003 §2.2
// (Fig. 3) and §5 for pages result pages of perPage positions each:
// a Zipf-like law over the overall position n = (k−1)·perPage + j,
// n^{−(1−θ)} normalised to sum to 1 over every position (θ = 0 is Zipf,
// θ = 1 uniform; the paper uses θ = 0 over 5 × 10 positions), times
// next^{k−1}, the probability of paging on to result page k (the paper's
// 0.8). The paper does not say how the Zipf-like law is normalised; this
// makes the clicks on the first page sum to at most 1.
func ClickModel(pages, perPage int, theta, next float64) ([][]float64, error) {
	switch {
	case pages <= 0 || perPage <= 0:
		return nil, fmt.Errorf("allocate: click model: %d result pages of %d positions: both must be positive", pages, perPage)
	case int64(pages)*int64(perPage) > 1<<24:
		return nil, fmt.Errorf("allocate: click model: %d × %d positions are too many", pages, perPage)
	case !(theta >= 0 && theta <= 1):
		return nil, fmt.Errorf("allocate: click model: Zipf parameter θ = %v is not in [0, 1]", theta)
	case !(next >= 0 && next <= 1):
		return nil, fmt.Errorf("allocate: click model: the probability %v of paging on is not in [0, 1]", next)
	}
	var norm float64
	for n := 1; n <= pages*perPage; n++ {
		norm += math.Pow(float64(n), theta-1)
	}
	c := make([][]float64, pages)
	for k := range c {
		c[k] = make([]float64, perPage)
		for j := range c[k] {
			n := k*perPage + j + 1
			c[k][j] = math.Pow(float64(n), theta-1) / norm * math.Pow(next, float64(k))
		}
	}
	return c, nil
}
