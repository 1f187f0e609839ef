package main

import (
	"flag"
	"io"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

// parseArgs runs parse on a set of its own (flag.CommandLine takes each
// flag once per process), the input and output given.
func parseArgs(cmd string, args ...string) (Config, error) {
	fs := flag.NewFlagSet("", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	cfg, _, err := parse(fs, cmd, append([]string{"--input", "in.csv", "--output", "out"}, args...))
	return cfg, err
}

// TestParseRefusesBadPlanFlags checks that every bad plan flag is refused
// by parse, before the pipeline reads any input, in freshplan plan's words
// (cmd/freshplan/flags.go) naming the flag.
func TestParseRefusesBadPlanFlags(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "no budget: give --budget N (visits per horizon), or --crawlers C --rate PAGES_PER_SECOND"},
		{[]string{"--budget", "0"}, "--budget 0: want a positive number of visits per horizon"},
		{[]string{"--budget", "-5"}, "--budget -5: want a positive number of visits per horizon"},
		{[]string{"--budget", "67108865"}, "--budget 67108865: want at most 67108864 visits per horizon (every visit of a schedule is held in memory)"},
		{[]string{"--budget", "10", "--horizon", "0s"}, "--horizon 0s: want a positive duration such as 24h"},
		{[]string{"--budget", "10", "--politeness", "-1s"}, "--politeness -1s: want a duration of 0s or more, such as 15s"},
		{[]string{"--budget", "10", "--politeness", "2h", "--horizon", "1h"}, "--politeness 2h0m0s is longer than --horizon 1h0m0s: no host could be visited even twice; want a politeness of at most the horizon"},
		{[]string{"--crawlers", "2"}, "--crawlers and --rate go together: give both, or --budget alone"},
		{[]string{"--budget", "10", "--rate", "1"}, "--crawlers and --rate go together: give both, or --budget alone"},
		{[]string{"--crawlers", "0", "--rate", "1"}, "--crawlers 0: want a positive number of crawlers"},
		{[]string{"--crawlers", "2", "--rate", "0"}, "--rate 0: want a positive number of pages per second per crawler"},
		{[]string{"--crawlers", "2", "--rate", "+Inf"}, "--rate +Inf: want a positive number of pages per second per crawler"},
		{[]string{"--crawlers", "1", "--rate", "1e-9"}, "--crawlers 1 --rate 1e-09 make no visit in --horizon 24h0m0s; want a budget of at least 1 visit"},
		{[]string{"--crawlers", "1000", "--rate", "1000"}, "--crawlers 1000 --rate 1000 make 86400000000 visits per horizon; want at most 67108864 (every visit of a schedule is held in memory)"},
		{[]string{"--budget", "10", "--min-visits", "-1"}, "--min-visits -1: want 0 or more"},
		{[]string{"--budget", "10", "--max-visits", "-1"}, "--max-visits -1: want 0 (no limit) or more"},
		{[]string{"--budget", "10", "--min-visits", "3", "--max-visits", "2"}, "--min-visits 3 is more than --max-visits 2"},
		{[]string{"--budget", "10", "--partitions", "-1"}, "--partitions -1: want 0 or 1 (one group) or more"},
		{[]string{"--budget", "10", "--partitions", "2"}, "--partitions 2 needs --crawlers C --rate PAGES_PER_SECOND: with --budget alone the crawls are one crawler's"},
		{[]string{"--crawlers", "2", "--rate", "1", "--partitions", "3"}, "--partitions 3 is more than --crawlers 2: want at most one group per crawler"},
		{[]string{"--budget", "10", "--objective", "speed"}, `--objective: unknown objective "speed": want staleness, age or harmonic`},
		{[]string{"--budget", "10", "--model", "none"}, `--model: unknown model "none": want steady or horizon`},
		{[]string{"--budget", "10", "--cycle", "2.5"}, `--cycle "2.5": want auto or a whole number of horizons, 1 or more`},
		{[]string{"--budget", "10", "--cycle", "3x"}, `--cycle "3x": want auto or a whole number of horizons, 1 or more`},
		{[]string{"--budget", "10", "--cycle", "0"}, `--cycle "0": want auto or a whole number of horizons, 1 or more`},
		{[]string{"--budget", "10", "--cycle", ""}, `--cycle "": want auto or a whole number of horizons, 1 or more`},
		{[]string{"--budget", "67108864", "--cycle", "2"}, "--cycle 2 at 67108864 visits per horizon is more than the 67108864 visits freshplan schedules"},
	} {
		_, err := parseArgs("plan", c.args...)
		if err == nil || err.Error() != c.want {
			t.Errorf("parse %q: %v; want %q", c.args, err, c.want)
		}
	}
}

// TestParseExportSeedListsOnly checks that --export takes the seed-list
// formats alone (freshplan plan's --export, export.Formats): the other
// exports (pages, schedule, hosts, json) were once let through, failing
// only at the pipeline's end.
func TestParseExportSeedListsOnly(t *testing.T) {
	for _, bad := range []string{"pages", "schedule", "hosts", "json", "", "nutch,json", "nutch,", "NUTCH"} {
		_, err := parseArgs("plan", "--budget", "10", "--export", bad)
		if err == nil || !strings.Contains(err.Error(), "want nutch, stormcrawler or csv") {
			t.Errorf("--export %q: %v; want it refused", bad, err)
		}
	}
	cfg, err := parseArgs("plan", "--budget", "10", "--export", "stormcrawler,csv,nutch")
	if err != nil || !slices.Equal(cfg.Exports, []string{"stormcrawler", "csv", "nutch"}) {
		t.Fatalf("--export stormcrawler,csv,nutch: %v, %v", cfg.Exports, err)
	}
}

// TestParseGoodFlags checks the values parse reads from good flags.
func TestParseGoodFlags(t *testing.T) {
	cfg, err := parseArgs("plan", "--crawlers", "4", "--rate", "2.5", "--partitions", "4", "--cycle", "3",
		"--horizon", "12h", "--politeness", "30s", "--min-visits", "1", "--max-visits", "9", "--half-life", "48h")
	if err != nil {
		t.Fatal(err)
	}
	want := Config{Horizon: 12 * time.Hour, Crawlers: 4, Rate: 2.5, Partitions: 4, Cycle: 3, Politeness: 30 * time.Second,
		MinVisits: 1, MaxVisits: 9, HalfLife: 2, Objective: "staleness", Model: "steady", Prior: true, Shards: 4,
		Exports: []string{"nutch"}}
	cfg.Now, cfg.MaxContent, cfg.Output = 0, 0, ""
	if !reflect.DeepEqual(cfg, want) {
		t.Fatalf("parse: %+v\nwant %+v", cfg, want)
	}
	if cfg, err := parseArgs("plan", "--budget", "10", "--cycle", "auto"); err != nil || cfg.Cycle != 0 || cfg.Budget != 10 {
		t.Fatalf("--budget 10 --cycle auto: %+v, %v; want budget 10, cycle 0 (auto)", cfg, err)
	}
	// estimate takes no budget, and writes no seed list.
	if cfg, err := parseArgs("estimate", "--prior"); err != nil || !cfg.Prior || cfg.Exports != nil {
		t.Fatalf("estimate --prior: %+v, %v", cfg, err)
	}
	if _, err := parseArgs("estimate", "--budget", "10"); err == nil {
		t.Fatal("estimate --budget 10: no error; estimate has no --budget")
	}
}
