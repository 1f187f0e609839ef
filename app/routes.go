package app

import goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

// Register registers the app's routes; the wasm binary and the server must
// both call it (go-app serves and pre-renders the same routes).
func Register() {
	goapp.Route("/", &home{})
	goapp.Route("/first-crawl", &firstCrawl{})
}
