//go:build !wasm

package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"net"
	"net/http"
	"os"
	"os/signal"
	"path"
	"path/filepath"
	"runtime/debug"
	"strconv"
	"strings"
	"syscall"
	"time"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/freshplan/freshplan/app"
)

// version is the build's git hash, set by the Makefile with -ldflags; go-app
// uses it to tell browsers a new version is out.
var version = "dev"

// csp is the Content-Security-Policy of every response. go-app's page has
// no inline script or style, so 'self' covers everything but compiling the
// WebAssembly, which needs 'wasm-unsafe-eval' (in the page and in the web
// worker that plans, whose script gets the same header).
const csp = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; " +
	"img-src 'self'; connect-src 'self'; worker-src 'self'; manifest-src 'self'; " +
	"object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"

// securityHeaders are set on every response, and written to _headers by
// build-static for hosts that read it.
var securityHeaders = [][2]string{
	{"Content-Security-Policy", csp},
	{"X-Content-Type-Options", "nosniff"},
	{"Referrer-Policy", "no-referrer"},
	{"X-Frame-Options", "DENY"},
	{"Cross-Origin-Opener-Policy", "same-origin"},
	{"Cross-Origin-Resource-Policy", "same-origin"},
	{"Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=(), usb=()"},
}

// assetTypes are the files served from web/, by extension; anything else
// there (web.go, the sample, dotfiles) is not served.
var assetTypes = map[string]string{
	".css":  "text/css; charset=utf-8",
	".js":   "text/javascript; charset=utf-8",
	".png":  "image/png",
	".svg":  "image/svg+xml",
	".ico":  "image/x-icon",
	".wasm": "application/wasm",
	".txt":  "text/plain; charset=utf-8",
}

// cacheable are the assets beside go-app's own that the service worker
// keeps for offline use.
var cacheable = []string{"/web/worker.js", "/web/icon.svg", "/web/icon-192.png", "/web/icon-512.png"}

func runServe(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", "127.0.0.1:8000", "address to listen on")
	dir := fs.String("dir", ".", "directory holding web/ (the assets and the built app.wasm)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return errHelp
		}
		return usageError{err.Error()}
	}
	if fs.NArg() > 0 {
		return usagef("serve takes no file, got %q", fs.Args())
	}
	h, err := newHandler(*dir)
	if err != nil {
		return err
	}
	app.Prerender() // the first screen made before the first visitor asks
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	h.host = ln.Addr().String()
	srv := newServer(h)
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shut)
	}()
	fmt.Fprintf(stdout, "freshplan %s serving on http://%s/\n", h.version, ln.Addr())
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// newServer returns the HTTP server with its timeouts: a slow or idle
// client cannot hold a connection for long.
func newServer(h http.Handler) *http.Server {
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      2 * time.Minute, // app.wasm is megabytes
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    32 << 10,
	}
}

// runBuildStatic writes the app as a static site: go-app's pages and
// scripts, the assets of web/ and a _headers file with the security
// headers for hosts that read one (Netlify, Cloudflare Pages).
func runBuildStatic(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("build-static", flag.ContinueOnError)
	fs.SetOutput(stderr)
	dir := fs.String("dir", ".", "directory holding web/ (the assets and the built app.wasm)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "usage: freshplan build-static [--dir .] OUTDIR")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return errHelp
		}
		return usageError{err.Error()}
	}
	if fs.NArg() != 1 {
		return usagef("build-static takes one output directory, got %d arguments", fs.NArg())
	}
	out := fs.Arg(0)
	h, err := newHandler(*dir)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Join(out, "web"), 0o755); err != nil {
		return err
	}
	if err := goapp.GenerateStaticWebsite(out, h.app); err != nil {
		return fmt.Errorf("writing the static site: %w", err)
	}
	// go-app writes its pages and scripts; the assets are ours to copy.
	// Static hosts compress by themselves: only the raw app.wasm goes.
	names, err := h.assetNames()
	if err != nil {
		return err
	}
	for _, name := range names {
		if strings.HasSuffix(name, ".gz") || strings.HasSuffix(name, ".br") {
			continue
		}
		if err := copyFile(filepath.Join(out, "web", name), h.web, name); err != nil {
			return err
		}
	}
	var b strings.Builder
	b.WriteString("/*\n")
	for _, kv := range securityHeaders {
		fmt.Fprintf(&b, "  %s: %s\n", kv[0], kv[1])
	}
	if err := os.WriteFile(filepath.Join(out, "_headers"), []byte(b.String()), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "freshplan %s: static site written to %s (serve it with the headers of %s)\n",
		h.version, out, filepath.Join(out, "_headers"))
	return nil
}

