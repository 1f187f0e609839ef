//go:build !wasm

package main

import (
	"strings"
	"testing"
)

// hostileCase is a command line given hostile input, and the exit code
// and the exact message (stderr, whole) it must end with (issue 22).
type hostileCase struct {
	args []string
	code int
	want string
}

// checkHostile runs each case: it must not panic (cli fails the test
// then), and must say exactly what is wrong.
func checkHostile(t *testing.T, cases []hostileCase) {
	t.Helper()
	for _, c := range cases {
		r := cli(t, c.args...)
		if r.code != c.code || r.stderr != c.want {
			t.Errorf("%q:\nexit %d, stderr %q\nwant exit %d, %q", c.args, r.code, r.stderr, c.code, c.want)
		}
	}
}

// TestBacktestParamsHostile: a backtest's parameters are checked like
// plan's, before the input is read: a horizon that cuts the test period
// into more horizons than MaxHorizons once panicked (1ns), ran out of
// memory (1ms) or ran on for minutes (10m); a split after the history's
// last change printed every staleness 0.
func TestBacktestParamsHostile(t *testing.T) {
	hist := writeFile(t, t.TempDir(), "hist.csv", changeHistory())
	bt := func(args ...string) []string {
		return append(append([]string{"backtest", "--split", "2024-01-10", "--budget", "10", "--politeness", "0s"}, args...), hist)
	}
	checkHostile(t, []hostileCase{
		{bt("--horizon", "1ns"), exitBadInput, "freshplan: --horizon 1ns: the test period (2024-01-10 to 2025-01-10) holds 3.162e+16 horizons; want at most 10000 (a longer --horizon or an earlier --until)\n"},
		{bt("--horizon", "1ms"), exitBadInput, "freshplan: --horizon 1ms: the test period (2024-01-10 to 2025-01-10) holds 3.162e+10 horizons; want at most 10000 (a longer --horizon or an earlier --until)\n"},
		{bt("--horizon", "10m"), exitBadInput, "freshplan: --horizon 10m0s: the test period (2024-01-10 to 2025-01-10) holds 5.27e+04 horizons; want at most 10000 (a longer --horizon or an earlier --until)\n"},
		{bt("--horizon", "168h", "--crawl-interval", "1ns"), exitBadInput, "freshplan: --crawl-interval 1ns: the training crawl (2023-01-10 to 2024-01-10) makes 3.154e+16 rounds; want at most 100000 (a longer --crawl-interval or a later --train-start)\n"},
		{bt("--horizon", "168h", "--until", "9999-01-01"), exitBadInput, "freshplan: --horizon 168h0m0s: the test period (2024-01-10 to 9999-01-01) holds 4.161e+05 horizons; want at most 10000 (a longer --horizon or an earlier --until)\n"},
		{[]string{"backtest", "--split", "9999-12-31", hist}, exitBadInput, "freshplan: " + hist + ": --split 9999-12-31: the history's last change is at 2024-12-30T02:00:00Z: the test period has nothing to replay; want a split before it\n"},
		{[]string{"backtest", "--split", "2024-01-10", "--horizon", "1h", "--budget", "4000", hist}, exitBadInput, "freshplan: " + hist + ": --budget 4000: 4000 visits per horizon over the test period (2024-01-10 to 2025-01-10) make 3.514e+07 visits to replay; want at most 33554432 (a smaller --budget or an earlier --until)\n"},
	})
	if r := cli(t, bt("--horizon", "168h")...); r.code != exitOK || !strings.HasPrefix(r.stdout, "policy,") {
		t.Errorf("a sound backtest: exit %d, %q", r.code, r.stderr)
	}
}
