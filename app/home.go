package app

import (
	"bytes"
	"context"
	"fmt"
	"time"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/core/plan"
	"github.com/freshplan/freshplan/web"
)

// home is the planner page: for now it plans the built-in sample and shows
// every policy beside the bounds.
type home struct {
	goapp.Compo
	busy    bool
	err     string
	summary *summary
}

// summary is what the page shows of a plan.
type summary struct {
	Pages, Hosts, Budget int
	Rows                 []row
	Seconds              float64
}

type row struct {
	Name, How  string
	Staleness  float64
	Freshness  float64
	Simulated  bool
	IsBoundRow bool
}

// SampleBudget is the budget the sample is first planned with: about six
// visits per page per day.
const SampleBudget = 20000

func (h *home) OnMount(ctx goapp.Context) {
	h.busy = true
	ctx.Async(func() {
		s, err := planSample()
		ctx.Dispatch(func(goapp.Context) {
			h.busy = false
			if err != nil {
				h.err = err.Error()
				return
			}
			h.summary = s
		})
	})
}

// planSample plans the built-in sample with the default parameters.
func planSample() (*summary, error) {
	pg, err := pages.Read(bytes.NewReader(web.SamplePages), web.SampleName)
	if err != nil {
		return nil, err
	}
	params := plan.DefaultParams()
	params.Budget = SampleBudget
	start := time.Now()
	pl, err := plan.Run(context.Background(), pg, params)
	if err != nil {
		return nil, err
	}
	s := &summary{Pages: len(pl.Pages), Hosts: len(pl.Hosts), Budget: pl.Params.Budget, Seconds: time.Since(start).Seconds()}
	for _, name := range plan.Policies {
		r := pl.Results[name]
		s.Rows = append(s.Rows, row{Name: name, How: plan.Describe[name], Staleness: r.Value, Freshness: 1 - r.Value, Simulated: r.Simulated})
	}
	for _, name := range plan.Bounds {
		r := pl.Results[name]
		s.Rows = append(s.Rows, row{Name: name, How: plan.Describe[name], Staleness: r.Value, Freshness: 1 - r.Value, IsBoundRow: true})
	}
	return s, nil
}

func (h *home) Render() goapp.UI {
	return goapp.Main().Class("page").Body(
		goapp.Header().Body(
			goapp.H1().Text("freshplan"),
			goapp.P().Class("tagline").Text("Plan recrawls: how often and when to revisit each URL under a crawl budget and per-host politeness."),
		),
		goapp.If(h.busy, goapp.P().Class("status").Attr("role", "status").Text("Planning the sample…")),
		goapp.If(h.err != "", goapp.P().Class("error").Attr("role", "alert").Text(h.err)),
		h.renderSummary(),
	)
}

func (h *home) renderSummary() goapp.UI {
	s := h.summary
	if s == nil {
		return goapp.Text("")
	}
	return goapp.Section().Body(
		goapp.P().Class("lead").Text(fmt.Sprintf("Sample: %d pages on %d hosts, %d visits per day, politeness 15 s, planned in %.2f s.",
			s.Pages, s.Hosts, s.Budget, s.Seconds)),
		goapp.Table().Class("results").Body(
			goapp.Caption().Text("Time-average staleness of every policy and bound (steady model)"),
			goapp.THead().Body(goapp.Tr().Body(
				goapp.Th().Scope("col").Text("policy"),
				goapp.Th().Scope("col").Text("freshness"),
				goapp.Th().Scope("col").Text("staleness"),
				goapp.Th().Scope("col").Text("how it is computed"),
			)),
			goapp.TBody().Body(goapp.Range(s.Rows).Slice(func(i int) goapp.UI {
				r := s.Rows[i]
				cls := "policy"
				if r.IsBoundRow {
					cls = "bound"
				}
				return goapp.Tr().Class(cls).Body(
					goapp.Th().Scope("row").Text(r.Name),
					goapp.Td().Class("num").Text(fmt.Sprintf("%.2f%%", 100*r.Freshness)),
					goapp.Td().Class("num").Text(fmt.Sprintf("%.4f", r.Staleness)),
					goapp.Td().Text(r.How),
				)
			})),
		),
	)
}
