package e2e

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/profiler"
	"github.com/chromedp/chromedp"

	"github.com/freshplan/freshplan/core/share"
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
		// The paint of each headline number (their elementtiming), recorded
		// from the document's start.
		tb.do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			_, err := chromedp.Call(ctx, page.AddScriptToEvaluateOnNewDocument, page.AddScriptToEvaluateOnNewDocumentParams{Source: `window.__painted = [];
				new PerformanceObserver(l => { for (const e of l.getEntries()) window.__painted.push([e.identifier, e.renderTime || e.loadTime, e.element ? e.element.textContent : "(replaced since)"]); }).observe({type: "element", buffered: true});`})
			return err
		}))
		start := time.Now()
		tb.do(chromedp.Navigate(baseURL))
		// The headline: psp's freshness on screen (from the early plan).
		tb.poll(`/%$/.test(document.querySelector("#h-fresh .card-value")?.textContent || "")`, 60*time.Second)
		headline := time.Since(start)
		// The app running with the headline: the pre-rendered page (the
		// server's, app/first_screen.go) taken over by the app's own.
		tb.poll(`(s => s && s.dataset.state !== "loading" && /%$/.test(document.querySelector("#h-fresh .card-value")?.textContent || ""))(document.getElementById("status"))`, 60*time.Second)
		live := time.Since(start)
		tb.poll(`+document.getElementById("status")?.dataset.planMs > 0`, 60*time.Second)
		first := time.Since(start)
		tb.waitPlanned(0, 60*time.Second)
		all := time.Since(start)
		nav := eval[float64](tb, `performance.getEntriesByType("navigation")[0].duration`)
		wasm := eval[string](tb, `(() => { const e = performance.getEntriesByType("resource").find(r => r.name.endsWith("/web/app.wasm"));
			return e ? e.duration.toFixed(0) + " ms, " + e.transferSize + " bytes over the wire, " + e.decodedBodySize + " decoded" : "none"; })()`)
		// When the browser first painted the headline's number (the
		// harness's own look at the page waits for the page's main thread,
		// which the app's start holds).
		// (An element the app has replaced by its own is no longer there to
		// read: the pre-rendered one, whose number TestFirstScreen checks.)
		painted := eval[float64](tb, `(window.__painted.find(p => p[0] === "h-fresh") || [0, -1])[1]`)
		t.Logf("%s: headline painted %.0f ms after navigation (seen by the harness at %v), the app running with it %v, every policy %v, every stage %v (page load event %.0f ms; app.wasm %s)",
			round, painted, headline.Round(time.Millisecond), live.Round(time.Millisecond), first.Round(time.Millisecond), all.Round(time.Millisecond), nav, wasm)
		t.Logf("  painted (ms after navigation): %s", eval[string](tb, `window.__painted.map(p => p[0] + " " + p[1].toFixed(0) + " " + p[2]).join("; ")`))
		t.Logf("  status: read %s ms, first stage %s ms after the job was sent; app started at %.0f ms",
			eval[string](tb, `document.getElementById("status").dataset.readMs`),
			eval[string](tb, `document.getElementById("status").dataset.planMs`),
			eval[float64](tb, `(performance.getEntriesByName("freshplan-mounted")[0] || {startTime: -1}).startTime`))
		// Where the time went: the wasm's fetch (compiled as it streams)
		// and the page's marks (app.Mark), in ms after navigation.
		t.Logf("  timeline: %s", eval[string](tb, `(() => {
			const w = performance.getEntriesByType("resource").find(r => r.name.endsWith("/web/app.wasm"));
			const out = w ? ["wasm fetch " + w.startTime.toFixed(0) + "–" + w.responseEnd.toFixed(0)] : [];
			for (const m of performance.getEntriesByType("mark")) if (m.name.startsWith("freshplan-")) out.push(m.name.slice(10) + " " + m.startTime.toFixed(0));
			return out.join(", "); })()`))
	}
}

