package app

import (
	"math"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// A chart is laid out for chartW pixels; on a narrower screen (a phone)
// it is laid out again for the width it has, so that its text stays at
// its size (11 px) instead of shrinking with the drawing: the plot is
// narrowed, the legend wraps into more rows and the plot moves down under
// them, tick labels that would touch are thinned (axes).

// minChartW is the narrowest a chart is laid out for.
const minChartW = 280.0

// fit returns s laid out for w pixels, or s itself when it has them.
func fit(s *chartSpec, w float64) *chartSpec {
	if s == nil || !(w > 0) || w >= s.W-1 {
		return s
	}
	w = math.Max(w, minChartW)
	c := *s
	plotW := s.W - s.Left - s.Right
	// The margins keep their size: the hosts' names in a wide left one
	// are never cut.
	k := (w - c.Left - s.Right) / plotW
	c.W = w
	c.X = s.X
	c.X.R0 = c.Left + (s.X.R0-s.Left)*k
	c.X.R1 = c.Left + (s.X.R1-s.Left)*k
	c.X.ZeroBand = s.X.ZeroBand * k
	c.Series = make([]series, len(s.Series))
	for i, sr := range s.Series {
		if sr.Kind == kindRects && sr.Width > 0 {
			sr.Width = math.Max(1, sr.Width*k)
		}
		c.Series[i] = sr
	}
	if len(s.Legend) > 0 {
		if dy := topBelowLegend(&c) - s.Top; dy > 0 {
			c.Top += dy
			c.H += dy
			c.Y.R0 += dy
			c.Y.R1 += dy
		}
	}
	return &c
}

// OnMount lays the chart out for the width its box gives it, and again
// whenever the window's size changes.
func (c *chart) OnMount(ctx goapp.Context) {
	c.measure(ctx)
	onWindow(&c.unlisten, "resize", func(goapp.Value) {
		ctx.Dispatch(func(ctx goapp.Context) { c.measure(ctx) })
	})
}

func (c *chart) OnDismount() {
	for _, f := range c.unlisten {
		f()
	}
	c.unlisten = nil
}

// measure reads the width of the chart's box.
func (c *chart) measure(ctx goapp.Context) {
	el := c.JSValue()
	if el == nil || !el.Truthy() {
		return
	}
	box := el.Get("parentElement")
	if !box.Truthy() {
		return
	}
	w := box.Get("clientWidth").Float() - 20 // the box's padding
	if !(w > 0) || math.Abs(w-c.width) < 1 {
		return
	}
	// Drawing a chart again is not free (a scatter of a million pages has
	// thousands of dots): only when the width changes the layout.
	fitted := func(w float64) bool { return c.Spec != nil && w > 0 && w < c.Spec.W-1 }
	was := fitted(c.width)
	c.width = w
	if was || fitted(w) {
		c.Update()
	}
}
