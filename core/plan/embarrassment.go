package plan

import (
	"fmt"

	"github.com/freshplan/freshplan/core/allocate"
	"github.com/freshplan/freshplan/core/pages"
)

// Click model of seed 003 §5 for embarrassment weights: 5 result pages of
// 10 positions, a Zipf law over the overall position (θ = 0), and a
// probability 0.8 of paging on.
const (
	clickPages   = 5
	clickPerPage = 10
	clickTheta   = 0
	clickNext    = 0.8
)

// EmbarrassmentWeights replaces each page's weight by seed 003 §2.2 eq. 8's
// w_i = d_i Σ_j Σ_k c_{j,k} b_{i,j,k}: how often a stale copy of it would
// embarrass a search engine, from its Exposure (d_i and where queries
// return it) and the paper's click model. A position beyond the 50 the
// click model covers is never clicked. Every page needs an Exposure.
func EmbarrassmentWeights(pg []pages.Page) error {
	clicks, err := allocate.ClickModel(clickPages, clickPerPage, clickTheta, clickNext)
	if err != nil {
		return err
	}
	for i := range pg {
		e := pg[i].Exposure
		if e == nil {
			return fmt.Errorf("%s: embarrassment weights need its wrong and returned columns", pageName(i, pg[i]))
		}
		b := make([][]float64, len(clicks))
		for k := range b {
			b[k] = make([]float64, len(clicks[k]))
		}
		for _, r := range e.Returned {
			k, j := (r.Position-1)/clickPerPage, (r.Position-1)%clickPerPage
			if k < len(b) && j < len(b[k]) {
				b[k][j] += r.Prob
			}
		}
		w, err := allocate.EmbarrassmentWeight(e.Wrong, b, clicks)
		if err != nil {
			return fmt.Errorf("%s: %w", pageName(i, pg[i]), err)
		}
		pg[i].Weight = w
	}
	return nil
}
