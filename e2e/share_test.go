package e2e

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/freshplan/freshplan/core/share"
)

// planOnScreen is what a teammate compares: the headline numbers, every
// policy's figure, and the parameters.
func (tb *tab) planOnScreen() string {
	tb.t.Helper()
	return tb.text("#headline") + "\n" + tb.text("#policies") + "\n" +
		eval[string](tb, `[...document.querySelectorAll("#params input, #params select")].map(e => e.id + "=" + (e.type === "radio" ? e.checked : e.value)).join(" ")`)
}

// copyLink clicks Copy link and returns the link the page shows.
func (tb *tab) copyLink() string {
	tb.t.Helper()
	eval[bool](tb, `(document.getElementById("copy-link").click(), true)`)
	tb.poll(`!!document.getElementById("share-url") && /#v[12]&/.test(document.getElementById("share-url").value)`, 30*time.Second)
	return eval[string](tb, `document.getElementById("share-url").value`)
}

// TestShareLink: a small file travels in the link; a teammate's fresh
// browser opens it to the same plan, parameters included.
func TestShareLink(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.open()
	seq := tb.seq()
	tb.drop("shared.csv", pagesCSV(600, 30), "")
	tb.waitPlanned(seq, 60*time.Second)
	seq = tb.seq()
	tb.typeInto("#budget", "1234")
	tb.typeInto("#politeness", "40")
	tb.waitPlanned(seq, 60*time.Second)
	want := tb.planOnScreen()
	link := tb.copyLink()
	if !strings.Contains(link, "&e=shared.csv") || !strings.Contains(link, "&d=") || !strings.Contains(link, "b=1234") {
		t.Errorf("link %s: want the data and the parameters in it", short(link))
	}
	if len(link) > share.MaxLink || !strings.HasPrefix(link, baseURL) {
		t.Errorf("the link is %d characters (at most %d) and starts %.40q, not the page's address %s", len(link), share.MaxLink, link, baseURL)
	}
	t.Logf("link of %d bytes; note: %s", len(link), tb.text("#link-note"))
	if got := tb.text("#link-note"); !strings.Contains(got, "the data of shared.csv") {
		t.Errorf("note %q: want the data in the link", got)
	}
	tb.shotOf("#exports", "share-link")

	// It opens with no file to drop: the data is in the link.
	mate := newTab(t, chromedp.WithNewBrowserContext())
	mate.do(chromedp.Navigate(link))
	mate.waitPlanned(0, 60*time.Second)
	if got := mate.planOnScreen(); got != want {
		t.Errorf("the link opens to\n%s\nnot\n%s", got, want)
	}
	if prompt := eval[bool](mate, `!!document.getElementById("link-prompt")`); prompt {
		t.Errorf("a link with the data in it asks for the file: %q", mate.text("#link-prompt"))
	}
	if got := mate.text("#dataset"); !strings.Contains(got, "shared.csv") {
		t.Errorf("the link opens on %q, not shared.csv", got)
	}

	// A damaged link says so and leaves the page usable.
	broken := newTab(t, chromedp.WithNewBrowserContext())
	broken.do(chromedp.Navigate(link[:len(link)-40]))
	broken.waitPlanned(0, 60*time.Second)
	if got := broken.text("#link-open-error"); !strings.Contains(got, "incomplete") && !strings.Contains(got, "damaged") {
		t.Errorf("a cut link says %q", got)
	}
	broken.shotTop("share-broken")
}

// randomCSV is a pages table that does not compress: its link can only
// hold its fingerprint.
func randomCSV(n int, seed uint64) string {
	rng := rand.New(rand.NewPCG(seed, 1))
	var b strings.Builder
	b.WriteString("url,host,changes_per_day\n")
	for i := range n {
		fmt.Fprintf(&b, "https://h%d.example/%016x%016x,h%d.example,%.4f\n", i%50, rng.Uint64(), rng.Uint64(), i%50, 0.01+5*rng.Float64())
	}
	return b.String()
}

