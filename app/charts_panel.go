package app

import (
	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// chartsPanel is the plan's four charts: revisits against change rate,
// load per host, freshness against budget and the rates' histogram.
type chartsPanel struct {
	goapp.Compo
	Scatter, Load, Budget, Hist *chartSpec
	StalePlan, StaleBudget      bool // newer ones are being made
}

func (p *chartsPanel) Render() goapp.UI {
	wrap := func(spec *chartSpec, stale bool) goapp.UI {
		cls := "chart-box"
		if stale {
			cls += " stale"
		}
		return goapp.Div().Class(cls).Body(&chart{Spec: spec})
	}
	return goapp.Section().ID("charts").Class("charts").Aria("label", "charts").Body(
		wrap(p.Scatter, p.StalePlan),
		wrap(p.Load, p.StalePlan),
		wrap(p.Budget, p.StaleBudget),
		wrap(p.Hist, false),
	)
}
