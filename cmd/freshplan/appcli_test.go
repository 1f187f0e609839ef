//go:build !wasm

package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/freshplan/freshplan/core/plan"
)

// TestAppCLI: the commands the app gives for what it leaves to the CLI
// are the expected ones, and each runs: its flags are this command's.
func TestAppCLI(t *testing.T) {
	p := plan.DefaultParams()
	p.Budget = 8_640_000
	cmds := appCLI{}.Sweep(p, []int{34_560_000})
	want := "freshplan sweep --budgets 34560000 --horizon 24h --politeness 15s --objective staleness --model steady FILE"
	if len(cmds) != 1 || cmds[0] != want {
		t.Errorf("commands %q, want %q", cmds, want)
	}
	// With crawlers, each budget's crawlers run at the rate it needs.
	p.Crawlers, p.Rate = 10, 10
	cmds = appCLI{}.Sweep(p, []int{17_280_000, 34_560_000})
	for k, want := range []string{
		"freshplan plan --budget 17280000 --crawlers 10 --rate 20 --horizon 24h",
		"freshplan plan --budget 34560000 --crawlers 10 --rate 40 --horizon 24h",
	} {
		if len(cmds) != 2 || !strings.HasPrefix(cmds[k], want) {
			t.Errorf("commands %q: want %q…", cmds, want)
		}
	}
	p.Crawlers, p.Rate = 0, 0
	want = "freshplan plan --budget 3000000 --policy psp --schedule schedule.csv --horizon 24h --politeness 15s --objective staleness --model steady FILE"
	if got := (appCLI{}).Schedule(p, 3_000_000, "psp"); got != want {
		t.Errorf("schedule: %q, want %q", got, want)
	}

	// Each runs, on a small pages table, at a small budget.
	dir := t.TempDir()
	file := writeFile(t, dir, "pages.csv", "url,host,changes_per_day\nhttps://a.example/1,a.example,1\nhttps://a.example/2,a.example,0.5\nhttps://b.example/1,b.example,2\n")
	p.Crawlers, p.Rate = 2, 0
	small := append(appCLI{}.Sweep(p, []int{40, 80}), appCLI{}.Sweep(plan.DefaultParams(), []int{40, 80})...)
	small = append(small, appCLI{}.Schedule(plan.DefaultParams(), 40, "psp"))
	week := plan.DefaultParams()
	week.Horizon = 7 * 24 * time.Hour
	learnCmd := appCLI{}.Learn(week, 46)
	if want := "freshplan plan --policy learn --budget 46 --horizon 168h"; !strings.HasPrefix(learnCmd, want) {
		t.Errorf("learn: %q, want %q…", learnCmd, want)
	}
	for _, c := range small {
		args := strings.Fields(c)[1:]
		for k, a := range args {
			switch a {
			case "FILE":
				args[k] = file
			case "schedule.csv":
				args[k] = filepath.Join(dir, "schedule.csv")
			}
		}
		if r := cli(t, args...); r.code != 0 {
			t.Errorf("%s: exit %d: %s", c, r.code, r.stderr)
		}
	}
	// The learning policy's, on a change history: it writes the seed list.
	args := strings.Fields(learnCmd)[1:]
	seeds := filepath.Join(dir, "seeds.txt")
	for k, a := range args {
		switch a {
		case "FILE":
			args[k] = "../../examples/changes.csv"
		case "seeds.txt":
			args[k] = seeds
		}
	}
	if r := cli(t, args...); r.code != 0 {
		t.Errorf("%s: exit %d: %s", learnCmd, r.code, r.stderr)
	} else if b, err := os.ReadFile(seeds); err != nil || !strings.Contains(string(b), "nutch.fetchInterval=") {
		t.Errorf("%s wrote no Nutch seed list: %v", learnCmd, err)
	}
}
