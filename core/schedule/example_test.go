package schedule_test

import (
	"fmt"

	"github.com/freshplan/freshplan/core/schedule"
	"github.com/freshplan/freshplan/core/staleness"
)

// The MERGE example of seed 000 Fig. 1: on one server, p₁ is updated once
// and p₂ three times; MERGE spaces the four updates T/5 apart in the order
// p₂, p₁, p₂, p₂.
func ExampleMerge() {
	const T = 1.0
	x := []int{1, 3}       // updates of p₁, p₂
	hosts := []int32{0, 0} // both on server 0
	equal := schedule.EquallySpaced(staleness.Horizon, x, hosts, 1, T)
	merged := schedule.Merge(staleness.Horizon, equal, T)
	for k, page := range merged.Pages {
		fmt.Printf("p%d at %.0fT/5\n", page+1, merged.Times[k]*5/T)
	}
	// Output:
	// p2 at 1T/5
	// p1 at 2T/5
	// p2 at 3T/5
	// p2 at 4T/5
}
