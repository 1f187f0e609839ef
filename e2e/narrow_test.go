package e2e

import (
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// TestNarrowScreen: on a phone's width (390 CSS pixels) the page does not
// scroll sideways — wide tables scroll inside their own box — and no
// column is squeezed to a few letters a line.
func TestNarrowScreen(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	if _, err := chromedp.Call(tb.ctx, emulation.SetDeviceMetricsOverride,
		emulation.SetDeviceMetricsOverrideParams{Width: 390, Height: 844, DeviceScaleFactor: 1, Mobile: true}); err != nil {
		t.Fatal(err)
	}
	tb.open()
	if w := eval[int](tb, `document.documentElement.scrollWidth`); w > 390 {
		t.Errorf("the page is %d pixels wide on a 390-pixel screen: it scrolls sideways", w)
	}
	// A row of the page table holds a URL of ~30 characters and numbers:
	// two lines at most; the policies' rows are cards on a phone — the
	// policy and its figure on a line, then what it is and what it drops
	// or starves, a sentence or two each.
	for _, c := range []struct {
		rows string
		most int
	}{{"#page-table tbody tr", 60}, {"#policies tbody tr", 190}} {
		if h := eval[int](tb, `Math.ceil(Math.max(...[...document.querySelectorAll("`+c.rows+`")].map(r => r.getBoundingClientRect().height)))`); h > c.most {
			t.Errorf("the tallest of %s is %d pixels high (want at most %d): a column is squeezed", c.rows, h, c.most)
		}
	}
	// The first screen answers: which policy, how fresh, at what budget,
	// and the seed list to load — all above the fold of a 390×844 phone.
	if b := eval[float64](tb, `document.getElementById("advice-nutch").getBoundingClientRect().bottom`); b > 844 {
		t.Errorf("the recommendation's seed-list button ends %.0f px down: below a phone's first screen (844 px)", b)
	}
	tb.shotTop("17-narrow-top")
	tb.shotOf("#tables", "17-narrow-tables")
}
