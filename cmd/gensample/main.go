// Command gensample writes a synthetic pages table to standard output:
// without flags, freshplan's sample (web/sample-pages.csv is its output);
// with -pages, the experiment of seed 000 §4 at any scale — pages spread
// over servers by a Zipf law of parameter -theta, change rates uniform in
// [0.01, 1] per hour.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/core/plan"
)

func main() {
	n := flag.Int("pages", 0, "pages of a seed 000 §4 instance (0: the built-in sample)")
	m := flag.Int("servers", 2000, "servers of the instance")
	theta := flag.Float64("theta", 1, "Zipf parameter of pages per server")
	seed := flag.Uint64("seed", 1, "random seed of the change rates")
	flag.Parse()
	pg := plan.Sample()
	if *n > 0 {
		pg = plan.Synthetic(*n, *m, *theta, 0.24, 24, *seed) // 0.01 to 1 per hour, in changes per day
	}
	if err := pages.Write(os.Stdout, pg); err != nil {
		fmt.Fprintln(os.Stderr, "gensample:", err)
		os.Exit(1)
	}
}
