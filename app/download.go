package app

import (
	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// download hands data to the browser as a file named name: a Blob made
// of it, then downloadBlob.
func download(name, mime string, data []byte) {
	downloadBlob(name, blobOf(data, mime))
}

// blobOf is a Blob of data, of type mime (blobOfArrays).
func blobOf(data []byte, mime string) goapp.Value {
	win := goapp.Window()
	u8 := win.Get("Uint8Array").New(len(data))
	goapp.CopyBytesToJS(u8, data)
	parts := win.Get("Array").New()
	parts.Call("push", u8)
	return blobOfArrays(parts, mime)
}

// blobOfArrays is a Blob of parts, an array of Uint8Arrays, of type
// mime. The Blob has its own copy: the arrays, made in this thread, are
// given back at once rather than at the next collection (a buffer made
// in this thread is freed by emptying it).
func blobOfArrays(parts goapp.Value, mime string) goapp.Value {
	win := goapp.Window()
	opts := win.Get("Object").New()
	opts.Set("type", mime)
	blob := win.Get("Blob").New(parts, opts)
	for i := range parts.Length() {
		if buf := parts.Index(i).Get("buffer"); buf.Get("transfer").Truthy() {
			buf.Call("transfer", 0)
		}
	}
	return blob
}

// downloadBlob hands a Blob to the browser as a file named name: an
// object URL and a click on a hidden link with the download attribute.
// Nothing goes over the network.
func downloadBlob(name string, blob goapp.Value) {
	win := goapp.Window()
	url := win.Get("URL").Call("createObjectURL", blob)
	doc := win.Get("document")
	a := doc.Call("createElement", "a")
	a.Set("href", url)
	a.Set("download", name)
	a.Get("style").Set("display", "none")
	doc.Get("body").Call("appendChild", a)
	a.Call("click")
	a.Call("remove")
	// The download has started from the URL; revoke it once it has.
	var revoke goapp.Func
	revoke = goapp.FuncOf(func(goapp.Value, []goapp.Value) any {
		win.Get("URL").Call("revokeObjectURL", url)
		revoke.Release()
		return nil
	})
	win.Call("setTimeout", revoke, 60_000)
}
