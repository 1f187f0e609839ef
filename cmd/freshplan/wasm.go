//go:build wasm

package main

import (
	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/freshplan/freshplan/app"
)

// main is the browser entry point: the same routes as the server.
func main() {
	app.Register()
	goapp.RunWhenOnBrowser()
}
