package e2e

import (
	"context"
	"regexp"
	"testing"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// TestWorkerFetchesWhenNoModulePosts: a browser that will not post the
// page's compiled module to a worker (a DataCloneError, forced here by a
// module no browser can clone) still plans in the worker, which fetches
// and compiles app.wasm itself.
func TestWorkerFetchesWhenNoModulePosts(t *testing.T) {
	t.Parallel()
	tb := newTab(t)
	tb.do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
		_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `Object.defineProperty(window, "freshplanModule", {get: () => () => 0, set: () => {}});`})
		return err
	}))
	tb.open()
	if got := eval[string](tb, `document.getElementById("status").dataset.engine`); got != "in a web worker" {
		t.Errorf("planning ran %q, want in a web worker", got)
	}
	if n := eval[[]int](tb, `(s => [+s.workers, +s.workersCompiled])(document.getElementById("status").dataset)`); n[0] < 1 || n[1] != n[0] {
		t.Errorf("workers started, and of them compiled app.wasm themselves: %v; want every one, none being given the module", n)
	}
	if got := tb.text("#h-fresh .card-value"); !regexp.MustCompile(`^\d+\.\d\d%$`).MatchString(got) {
		t.Errorf("headline freshness %q: want a percentage", got)
	}
}
