package plan

import (
	"math"
	"testing"

	"github.com/freshplan/freshplan/core/allocate"
	"github.com/freshplan/freshplan/core/pages"
)

// TestEmbarrassmentWeights checks eq. 8 against a direct sum over the
// click model: w = d · Σ b·c, positions beyond the model never clicked.
func TestEmbarrassmentWeights(t *testing.T) {
	clicks, err := allocate.ClickModel(5, 10, 0, 0.8)
	if err != nil {
		t.Fatal(err)
	}
	pg := []pages.Page{
		{URL: "https://a/1", Weight: 7, Exposure: &pages.Exposure{Wrong: 0.5, Returned: []pages.Returned{{Position: 1, Prob: 0.2}, {Position: 14, Prob: 0.05}}}},
		{URL: "https://a/2", Weight: 7, Exposure: &pages.Exposure{Wrong: 1, Returned: []pages.Returned{{Position: 60, Prob: 0.9}}}},
	}
	if err := EmbarrassmentWeights(pg); err != nil {
		t.Fatal(err)
	}
	want := 0.5 * (0.2*clicks[0][0] + 0.05*clicks[1][3])
	if math.Abs(pg[0].Weight-want) > 1e-15 || pg[1].Weight != 0 {
		t.Errorf("weights %v, %v; want %v, 0", pg[0].Weight, pg[1].Weight, want)
	}
	if err := EmbarrassmentWeights([]pages.Page{{URL: "https://a/3"}}); err == nil {
		t.Error("a page without exposure got a weight")
	}
}
