// Package e2e drives the web app in headless Chromium: it builds the CLI
// and the WebAssembly, serves them with 'freshplan serve', and checks what
// a person would see, saving a screenshot of each state under artifacts/.
//
// Every tab fails its test if the page logs an error (console, exception,
// CSP refusal) or requests anything outside the serving origin.
//
// Each test has a tab of its own, and runs beside another (t.Parallel: as
// many at once as go test's -parallel, the machine's cores by default;
// more only slowed them here, the tests being the browser's work). The
// benchmarks, which measure, run alone, first; downloads take turns
// (downloadBy).
//
// Environment: FRESHPLAN_CHROMIUM (the browser; else /usr/bin/chromium or
// chromium on the PATH; none skips the tests), E2E_CONSOLE=1 (log the
// page's console), E2E_BASE_URL (test an app already served instead of
// building one), and the E2E_BENCH* variables of bench_test.go.
package e2e

import (
	"bufio"
	"compress/gzip"
	"context"
	"encoding/base64"
	"fmt"
	"io"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/log"
	"github.com/chromedp/cdproto/network"
	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
)

var (
	// baseURL is where the app is served.
	baseURL string
	// browser is the context of the one browser every test opens tabs in.
	browser context.Context
	// artifacts is where screenshots go.
	artifacts = "artifacts"
	// cli is the freshplan command built for the test, whose output the
	// app's exports are compared with.
	cli string
	// downloads is where the browser saves the files the page downloads.
	downloads string
	// built is the directory holding the built app (web/ and the CLI).
	built string
)

// chromiumPath finds the browser: $FRESHPLAN_CHROMIUM, /usr/bin/chromium,
// or chromium on the PATH.
func chromiumPath() string {
	if p := os.Getenv("FRESHPLAN_CHROMIUM"); p != "" {
		return p
	}
	if _, err := os.Stat("/usr/bin/chromium"); err == nil {
		return "/usr/bin/chromium"
	}
	p, _ := exec.LookPath("chromium")
	return p
}

func TestMain(m *testing.M) {
	os.Exit(run(m))
}

func run(m *testing.M) int {
	chromium := chromiumPath()
	if chromium == "" {
		fmt.Fprintln(os.Stderr, "e2e: no chromium (install it: apt-get install -y chromium); skipping the browser tests")
		return 0
	}
	dir, err := os.MkdirTemp("", "freshplan-e2e-")
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	cli = filepath.Join(dir, "freshplan")
	downloads = filepath.Join(dir, "downloads")
	built = dir
	if err := build(dir); err != nil {
		fmt.Fprintln(os.Stderr, "e2e: build:", err)
		return 1
	}
	if u := os.Getenv("E2E_BASE_URL"); u != "" {
		// An app already served (make run): measure it as it is.
		baseURL = strings.TrimSuffix(u, "/") + "/"
	} else {
		u, stop, err := startServer(cli, dir, "127.0.0.1:0")
		if err != nil {
			fmt.Fprintln(os.Stderr, "e2e:", err)
			return 1
		}
		defer stop()
		baseURL = u
	}

	if err := os.MkdirAll(artifacts, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "e2e:", err)
		return 1
	}
	ctx, stop, err := startChromium(chromium, dir)
	if err != nil {
		fmt.Fprintln(os.Stderr, "e2e: starting chromium:", err)
		return 1
	}
	defer stop()
	yes := true
	if _, err := chromedp.CallBrowser(ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: downloads, EventsEnabled: &yes}); err != nil {
		fmt.Fprintln(os.Stderr, "e2e: allowing downloads:", err)
		return 1
	}
	browser = ctx
	return m.Run()
}

// startChromium starts the browser the tests share, with a fresh profile
// under dir. A start that fails is tried again, twice: once in a dozen
// runs under load, Chromium exited during its start here, which says
// nothing of the app.
func startChromium(chromium, dir string) (context.Context, func(), error) {
	var err error
	for try := range 3 {
		opts := append(chromedp.DefaultExecAllocatorOptions[:],
			chromedp.ExecPath(chromium),
			chromedp.NoSandbox,
			chromedp.DisableGPU,
			chromedp.UserDataDir(filepath.Join(dir, fmt.Sprintf("profile-%d", try))),
			chromedp.WindowSize(1280, 900),
			chromedp.Flag("disable-quic", true),
			chromedp.Flag("disable-component-update", true),
			chromedp.Flag("disable-background-networking", true),
			chromedp.Flag("disable-sync", true),
			chromedp.Flag("no-first-run", true),
		)
		allocCtx, cancelAlloc := chromedp.NewExecAllocator(context.Background(), opts...)
		ctx, cancel := chromedp.NewContext(allocCtx)
		if err = chromedp.Do(ctx); err == nil {
			return ctx, func() { cancel(); cancelAlloc() }, nil
		}
		cancel()
		cancelAlloc()
		fmt.Fprintf(os.Stderr, "e2e: chromium did not start (try %d of 3): %v\n", try+1, err)
		time.Sleep(time.Second)
	}
	return nil, nil, err
}

