package app

import (
	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// textWidth estimates a label's width at the charts' 11 px.
func textWidth(s string) float64 { return 6.2 * float64(len([]rune(s))) }

// placeLabel moves a label's box (x, baseline y, width) down, a line at a
// time, until it meets none of the boxes placed, and places it.
func placeLabel(placed *[][4]float64, x, y, w float64) float64 {
	for range 8 {
		hit := false
		for _, b := range *placed {
			if x < b[2] && b[0] < x+w && y-10 < b[3] && b[1] < y+2 {
				hit = true
				break
			}
		}
		if !hit {
			break
		}
		y += 13
	}
	*placed = append(*placed, [4]float64{x, y - 10, x + w, y + 2})
	return y
}

func drawMark(s *chartSpec, m mark, placed *[][4]float64) goapp.UI {
	x0, x1 := s.Left, s.W-s.Right
	y0, y1 := s.Top, s.H-s.Bottom
	color := m.Color
	if color == "" {
		color = "#13201c"
	}
	if m.Axis == 'x' {
		px := s.X.At(m.V)
		if px < x0-0.5 || px > x1+0.5 {
			return nil
		}
		ly := y0 + 10
		if m.Low {
			ly = y1 - 5
		}
		// A label that would run past the plot's right edge goes left of
		// its line.
		lx, anchor, w := px+3, "start", textWidth(m.Label)
		if lx+w > x1 {
			lx, anchor = px-3, "end"
		}
		bx := lx
		if anchor == "end" {
			bx = lx - w
		}
		ly = placeLabel(placed, bx, ly, w)
		return svg("g").Body(
			line(px, y0, px, y1, color, m.Dash, 1.2),
			text(lx, ly, anchor, m.Label, color),
		)
	}
	py := s.Y.At(m.V)
	if py < y0-0.5 || py > y1+0.5 {
		return nil
	}
	ly := placeLabel(placed, x0+4, py-4, textWidth(m.Label))
	return svg("g").Body(
		line(x0, py, x1, py, color, m.Dash, 1.2),
		text(x0+4, ly, "start", m.Label, color),
	)
}

// legend draws the legend in a row above the plot, wrapping as needed.
func legend(s *chartSpec) []goapp.UI {
	var out []goapp.UI
	for k, at := range legendPlaces(s) {
		it, x, y := s.Legend[k], at[0], at[1]
		switch it.Shape {
		case "dot":
			out = append(out, svg("circle").Attr("cx", f1(x+6)).Attr("cy", f1(y-4)).Attr("r", "3.5").Attr("fill", it.Color))
		case "box":
			out = append(out, svg("rect").Attr("x", f1(x+1)).Attr("y", f1(y-9)).Attr("width", "10").Attr("height", "10").Attr("fill", it.Color))
		default:
			out = append(out, line(x, y-4, x+14, y-4, it.Color, it.Dash, 2))
		}
		out = append(out, text(x+18, y, "start", it.Label, "#13201c"))
	}
	return out
}

// legendPlaces is where each legend item starts and its baseline: in rows
// from the plot's left edge, a new row when the next would not fit. A
// chart with many items sets its Top from the last row's.
func legendPlaces(s *chartSpec) [][2]float64 {
	out := make([][2]float64, len(s.Legend))
	x, y := s.Left, 12.0
	for k, it := range s.Legend {
		w := 30 + 6.6*float64(len([]rune(it.Label)))
		if x+w > s.W-4 && x > s.Left {
			x, y = s.Left, y+15
		}
		out[k] = [2]float64{x, y}
		x += w
	}
	return out
}
