package app

import (
	"strings"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// listen takes files dropped anywhere on the page, and text or files
// pasted outside the form's fields. The handlers are the window's own:
// dragover fires continuously and must not re-render the page.
func (h *home) listen() {
	ctx := h.ctx
	win := goapp.Window()
	on := func(event string, fn func(e goapp.Value)) {
		f := goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
			fn(args[0])
			return nil
		})
		win.Call("addEventListener", event, f)
		h.unlisten = append(h.unlisten, func() {
			win.Call("removeEventListener", event, f)
			f.Release()
		})
	}
	hasFiles := func(e goapp.Value) bool {
		dt := e.Get("dataTransfer")
		if !dt.Truthy() {
			return false
		}
		types := dt.Get("types")
		for i := range types.Length() {
			if types.Index(i).String() == "Files" {
				return true
			}
		}
		return false
	}
	drag := func(e goapp.Value) {
		if !hasFiles(e) {
			return
		}
		e.Call("preventDefault")
		e.Get("dataTransfer").Set("dropEffect", "copy")
		if !h.dragging {
			ctx.Dispatch(func(goapp.Context) { h.dragging = true })
		}
	}
	on("dragenter", drag)
	on("dragover", drag)
	on("dragleave", func(e goapp.Value) {
		if r := e.Get("relatedTarget"); !r.Truthy() && h.dragging {
			ctx.Dispatch(func(goapp.Context) { h.dragging = false })
		}
	})
	on("drop", func(e goapp.Value) {
		dt := e.Get("dataTransfer")
		if !dt.Truthy() {
			return
		}
		e.Call("preventDefault")
		files := dt.Get("files")
		if files.Truthy() && files.Length() > 0 {
			f := files.Index(0)
			ctx.Dispatch(func(ctx goapp.Context) {
				h.dragging = false
				h.readFile(f)
			})
			return
		}
		text := dt.Call("getData", "text/plain").String()
		ctx.Dispatch(func(ctx goapp.Context) {
			h.dragging = false
			if text != "" {
				h.readBytes("dropped text", []byte(text), false)
			}
		})
	})
	// A link pasted into the address bar of an open page changes only
	// the fragment: open it as a fresh load would.
	on("hashchange", func(goapp.Value) {
		frag := win.Get("location").Get("hash").String()
		ctx.Dispatch(func(goapp.Context) {
			if frag != "" && h.link.url != "" && strings.HasSuffix(h.link.url, frag) {
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