func copyFile(dst string, root *os.Root, name string) error {
	in, err := root.Open(name)
	if err != nil {
		return err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// handler serves the app: go-app's page, scripts, manifest and service
// worker, and the assets of dir/web (app.wasm pre-compressed when the
// browser takes it). Nothing else: no directory listing, no file outside
// web/, no other method than GET and HEAD.
type handler struct {
	app     *goapp.Handler
	web     *os.Root // dir/web, opened so no path can leave it
	version string
	// host is the address the page names as its own (go-app's og:url):
	// the server's, never the request's Host header, which a client
	// writes (issue 22: it was reflected into the page).
	host string
}

// assets is go-app's resource provider: the page refers to /web/… and
// the handler serves those itself (it is not an http.Handler, so go-app
// does not serve files).
type assets struct{}

func (assets) Package() string { return "" }
func (assets) Static() string  { return "" }
func (assets) AppWASM() string { return "/web/app.wasm" }

func newHandler(dir string) (*handler, error) {
	webDir := filepath.Join(dir, "web")
	wasm := filepath.Join(webDir, "app.wasm")
	if _, err := os.Stat(wasm); err != nil {
		return nil, fmt.Errorf("%s is missing: build it with 'make build' (or give --dir)", wasm)
	}
	root, err := os.OpenRoot(webDir)
	if err != nil {
		return nil, err
	}
	v := appVersion(wasm)
	app.Register()
	return &handler{
		web:     root,
		version: v,
		host:    "127.0.0.1:8000", // serve's default address; serve sets its own
		app: &goapp.Handler{
			Name:        "freshplan",
			ShortName:   "freshplan",
			Title:       "freshplan — recrawl planner",
			Description: "Plan how often and when to revisit each URL under a crawl budget and per-host politeness.",
			Icon: goapp.Icon{Default: "/web/icon-192.png", Large: "/web/icon-512.png",
				SVG: "/web/icon.svg", AppleTouch: "/web/icon-192.png"},
			Styles:                  []string{"/web/app.css"},
			Scripts:                 []string{"/web/first.js"},
			CacheableResources:      append([]string(nil), cacheable...),
			LoadingLabel:            "Loading freshplan… {progress}%",
			Version:                 v,
			Resources:               assets{},
			ThemeColor:              "#0b5f4a",
			BackgroundColor:         "#f7faf8",
			WasmContentLengthHeader: "X-Wasm-Content-Length",
		},
	}, nil
}

// appVersion is the build's git hash. A build from a modified tree (or
// without the Makefile's hash) adds a digest of app.wasm, so that browsers
// still see each new build as a new version.
func appVersion(wasm string) string {
	v := version
	if v == "" || v == "dev" {
		v = "dev"
		if bi, ok := debug.ReadBuildInfo(); ok {
			var rev string
			var dirty bool
			for _, s := range bi.Settings {
				switch s.Key {
				case "vcs.revision":
					rev = s.Value
				case "vcs.modified":
					dirty = s.Value == "true"
				}
			}
			if len(rev) >= 7 {
				v = rev[:7]
				if dirty {
					v += "-dirty"
				}
			}
		}
	}
	if v == "dev" || strings.HasSuffix(v, "-dirty") {
		if f, err := os.Open(wasm); err == nil {
			s := sha256.New()
			io.Copy(s, f)
			f.Close()
			v += "-" + hex.EncodeToString(s.Sum(nil))[:8]
		}
	}
	return v
}

func (h *handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	hdr := w.Header()
	for _, kv := range securityHeaders {
		hdr.Set(kv[0], kv[1])
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		hdr.Set("Allow", "GET, HEAD")
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	p := r.URL.Path
	switch {
	case strings.HasPrefix(p, "/web/"):
		h.serveAsset(w, r, strings.TrimPrefix(p, "/web/"))
		return
	case p == "/robots.txt", p == "/sitemap.xml", p == "/ads.txt":
		// go-app would fetch these from the host the request names: answer
		// here instead of letting a Host header make the server fetch.
		if p == "/robots.txt" {
			hdr.Set("Content-Type", "text/plain; charset=utf-8")
			io.WriteString(w, "User-agent: *\nAllow: /\n")
			return
		}
		http.NotFound(w, r)
		return
	case p == "/app.wasm", p == "/goapp.wasm":
		http.NotFound(w, r)
		return
	}
	r = r.Clone(r.Context())
	r.Host = h.host
	h.app.ServeHTTP(w, r)
}

// serveAsset serves one file of web/: a plain name with a known extension,
// never a directory, a dotfile or a path with a separator in it.
func (h *handler) serveAsset(w http.ResponseWriter, r *http.Request, name string) {
	ctype, ok := assetTypes[path.Ext(name)]
	if !ok || name == "" || strings.ContainsAny(name, "/\\\x00") || strings.HasPrefix(name, ".") {
		http.NotFound(w, r)
		return
	}
	hdr := w.Header()
	hdr.Set("Content-Type", ctype)
	hdr.Set("Cache-Control", "no-cache")
	file := name
	if name == "app.wasm" {
		if fi, err := h.web.Stat(name); err == nil {
			hdr.Set("X-Wasm-Content-Length", strconv.FormatInt(fi.Size(), 10))
		}
		hdr.Set("Vary", "Accept-Encoding")
		for _, enc := range []struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
			if !accepts(r.Header.Get("Accept-Encoding"), enc.name) {
				continue
			}
			if fi, err := h.web.Stat(name + enc.ext); err == nil && fi.Mode().IsRegular() {
				hdr.Set("Content-Encoding", enc.name)
				file = name + enc.ext
				break
			}
		}
	}
	f, err := h.web.Open(file)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil || !fi.Mode().IsRegular() {
		hdr.Del("Content-Encoding")
		http.NotFound(w, r)
		return
	}
	// ServeContent handles HEAD, ranges and If-Modified-Since; the ETag
	// names the encoding so caches never mix the variants.
	hdr.Set("ETag", strconv.Quote(h.version+"-"+strconv.FormatInt(fi.ModTime().UnixNano(), 36)+"-"+path.Ext(file)))
	http.ServeContent(w, r, file, fi.ModTime(), f)
}

// accepts reports whether an Accept-Encoding header value accepts the
// coding (not with q=0).
func accepts(header, coding string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), coding) {
			continue
		}
		params = strings.ReplaceAll(params, " ", "")
		if q, ok := strings.CutPrefix(params, "q="); ok {
			if f, err := strconv.ParseFloat(q, 64); err == nil && f == 0 {
				return false
			}
		}
		return true
	}
	return false
}

// assetNames lists the files of web/ that the handler serves.
func (h *handler) assetNames() ([]string, error) {
	entries, err := fs.ReadDir(h.web.FS(), ".")
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		n := e.Name()
		if !e.Type().IsRegular() || strings.HasPrefix(n, ".") {
			continue
		}
		base := strings.TrimSuffix(strings.TrimSuffix(n, ".gz"), ".br")
		if _, ok := assetTypes[path.Ext(base)]; ok {
			names = append(names, n)
		}
	}
	return names, nil
}
