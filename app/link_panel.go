package app

import (
	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/freshplan/freshplan/core/share"
)

// linkPanel makes the link to the plan on screen: "Copy link" puts it in
// the address bar (without reloading) and on the clipboard, and shows it.
type linkPanel struct {
	goapp.Compo
	Data    *dataset // the data on screen (nil: none)
	Form    Request  // the parameters in the form …
	FormBad bool     // … unless they are not valid
	Own     *ownLink // where the last link made is kept for the page

	ctx  goapp.Context
	note string // what the link holds, or that it was copied
	err  string // making a link failed
	busy bool
}

// ownLink is the last link the page made: a hash change to it is the
// page's own doing, not a link to open.
type ownLink struct{ url string }

func (l *linkPanel) OnMount(ctx goapp.Context) { l.ctx = ctx }

func (l *linkPanel) onCopy(_ goapp.Context, e goapp.Event) {
	if l.Data == nil || l.ctx == nil {
		return
	}
	if l.FormBad {
		l.err = "fix the parameters first: a link holds only valid ones"
		return
	}
	l.busy, l.err = true, ""
	d, q := l.Data, l.Form
	// The page's address, which the link starts with: the data goes in
	// only while the whole link is at most share.MaxLink characters.
	loc := goapp.Window().Get("location")
	address := loc.Get("origin").String() + loc.Get("pathname").String()
	ctx := l.ctx // the component's: it dispatches whatever the button's fate
	ctx.Async(func() {
		// Hashing and packing the data may take a moment: off the handler.
		frag, err := share.Encode(shareState(d, q), share.Budget(address))
		var note string
		if err == nil {
			note, err = share.Describe(frag)
		}
		ctx.Dispatch(func(ctx goapp.Context) {
			l.busy = false
			if err != nil {
				l.err = err.Error()
				return
			}
			win := goapp.Window()
			url := address + "#" + frag
			win.Get("history").Call("replaceState", nil, "", "#"+frag)
			l.Own.url, l.note = url, note+" Copy it from the box."
			if clip := win.Get("navigator").Get("clipboard"); clip.Truthy() {
				// The clipboard may refuse (no focus, no permission): the
				// box still holds the link.
				var done, failed goapp.Func
				release := func() { done.Release(); failed.Release() }
				done = goapp.FuncOf(func(goapp.Value, []goapp.Value) any {
					ctx.Dispatch(func(goapp.Context) { l.note = "Copied. " + note })
					release()
					return nil
				})
				failed = goapp.FuncOf(func(goapp.Value, []goapp.Value) any {
					release()
					return nil
				})
				clip.Call("writeText", url).Call("then", done, failed)
			}
		})
	})
}

func (l *linkPanel) Render() goapp.UI {
	url := l.Own.url
	return goapp.Div().Class("share-link").Body(
		goapp.P().Class("hint").Text("A link to this plan: its parameters, and the data when the link stays within 8,000 characters, short enough for a chat message (else its fingerprint, and whoever opens the link drops the same file). It lives in the part after #, which browsers never send to a server."),
		goapp.Div().Class("export-row").Body(
			goapp.Button().Type("button").ID("copy-link").Class("button", "primary").Disabled(l.Data == nil || l.busy).
				OnClick(l.onCopy).Text(map[bool]string{true: "Making the link…", false: "Copy link"}[l.busy]),
			goapp.If(url != "", goapp.Input().Type("text").ID("share-url").Class("share-url").ReadOnly(true).
				Aria("label", "link to this plan").Value(url)),
		),
		// A phone shows the start of the link only: the whole of it, wrapped.
		goapp.If(url != "", goapp.Details().ID("share-full").Class("share-full").Body(
			goapp.Summary().Text("Show the whole link"),
			goapp.P().Text(url),
		)),
		goapp.If(l.note != "", goapp.P().ID("link-note").Class("hint").Attr("role", "status").Text(l.note)),
		goapp.If(l.err != "", goapp.P().ID("link-error").Class("error").Attr("role", "alert").Text(l.err)),
	)
}