// TestBenchFile plans a pages table from disk in the tab, for
// BENCHMARKS.md: E2E_BENCH_FILE=/tmp/paper.csv [E2E_BENCH_BUDGET=8640000]
// [E2E_BENCH_ALL=1 to wait for the sweep and the search too]
// [E2E_BENCH_PROFILE=FILE.cpuprofile for the page's CPU profile]
// [E2E_BENCH_RSS=FILE for the tab's memory every 100 ms: seconds from the
// pick, MB] [E2E_BENCH_TABLE=1 to time sorting and filtering the page
// table once planned] [E2E_BENCH_EXPORT=nutch (or another button of
// exportFiles) to time that download once planned, and the tab's memory
// meanwhile; with E2E_BENCH_RSS, its series goes to FILE.export].
func TestBenchFile(t *testing.T) {
	path := os.Getenv("E2E_BENCH_FILE")
	if path == "" {
		t.Skip("set E2E_BENCH_FILE to a pages table to measure")
	}
	tb := newTab(t)
	budget := 0
	if b := os.Getenv("E2E_BENCH_BUDGET"); b != "" {
		var err error
		if budget, err = strconv.Atoi(b); err != nil {
			t.Fatal(err)
		}
	}
	// The page opens on a share link naming the file by its fingerprint,
	// with the budget: it plans nothing until the file comes, and then
	// plans it once, at that budget.
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	p := share.Params{Horizon: 86400, Politeness: 15, Budget: budget, Objective: "staleness", Model: "steady", Policy: "psp", Target: 0.9}
	if budget == 0 {
		p.Budget = 4 * strings.Count(string(data), "\n")
	}
	frag, err := share.Encode(share.State{Params: p, File: share.FingerprintOf(filepathBase(path), data)}, share.Budget(baseURL))
	if err != nil {
		t.Fatal(err)
	}
	data = nil
	tb.do(chromedp.Navigate(baseURL + "#" + frag))
	tb.poll(`document.getElementById("status")?.dataset.state === "awaiting"`, time.Minute)
	before := tb.seq()
	idle := rendererMemory() // the app loaded, its worker started, no data
	// The tab's memory, sampled while it reads and plans.
	rss := sampleRSS(100 * time.Millisecond)
	// The page's responsiveness: a 10 ms timer's longest wait, and the
	// browser's long tasks over 200 ms, while it reads and plans.
	eval[bool](tb, `(() => { window.__ticks = []; window.__timer = setInterval(() => window.__ticks.push(performance.now()), 10);
		`+watchLongTasks+`
		window.__start = performance.now(); return true; })()`)
	// The status line's stages as they change (the worker's progress),
	// for where the time goes.
	eval[bool](tb, `(() => { window.__stages = []; const st = document.getElementById("status");
		new MutationObserver(() => { const stage = st.textContent.replace(/[0-9][0-9.,]*%?/g, "#");
			if (!window.__stages.length || window.__stages[window.__stages.length - 1][1] !== stage) window.__stages.push([performance.now(), stage]);
		}).observe(st, {subtree: true, childList: true, characterData: true}); return true; })()`)
	profile := os.Getenv("E2E_BENCH_PROFILE")
	if profile != "" {
		// The page's main thread, sampled every millisecond: what its
		// long tasks are (open the file in Chromium's DevTools).
		tb.do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			if _, err := chromedp.Call(ctx, profiler.Enable, cdp.Empty{}); err != nil {
				return err
			}
			if _, err := chromedp.Call(ctx, profiler.SetSamplingInterval, profiler.SetSamplingIntervalParams{Interval: 1000}); err != nil {
				return err
			}
			_, err := chromedp.Call(ctx, profiler.Start, cdp.Empty{})
			return err
		}))
	}
	start := time.Now()
	tb.do(chromedp.SetUploadFiles(chromedp.ID("file-input"), []string{path}))
	// Read when the page no longer says so and has started a job (a log
	// read by the planner's worker is itself a job).
	tb.poll(fmt.Sprintf(`(s => s.dataset.state !== "reading" && +s.dataset.seq > %d)(document.getElementById("status"))`, before), 10*time.Minute)
	read := time.Since(start)
	afterRead := rss.most()
	if os.Getenv("E2E_BENCH_EARLY") != "" {
		// A big plan is shown early (psp, the bound wp and uniform; the
		// bound nonpolite next): look at it.
		tb.poll(`+document.getElementById("status").dataset.earlyMs > 0 || +document.getElementById("status").dataset.planMs > 0`, 20*time.Minute)
		tb.shotOf("#policies", "bench-"+strings.TrimSuffix(filepathBase(path), ".csv")+"-early")
		tb.shotOf("#headline", "bench-"+strings.TrimSuffix(filepathBase(path), ".csv")+"-early-headline")
	}
	tb.poll(`+document.getElementById("status").dataset.planMs > 0`, 20*time.Minute)
	planned := time.Since(start)
	early := ""
	peak := rss.stop()
	rss.writeSeries(t)
	if profile != "" {
		var prof *profiler.Profile
		tb.do(chromedp.Func(func(ctx context.Context, _ *chromedp.Target) error {
			r, err := chromedp.Call(ctx, profiler.Stop, cdp.Empty{})
			prof = r.Profile
			return err
		}))
		b, err := json.Marshal(prof)
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(profile, b, 0o644); err != nil {
			t.Fatal(err)
		}
		t.Logf("the page's CPU profile written to %s", profile)
	}
	end := rendererMemory()
	t.Logf("memory: %.0f MB before the pick, at most %.0f MB while reading, %.0f MB at the end, at most %.0f MB (files mapped, Chromium's code mostly: %.0f MB before the pick, %.0f MB at the end; not counting them, at most %.0f MB)",
		idle.rss, afterRead, end.rss, peak, idle.files, end.files, rss.mostOwn())
	stall := eval[float64](tb, `(() => { clearInterval(window.__timer); let gap = 0, last = window.__start;
		for (const x of window.__ticks) { gap = Math.max(gap, x - last); last = x; }
		return Math.max(gap, performance.now() - last); })()`)
	var long []string
	for _, lt := range eval[[][2]float64](tb, `window.__long.filter(e => e[0] >= window.__start && e[1] > 200)`) {
		long = append(long, fmt.Sprintf("%.0f ms at %.1f s", lt[1], lt[0]/1000))
	}
	t.Logf("longest main-thread stall %.0f ms; long tasks over 200 ms: %v", stall, long)
	for _, s := range eval[[][]any](tb, `window.__stages.map(s => [(s[0] - window.__start) / 1000, s[1]])`) {
		t.Logf("%7.2f s after the pick: %v", s[0], s[1])
	}
	// What each Go program took from the system (WebAssembly memory is
	// never given back: their peaks); the rest of the tab is Chromium's.
	wasmMB := eval[string](tb, `(s => s.dataset.pageMb + " MB in the page, " + s.dataset.workerMb + " MB in the planning worker")(document.getElementById("status"))`)
	t.Logf("Go's memory: %s", wasmMB)
	if ms := eval[string](tb, `document.getElementById("status").dataset.allocatedMs`); ms != "0" {
		early = "; the provisional headline (wp, psp ≤ wp) shown " + ms + " ms from the job's start"
	}
	if ms := eval[string](tb, `document.getElementById("status").dataset.earlyMs`); ms != "0" {
		early += "; psp's headline shown " + ms + " ms from the job's start"
	}
	if ms := eval[string](tb, `document.getElementById("status").dataset.nonpoliteMs`); ms != "0" {
		early += ", the bound nonpolite (what politeness costs) " + ms + " ms"
	}
	report := fmt.Sprintf("%s: read (and, for a log, estimated) in the tab in %v (%s); every policy planned in the worker %v after the pick (%s ms from the job's start%s); tab memory (its renderer process: page and worker) at most %.0f MB (%.0f MB before the pick; not counting files mapped, at most %.0f MB, %.0f before the pick; Go's: %s); the page's longest stall %.0f ms",
		path, read.Round(time.Millisecond), tb.text("#dataset"), planned.Round(time.Millisecond),
		eval[string](tb, `document.getElementById("status").dataset.planMs`), early, peak, idle.rss, rss.mostOwn(), idle.own(), wasmMB, stall)
	t.Log(report)
	tb.shotTop("bench-" + strings.TrimSuffix(filepathBase(path), ".csv"))
	if os.Getenv("E2E_BENCH_ALL") != "" {
		// The sweep plans up to four times the budget: the tab's memory
		// is sampled until every stage is in.
		all := sampleRSS(200 * time.Millisecond)
		tb.waitPlanned(before, 60*time.Minute)
		allPeak := all.stop()
		tb.shotOf("#charts", "bench-"+strings.TrimSuffix(filepathBase(path), ".csv")+"-charts")
		report += fmt.Sprintf("; every stage %v after the pick, tab memory meanwhile at most %.0f MB (%.0f MB not counting files mapped; Go's in the worker %s MB); status: %s",
			time.Since(start).Round(time.Millisecond), allPeak, all.mostOwn(), eval[string](tb, `document.getElementById("status").dataset.workerMb`), tb.text("#status"))
	}
	if os.Getenv("E2E_BENCH_TABLE") != "" {
		report += "; " + benchTable(tb)
	}
	if kind := os.Getenv("E2E_BENCH_EXPORT"); kind != "" {
		report += "; " + benchExport(tb, kind)
	}
	if os.Getenv("E2E_BENCH_STOP") != "" {
		// Stop a fresh job a second in, and time how soon the page says so.
		seq := tb.seq()
		tb.typeInto("#politeness", "16")
		tb.poll(fmt.Sprintf(`+document.getElementById("status").dataset.seq > %d && !!document.getElementById("stop-plan")`, seq), time.Minute)
		time.Sleep(time.Second)
		t0 := time.Now()
		eval[bool](tb, `(document.getElementById("stop-plan").click(), true)`)
		tb.poll(`document.getElementById("status").dataset.state === "stopped"`, time.Minute)
		report += fmt.Sprintf("; Stop took effect in %v", time.Since(t0).Round(time.Millisecond))
		// The next plan: by the same worker with the pages it holds, if it
		// ended the stopped job within the engine's grace.
		counts := `(s => s.workers + " " + s.pagesSent)(document.getElementById("status").dataset)`
		before, seq := eval[string](tb, counts), tb.seq()
		t0 = time.Now()
		tb.typeInto("#politeness", "17")
		tb.poll(fmt.Sprintf(`(s => +s.seq > %d && +s.earlyMs + +s.planMs > 0)(document.getElementById("status").dataset)`, seq), 10*time.Minute)
		report += fmt.Sprintf("; the next plan's first figures %v after the change, workers started and jobs that sent pages %s → %s",
			time.Since(t0).Round(time.Millisecond), before, eval[string](tb, counts))
	}
	out := filepath.Join(artifacts, "bench-"+strings.TrimSuffix(filepathBase(path), ".csv")+".txt")
	if err := os.WriteFile(out, []byte(time.Now().UTC().Format(time.RFC3339)+" "+report+"\n"), 0o644); err != nil {
		t.Error(err)
	}
	t.Logf("written to %s", out)
}

