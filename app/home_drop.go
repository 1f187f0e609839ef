package app

import (
	"strings"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// listen takes files or text dropped anywhere on the page, and text or
// files pasted outside the form's fields.
func (h *home) listen() {
	ctx := h.ctx
	win := goapp.Window()
	on := func(event string, fn func(e goapp.Value)) { onWindow(&h.unlisten, event, fn) }
	listenDrops(ctx, &h.unlisten, &h.dragging, h.readFile, func(text string) {
		h.readBytes("dropped text", []byte(text), false)
	})
	// A link pasted into the address bar of an open page changes only
	// the fragment: open it as a fresh load would.
	on("hashchange", func(goapp.Value) {
		frag := win.Get("location").Get("hash").String()
		ctx.Dispatch(func(goapp.Context) {
			if frag != "" && h.own.url != "" && strings.HasSuffix(h.own.url, frag) {
				return // the page's own link
			}
			h.openLink(frag)
		})
	})
	on("paste", func(e goapp.Value) {
		if tag := e.Get("target").Get("tagName"); tag.Truthy() {
			switch tag.String() {
			case "INPUT", "TEXTAREA", "SELECT":
				return
			}
		}
		cd := e.Get("clipboardData")
		if !cd.Truthy() {
			return
		}
		files := cd.Get("files")
		if files.Truthy() && files.Length() > 0 {
			f := files.Index(0)
			e.Call("preventDefault")
			ctx.Dispatch(func(ctx goapp.Context) { h.readFile(f) })
			return
		}
		text := cd.Call("getData", "text/plain").String()
		if text == "" {
			return
		}
		e.Call("preventDefault")
		ctx.Dispatch(func(ctx goapp.Context) { h.readBytes("pasted text", []byte(text), false) })
	})
}
