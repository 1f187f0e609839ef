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
	// two lines at most; the policies' rows, a sentence or two.
	for _, c := range []struct {
		rows string
		most int
	}{{"#page-table tbody tr", 60}, {"#policies tbody tr", 140}} {
		if h := eval[int](tb, `Math.ceil(Math.max(...[...document.querySelectorAll("`+c.rows+`")].map(r => r.getBoundingClientRect().height)))`); h > c.most {
			t.Errorf("the tallest of %s is %d pixels high (want at most %d): a column is squeezed", c.rows, h, c.most)
		}
	}
	tb.shotTop("17-narrow-top")
	tb.shotOf("#tables", "17-narrow-tables")
}
