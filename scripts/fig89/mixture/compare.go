package mixture

import (
	"fmt"

	"github.com/freshplan/freshplan/core/allocate"
)

// Staleness is a population's average staleness under one allocation,
// over all pages and per kind (NaN-free: a kind with no pages has 0).
type Staleness struct {
	All    float64
	ByKind [numKinds]float64
}

// Result compares the three schemes of seed 003 §5 at one budget, all
// unweighted: Optimal minimises Σ A_i(x_i) with Σ x_i = R (Fox's greedy),
// Uniform gives every page R/N visits, Proportional x_i ∝ λ_i (both
// rounded by largest remainders).
type Result struct {
	Optimal, Uniform, Proportional Staleness
}

// Compare returns the three schemes' staleness for budget visits a day.
func Compare(pages []Page, budget int) (Result, error) {
	if budget < 0 {
		return Result{}, fmt.Errorf("mixture: budget %d is negative", budget)
	}
	costs := make([]func(int) float64, len(pages))
	ones := make([]float64, len(pages))
	rates := make([]float64, len(pages))
	for i, p := range pages {
		costs[i], ones[i], rates[i] = p.Cost, 1, p.Rate
	}
	opt, err := allocate.Fox(allocate.FoxProblem{Costs: costs, Budget: budget})
	if err != nil {
		return Result{}, fmt.Errorf("mixture: %w", err)
	}
	return Result{
		Optimal:      average(pages, opt),
		Uniform:      average(pages, allocate.Apportion(budget, ones)),
		Proportional: average(pages, allocate.Apportion(budget, rates)),
	}, nil
}

// average returns the pages' mean staleness under allocation x.
func average(pages []Page, x []int) Staleness {
	var s Staleness
	var n [numKinds]int
	for i, p := range pages {
		a := p.Cost(x[i])
		s.All += a
		s.ByKind[p.Kind] += a
		n[p.Kind]++
	}
	if len(pages) > 0 {
		s.All /= float64(len(pages))
	}
	for k := range s.ByKind {
		if n[k] > 0 {
			s.ByKind[k] /= float64(n[k])
		}
	}
	return s
}
