package app

import (
	"math"
	"net/url"
	"slices"
	"strconv"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/freshplan/freshplan/core/firstcrawl"
)

// fcParams are the First crawl view's parameters, as freshplan order's
// flags: --robots, --wait, --per-connection, --bandwidth, --batch,
// --seed, and the strategy whose order is exported (and whose time to
// crawl is drawn against r).
type fcParams struct {
	Robots, PerConnection, Batch int
	Wait, Bandwidth              float64
	Seed                         uint64
	Chosen                       string
}

// crawler is p without the chosen strategy: what a crawl depends on.
func (p fcParams) crawler() fcParams {
	p.Chosen = ""
	return p
}

func defaultFCParams() fcParams {
	d := firstcrawl.DefaultParams()
	return fcParams{Robots: d.Robots, PerConnection: d.PerConnection, Wait: d.Wait, Bandwidth: d.Bandwidth, Seed: d.Seed, Chosen: firstcrawl.Names()[0]}
}

// fcRobots are the numbers of robots the time to crawl is drawn at:
// doublings from 1, as seed 004 Table 4.2's r.
var fcRobots = []int{1, 2, 4, 8, 16, 32, 64}

// setField reads one field as typed; the problem, if any, is what the
// CLI's flag check says.
func (p *fcParams) setField(id, v string) string {
	v = strings.TrimSpace(v)
	atoi := func(lo int) (int, string) {
		n, err := strconv.Atoi(v)
		if err != nil || n < lo {
			return 0, strconv.Quote(v) + ": want a whole number, " + strconv.Itoa(lo) + " or more"
		}
		return n, ""
	}
	atof := func() (float64, string) {
		x, err := strconv.ParseFloat(v, 64)
		if err != nil || !(x >= 0) || math.IsInf(x, 0) {
			return 0, strconv.Quote(v) + ": want a number, 0 or more"
		}
		return x, ""
	}
	var bad string
	switch id {
	case "fc-robots":
		p.Robots, bad = atoi(1)
	case "fc-wait":
		p.Wait, bad = atof()
	case "fc-per-connection":
		p.PerConnection, bad = atoi(1)
	case "fc-bandwidth":
		p.Bandwidth, bad = atof()
	case "fc-batch":
		p.Batch, bad = atoi(0)
	case "fc-seed":
		s, err := strconv.ParseUint(v, 10, 64)
		if err != nil {
			bad = strconv.Quote(v) + ": want a whole number, 0 or more"
		}
		p.Seed = s
	case "fc-chosen":
		if !slices.Contains(firstcrawl.Names(), v) {
			bad = strconv.Quote(v) + ": not a strategy"
		}
		p.Chosen = v
	}
	return bad
}

func (f *firstCrawl) onField(id string) goapp.EventHandler {
	return func(ctx goapp.Context, e goapp.Event) {
		p := f.params
		bad := p.setField(id, ctx.JSSrc().Get("value").String())
		if f.errs == nil {
			f.errs = map[string]string{}
		}
		if bad != "" {
			f.errs[id] = bad
			return
		}
		delete(f.errs, id)
		f.params = p
	}
}