// rendererRSS is the resident memory, in MB, of the largest of
// Chromium's renderer processes: the tab's — the page and its dedicated
// planning worker run in one process; the others are the browser's first
// blank tab and spare renderers.
func rendererRSS() float64 { return rendererMemory().rss }

// tabMemory is a renderer's resident memory in MB: in all, and the part
// that is files mapped — about 100 MB of it Chromium's own code, shared
// with the browser's other processes — rather than the tab's own.
type tabMemory struct{ rss, files float64 }

// own is the tab's memory not counting files mapped: its anonymous and
// shared memory, near what Chromium's task manager calls its memory
// footprint (anonymous and swapped: no swap here).
func (m tabMemory) own() float64 { return m.rss - m.files }

// rendererMemory is the resident memory of the largest renderer.
func rendererMemory() tabMemory {
	var most tabMemory
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, c := range procs {
		cmd, err := os.ReadFile(c)
		if err != nil || !strings.Contains(string(cmd), "--type=renderer") {
			continue
		}
		status, err := os.ReadFile(filepath.Join(filepath.Dir(c), "status"))
		if err != nil {
			continue
		}
		var m tabMemory
		for _, line := range strings.Split(string(status), "\n") {
			f := strings.Fields(line)
			if len(f) < 2 {
				continue
			}
			v, _ := strconv.ParseFloat(f[1], 64)
			switch f[0] {
			case "VmRSS:":
				m.rss = v / 1024
			case "RssFile:":
				m.files = v / 1024
			}
		}
		if m.rss > most.rss {
			most = m
		}
	}
	return most
}

