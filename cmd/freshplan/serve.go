//go:build !wasm

package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"time"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/freshplan/freshplan/app"
)

// version is the build's git hash, set by the Makefile with -ldflags; go-app
// uses it to tell browsers a new version is out.
var version = "dev"

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
	wasm := filepath.Join(*dir, "web", "app.wasm")
	if _, err := os.Stat(wasm); err != nil {
		return fmt.Errorf("%s is missing: build it with 'make build' (or give --dir)", wasm)
	}
	app.Register()
	srv := &http.Server{
		Addr:              *addr,
		Handler:           newHandler(*dir),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
	}
	fmt.Fprintf(stdout, "freshplan %s serving on http://%s/\n", version, *addr)
	return srv.ListenAndServe()
}

// newHandler returns the app's handler: go-app's page, manifest and
// service worker, the assets under dir/web, and app.wasm pre-compressed
// with gzip when the browser accepts it and web/app.wasm.gz exists.
func newHandler(dir string) http.Handler {
	h := &goapp.Handler{
		Name:        "freshplan",
		ShortName:   "freshplan",
		Title:       "freshplan — recrawl planner",
		Description: "Plan how often and when to revisit each URL under a crawl budget and per-host politeness.",
		Icon:        goapp.Icon{Default: "/web/icon-192.png", Large: "/web/icon-512.png", SVG: "/web/icon.svg"},
		Styles:      []string{"/web/app.css"},
		Version:     version,
		Resources:   goapp.LocalDir(dir),
		ThemeColor:  "#0b5f4a",
	}
	gz := filepath.Join(dir, "web", "app.wasm.gz")
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hdr := w.Header()
		hdr.Set("X-Content-Type-Options", "nosniff")
		hdr.Set("Referrer-Policy", "no-referrer")
		hdr.Set("X-Frame-Options", "DENY")
		if r.URL.Path == "/web/app.wasm" && strings.Contains(r.Header.Get("Accept-Encoding"), "gzip") {
			if _, err := os.Stat(gz); err == nil {
				hdr.Set("Content-Type", "application/wasm")
				hdr.Set("Content-Encoding", "gzip")
				hdr.Set("Vary", "Accept-Encoding")
				http.ServeFile(w, r, gz)
				return
			}
		}
		h.ServeHTTP(w, r)
	})
}