func (f *firstCrawl) renderParams() goapp.UI {
	p := f.params
	num := func(id, label, value, hint string) goapp.UI {
		return goapp.Div().Class("field").Body(
			goapp.Label().For(id).Text(label),
			goapp.Input().ID(id).Type("text").Attr("inputmode", "decimal").Value(value).OnChange(f.onField(id)),
			goapp.If(f.errs[id] != "", goapp.Small().ID(id+"-error").Class("field-error").Text(f.errs[id])).
				Else(goapp.Small().Text(hint)),
		)
	}
	names := firstcrawl.Names()
	return goapp.Section().ID("fc-params").Class("panel").Body(
		goapp.H2().Text("Crawler"),
		goapp.Div().Class("params").Body(
			num("fc-robots", "Robots r", strconv.Itoa(p.Robots), "simultaneous connections, never two to one site"),
			num("fc-wait", "Wait w (seconds)", fmtFlag(p.Wait), "between connections to one site"),
			num("fc-per-connection", "Pages per connection c", strconv.Itoa(p.PerConnection), "HTTP keep-alive"),
			num("fc-bandwidth", "Bandwidth B (bytes/s)", fmtFlag(p.Bandwidth), "shared by the connections; 0: more than any site's"),
			num("fc-batch", "Batch K (pages)", strconv.Itoa(p.Batch), "between PageRank recalculations; 0: pages/35"),
			num("fc-seed", "Seed", strconv.FormatUint(p.Seed, 10), "page sizes, latencies, random draws"),
			goapp.Div().Class("field").Body(
				goapp.Label().For("fc-chosen").Text("Strategy to export"),
				goapp.Select().ID("fc-chosen").OnChange(f.onField("fc-chosen")).Body(
					goapp.Range(names).Slice(func(i int) goapp.UI {
						return goapp.Option().Value(names[i]).Selected(names[i] == p.Chosen).Text(names[i])
					}),
				),
				goapp.Small().Text("its order is exported and its time to crawl drawn against r"),
			),
		),
		goapp.Div().Class("actions").Body(
			goapp.Button().Type("button").ID("fc-run").Class("button", "primary").Disabled(f.graph.id == 0 || f.run.busy || len(f.errs) > 0).
				OnClick(f.onRun).Text("Simulate every strategy"),
			goapp.Button().Type("button").ID("fc-stop").Class("button").Disabled(!f.run.busy).OnClick(f.onStop).Text("Stop"),
			goapp.Button().Type("button").ID("fc-copy-link").Class("button").OnClick(f.onCopyLink).Text("Copy link"),
		),
		goapp.If(f.link != "", goapp.Div().ID("fc-link").Body(
			goapp.Input().Type("text").ID("fc-link-url").ReadOnly(true).Value(f.link).Aria("label", "share link"),
			goapp.P().Class("hint").Text("The link holds the parameters, not the graph: whoever opens it drops the same file."),
		)),
	)
}

// fmtFlag writes a number as a flag would take it.
func fmtFlag(x float64) string { return strconv.FormatFloat(x, 'g', -1, 64) }

// fcLink is the view's share link fragment: the parameters (not the
// graph), as "#fc1&r=1&w=15&c=1&B=0&K=0&seed=1&s=breadth-first".
func fcLink(p fcParams) string {
	v := url.Values{}
	v.Set("r", strconv.Itoa(p.Robots))
	v.Set("w", fmtFlag(p.Wait))
	v.Set("c", strconv.Itoa(p.PerConnection))
	v.Set("B", fmtFlag(p.Bandwidth))
	v.Set("K", strconv.Itoa(p.Batch))
	v.Set("seed", strconv.FormatUint(p.Seed, 10))
	v.Set("s", p.Chosen)
	return "#fc1&" + v.Encode()
}

// parseFCLink reads fcLink's fragment; a fragment that is not one, or
// has a bad value, gives false (the defaults stay).
func parseFCLink(frag string) (fcParams, bool) {
	rest, ok := strings.CutPrefix(frag, "#fc1&")
	if !ok {
		return fcParams{}, false
	}
	v, err := url.ParseQuery(rest)
	if err != nil {
		return fcParams{}, false
	}
	p := defaultFCParams()
	for key, id := range map[string]string{"r": "fc-robots", "w": "fc-wait", "c": "fc-per-connection", "B": "fc-bandwidth",
		"K": "fc-batch", "seed": "fc-seed", "s": "fc-chosen"} {
		if x := v.Get(key); x != "" {
			if p.setField(id, x) != "" {
				return fcParams{}, false
			}
		}
	}
	return p, true
}

func (f *firstCrawl) onCopyLink(ctx goapp.Context, e goapp.Event) {
	loc := goapp.Window().Get("location")
	link := loc.Get("origin").String() + loc.Get("pathname").String() + fcLink(f.params)
	goapp.Window().Get("history").Call("replaceState", nil, "", link)
	f.link = link
	if clip := goapp.Window().Get("navigator").Get("clipboard"); clip.Truthy() {
		// The clipboard may refuse (no focus, no permission): the box
		// still holds the link, so the refusal is caught, not logged.
		var ignore goapp.Func
		ignore = goapp.FuncOf(func(goapp.Value, []goapp.Value) any { ignore.Release(); return nil })
		clip.Call("writeText", link).Call("catch", ignore)
	}
}
