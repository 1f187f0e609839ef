package main

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestPlanSimulate checks plan --simulate: the JSON summary gives every
// scheduled figure a replayed counterpart whose interval (widened to two
// half-widths) holds the analytical figure, and the report shows them.
func TestPlanSimulate(t *testing.T) {
	r := cli(t, "plan", "--budget", "20000", "--simulate", "40", "--json", "-", "../../web/sample-pages.csv")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var s struct {
		Staleness map[string]float64 `json:"staleness"`
		Replayed  map[string]struct {
			Mean, Low, High float64
			Runs            int
		} `json:"replayed"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &s); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"psp", "mp2", "mwolf", "uniform", "proportional", "azar", "wp", "nonpolite", "infcrawlers"} {
		e, ok := s.Replayed[name]
		if !ok {
			t.Errorf("%s: no replayed figure", name)
			continue
		}
		v, hw := s.Staleness[name], (e.High-e.Low)/2
		if e.Runs != 40 || !(e.Low < e.Mean && e.Mean < e.High) || v < e.Mean-2*hw || v > e.Mean+2*hw {
			t.Errorf("%s: %v against replayed %+v", name, v, e)
		}
	}
	if _, ok := s.Replayed["cho"]; ok {
		t.Error("cho has no schedule but got a replayed figure")
	}
	r = cli(t, "plan", "--budget", "20000", "--simulate", "5", "../../web/sample-pages.csv")
	if !strings.Contains(r.stdout, "simulated (5 runs, 95%)") {
		t.Errorf("the report has no simulated column:\n%s", r.stdout)
	}
	if r = cli(t, "plan", "--budget", "20000", "--simulate", "-3", "../../web/sample-pages.csv"); r.code != 1 ||
		!strings.Contains(r.stderr, "--simulate -3") {
		t.Errorf("--simulate -3: exit %d, %q", r.code, r.stderr)
	}
}