// rssSampler samples rendererRSS in the background.
type rssSampler struct {
	mu     sync.Mutex
	peak   float64
	own    float64 // the most not counting files mapped (tabMemory.own)
	start  time.Time
	series []string // "seconds MB" a sample, for E2E_BENCH_RSS
	done   chan struct{}
	quit   chan struct{}
}

// sampleRSS samples rendererRSS every d until stop.
func sampleRSS(d time.Duration) *rssSampler {
	s := &rssSampler{start: time.Now(), done: make(chan struct{}), quit: make(chan struct{})}
	go func() {
		defer close(s.done)
		for {
			m := rendererMemory()
			v := m.rss
			s.mu.Lock()
			s.peak = max(s.peak, v)
			s.own = max(s.own, m.own())
			s.series = append(s.series, fmt.Sprintf("%.1f %.0f", time.Since(s.start).Seconds(), v))
			s.mu.Unlock()
			select {
			case <-s.quit:
				return
			case <-time.After(d):
			}
		}
	}()
	return s
}

// writeSeries writes the samples, "seconds MB" a line from the start, to
// the file E2E_BENCH_RSS names, if it does: which stage sets the peak.
func (s *rssSampler) writeSeries(t *testing.T) {
	if f := os.Getenv("E2E_BENCH_RSS"); f != "" {
		s.writeSeriesTo(t, f)
	}
}

