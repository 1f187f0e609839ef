package app

import (
	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// navItem is a part of the product the navigation bar leads to.
type navItem struct {
	Label, Href string
	ID          string // the link's id, when a test or a share link needs it
	// Shown says whether the item applies to the page as it is (nil:
	// always).
	Shown func(h *home) bool
}

// navItems is the whole product, in the page's order: another view (a
// first crawl's plan, on a route of its own) adds its item here.
var navItems = []navItem{
	{Label: "Plan", Href: "#advice"},
	{Label: "Parameters", Href: "#params"},
	{Label: "Backtest", Href: "#backtest", Shown: func(h *home) bool { return h.data.canBacktest() }},
	{Label: "Export & share", Href: "#exports"},
	{Label: "Compare", Href: "#policies"},
	{Label: "Charts", Href: "#charts"},
	{Label: "Pages", Href: "#tables"},
	{Label: "Glossary", Href: "#glossary"},
	{Label: "First crawl", Href: "/first-crawl", ID: "first-crawl-link"},
}

// renderNav is the bar that stays at the top of the window: every part
// of the product one click away, on a desktop and a phone (where it
// scrolls sideways inside itself).
func (h *home) renderNav() goapp.UI {
	var links []goapp.UI
	for _, it := range navItems {
		if it.Shown != nil && !it.Shown(h) {
			continue
		}
		a := goapp.A().Href(it.Href).Text(it.Label)
		if it.ID != "" {
			a = a.ID(it.ID)
		}
		links = append(links, goapp.Li().Body(a))
	}
	return goapp.Nav().ID("nav").Class("nav").Aria("label", "sections").Body(goapp.Ul().Body(links...))
}
