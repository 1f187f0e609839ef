package app

import (
	"errors"
	"math"
	"strconv"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// tablesPanel is the plan's per-page and per-host tables.
type tablesPanel struct {
	goapp.Compo
	Pages, Hosts *tableSource // nil: no plan
	Stale        bool         // a newer plan is being made
}

func (p *tablesPanel) Render() goapp.UI {
	if p.Pages == nil {
		return goapp.Text("")
	}
	cls := "panel tables"
	if p.Stale {
		cls += " stale"
	}
	return goapp.Section().ID("tables").Class(cls).Aria("labelledby", "tables-h").Body(
		goapp.H2().ID("tables-h").Text("Per page and per host"),
		goapp.P().Class("hint", "narrow-only").Text("On a phone each page shows its URL, rate, how often it is visited and how fresh it stays; a wider screen adds its host, weight, visits per day and the rate's interval."),
		&table{Src: p.Pages},
		&table{Src: p.Hosts},
	)
}

// pageTable lists every page with the policy's visits.
func pageTable(d *dataset, r *PlanResult, q Request) *tableSource {
	days := horizonDays(q.Horizon)
	obj := objective(q.Objective)
	interval := func(i int) float64 {
		if r.Visits[i] <= 0 {
			return math.Inf(1)
		}
		return q.Horizon / r.Visits[i]
	}
	staleName, staleText := obj.label(), func(i int) string { return obj.text(r.Stale[i], 1) }
	rateTitle := "changes per day"
	if d.Estimated {
		rateTitle = "changes per day as planned: the estimate shrunk towards its host's prior (the interval beside it is the estimator's own)"
	}
	cols := []tableCol{
		{Name: "URL", Text: func(i int) string { return d.pages.URL(i) }},
		{Name: "host", Wide: true, Text: func(i int) string { return d.pages.Host(i) }},
		{Name: "changes/day", Title: rateTitle, Num: true,
			Text: func(i int) string { return fmtNum(d.pages.Rates[i]) }, Value: func(i int) float64 { return d.pages.Rates[i] }},
	}
	if d.Estimated {
		u := d.est
		if u == nil {
			u = &uncertainty{} // the pages are held elsewhere, which reads the columns (heldRows)
		}
		cols = append(cols, uncertaintyCols(u)...)
	}
	cols = append(cols,
		tableCol{Name: "weight", Num: true, Wide: true, Text: func(i int) string { return fmtNum(d.pages.Weight(i)) }, Value: func(i int) float64 { return d.pages.Weight(i) }},
		tableCol{Name: "visits/day", Title: "visits per day the policy makes", Num: true, Wide: true,
			Text: func(i int) string { return fmtNum(r.Visits[i] / days) }, Value: func(i int) float64 { return r.Visits[i] }},
		tableCol{Name: "every", Title: "time between visits", Num: true,
			Text: func(i int) string { return fmtSeconds(interval(i)) }, Value: interval},
		tableCol{Name: staleName, Num: true, Text: staleText, Value: func(i int) float64 { return -r.Stale[i] }},
	)
	return &tableSource{
		Version: nextVersion(), ID: "page-table", Unit: "pages", N: d.Pages, Key: "pages:" + d.name + ":" + strconv.Itoa(d.Pages),
		Caption: sprintf("Every page: the %s policy's visits at %s visits per horizon.", r.Policy, fmtInt(int64(r.Budget))),
		Match: func(i int, q string) bool {
			return containsFold(d.pages.URL(i), q) || containsFold(d.pages.Host(i), q)
		},
		Cols: cols,
	}
}

// heldRows is how the page table of a plan of pages eng holds (read by
// job held) asks for its rows: of the plan of job plan.
func heldRows(eng engine, held, plan int) func(tableAsk, func(*tablePage, error)) {
	return func(a tableAsk, reply func(*tablePage, error)) {
		eng.ask(&Ask{Seq: nextAsk(), Kind: "rows", Held: held, Plan: plan, Table: a}, func(ans *Answer) {
			if ans.Err != "" || ans.Rows == nil {
				reply(nil, errors.New(ans.Err))
				return
			}
			reply(ans.Rows, nil)
		})
	}
}

// uncertaintyCols are the page table's columns for how well an estimated
// input pinned each rate (SPEC §4): the 90% interval, sorted by how wide
// it is, and for a page whose interval is too wide to plan with, how often
// to fetch it to estimate it best.
func uncertaintyCols(u *uncertainty) []tableCol {
	width := func(i int) float64 {
		if !(u.Low[i] > 0) {
			return math.Inf(1)
		}
		return u.High[i] / u.Low[i]
	}
	return []tableCol{
		{Name: "90% interval", Wide: true, Title: "the estimator's 90% interval, changes per day (seed 001 ch. 6); sorted by how wide it is", Num: true,
			Text: func(i int) string { return fmtNum(u.Low[i]) + "–" + fmtNum(u.High[i]) }, Value: width},
		{Name: "to estimate it", Title: "for a rate too uncertain to plan with (its 90% interval open-ended or over 10× wide): fetch it this often to estimate it best, r = λ × interval ≈ 1.5 (seed 001 §6.4.2)", Num: true,
			Text: func(i int) string {
				if d := u.SuggestDays[i]; d > 0 {
					return "fetch every " + fmtSeconds(d*86400)
				}
				return ""
			}, Value: func(i int) float64 { return u.SuggestDays[i] }},
	}
}

// hostTable lists every host with its load against its cap.
func hostTable(d *dataset, r *PlanResult, q Request) *tableSource {
	util := func(h int) float64 { return r.HostLoad[h] / math.Max(r.HostCap[h], 1) }
	return &tableSource{
		Version: nextVersion(), ID: "host-table", Unit: "hosts", N: len(d.HostNames), Key: "hosts:" + d.name + ":" + strconv.Itoa(len(d.HostNames)),
		Caption: sprintf("Every host: the %s policy's load against the cap ⌊T/P⌋.", r.Policy),
		Match:   func(h int, q string) bool { return containsFold(d.HostNames[h], q) },
		Cols: []tableCol{
			{Name: "host", Text: func(h int) string { return d.HostNames[h] }},
			{Name: "pages", Num: true, Text: func(h int) string { return fmtInt(int64(d.HostPages[h])) }, Value: func(h int) float64 { return float64(d.HostPages[h]) }},
			{Name: "delay", Title: "seconds between requests", Num: true, Text: func(h int) string { return fmtSeconds(r.HostDelay[h]) }, Value: func(h int) float64 { return r.HostDelay[h] }},
			{Name: "cap", Title: "⌊T/P⌋ visits per horizon", Num: true, Text: func(h int) string { return fmtInt(int64(r.HostCap[h])) }, Value: func(h int) float64 { return r.HostCap[h] }},
			{Name: "load", Title: "visits per horizon", Num: true, Text: func(h int) string { return fmtNum(r.HostLoad[h]) }, Value: func(h int) float64 { return r.HostLoad[h] }},
			{Name: "of cap", Num: true, Text: func(h int) string { return fmtPct(util(h), 0) }, Value: util},
		},
	}
}