// writeSeriesTo writes the samples to the file f.
func (s *rssSampler) writeSeriesTo(t *testing.T, f string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if err := os.WriteFile(f, []byte(strings.Join(s.series, "\n")+"\n"), 0o644); err != nil {
		t.Error(err)
	}
}

// most returns the largest sample so far, in MB.
func (s *rssSampler) most() float64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.peak
}

// mostOwn returns the largest sample so far not counting files mapped,
// in MB.
func (s *rssSampler) mostOwn() float64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.own
}

// stop ends the sampling and returns the largest sample, in MB.
func (s *rssSampler) stop() float64 {
	close(s.quit)
	<-s.done
	return s.most()
}

func filepathBase(p string) string {
	if k := strings.LastIndexByte(p, '/'); k >= 0 {
		return p[k+1:]
	}
	return p
}

// TestBenchBacktest measures the Backtest panel on a change history in
// the tab: the time from "Run the backtest" to its table (every budget,
// every row) and the tab's memory meanwhile, for BENCHMARKS.md:
// E2E_BENCH_BACKTEST=FILE [E2E_BENCH_SPLIT=2024-01-01].
func TestBenchBacktest(t *testing.T) {
	path := os.Getenv("E2E_BENCH_BACKTEST")
	if path == "" {
		t.Skip("set E2E_BENCH_BACKTEST to a change history to measure")
	}
	split := os.Getenv("E2E_BENCH_SPLIT")
	if split == "" {
		split = "2024-01-01"
	}
	tb := newTab(t)
	tb.open()
	idle := rendererMemory()
	rss := sampleRSS(100 * time.Millisecond)
	seq := tb.seq()
	tb.do(chromedp.SetUploadFiles(chromedp.ID("file-input"), []string{path}))
	tb.waitPlanned(seq, 20*time.Minute)
	planned := rss.most()
	tb.poll(`!!document.getElementById("bt-run")`, 10*time.Second)
	tb.typeInto("#bt-split", split)
	runs := eval[int](tb, `+document.getElementById("backtest").dataset.seq`)
	start := time.Now()
	eval[bool](tb, `(document.getElementById("bt-run").click(), true)`)
	tb.poll(fmt.Sprintf(`(b => +b.dataset.seq > %d && b.dataset.state === "done" || !!document.getElementById("bt-error"))(document.getElementById("backtest"))`, runs), 60*time.Minute)
	took := time.Since(start)
	peak := rss.stop()
	rss.writeSeries(t)
	if e := tb.text("#bt-error"); e != "" {
		t.Fatalf("backtest failed: %s", e)
	}
	t.Logf("%s: the backtest panel's table %v after its button (%s); the tab at most %.0f MB (%.0f MB before the file, %.0f MB once planned); Go's: %s",
		path, took.Round(100*time.Millisecond), tb.text("#bt-took"), peak, idle.rss, planned,
		eval[string](tb, `(s => s.dataset.pageMb + " MB in the page, " + s.dataset.workerMb + " MB in the planning worker")(document.getElementById("status"))`))
}

