package allocate_test

import (
	"fmt"

	"github.com/freshplan/freshplan/core/allocate"
	"github.com/freshplan/freshplan/core/staleness"
)

// Seed 001 Table 5.5: five pages changing 1 to 5 times a day share 5
// visits a day. The freshness-optimal frequencies leave the fastest page
// unvisited: a visit buys it too little freshness.
func ExampleCho() {
	rates := []float64{1, 2, 3, 4, 5} // changes per day
	weights := []float64{1, 1, 1, 1, 1}
	fresh, _ := allocate.Cho(rates, weights, 5, staleness.Stale)
	fmt.Printf("%.2f\n", fresh)
	// Output:
	// [1.15 1.36 1.35 1.14 0.00]
}
