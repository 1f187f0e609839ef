package e2e

import (
	"regexp"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestFirstScreen: the sample's answer arrives with the page's HTML, which
// the server pre-renders with the sample planned (app/first_screen.go),
// before the app's WebAssembly runs; the app then takes over with the
// same figures. Opened on a share link, the pre-rendered sample (not the
// link's plan) stays hidden until the app has read the link.
func TestFirstScreen(t *testing.T) {
	t.Parallel()
	// go-app loads no WebAssembly with ?wasm=false: the page as it is
	// until the app runs.
	pre := newTab(t)
	pre.do(chromedp.Navigate(baseURL + "?wasm=false"))
	pre.poll(`document.readyState === "complete"`, 30*time.Second)
	fresh := pre.text("#h-fresh .card-value")
	if !regexp.MustCompile(`^\d+\.\d\d%$`).MatchString(fresh) {
		t.Fatalf("pre-rendered headline %q: want the sample's freshness", fresh)
	}
	if got := eval[string](pre, `document.getElementById("status").dataset.state`); got != "loading" {
		t.Errorf("pre-rendered status %q: want loading (nothing on it answers yet)", got)
	}
	if got := pre.text("#status"); !regexp.MustCompile(`sample is planned below`).MatchString(got) {
		t.Errorf("pre-rendered status says %q: want it to say the app is loading and the sample is planned", got)
	}
	if got := eval[string](pre, `getComputedStyle(document.querySelector("main.page")).visibility`); got != "visible" {
		t.Errorf("pre-rendered page visibility %q, want visible", got)
	}
	pre.shotTop("first-screen-prerendered")

	linked := newTab(t)
	linked.do(chromedp.Navigate(baseURL + "?wasm=false#p=anything"))
	linked.poll(`document.readyState === "complete"`, 30*time.Second)
	if got := eval[string](linked, `getComputedStyle(document.querySelector("main.page")).visibility`); got != "hidden" {
		t.Errorf("opened on a link, the pre-rendered sample's visibility is %q, want hidden", got)
	}

	live := newTab(t)
	live.open()
	if got := live.text("#h-fresh .card-value"); got != fresh {
		t.Errorf("the app's headline %q, the pre-rendered one %q: want the same", got, fresh)
	}
	if got := eval[string](live, `getComputedStyle(document.querySelector("main.page")).visibility`); got != "visible" {
		t.Errorf("the app's page visibility %q, want visible", got)
	}
	if n := eval[int](live, `document.querySelectorAll(".app.prerendered").length`); n != 0 {
		t.Errorf("the running app is still marked pre-rendered")
	}
}
