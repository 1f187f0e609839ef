// Command fig3 reproduces seed 000 §4 Figure 3 at full scale — 1M pages on
// 2000 servers by a Zipf law of parameter θ, λ uniform in [0.01, 1] per
// hour, T = 24 h, 10 crawlers × 10 pages/s (R = 8.64M), P = 15 s, the
// horizon model — and prints a Markdown table of every policy and bound
// for each θ, with the planning time.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/freshplan/freshplan/core/plan"
	"github.com/freshplan/freshplan/core/staleness"
)

func main() {
	pages := flag.Int("pages", 1_000_000, "pages")
	servers := flag.Int("servers", 2000, "servers")
	thetas := flag.String("thetas", "0,0.25,0.5,0.75,1,1.25,1.5", "Zipf parameters")
	flag.Parse()
	cols := []plan.Policy{plan.WP, plan.PSP, plan.InfCrawlers, plan.MP2, plan.MWolf, plan.NonPolite}
	fmt.Printf("| θ | %s | psp/wp | mwolf/psp | dropped | seconds |\n", strings.Join(plan.Names(cols), " | "))
	fmt.Printf("|---|%s---|---|---|---|\n", strings.Repeat("---|", len(cols)))
	for _, s := range strings.Split(*thetas, ",") {
		theta, err := strconv.ParseFloat(s, 64)
		if err != nil {
			fmt.Fprintln(os.Stderr, "fig3:", err)
			os.Exit(2)
		}
		pg := plan.Synthetic(*pages, *servers, theta, 0.24, 24, 1)
		p := plan.DefaultParams()
		p.Crawlers, p.Rate = 10, 10*float64(*pages)/1e6
		p.Model = staleness.Horizon
		p.Compare = []plan.Policy{plan.MP2, plan.MWolf}
		start := time.Now()
		pl, err := plan.Run(context.Background(), pg, p)
		if err != nil {
			fmt.Fprintln(os.Stderr, "fig3:", err)
			os.Exit(1)
		}
		secs := time.Since(start).Seconds()
		r := pl.Results
		fmt.Printf("| %.2f |", theta)
		for _, c := range cols {
			fmt.Printf(" %.4f |", r[c].Value)
		}
		fmt.Printf(" %.4f | %.4f | %d | %.1f |\n", r[plan.PSP].Value/r[plan.WP].Value, r[plan.MWolf].Value/r[plan.PSP].Value, r[plan.PSP].Dropped, secs)
	}
}
