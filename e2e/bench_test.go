package e2e

import (
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// TestBenchLoad measures, for BENCHMARKS.md, the time from navigation to
// the sample's first plan on screen and to every stage, in a fresh
// browser context (nothing cached) and again (service worker and HTTP
// cache warm). Run with E2E_BENCH=1.
func TestBenchLoad(t *testing.T) {
	if os.Getenv("E2E_BENCH") == "" {
		t.Skip("set E2E_BENCH=1 to measure")
	}
	for _, round := range []string{"first visit", "second visit"} {
		tb := newTab(t)
		start := time.Now()
		tb.do(chromedp.Navigate(baseURL))
		tb.poll(`+document.getElementById("status")?.dataset.planMs > 0`, 60*time.Second)
		first := time.Since(start)
		tb.waitPlanned(0, 60*time.Second)
		all := time.Since(start)
		nav := eval[float64](tb, `performance.getEntriesByType("navigation")[0].duration`)
		wasm := eval[string](tb, `(() => { const e = performance.getEntriesByType("resource").find(r => r.name.endsWith("/web/app.wasm"));
			return e ? e.duration.toFixed(0) + " ms, " + e.transferSize + " bytes over the wire, " + e.decodedBodySize + " decoded" : "none"; })()`)
		t.Logf("%s: sample planned on screen %v after navigation, every stage %v (page load event %.0f ms; app.wasm %s)",
			round, first.Round(time.Millisecond), all.Round(time.Millisecond), nav, wasm)
		t.Logf("  status: read %s ms, first stage %s ms after the job was sent; app started at %.0f ms",
			eval[string](tb, `document.getElementById("status").dataset.readMs`),
			eval[string](tb, `document.getElementById("status").dataset.planMs`),
			eval[float64](tb, `(performance.getEntriesByName("freshplan-mounted")[0] || {startTime: -1}).startTime`))
	}
}

// TestBenchFile plans a pages table from disk in the tab, for
// BENCHMARKS.md: E2E_BENCH_FILE=/tmp/paper.csv [E2E_BENCH_BUDGET=8640000]
// [E2E_BENCH_ALL=1 to wait for the sweep and the search too].
func TestBenchFile(t *testing.T) {
	path := os.Getenv("E2E_BENCH_FILE")
	if path == "" {
		t.Skip("set E2E_BENCH_FILE to a pages table to measure")
	}
	tb := newTab(t)
	tb.open()
	if b := os.Getenv("E2E_BENCH_BUDGET"); b != "" {
		// The budget is set before the file is read: it sticks.
		seq := tb.seq()
		tb.typeInto("#budget", b)
		tb.waitPlanned(seq, 10*time.Minute)
	}
	before := tb.seq()
	start := time.Now()
	tb.do(chromedp.SetUploadFiles(chromedp.ID("file-input"), []string{path}))
	tb.poll(fmt.Sprintf(`+document.getElementById("status").dataset.seq > %d`, before), 10*time.Minute)
	read := time.Since(start)
	tb.poll(`+document.getElementById("status").dataset.planMs > 0`, 20*time.Minute)
	planned := time.Since(start)
	t.Logf("%s: read in the tab in %v (%s); every policy planned in the worker %v after the pick",
		path, read.Round(time.Millisecond), tb.text("#dataset"), planned.Round(time.Millisecond))
	t.Logf("status: %s", tb.status())
	mem := eval[string](tb, `performance.memory ? (performance.memory.usedJSHeapSize/1e6).toFixed(0) + " MB JS heap" : ""`)
	t.Logf("page memory: %s", mem)
	tb.shotTop("bench-" + strings.TrimSuffix(filepathBase(path), ".csv"))
	if os.Getenv("E2E_BENCH_ALL") != "" {
		tb.waitPlanned(before, 60*time.Minute)
		t.Logf("every stage %v after the pick; status: %s", time.Since(start).Round(time.Millisecond), tb.text("#status"))
	}
}

func filepathBase(p string) string {
	if k := strings.LastIndexByte(p, '/'); k >= 0 {
		return p[k+1:]
	}
	return p
}
