package e2e

import (
	"os"
	"strings"
	"testing"
	"time"
)

// TestHarmonicAndModels: the harmonic objective is selectable and its
// figures read as penalties; a pages table with model columns plans in
// the worker (which gets the models), without Cho's and Azar's policies.
func TestHarmonicAndModels(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open()
	seq := tb.seq()
	eval[bool](tb, `(() => { const s = document.getElementById("objective"); s.value = "harmonic";
		s.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)
	tb.waitPlanned(seq, 60*time.Second)
	if got := tb.text("#h-fresh"); !strings.Contains(got, "psp harmonic penalty") {
		t.Errorf("headline under the harmonic objective: %q", got)
	}
	if got := tb.text("#policies"); strings.Contains(got, "Lagrange-optimal") {
		t.Error("cho is shown under the harmonic objective")
	}
	tb.shotTop("harmonic")

	seq = tb.seq()
	eval[bool](tb, `(() => { const s = document.getElementById("objective"); s.value = "staleness";
		s.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)
	tb.waitPlanned(seq, 60*time.Second)
	b, err := os.ReadFile("../examples/pages-models.csv")
	if err != nil {
		t.Fatal(err)
	}
	seq = tb.seq()
	tb.drop("pages-models.csv", string(b), "")
	tb.waitPlanned(seq, 60*time.Second)
	got := tb.text("#policies")
	if strings.Contains(got, "Lagrange-optimal") || strings.Contains(got, "EDF carousel") || !strings.Contains(got, "GREEDY") {
		t.Errorf("policies of a table with models: %q", short(got))
	}
	// Cho's and Azar's optima are for Poisson pages: their rows say so,
	// and choosing cho shows psp, which the form says.
	for _, name := range []string{"cho", "azar"} {
		row := eval[string](tb, `[...document.querySelectorAll("#policies tr.omitted")].map(r => r.textContent).find(t => t.startsWith(`+jsString(name)+`)) || ""`)
		if !strings.Contains(row, "not planned") || !strings.Contains(row, "every page is Poisson") {
			t.Errorf("%s's row: %q", name, row)
		}
	}
	seq = tb.seq()
	eval[bool](tb, `(() => { const s = document.getElementById("policy"); s.value = "cho";
		s.dispatchEvent(new Event("change", {bubbles: true})); return true; })()`)
	tb.waitPlanned(seq, 60*time.Second)
	if got := tb.text("#policy-msg"); !strings.Contains(got, "not planned here") || !strings.Contains(got, "psp is shown") {
		t.Errorf("the policy's hint with cho chosen: %q", got)
	}
	if got := tb.text("#chart-rates-title"); !strings.Contains(got, "psp") {
		t.Errorf("revisit chart %q: want psp's", got)
	}
	tb.shotTop("models-cho")
	tb.shotOf("#policies", "models-cho-policies")
	// The worker planned the models: the quasi sitemap (one certain change
	// a day, at 1 h) visited once a day soon after it is over 90% fresh,
	// where a Poisson page of the same rate would be 63%.
	tb.typeInto("#page-table-filter", "sitemap")
	tb.poll(`document.querySelector("#page-table .table-status").textContent.includes("filtered")`, 10*time.Second)
	fresh := eval[float64](tb, `parseFloat([...document.querySelectorAll("#page-table tbody tr td")].pop().textContent)`)
	if fresh < 90 {
		t.Errorf("the quasi page is %.1f%% fresh: planned as Poisson? row %q", fresh, tb.text("#page-table tbody tr"))
	}
}

// TestSimulateColumn: asking for simulator runs adds each figure's
// simulated counterpart to the policies table.
func TestSimulateColumn(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open()
	seq := tb.seq()
	tb.typeInto("#simulate", "20")
	tb.waitPlanned(seq, 60*time.Second)
	head := tb.text("#policies thead")
	psp := tb.text("#policies tbody tr.chosen")
	if !strings.Contains(head, "sampled changes, 95%") || !strings.Contains(psp, "±") {
		t.Errorf("policies table: head %q, psp %q", head, psp)
	}
	tb.shotOf("#policies", "simulated")
}
