package app

import (
	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// advicePanel is the page's first answer: which policy to use, how fresh
// it keeps the pages, at what budget, and what to load into the crawler.
// The comparison (the headline, the policies table, the charts) follows
// it; the theory (the glossary) comes last.
type advicePanel struct {
	goapp.Compo
	Plan   *PlanResult // the plan on screen (nil: none) …
	Req    Request     // … made by this request …
	Data   *dataset    // … of this data
	Stale  bool        // a newer plan is being made
	Status exportStatus
	// Write downloads the plan's seed list of a kind, or, with learn, the
	// learning policy's (see exporter.write).
	Write func(kind string, learn bool)
}

// advicePanel is the advice on the plan on screen.
func (h *home) advicePanel() *advicePanel {
	return &advicePanel{Plan: h.res.plan, Req: h.res.req, Data: h.data, Stale: h.res.stalePlan, Status: h.exportStatus(), Write: h.writeExport}
}

// onExport downloads the seed list kind (of the learning policy, with
// learn). Its element gives the kind as the handler's scope
// (paramsPanel.onField says why).
func (a *advicePanel) onExport(kind string, learn bool) goapp.EventHandler {
	return func(ctx goapp.Context, e goapp.Event) {
		if a.Write != nil {
			a.Write(kind, learn)
		}
	}
}

func (a *advicePanel) Render() goapp.UI {
	p := a.Plan
	if p == nil || a.Data == nil {
		return goapp.Text("")
	}
	req := a.Req
	obj := objective(req.Objective)
	d := a.Data
	policy := p.Policy
	perPage := float64(p.Budget) / float64(max(1, d.Pages))
	days := horizonDays(req.Horizon)
	how := ""
	if obj.fresh() {
		how = "keeps your pages' copies " + fmtPct(1-p.Values[policy], 1) + " fresh"
		if policy != "uniform" {
			how += "; fetching every page equally often (uniform): " + fmtPct(1-p.Values["uniform"], 1)
		}
	} else {
		how = "keeps the " + obj.label() + " at " + obj.text(p.Values[policy], 2)
	}
	budget := sprintf("At %s visits per %s (%.2g per page per day) it", fmtInt(int64(p.Budget)), fmtSeconds(req.Horizon), perPage/days)
	lead := []goapp.UI{goapp.Strong().Body(goapp.Text("Use "), term(policy, policy), goapp.Text(".")), goapp.Text(" " + budget + " " + how + ".")}
	if policy != "psp" {
		lead = append([]goapp.UI{goapp.Text("You chose to see " + policy + "; psp is the recommendation. ")}, lead...)
	}
	// A closed form can beat the schedule it stands for: say so (under the
	// seed lists, which stay on the first screen) rather than leave "use
	// psp" beside a higher figure unexplained.
	closer := ""
	if obj.fresh() && policy == "psp" && p.Values["uniform"] < p.Values["psp"] {
		why := "it is a closed form that assumes each of uniform's visits is made, equally spaced, while psp's is its actual schedule"
		if n := p.DroppedBy["psp"]; n > 0 {
			why += sprintf(", which drops %s that its crawlers cannot fit in the horizon (see Compare)", plural(n, "visit", "visits"))
		}
		if wp := p.Values["wp"]; p.Values["uniform"] < wp {
			// Beyond the polite bound: politeness, not the schedule, is why.
			why = sprintf("it ignores politeness, giving a host as many visits as its pages' share of the budget, where a host takes one visit every P = %s at most — no polite schedule keeps your pages fresher than wp's %s (see what politeness costs)",
				fmtSeconds(req.Politeness), fmtPct(1-wp, 1))
		}
		tail := ""
		if d.canBacktest() {
			tail = " The backtest, on what really changed, decides between them."
		}
		closer = "Uniform's figure is higher here: " + why + "." + tail
	}
	var history goapp.UI = goapp.Text("")
	ready := !a.Stale && a.Status.idle()
	if d.canBacktest() {
		cmd := cliLearn(req.params0(), p.Budget)
		// For a change history the app writes the learning policy's seed
		// lists itself (its start needs no fetches); for a fetch log its
		// start folds in every fetch, which the CLI reads.
		changes := d.kind == "change history"
		history = goapp.P().ID("advice-learn").Class("advice-learn").Body(
			goapp.Text("Your file is a history, so test before you trust this plan: real pages change in bursts, not at the steady rates the plan assumes. "),
			goapp.A().Href("#backtest").Text("The backtest"),
			goapp.Text(" replays every policy against what really changed, the "), term("learn", "learning policy"),
			goapp.Text(" included, which usually wins on real pages. "),
			goapp.If(changes,
				goapp.Text("Its seed lists: "),
				goapp.Button().Type("button").ID("advice-learn-nutch").Class("button").Disabled(!ready).
					Title("the learning policy's Nutch seed list: each URL with its fetch interval in seconds").
					OnClick(a.onExport("nutch", true), "advice-learn-nutch").Text("learn: Nutch seeds"),
				goapp.Text(" "),
				goapp.Button().Type("button").ID("advice-learn-stormcrawler").Class("button").Disabled(!ready).
					Title("the learning policy's StormCrawler seed list: each URL with its delay in minutes").
					OnClick(a.onExport("stormcrawler", true), "advice-learn-stormcrawler").Text("learn: StormCrawler seeds"),
				goapp.Text(" — or from the command line"),
			),
			goapp.If(!changes, goapp.Text("Its seed list comes from the command line")),
			goapp.If(cmd != "", goapp.Text(": "), goapp.Code().Text(cmd)),
			goapp.Text("."),
		)
	}
	load := goapp.Div().Class("advice-load").Body(
		goapp.Span().Text("Load into your crawler: "),
		goapp.Button().Type("button").ID("advice-nutch").Class("button", "primary").Disabled(!ready).
			Title("Nutch seed list: each URL with its fetch interval in seconds").
			OnClick(a.onExport("nutch", false), "advice-nutch").Text("Nutch seeds"),
		goapp.Button().Type("button").ID("advice-stormcrawler").Class("button").Disabled(!ready).
			Title("StormCrawler seed list: each URL with its delay in minutes").
			OnClick(a.onExport("stormcrawler", false), "advice-stormcrawler").Text("StormCrawler seeds"),
		goapp.Button().Type("button").ID("advice-csv").Class("button").Disabled(!ready).
			Title("seed list as CSV: URL, host, interval").
			OnClick(a.onExport("csv", false), "advice-csv").Text("CSV seeds"),
		goapp.A().Href("#exports").Class("more").Text("every file and the share link"),
	)
	cls := "panel advice"
	if a.Stale {
		cls += " stale"
	}
	return goapp.Section().ID("advice").Class(cls).Aria("labelledby", "advice-h").Body(
		goapp.H2().ID("advice-h").Text("What to do"),
		goapp.P().ID("advice-text").Class("advice-text").Body(lead...),
		load,
		goapp.If(closer != "", goapp.P().ID("advice-closer").Class("advice-closer").Text(closer)),
		goapp.If(a.Status.err != "", goapp.P().ID("advice-export-error").Class("error").Attr("role", "alert").Text(a.Status.err)),
		goapp.P().ID("advice-how").Class("hint", "advice-how").Text("How "+policy+" works: "+plainPolicy(policy)+"."),
		history,
	)
}

// plainPolicy says what a policy does, in words for a crawl engineer.
func plainPolicy(name string) string {
	switch name {
	case "psp":
		return "it gives more visits to the pages that change more, keeps every host under its politeness limit, and spreads each host's visits evenly"
	case "uniform":
		return "every page fetched equally often"
	case "proportional":
		return "each page fetched in proportion to how often it changes"
	case "cho":
		return "Cho's optimum, if the estimated change rates were exact"
	case "azar":
		return "Azar et al.'s optimum, in a fixed order"
	case "mp2":
		return "psp's visit counts, each page's visits equally spaced"
	}
	return "see the glossary"
}
