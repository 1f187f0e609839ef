//go:build wasm

package main

import (
	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/freshplan/freshplan/app"
)

// main is the browser entry point. In the page it runs the app (the same
// routes as the server); in the planner's web worker (web/worker.js loads
// this same program) it plans the jobs the page sends.
func main() {
	if app.InWorker() {
		app.ServeWorker()
		return
	}
	app.Mark("main")
	app.Register()
	goapp.RunWhenOnBrowser()
}
