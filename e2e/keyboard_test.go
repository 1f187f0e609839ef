package e2e

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/accessibility"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
)

// TestScreenReaderNames: in the browser's own accessibility tree (what a
// screen reader reads), every control, chart and table has a name, and
// the parts of the page are named regions.
func TestScreenReaderNames(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open()
	tree, err := chromedp.Call(tb.ctx, accessibility.GetFullAXTree, accessibility.GetFullAXTreeParams{})
	if err != nil {
		t.Fatal(err)
	}
	named := map[string]bool{
		"button": true, "textbox": true, "searchbox": true, "combobox": true, "radio": true,
		"checkbox": true, "link": true, "spinbutton": true, "image": true, "table": true, "navigation": true,
	}
	seen := map[string]int{}
	for _, n := range tree.Nodes {
		if n.Ignored || n.Role == nil {
			continue
		}
		role := strings.Trim(string(n.Role.Value), `"`)
		if !named[role] {
			continue
		}
		seen[role]++
		name := ""
		if n.Name != nil {
			name = strings.Trim(string(n.Name.Value), `"`)
		}
		if strings.TrimSpace(name) == "" {
			t.Errorf("a %s (DOM node %d) has no accessible name", role, n.BackendDOMNodeID)
		}
	}
	// What the page holds once the sample is planned: the form, the
	// exports, four charts, the policies and two tables with their pagers.
	for role, least := range map[string]int{"button": 20, "textbox": 4, "searchbox": 2, "combobox": 3, "radio": 2, "image": 4, "table": 3, "navigation": 2} {
		if seen[role] < least {
			t.Errorf("%d %s nodes in the accessibility tree, want at least %d", seen[role], role, least)
		}
	}
	t.Logf("named: %v", seen)
}

// focused describes the element that has the keyboard focus.
func (tb *tab) focused() string {
	return eval[string](tb, `(() => { const e = document.activeElement;
		return e ? e.tagName.toLowerCase() + "#" + e.id + " " + (e.getAttribute("aria-label") || e.textContent.trim()).slice(0, 60) : ""; })()`)
}

// tabTo presses Tab until the focus is on an element matching the
// selector, failing after max presses.
func (tb *tab) tabTo(sel string, max int) {
	tb.t.Helper()
	for range max {
		tb.do(chromedp.KeyEvent(kb.Tab))
		if eval[bool](tb, fmt.Sprintf(`document.activeElement === document.querySelector(%q)`, sel)) {
			return
		}
	}
	tb.t.Fatalf("%d presses of Tab never reached %s (focus on %s)", max, sel, tb.focused())
}

// TestKeyboardOnly: a person without a mouse changes the budget, sorts
// and pages a table, and the focus is always somewhere they can see.
func TestKeyboardOnly(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open()
	tb.do(chromedp.Evaluate[chromedp.Void](`document.activeElement?.blur()`))

	tb.tabTo("#budget", 40)
	if got := eval[string](tb, `getComputedStyle(document.activeElement).outlineStyle`); got == "none" {
		t.Errorf("the focused budget field shows no outline")
	}
	before := tb.seq()
	n := len(eval[string](tb, `document.getElementById("budget").value`))
	tb.do(chromedp.KeyEvent(kb.End), chromedp.KeyEvent(strings.Repeat(kb.Backspace, n)), chromedp.KeyEvent("40000"))
	tb.waitPlanned(before, 30*time.Second)
	if got := tb.text("#policies caption"); !strings.Contains(got, "40,000 visits") {
		t.Errorf("policies caption %q after typing 40000 into the budget: want the new budget", got)
	}

	// The page table's "changes/day" column, sorted by Enter, then
	// reversed by Space.
	sortBtn := `#page-table thead th:nth-child(3) button`
	th := `document.querySelector("#page-table thead th:nth-child(3)").getAttribute("aria-sort")`
	tb.tabTo(sortBtn, 120)
	tb.do(chromedp.KeyEvent(kb.Enter))
	tb.poll(th+` === "descending"`, 5*time.Second)
	tb.do(chromedp.KeyEvent(" "))
	tb.poll(th+` === "ascending"`, 5*time.Second)
	if !eval[bool](tb, fmt.Sprintf(`document.activeElement === document.querySelector(%q)`, sortBtn)) {
		t.Errorf("sorting moved the focus to %s", tb.focused())
	}
	tb.shotTop("16-keyboard-sorted")

	// The pager: next page, then the last; the focus stays in the pager
	// even where the button pressed can go no further.
	at := func() string { return tb.text("#page-table .pg-at") }
	if got := at(); got != "page 1 of 60" {
		t.Fatalf("pager %q, want page 1 of 60 (3,000 pages, 50 a page)", got)
	}
	tb.tabTo(`#page-table .pg[aria-label="next page"]`, 140)
	tb.do(chromedp.KeyEvent(kb.Enter))
	tb.poll(`document.querySelector("#page-table .pg-at").textContent === "page 2 of 60"`, 5*time.Second)
	tb.do(chromedp.KeyEvent(kb.Tab), chromedp.KeyEvent(kb.Enter))
	tb.poll(`document.querySelector("#page-table .pg-at").textContent === "page 60 of 60"`, 5*time.Second)
	time.Sleep(100 * time.Millisecond)
	if !eval[bool](tb, `!!document.activeElement?.closest("#page-table .pager")`) {
		t.Errorf("after the last page, the focus left the pager for %q", tb.focused())
	}
	tb.do(chromedp.KeyEvent(kb.Enter))
	time.Sleep(100 * time.Millisecond)
	if got := at(); got != "page 60 of 60" {
		t.Errorf("Enter on the last page's own button moved to %q", got)
	}
	tb.shotOf("#page-table .table-tools", "16-keyboard-pager")
}
