package app

import (
	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// onWindow makes fn the window's handler of event, and adds to *unlisten
// what removes it (a view's OnDismount calls those). The handlers are the
// window's own: dragover fires continuously and must not re-render a page.
func onWindow(unlisten *[]func(), event string, fn func(e goapp.Value)) {
	h := goapp.FuncOf(func(this goapp.Value, args []goapp.Value) any {
		fn(args[0])
		return nil
	})
	goapp.Window().Call("addEventListener", event, h)
	*unlisten = append(*unlisten, func() {
		goapp.Window().Call("removeEventListener", event, h)
		h.Release()
	})
}

// listenDrops takes what is dropped anywhere on the page: *dragging is
// true while files are dragged over it (the view shows its drop
// overlay); a dropped file goes to onFile, dropped text to onText (when
// it is not nil), each on ctx's dispatcher.
func listenDrops(ctx goapp.Context, unlisten *[]func(), dragging *bool, onFile func(file goapp.Value), onText func(text string)) {
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
		if !*dragging {
			ctx.Dispatch(func(goapp.Context) { *dragging = true })
		}
	}
	onWindow(unlisten, "dragenter", drag)
	onWindow(unlisten, "dragover", drag)
	onWindow(unlisten, "dragleave", func(e goapp.Value) {
		if r := e.Get("relatedTarget"); !r.Truthy() && *dragging {
			ctx.Dispatch(func(goapp.Context) { *dragging = false })
		}
	})
	onWindow(unlisten, "drop", func(e goapp.Value) {
		dt := e.Get("dataTransfer")
		if !dt.Truthy() {
			return
		}
		e.Call("preventDefault")
		files := dt.Get("files")
		if files.Truthy() && files.Length() > 0 {
			file := files.Index(0)
			ctx.Dispatch(func(goapp.Context) {
				*dragging = false
				onFile(file)
			})
			return
		}
		text := ""
		if onText != nil {
			text = dt.Call("getData", "text/plain").String()
		}
		ctx.Dispatch(func(goapp.Context) {
			*dragging = false
			if text != "" {
				onText(text)
			}
		})
	})
}