// watchLongTasks is a script statement that collects the page's long
// tasks from now on into window.__long, as [start, duration] in ms.
const watchLongTasks = `window.__long = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push([e.startTime, e.duration]); }).observe({type: "longtask"});`

// benchTable times what a person does with the page table once a plan is
// shown (E2E_BENCH_TABLE=1): sort it by a number, by the URL, filter it,
// and clear the filter — each from the click or keystroke to the table
// saying so — and the longest main-thread task meanwhile.
func benchTable(tb *tab) string {
	tb.t.Helper()
	eval[bool](tb, `(() => { `+watchLongTasks+` return true; })()`)
	timed := func(act, done string) float64 {
		t0 := eval[float64](tb, `performance.now()`)
		eval[bool](tb, `(() => { `+act+`; return true; })()`)
		tb.poll(done, 5*time.Minute)
		return eval[float64](tb, `performance.now()`) - t0
	}
	sorted := `document.querySelector("#page-table thead th:nth-child(%d)").getAttribute("aria-sort") === %q`
	click := `document.querySelectorAll("#page-table thead button")[%d].click()`
	byRate := timed(fmt.Sprintf(click, 2), fmt.Sprintf(sorted, 3, "descending"))
	byURL := timed(fmt.Sprintf(click, 0), fmt.Sprintf(sorted, 1, "ascending"))
	filter := timed(`const el = document.querySelector("#page-table-filter"); el.value = "7.example/p1"; el.dispatchEvent(new Event("input", {bubbles: true}))`,
		`document.querySelector("#page-table .table-status").textContent.includes("filtered from")`)
	status := tb.text("#page-table .table-status")
	clear := timed(`const el = document.querySelector("#page-table-filter"); el.value = ""; el.dispatchEvent(new Event("input", {bubbles: true}))`,
		`!document.querySelector("#page-table .table-status").textContent.includes("filtered from")`)
	longest := eval[float64](tb, `window.__long.reduce((m, e) => Math.max(m, e[1]), 0)`)
	return fmt.Sprintf("the page table sorted by changes/day in %.0f ms, by URL in %.0f ms, filtered in %.0f ms (%s), the filter cleared in %.0f ms; its longest task %.0f ms",
		byRate, byURL, filter, status, clear, longest)
}

// benchExport downloads the export kind names (exportFiles' button
// export-KIND) and says how long it took, how big it is, and the tab's
// memory meanwhile.
func benchExport(tb *tab, kind string) string {
	tb.t.Helper()
	for _, e := range exportFiles {
		if e.button != "export-"+kind {
			continue
		}
		base := rendererRSS()
		rss := sampleRSS(100 * time.Millisecond)
		t0 := time.Now()
		b := tb.downloadBy("#"+e.button, e.file)
		took := time.Since(t0)
		peak := rss.most()
		time.Sleep(5 * time.Second) // what the tab gives back after
		rss.stop()
		if f := os.Getenv("E2E_BENCH_RSS"); f != "" {
			rss.writeSeriesTo(tb.t, f+".export")
		}
		return fmt.Sprintf("the %s export (%.1f MB) downloaded %v after the click, tab memory %.0f MB before, at most %.0f MB meanwhile, %.0f MB 5 s after (Go's: %s MB in the page, %s MB in the planning worker)",
			kind, float64(len(b))/(1<<20), took.Round(time.Millisecond), base, peak, rendererRSS(),
			eval[string](tb, `document.getElementById("status").dataset.pageMb`), eval[string](tb, `document.getElementById("status").dataset.workerMb`))
	}
	tb.t.Fatalf("E2E_BENCH_EXPORT=%s: no button export-%s", kind, kind)
	return ""
}
