//go:build !wasm

package main

import (
	"encoding/json"
	"regexp"
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
	for _, name := range []string{"psp", "mp2", "mwolf", "mwolf-exact", "uniform", "proportional", "azar", "wp", "nonpolite", "infcrawlers"} {
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

// TestPlanHarmonic: --objective harmonic plans every policy that has a
// schedule or a closed form, leaves Cho's Lagrange policy out (derived
// for staleness and age only), and ranks as the papers would: wp ≤ psp
// < uniform.
func TestPlanHarmonic(t *testing.T) {
	r := cli(t, "plan", "--budget", "20000", "--objective", "harmonic", "--json", "-", "../../web/sample-pages.csv")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	var s struct {
		Objective string              `json:"objective"`
		Staleness map[string]*float64 `json:"staleness"`
	}
	if err := json.Unmarshal([]byte(r.stdout), &s); err != nil {
		t.Fatal(err)
	}
	if s.Objective != "harmonic" {
		t.Errorf("objective %q", s.Objective)
	}
	if _, ok := s.Staleness["cho"]; ok {
		t.Error("cho planned under the harmonic objective")
	}
	psp, wp, uni := s.Staleness["psp"], s.Staleness["wp"], s.Staleness["uniform"]
	if psp == nil || wp == nil || uni == nil || !(*wp <= *psp && *psp < *uni) {
		t.Errorf("wp %v, psp %v, uniform %v: want wp ≤ psp < uniform", wp, psp, uni)
	}
	r = cli(t, "plan", "--budget", "20000", "--objective", "harmonic", "--compare", "all", "../../web/sample-pages.csv")
	if !strings.Contains(r.stdout, "harmonic penalty") || !strings.Contains(r.stdout, "not planned: its Lagrange solution is for staleness and age") {
		t.Errorf("report:\n%s", r.stdout)
	}
}

// TestPlanModels plans examples/pages-models.csv (docs/formats.md, model columns) and checks
// a bad model row's message.
func TestPlanModels(t *testing.T) {
	r := cli(t, "plan", "--budget", "40", "--simulate", "20", "--compare", "cho", "../../examples/pages-models.csv")
	if r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	if !regexp.MustCompile(`\ncho +–`).MatchString(r.stdout) || !strings.Contains(r.stdout, "its optimum assumes every page is Poisson") {
		t.Errorf("report:\n%s", r.stdout)
	}
	bad := writeFile(t, t.TempDir(), "bad.csv", "url,changes_per_day,model,shape\nhttps://a.example/,1,pareto,0.5\n")
	r = cli(t, "plan", "--budget", "40", bad)
	if r.code != 1 || !strings.Contains(r.stderr, `bad.csv:2:4 (shape): "0.5" is not a tail exponent α above 1`) {
		t.Errorf("exit %d: %q", r.code, r.stderr)
	}
	r = cli(t, "plan", "--budget", "40", "--objective", "age", "../../examples/pages-models.csv")
	if r.code != 1 || !strings.Contains(r.stderr, "planned for staleness only") {
		t.Errorf("age with models: exit %d: %q", r.code, r.stderr)
	}
}

// TestPlanEmbarrassment: --weights embarrassment derives each page's
// weight from its wrong and returned columns (seed 003 eq. 8), and says
// which page lacks them.
func TestPlanEmbarrassment(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, dir, "e.csv", "url,host,changes_per_day,weight,wrong,returned\n"+
		"https://a.example/1,a.example,4,1,0.5,1:0.6;2:0.3\n"+
		"https://b.example/2,b.example,4,1,0.5,30:0.5\n")
	out := dir + "/pages.csv"
	if r := cli(t, "plan", "--budget", "12", "--weights", "embarrassment", "--pages", out, in); r.code != 0 {
		t.Fatalf("exit %d: %s", r.code, r.stderr)
	}
	rows := readCSV(t, out, "url,host,changes_per_day,weight,visits,interval_seconds,staleness")
	w1, w2 := number(t, "weight", rows[0][3]), number(t, "weight", rows[1][3])
	if !(w1 > 10*w2 && w2 > 0) {
		t.Errorf("weights %v and %v: the page returned first should weigh far more", w1, w2)
	}
	r := cli(t, "plan", "--budget", "12", "--weights", "embarrassment", "../../web/sample-pages.csv")
	if r.code != 1 || !strings.Contains(r.stderr, "need its wrong and returned columns") {
		t.Errorf("the sample: exit %d, %q", r.code, r.stderr)
	}
	if r := cli(t, "plan", "--budget", "12", "--weights", "clicks", in); r.code != 1 || !strings.Contains(r.stderr, `--weights "clicks"`) {
		t.Errorf("--weights clicks: exit %d, %q", r.code, r.stderr)
	}
}
