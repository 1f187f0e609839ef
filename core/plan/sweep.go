package plan

import (
	"context"
	"fmt"
)

// Point is one policy's or bound's value at one budget.
type Point struct {
	Budget int
	Name   Policy
	Value  float64
}

// Sweep plans the pages of t at each budget (keeping no schedule) and returns every
// policy's and bound's value, budgets in the order given, then Policies,
// then Bounds. Each budget's allocation searches start from the previous
// budget's optima, which are close: the result is the same, found faster.
func Sweep(ctx context.Context, t Table, params Params, budgets []int) ([]Point, error) {
	var out []Point
	var warm *warmStart
	for k, b := range budgets {
		if b <= 0 {
			return nil, fmt.Errorf("budget %d: want a positive number of visits per horizon", b)
		}
		p := params
		p.Budget = b
		p.Policy = None
		// wp's and nonpolite's visits per page are the next budget's warm
		// start; the last budget keeps no page's figures (32 MB at paper
		// scale, held through its schedules).
		next := k+1 < len(budgets)
		p.PerPage = []Policy{}
		if next {
			p.PerPage = []Policy{WP, NonPolite}
		}
		pl, err := run(ctx, t, p, warm)
		if err != nil {
			return nil, fmt.Errorf("budget %d: %w", b, err)
		}
		warm = nil
		if next {
			warm = &warmStart{polite: ints(pl.Result(WP).Visits), nonpolite: ints(pl.Result(NonPolite).Visits)}
		}
		for _, name := range append(Policies(), Bounds()...) {
			if r := pl.Result(name); r != nil { // Params.Compare may leave policies out
				out = append(out, Point{Budget: b, Name: name, Value: r.Value})
			}
		}
	}
	return out, nil
}

func ints(x []float64) []int {
	out := make([]int, len(x))
	for i, v := range x {
		out[i] = int(v)
	}
	return out
}
