// Command fig89 reproduces the behaviour of seed 003 §5 Figures 8 and 9:
// the average staleness of the optimal (Fox's greedy over each page's
// A_i), uniform and proportional allocations of R crawls a day among N
// pages with Zipf-like rates averaging 1.5 updates a day, for the 60%
// Poisson / 30% Pareto / 10% quasi-deterministic mixture and each pure
// population as R/N goes from 1.5 to 5 (Figure 8), and for Pareto pages
// as the shape α varies (Figure 9). It prints Markdown tables; see
// scripts/fig89/mixture for the choices the paper leaves open.
package main

import (
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/freshplan/freshplan/core/staleness"
	"github.com/freshplan/freshplan/scripts/fig89/mixture"
)

func main() {
	pages := flag.Int("pages", 100000, "pages N")
	theta := flag.Float64("theta", 0, "Zipf-like parameter θ of the rates (0 Zipf, 1 uniform)")
	alpha := flag.Float64("alpha", 1.5, "Pareto shape α of Figure 8")
	ratios := flag.String("ratios", "1.5,2,2.5,3,3.5,4,4.5,5", "values of R/N for Figure 8")
	alphas := flag.String("alphas", "1.05,1.1,1.25,1.5,1.75,2,2.5,3,3.5,4", "Pareto shapes for Figure 9")
	ratio9 := flag.Float64("ratio9", 2.5, "R/N for Figure 9")
	model := flag.String("model", "horizon", "staleness model: horizon (the paper's) or steady")
	flag.Parse()
	m, err := staleness.ParseModel(*model)
	if err != nil {
		fail(err)
	}
	start := time.Now()
	fmt.Printf("Seed 003 Figure 8: average staleness, N = %d, mean rate 1.5/day, θ = %g, Pareto α = %g, %s model.\n\n", *pages, *theta, *alpha, m)
	fmt.Println("| population | R/N | optimal | uniform | proportional | optimal, quasi pages |")
	fmt.Println("|---|---|---|---|---|---|")
	pops := []struct {
		name   string
		shares [3]float64
	}{{"mixed 60/30/10", [3]float64{0.6, 0.3, 0.1}}, {"poisson", [3]float64{1, 0, 0}},
		{"pareto", [3]float64{0, 1, 0}}, {"quasi", [3]float64{0, 0, 1}}}
	for _, pop := range pops {
		pg, err := mixture.Build(mixture.Config{Pages: *pages, MeanRate: 1.5, Theta: *theta, Shares: pop.shares,
			Alpha: *alpha, Model: m, Seed: 1})
		if err != nil {
			fail(err)
		}
		for _, r := range floats(*ratios) {
			res, err := mixture.Compare(pg, int(r*float64(*pages)))
			if err != nil {
				fail(err)
			}
			quasi := "—"
			if pop.shares[2] > 0 {
				quasi = num(res.Optimal.ByKind[mixture.Quasi])
			}
			fmt.Printf("| %s | %g | %s | %s | %s | %s |\n", pop.name, r, num(res.Optimal.All), num(res.Uniform.All), num(res.Proportional.All), quasi)
		}
	}
	fmt.Printf("\nSeed 003 Figure 9: Pareto pages, R/N = %g, each page keeping its mean rate (β = (α − 1)/λ).\n\n", *ratio9)
	fmt.Println("| α | optimal | uniform | proportional |")
	fmt.Println("|---|---|---|---|")
	for _, a := range floats(*alphas) {
		pg, err := mixture.Build(mixture.Config{Pages: *pages, MeanRate: 1.5, Theta: *theta, Shares: [3]float64{0, 1, 0},
			Alpha: a, Model: m, Seed: 1})
		if err != nil {
			fail(err)
		}
		res, err := mixture.Compare(pg, int(*ratio9*float64(*pages)))
		if err != nil {
			fail(err)
		}
		fmt.Printf("| %g | %s | %s | %s |\n", a, num(res.Optimal.All), num(res.Uniform.All), num(res.Proportional.All))
	}
	fmt.Fprintf(os.Stderr, "fig89: %.1f s\n", time.Since(start).Seconds())
}

// num formats a staleness to 4 decimals, and an exact 0 as 0.
func num(v float64) string {
	if v == 0 {
		return "0"
	}
	return fmt.Sprintf("%.4f", v)
}

// floats parses a comma-separated list of numbers.
func floats(s string) []float64 {
	var out []float64
	for _, f := range strings.Split(s, ",") {
		v, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil {
			fail(fmt.Errorf("bad number %q in a list: %w", f, err))
		}
		out = append(out, v)
	}
	return out
}

func fail(err error) {
	fmt.Fprintln(os.Stderr, "fig89:", err)
	os.Exit(1)
}
