package e2e

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

// labelReport is what layoutJS finds on the page: every chart's text
// labels whose boxes intersect, and the smallest chart text on screen.
type labelReport struct {
	Charts, Texts int
	Overlaps      []string
	Smallest      float64 // px, of the smallest visible chart text
	SmallestText  string
	Wide          float64 // the page's scroll width beyond the window, px
}

// layoutJS measures every visible chart (an svg with role img) on the
// page: text labels whose bounding boxes intersect by more than half a
// pixel each way, and the smallest rendered font size.
const layoutJS = `(() => {
	const out = {Charts: 0, Texts: 0, Overlaps: [], Smallest: 1e9, SmallestText: "", Wide: document.documentElement.scrollWidth - window.innerWidth};
	for (const svg of document.querySelectorAll("svg[role=img]")) {
		const r = svg.getBoundingClientRect();
		if (r.width === 0 || r.height === 0) continue;
		out.Charts++;
		const texts = [...svg.querySelectorAll("text")].filter(e => e.textContent.trim() !== "" && e.getBoundingClientRect().width > 0);
		out.Texts += texts.length;
		const boxes = texts.map(e => e.getBoundingClientRect());
		for (const [k, e] of texts.entries()) {
			const px = boxes[k].height > 0 ? parseFloat(getComputedStyle(e).fontSize) * (r.width / (svg.viewBox.baseVal.width || r.width)) : 1e9;
			if (px < out.Smallest) { out.Smallest = px; out.SmallestText = e.textContent; }
		}
		for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
			const a = boxes[i], b = boxes[j];
			if (a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5)
				out.Overlaps.push((svg.id || svg.getAttribute("aria-label")) + ": " + texts[i].textContent + " / " + texts[j].textContent);
		}
	}
	return out;
})()`

// checkLayout fails when chart labels intersect, chart text is smaller
// than minPx on screen, or the page scrolls sideways.
func (tb *tab) checkLayout(when string, minPx float64) {
	tb.t.Helper()
	r := eval[labelReport](tb, layoutJS)
	if r.Charts == 0 {
		tb.t.Errorf("%s: no chart on the page", when)
	}
	if len(r.Overlaps) > 0 {
		tb.t.Errorf("%s: chart labels overlap: %q", when, r.Overlaps)
	}
	if r.Smallest < minPx {
		tb.t.Errorf("%s: chart text %q is %.1f px on screen, want ≥ %.0f", when, r.SmallestText, r.Smallest, minPx)
	}
	if r.Wide > 1 {
		tb.t.Errorf("%s: the page scrolls sideways by %.0f px", when, r.Wide)
	}
	tb.t.Logf("%s: %d charts, %d labels, smallest %.1f px", when, r.Charts, r.Texts, r.Smallest)
}

// TestLayout: at a desktop's width (1400 px) and a phone's (390 px), the
// sample, a change history and a bad file: screenshots of each, chart
// labels that never intersect, chart text readable on a phone (≥ 11 px
// on screen), no sideways scrolling.
func TestLayout(t *testing.T) {
	t.Parallel()
	history, err := os.ReadFile("../examples/changes.csv")
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range []int64{1400, 390} {
		t.Run(fmt.Sprint(w), func(t *testing.T) {
			tb := newTab(t)
			setWidth(t, tb, w)
			tb.open()
			minPx := 11.0
			tb.firstScreenAnswers("the sample", "Use psp.", "")
			tb.checkLayout("the sample", minPx)
			tb.shot(fmt.Sprintf("layout-%d-sample", w))

			seq := tb.seq()
			tb.drop("changes.csv", string(history), "")
			tb.waitPlanned(seq, 60*time.Second)
			tb.firstScreenAnswers("a change history", "Use psp.", "backtest")
			tb.checkLayout("a change history", minPx)
			tb.shot(fmt.Sprintf("layout-%d-history", w))

			tb.drop("broken.csv", "url,host,changes_per_day\nhttps://a.example/1,a.example,often\n", "")
			tb.poll(`!!document.getElementById("input-error")`, 15*time.Second)
			if msg := tb.text("#input-error"); !strings.Contains(msg, "line 2") {
				t.Errorf("bad file: the error %q does not name line 2", msg)
			}
			tb.checkLayout("after a bad file", minPx)
			tb.shot(fmt.Sprintf("layout-%d-bad-file", w))
		})
	}
}

// firstScreenAnswers checks that the window's first screen (900 px high,
// as setWidth makes it) holds the four answers: the policy (policy, in
// the recommendation), how fresh and at what budget (its sentence), and
// what to load (the seed-list buttons, whose bottom is above the fold);
// for a history, also the pointer to the backtest (history).
func (tb *tab) firstScreenAnswers(when, policy, history string) {
	tb.t.Helper()
	eval[bool](tb, `(window.scrollTo(0, 0), true)`)
	text := tb.text("#advice-text")
	for _, want := range []string{policy, "% fresh", "visits per", "per page per day"} {
		if !strings.Contains(text, want) {
			tb.t.Errorf("%s: the recommendation %q does not say %q", when, text, want)
		}
	}
	if b := eval[float64](tb, `document.getElementById("advice-nutch").getBoundingClientRect().bottom`); b > 900 {
		tb.t.Errorf("%s: the seed-list button ends %.0f px down, below the first screen", when, b)
	}
	if history != "" && !strings.Contains(tb.text("#advice-learn"), history) {
		tb.t.Errorf("%s: the recommendation %q does not point to the %s", when, tb.text("#advice-learn"), history)
	}
}