// startServer runs 'bin serve' on dir at addr and returns the URL it
// prints and how to stop it.
func startServer(bin, dir, addr string) (string, func(), error) {
	srv := exec.Command(bin, "serve", "--addr", addr, "--dir", dir)
	out, err := srv.StdoutPipe()
	if err != nil {
		return "", nil, err
	}
	srv.Stderr = os.Stderr
	if err := srv.Start(); err != nil {
		return "", nil, fmt.Errorf("serve: %w", err)
	}
	stop := func() {
		srv.Process.Kill()
		srv.Wait()
	}
	line, err := bufio.NewReader(out).ReadString('\n')
	k := strings.Index(line, "http://")
	if err != nil || k < 0 {
		stop()
		return "", nil, fmt.Errorf("serve printed no URL: %q %v", line, err)
	}
	go io.Copy(io.Discard, out)
	return strings.TrimSpace(line[k:]), stop, nil
}

// build compiles the CLI and the WebAssembly into dir, beside a copy of
// the static assets, as 'make build' lays them out.
func build(dir string) error {
	root, err := filepath.Abs("..")
	if err != nil {
		return err
	}
	web := filepath.Join(dir, "web")
	if err := os.MkdirAll(web, 0o755); err != nil {
		return err
	}
	goBin := goCommand()
	cmds := []*exec.Cmd{
		exec.Command(goBin, "build", "-ldflags=-X main.version=e2e", "-o", filepath.Join(dir, "freshplan"), "./cmd/freshplan"),
		exec.Command(goBin, "build", "-trimpath", "-ldflags=-s -w", "-o", filepath.Join(web, "app.wasm"), "./cmd/freshplan"),
	}
	cmds[1].Env = append(os.Environ(), "GOOS=js", "GOARCH=wasm")
	errs := make([]error, len(cmds))
	var wg sync.WaitGroup
	for k, c := range cmds {
		c.Dir = root
		wg.Go(func() {
			if out, err := c.CombinedOutput(); err != nil {
				errs[k] = fmt.Errorf("%s: %v\n%s", strings.Join(c.Args, " "), err, out)
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	for _, name := range []string{"app.css", "first.js", "icon.svg", "icon-192.png", "icon-512.png", "worker.js"} {
		b, err := os.ReadFile(filepath.Join(root, "web", name))
		if err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(web, name), b, 0o644); err != nil {
			return err
		}
	}
	return gzipFile(filepath.Join(web, "app.wasm"))
}

// goCommand is the go command of the toolchain running the test.
func goCommand() string {
	goBin := filepath.Join(os.Getenv("GOROOT"), "bin", "go")
	if _, err := os.Stat(goBin); err != nil {
		goBin = "go"
	}
	return goBin
}

// buildCLI compiles the freshplan command alone, to path, telling it its
// version (the service worker's: a new version is a new deployment).
func buildCLI(path, version string) error {
	c := exec.Command(goCommand(), "build", "-ldflags=-X main.version="+version, "-o", path, "./cmd/freshplan")
	c.Dir = ".."
	if out, err := c.CombinedOutput(); err != nil {
		return fmt.Errorf("building the CLI: %v\n%s", err, out)
	}
	return nil
}

func gzipFile(name string) error {
	in, err := os.Open(name)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(name + ".gz")
	if err != nil {
		return err
	}
	zw, _ := gzip.NewWriterLevel(out, gzip.BestSpeed)
	if _, err := io.Copy(zw, in); err != nil {
		return err
	}
	if err := zw.Close(); err != nil {
		return err
	}
	return out.Close()
}

// tab is one browser tab with what it logged.
type tab struct {
	t   *testing.T
	ctx context.Context

	mu       sync.Mutex
	problems []string // console errors, exceptions, error log entries
	requests []string // every URL the page requested
	origin   string   // where the page may send requests (baseURL unless set)
}

// newTab opens a tab on the app and checks, when the test ends, that it
// logged no error and requested nothing outside the serving origin.
func newTab(t *testing.T, opts ...chromedp.ContextOption) *tab {
	tb := &tab{t: t}
	ctx, cancel := chromedp.NewContext(browser, append(opts, chromedp.WithListener(tb.listen))...)
	tb.ctx = ctx
	t.Cleanup(func() {
		tb.check()
		cancel()
	})
	return tb
}

func (tb *tab) listen(ev any) {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	switch ev := ev.(type) {
	case *runtime.EventConsoleAPICalled:
		if os.Getenv("E2E_CONSOLE") != "" {
			var parts []string
			for _, a := range ev.Args {
				parts = append(parts, string(a.Value)+a.Description)
			}
			tb.t.Logf("console.%s: %s", ev.Type, strings.Join(parts, " "))
		}
		if ev.Type == runtime.ConsoleAPICalledTypeError || ev.Type == runtime.ConsoleAPICalledTypeAssert {
			var parts []string
			for _, a := range ev.Args {
				parts = append(parts, string(a.Value)+a.Description)
			}
			tb.problems = append(tb.problems, "console."+string(ev.Type)+": "+strings.Join(parts, " "))
		}
	case *runtime.EventExceptionThrown:
		d := ev.ExceptionDetails
		msg := d.Text
		if d.Exception != nil {
			msg += " " + d.Exception.Description
		}
		tb.problems = append(tb.problems, "exception: "+msg)
	case *log.EventEntryAdded:
		if ev.Entry.Level == log.EntryLevelError {
			tb.problems = append(tb.problems, "log: "+string(ev.Entry.Source)+": "+ev.Entry.Text+" "+ev.Entry.URL)
		}
	case *network.EventRequestWillBeSent:
		tb.requests = append(tb.requests, ev.Request.URL)
	}
}

// check fails the test on any logged problem or foreign request.
func (tb *tab) check() {
	tb.mu.Lock()
	defer tb.mu.Unlock()
	for _, p := range tb.problems {
		tb.t.Errorf("the page logged an error: %s", p)
	}
	origin := tb.origin
	if origin == "" {
		origin = baseURL
	}
	base, _ := url.Parse(origin)
	for _, r := range tb.requests {
		u, err := url.Parse(r)
		if err != nil {
			tb.t.Errorf("unparsable request URL %q", r)
			continue
		}
		switch u.Scheme {
		case "data", "blob":
			continue
		}
		if u.Scheme != base.Scheme || u.Host != base.Host {
			tb.t.Errorf("the page requested %s, outside %s", r, origin)
		}
	}
	tb.t.Logf("%d requests, all to %s", len(tb.requests), origin)
}

// do runs actions, failing the test on error.
func (tb *tab) do(actions ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	if err := chromedp.Do(tb.ctx, actions...); err != nil {
		tb.t.Fatal(err)
	}
}

// eval evaluates a JavaScript expression.
func eval[T any](tb *tab, js string) T {
	tb.t.Helper()
	v, err := chromedp.Run(tb.ctx, chromedp.Evaluate[T](js))
	if err != nil {
		tb.t.Fatalf("evaluating %s: %v", short(js), err)
	}
	return v
}

// poll waits until a JavaScript expression is truthy.
func (tb *tab) poll(js string, timeout time.Duration) {
	tb.t.Helper()
	if _, err := chromedp.Run(tb.ctx, chromedp.Poll[chromedp.Void](js,
		chromedp.WithPollingTimeout(timeout), chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		tb.shot("failed-" + strings.ReplaceAll(tb.t.Name(), "/", "-"))
		tb.t.Fatalf("waiting for %s: %v\nstatus: %s", short(js), err, tb.status())
	}
}

func (tb *tab) status() string {
	s, _ := chromedp.Run(tb.ctx, chromedp.Evaluate[string](
		`(() => { const s = document.getElementById("status"); return s ? s.outerHTML : "no status"; })()`))
	return s
}

// seq is the number of the page's latest planning job.
func (tb *tab) seq() int {
	return eval[int](tb, `+(document.getElementById("status")?.dataset.seq || 0)`)
}

// chooseAndPlan chooses the file at path in a new tab's file input and
// waits until its plan has finished every stage.
func chooseAndPlan(t *testing.T, path string, timeout time.Duration) *tab {
	t.Helper()
	tb := newTab(t)
	tb.open()
	seq := tb.seq()
	tb.do(chromedp.SetUploadFiles(chromedp.ID("file-input"), []string{path}))
	tb.waitPlanned(seq, timeout)
	return tb
}

// waitPlanned waits until a job after seq has finished every stage.
func (tb *tab) waitPlanned(after int, timeout time.Duration) {
	tb.t.Helper()
	tb.poll(fmt.Sprintf(`(() => { const s = document.getElementById("status");
		return s && s.dataset.state === "planned" && +s.dataset.seq > %d && +s.dataset.totalMs > 0; })()`, after), timeout)
}

// waitPlan waits until a job after seq has shown its plan at the chosen
// budget, every policy in — its sweep and search may go on — or, a job
// that plans nothing (a new target: the search alone), has finished.
func (tb *tab) waitPlan(after int, timeout time.Duration) {
	tb.t.Helper()
	tb.poll(fmt.Sprintf(`(() => { const s = document.getElementById("status");
		return +s.dataset.seq > %d && (+s.dataset.planMs > 0 || s.dataset.state === "planned" && +s.dataset.totalMs > 0); })()`, after), timeout)
}

// save writes a screenshot under artifacts/; a screenshot that fails is
// logged, not fatal: it is an artefact for a person, not a check.
func (tb *tab) save(name string, png []byte, err error) {
	tb.t.Helper()
	if err == nil {
		path := filepath.Join(artifacts, name+".png")
		if err = os.WriteFile(path, png, 0o644); err == nil {
			tb.t.Logf("screenshot %s", path)
			return
		}
	}
	tb.t.Logf("screenshot %s: %v", name, err)
}

// shot saves a full-page screenshot under artifacts/.
func (tb *tab) shot(name string) {
	tb.t.Helper()
	buf, err := chromedp.Run(tb.ctx, chromedp.FullScreenshot(100))
	tb.save(name, buf, err)
}

func short(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 120 {
		return s[:120] + "…"
	}
	return s
}

// open loads the app and waits until the sample is planned, returning how
// long that took.
func (tb *tab) open() time.Duration {
	tb.t.Helper()
	start := time.Now()
	tb.do(chromedp.Navigate(baseURL))
	tb.waitPlanned(0, 60*time.Second)
	return time.Since(start)
}

// dropJS drops a file made of the CSV text in the page variable csv, as a
// person dragging it from the desktop would.
const dropJS = `(() => {
	const transfer = () => {
		const dt = new DataTransfer();
		dt.items.add(new File([window.__csv], window.__csvName, {type: "text/csv"}));
		return dt;
	};
	const target = () => document.querySelector("#charts") || document.body;
	// Each event gets its own DataTransfer: one that went through dragenter
	// is in protected mode and shows no files.
	target().dispatchEvent(new DragEvent("dragenter", {bubbles: true, cancelable: true, dataTransfer: transfer()}));
	target().dispatchEvent(new DragEvent("dragover", {bubbles: true, cancelable: true, dataTransfer: transfer()}));
	window.__drop = () => target().dispatchEvent(new DragEvent("drop", {bubbles: true, cancelable: true, dataTransfer: transfer()}));
	return true;
})()`

// drop drops csv as a file named name (a screenshot of the drag may be
// taken between dragging in and dropping with shotName).
func (tb *tab) drop(name, csv, shotName string) {
	tb.t.Helper()
	tb.dropContent(name, jsString(csv), shotName)
}

// dropBytes drops a file of the given bytes (a compressed log, say).
func (tb *tab) dropBytes(name string, data []byte) {
	tb.t.Helper()
	tb.dropContent(name, fmt.Sprintf(`Uint8Array.from(atob(%q), c => c.charCodeAt(0))`, base64.StdEncoding.EncodeToString(data)), "")
}

// dropContent drops a file whose content is the JavaScript expression js
// (a string or bytes), as drop says.
func (tb *tab) dropContent(name, js, shotName string) {
	tb.t.Helper()
	if _, err := chromedp.Run(tb.ctx, chromedp.Evaluate[chromedp.Void](
		fmt.Sprintf(`window.__csv = %s; window.__csvName = %q;`, js, name))); err != nil {
		tb.t.Fatal(err)
	}
	eval[bool](tb, dropJS)
	if shotName != "" {
		tb.poll(`!document.getElementById("drop-overlay").hidden`, 5*time.Second)
		tb.shotTop(shotName)
	}
	eval[bool](tb, `window.__drop()`)
}

// jsString quotes s as a JavaScript string literal.
func jsString(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\u2028', '\u2029':
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// text returns an element's text.
func (tb *tab) text(sel string) string {
	return eval[string](tb, fmt.Sprintf(`(document.querySelector(%q)?.textContent || "")`, sel))
}

// typeInto sets an input's value as typing would, firing input events.
func (tb *tab) typeInto(sel, value string) {
	tb.t.Helper()
	eval[bool](tb, fmt.Sprintf(`(() => { const el = document.querySelector(%q); el.focus(); el.value = %s;
		el.dispatchEvent(new Event("input", {bubbles: true})); return true; })()`, sel, jsString(value)))
}

// shotOf saves a screenshot of one element under artifacts/.
func (tb *tab) shotOf(sel, name string) {
	tb.t.Helper()
	buf, err := chromedp.Run(tb.ctx, chromedp.Screenshot(chromedp.CSS(sel)))
	tb.save(name, buf, err)
}

// shotTop saves what the window shows at the top of the page.
func (tb *tab) shotTop(name string) {
	tb.t.Helper()
	eval[bool](tb, `(window.scrollTo(0, 0), true)`)
	buf, err := chromedp.Run(tb.ctx, chromedp.CaptureScreenshot())
	tb.save(name, buf, err)
}
