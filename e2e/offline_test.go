package e2e

import (
	"net"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"github.com/freshplan/freshplan/core/share"
)

// freeAddr returns a local address nothing listens on.
func freeAddr(t *testing.T) string {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().String()
}

// cachedJS is true once the service worker controls the page and has
// cached the app's wasm and the planner's worker script.
const cachedJS = `(async () => {
	if (!navigator.serviceWorker || !navigator.serviceWorker.controller) return false;
	for (const k of await caches.keys()) {
		const c = await caches.open(k);
		if (await c.match("/web/app.wasm") && await c.match("/web/worker.js")) return true;
	}
	return false;
})()`

// TestOfflineAndUpdate serves the app on a port of its own, loads it
// once, stops the server, and opens it again — the page, the planner's
// worker and its wasm must all come from the service worker's cache and
// plan the sample. Then a new deployment (another version) on the same
// port must bring the "new version — reload" banner.
func TestOfflineAndUpdate(t *testing.T) {
	t.Parallel()
	addr := freeAddr(t)
	url, stop, err := startServer(cli, built, addr)
	if err != nil {
		t.Fatal(err)
	}
	tb := newTab(t)
	tb.origin = url
	tb.do(chromedp.Navigate(url))
	tb.waitPlanned(0, 60*time.Second)
	online := tb.text("#headline")
	// The first load installs the service worker; a reload puts the page
	// under its control.
	tb.do(chromedp.Navigate(url))
	tb.waitPlanned(0, 60*time.Second)
	tb.poll(cachedJS, 30*time.Second)
	stop()

	tb.do(chromedp.Navigate(url + "#offline"))
	tb.waitPlanned(0, 60*time.Second)
	if got := tb.text("#headline"); got != online {
		t.Errorf("offline headline %q, online %q", got, online)
	}
	// A share link opens offline too: a fresh load of its fragment.
	frag, err := share.Encode(share.State{Params: share.Params{Horizon: 86400, Politeness: 15, Budget: 5000,
		Objective: "staleness", Model: "steady", Policy: "psp", Target: 0.9, Sample: true}}, share.Budget(url))
	if err != nil {
		t.Fatal(err)
	}
	tb.do(chromedp.Navigate("about:blank"))
	tb.do(chromedp.Navigate(url + "#" + frag))
	tb.waitPlanned(0, 60*time.Second)
	if got := tb.text("#policies caption"); !strings.Contains(got, "At 5,000 visits") {
		t.Errorf("the share link opened offline shows %q", got)
	}
	if e := eval[string](tb, `document.getElementById("status").dataset.engine`); e != "in a web worker" {
		t.Errorf("offline, the planner ran %s, not in its worker", e)
	}
	tb.shotTop("offline")

	next := filepath.Join(t.TempDir(), "freshplan-next")
	if err := buildCLI(next, "e2e-next"); err != nil {
		t.Fatal(err)
	}
	_, stop, err = startServer(next, built, addr)
	if err != nil {
		t.Fatal(err)
	}
	defer stop()
	tb.do(chromedp.Navigate(url))
	// The browser checks for a new service worker on navigation; a check
	// that raced the server's restart is repeated as a long-open tab's
	// would be.
	tb.poll(`(() => { const b = document.getElementById("update-banner");
		if (b && !b.hidden) return true;
		const now = performance.now();
		if (!window.__lastCheck || now - window.__lastCheck > 3000) {
			window.__lastCheck = now;
			navigator.serviceWorker.getRegistration().then(r => r && r.update()).catch(() => {});
		}
		return false; })()`, 60*time.Second)
	tb.shotTop("update-banner")
}
