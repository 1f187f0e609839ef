package app

import (
	"math"
	"strconv"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// svgNS is the SVG namespace: every SVG element needs it (go-app #890),
// and Class() does nothing on SVG elements (#919), so they are styled
// with presentation attributes only.
const svgNS = "http://www.w3.org/2000/svg"

// Kinds of series.
const (
	kindPoints   = iota // a circle per point
	kindLine            // a polyline through the points, with markers
	kindRects           // a rectangle per point, from (X, Y) to (X2, Y2)
	kindSegments        // a line per point, from (X, Y) to (X2, Y2)
	kindBand            // a shaded area between Y and Y2 along X
)

// chartSpec describes a chart completely; the chart component draws it.
// Version comes first: a new spec differs from the old one in its first
// field, so go-app's comparison of the component's fields stops there.
type chartSpec struct {
	Version        uint64
	ID             string
	Title, Desc    string
	W, H           float64
	Left, Right    float64 // margins in pixels
	Top, Bottom    float64
	X, Y           scale
	XLabel, YLabel string
	XTicks, YTicks []tick // nil: the scales' own
	Series         []series
	Marks          []mark
	Legend         []legendItem
	Note           string // a line under the chart
	Empty          string // shown instead of the plot when there is nothing to draw
}

type series struct {
	Name    string
	Kind    int
	Color   string
	Dash    string // stroke-dasharray, "" for solid
	Width   float64
	R       float64 // circle radius
	Opacity float64 // 0 means 1
	Plain   bool    // a line without markers
	Points  []point
}

// point is a datum in data coordinates; X2, Y2 are the far corner of a
// rectangle or the end of a segment.
type point struct {
	X, Y, X2, Y2 float64
	Title        string // the hover text
}

// mark is a reference line across the plot: vertical at X (Axis 'x') or
// horizontal at Y (Axis 'y').
type mark struct {
	Axis  byte
	V     float64
	Label string
	Color string
	Dash  string
	Low   bool // the label at the foot of a vertical line, not its top
}

type legendItem struct {
	Label       string
	Color, Dash string
	Shape       string // "line", "dot" or "box"
}

// chart draws a chartSpec as inline SVG.
type chart struct {
	goapp.Compo
	Spec *chartSpec

	width    float64 // the box's width in pixels, once measured (chart_fit.go)
	unlisten []func()
}

func (c *chart) Render() goapp.UI {
	return renderChart(fit(c.Spec, c.width))
}

func svg(tag string) goapp.HTMLElem { return goapp.Elem(tag).XMLNS(svgNS) }

func f1(x float64) string { return strconv.FormatFloat(x, 'f', 1, 64) }

// renderChart draws s: axes with ticks and labels, series, reference
// marks, a legend, and a <title> for every point a pointer can rest on.
func renderChart(s *chartSpec) goapp.UI {
	if s == nil {
		return goapp.Div().Class("chart", "chart-empty")
	}
	id := s.ID
	root := svg("svg").
		Attr("viewBox", "0 0 "+f1(s.W)+" "+f1(s.H)).
		Attr("width", f1(s.W)).Attr("height", f1(s.H)).
		Attr("role", "img").
		Attr("aria-labelledby", id+"-title "+id+"-desc").
		Attr("font-family", "system-ui, sans-serif").
		Attr("font-size", "11").
		ID(id + "-svg")
	kids := []goapp.UI{
		svg("title").ID(id + "-title").Text(s.Title),
		svg("desc").ID(id + "-desc").Text(s.Desc),
		svg("rect").Attr("x", "0").Attr("y", "0").Attr("width", f1(s.W)).Attr("height", f1(s.H)).Attr("fill", "#ffffff"),
	}
	x0, x1 := s.Left, s.W-s.Right
	y0, y1 := s.Top, s.H-s.Bottom
	if s.Empty != "" {
		kids = append(kids, svg("text").Attr("x", f1((x0+x1)/2)).Attr("y", f1((y0+y1)/2)).
			Attr("text-anchor", "middle").Attr("fill", "#52625c").Attr("font-size", "13").Text(s.Empty))
		return goapp.Figure().Class("chart").ID(id).Body(drawn(root.Body(kids...)), caption(s))
	}
	kids = append(kids, axes(s)...)
	var placed [][4]float64 // the mark labels' boxes so far
	for _, m := range s.Marks {
		kids = append(kids, drawMark(s, m, &placed))
	}
	for _, sr := range s.Series {
		kids = append(kids, drawSeries(s, sr))
	}
	kids = append(kids, legend(s)...)
	return goapp.Figure().Class("chart").ID(id).Body(drawn(root.Body(kids...)), caption(s))
}

// drawn returns a chart's SVG as one raw node: the browser then parses it
// in one go, where go-app would make each of its thousands of elements
// and attributes with calls into JavaScript (a third of a second for the
// charts of a million pages, the page frozen meanwhile). go-app writes
// attribute values as Go string literals, which is HTML only when nothing
// in them needed escaping; if anything did (a backslash shows it), the
// element tree is kept.
func drawn(root goapp.HTMLElem) goapp.UI {
	s := goapp.HTMLString(root)
	if strings.Contains(s, `\`) {
		return root
	}
	return goapp.Raw(s)
}

func caption(s *chartSpec) goapp.UI {
	return goapp.FigCaption().Body(
		goapp.Strong().Text(s.Title),
		goapp.If(s.Note != "", goapp.Span().Class("chart-note").Text(" "+s.Note)),
	)
}

// axes draws the plot frame, the grid, the ticks and the axis titles.
func axes(s *chartSpec) []goapp.UI {
	x0, x1 := s.Left, s.W-s.Right
	y0, y1 := s.Top, s.H-s.Bottom
	grid := "#e4ece8"
	ink := "#52625c"
	var out []goapp.UI
	xt, yt := s.XTicks, s.YTicks
	if xt == nil {
		xt = s.X.Ticks()
	}
	if yt == nil {
		yt = s.Y.Ticks()
	}
	// A tick label that would touch the one before it is left out (its
	// grid line stays): labels never overlap, whatever the width.
	lastRight := math.Inf(-1)
	for _, t := range xt {
		px := s.X.At(t.V)
		if px < x0-0.5 || px > x1+0.5 {
			continue
		}
		out = append(out, line(px, y0, px, y1, grid, "", 1))
		half := textWidth(t.Label) / 2
		if !t.Minor && px-half > lastRight+4 {
			out = append(out, line(px, y1, px, y1+4, ink, "", 1),
				text(px, y1+16, "middle", t.Label, ink))
			lastRight = px + half
		}
	}
	var ys [][2]float64 // the y labels' extents so far
	for _, t := range yt {
		py := s.Y.At(t.V)
		if py < y0-0.5 || py > y1+0.5 {
			continue
		}
		out = append(out, line(x0, py, x1, py, grid, "", 1))
		free := !t.Minor
		for _, e := range ys {
			if py-8 < e[1]+1 && e[0] < py+4+1 {
				free = false
			}
		}
		if free {
			out = append(out, line(x0-4, py, x0, py, ink, "", 1),
				text(x0-7, py+3.5, "end", t.Label, ink))
			ys = append(ys, [2]float64{py - 8, py + 4})
		}
	}
	// Zero bands are set apart by a dashed line: 0 is not on the log scale.
	if s.X.Log && s.X.ZeroBand > 0 {
		px := s.X.R0 - s.X.ZeroBand*0.25
		out = append(out, line(px, y0, px, y1, "#b8c6c0", "2 3", 1))
	}
	if s.Y.Log && s.Y.ZeroBand > 0 {
		py := s.Y.R0 + s.Y.ZeroBand*0.25
		out = append(out, line(x0, py, x1, py, "#b8c6c0", "2 3", 1))
	}
	out = append(out,
		line(x0, y1, x1, y1, ink, "", 1),
		line(x0, y0, x0, y1, ink, "", 1),
		text((x0+x1)/2, s.H-6, "middle", s.XLabel, "#13201c"),
		svg("text").Attr("transform", "translate(13 "+f1((y0+y1)/2)+") rotate(-90)").
			Attr("text-anchor", "middle").Attr("fill", "#13201c").Text(s.YLabel),
	)
	return out
}

// polyPoints writes the points' (X, Y) as an SVG points list.
func polyPoints(b *strings.Builder, s *chartSpec, ps []point) {
	for k, p := range ps {
		if k > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(f1(s.X.At(p.X)) + "," + f1(s.Y.At(p.Y)))
	}
}

func line(xa, ya, xb, yb float64, color, dash string, width float64) goapp.HTMLElem {
	l := svg("line").Attr("x1", f1(xa)).Attr("y1", f1(ya)).Attr("x2", f1(xb)).Attr("y2", f1(yb)).
		Attr("stroke", color).Attr("stroke-width", strconv.FormatFloat(width, 'f', -1, 64))
	if dash != "" {
		l = l.Attr("stroke-dasharray", dash)
	}
	return l
}

func text(x, y float64, anchor, s, color string) goapp.HTMLElem {
	return svg("text").Attr("x", f1(x)).Attr("y", f1(y)).Attr("text-anchor", anchor).Attr("fill", color).Text(s)
}

func drawSeries(s *chartSpec, sr series) goapp.UI {
	op := sr.Opacity
	if op == 0 {
		op = 1
	}
	width := sr.Width
	if width == 0 {
		width = 1.5
	}
	g := svg("g").Attr("fill-opacity", strconv.FormatFloat(op, 'f', 2, 64)).Attr("stroke-opacity", strconv.FormatFloat(op, 'f', 2, 64))
	var kids []goapp.UI
	switch sr.Kind {
	case kindPoints:
		r := sr.R
		if r == 0 {
			r = 2.5
		}
		for _, p := range sr.Points {
			kids = append(kids, svg("circle").
				Attr("cx", f1(s.X.At(p.X))).Attr("cy", f1(s.Y.At(p.Y))).Attr("r", f1(r)).
				Attr("fill", sr.Color).
				Body(svg("title").Text(p.Title)))
		}
	case kindLine:
		var pts strings.Builder
		polyPoints(&pts, s, sr.Points)
		pl := svg("polyline").Attr("points", pts.String()).Attr("fill", "none").
			Attr("stroke", sr.Color).Attr("stroke-width", strconv.FormatFloat(width, 'f', -1, 64))
		if sr.Dash != "" {
			pl = pl.Attr("stroke-dasharray", sr.Dash)
		}
		kids = append(kids, pl.Body(svg("title").Text(sr.Name)))
		for _, p := range sr.Points {
			if sr.Plain {
				break
			}
			kids = append(kids, svg("circle").
				Attr("cx", f1(s.X.At(p.X))).Attr("cy", f1(s.Y.At(p.Y))).Attr("r", "3.5").
				Attr("fill", sr.Color).Attr("stroke", "#ffffff").Attr("stroke-width", "1").
				Body(svg("title").Text(p.Title)))
		}
	case kindRects:
		for _, p := range sr.Points {
			xa, xb := s.X.At(p.X), s.X.At(p.X2)
			ya, yb := s.Y.At(p.Y), s.Y.At(p.Y2)
			x, w := min(xa, xb), max(xa, xb)-min(xa, xb)
			if p.X == p.X2 && sr.Width > 0 { // a bar sr.Width pixels wide
				x, w = xa-sr.Width/2, sr.Width
			}
			y, h := min(ya, yb), max(ya, yb)-min(ya, yb)
			kids = append(kids, svg("rect").
				Attr("x", f1(x)).Attr("y", f1(y)).Attr("width", f1(max(w, 0.5))).Attr("height", f1(max(h, 0.5))).
				Attr("fill", sr.Color).
				Body(svg("title").Text(p.Title)))
		}
	case kindBand:
		var pts strings.Builder
		polyPoints(&pts, s, sr.Points)
		for k := len(sr.Points) - 1; k >= 0; k-- {
			p := sr.Points[k]
			pts.WriteString(" " + f1(s.X.At(p.X)) + "," + f1(s.Y.At(p.Y2)))
		}
		kids = append(kids, svg("polygon").Attr("points", pts.String()).Attr("fill", sr.Color).
			Attr("stroke", "none").Body(svg("title").Text(sr.Name)))
		for _, p := range sr.Points {
			kids = append(kids, line(s.X.At(p.X), s.Y.At(p.Y), s.X.At(p.X), s.Y.At(p.Y2), "transparent", "", 8).
				Body(svg("title").Text(p.Title)))
		}
	case kindSegments:
		for _, p := range sr.Points {
			kids = append(kids, line(s.X.At(p.X), s.Y.At(p.Y), s.X.At(p.X2), s.Y.At(p.Y2), sr.Color, sr.Dash, width).
				Body(svg("title").Text(p.Title)))
		}
	}
	return g.Body(kids...)
}