// TestShareFingerprint: a file too big for a link is named by its
// fingerprint; the teammate is asked for it, a different file is refused,
// and the right one (renamed) gives the same plan.
func TestShareFingerprint(t *testing.T) {
	t.Parallel()
	big := randomCSV(6000, 7) // 430 KB of random URLs: no link of 8,000 characters carries it
	tb := newTab(t)
	tb.open()
	seq := tb.seq()
	tb.drop("big.csv", big, "")
	tb.waitPlanned(seq, 60*time.Second)
	want := tb.planOnScreen()
	link := tb.copyLink()
	if !strings.Contains(link, "&f=big.csv") || strings.Contains(link, "&d=") {
		t.Fatalf("link %s: want a fingerprint, not the data", short(link))
	}
	if len(link) > share.MaxLink {
		t.Errorf("the link is %d characters, over %d", len(link), share.MaxLink)
	}

	mate := newTab(t, chromedp.WithNewBrowserContext())
	mate.do(chromedp.Navigate(link))
	mate.poll(`!!document.getElementById("link-prompt")`, 60*time.Second)
	if got := mate.text("#link-prompt"); !strings.HasPrefix(got, "Drop big.csv to see this plan") {
		t.Errorf("prompt %q", got)
	}
	mate.shotTop("share-prompt")
	wrong := strings.Replace(big, "example/", "example/x", 1)
	mate.drop("big.csv", wrong, "")
	mate.poll(`!!document.getElementById("input-error")`, 60*time.Second)
	if got := mate.text("#input-error"); !strings.Contains(got, "is not the file this link was made from") {
		t.Errorf("a different file: %q", got)
	}
	if st := eval[string](mate, `document.getElementById("status").dataset.state`); st != "awaiting" {
		t.Errorf("after a different file the page is %q, not still waiting", st)
	}
	mate.shotTop("share-refused")
	mate.drop("copy of big.csv", big, "")
	mate.waitPlanned(0, 60*time.Second)
	got := mate.planOnScreen()
	if got != want {
		t.Errorf("the right file gives\n%s\nnot\n%s", got, want)
	}
}

// TestShareLongFile: a file that packs well but not into a link that fits
// a chat message (380 KB of pages table, ~67,000 characters of link with
// the data in it) is linked by its fingerprint in a link of at most
// share.MaxLink characters; the link opens asking for the file, and the
// file gives the same plan.
func TestShareLongFile(t *testing.T) {
	t.Parallel()
	long := pagesCSV(6000, 40)
	tb := newTab(t)
	tb.open()
	seq := tb.seq()
	tb.drop("long.csv", long, "")
	tb.waitPlanned(seq, 90*time.Second)
	seq = tb.seq()
	tb.typeInto("#budget", "50000")
	tb.waitPlanned(seq, 90*time.Second)
	want := tb.planOnScreen()
	link := tb.copyLink()
	if !strings.Contains(link, "&f=long.csv") || strings.Contains(link, "&d=") || !strings.Contains(link, "b=50000") {
		t.Fatalf("link %s: want the parameters and a fingerprint, not the data", short(link))
	}
	if len(link) > share.MaxLink {
		t.Errorf("the link is %d characters, over %d", len(link), share.MaxLink)
	}
	if got := tb.text("#link-note"); !strings.Contains(got, "a fingerprint of long.csv") || !strings.Contains(got, "8,000 characters") {
		t.Errorf("note %q: want the fingerprint and why", got)
	}
	t.Logf("link of %d characters; note: %s", len(link), tb.text("#link-note"))

	mate := newTab(t, chromedp.WithNewBrowserContext())
	mate.do(chromedp.Navigate(link))
	mate.poll(`!!document.getElementById("link-prompt")`, 60*time.Second)
	if got := mate.text("#link-prompt"); !strings.HasPrefix(got, "Drop long.csv to see this plan") {
		t.Errorf("prompt %q", got)
	}
	mate.drop("long.csv", long, "")
	mate.waitPlanned(0, 90*time.Second)
	if got := mate.planOnScreen(); got != want {
		t.Errorf("the file gives\n%s\nnot\n%s", got, want)
	}
}
