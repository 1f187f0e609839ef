package app

import (
	"strings"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// svgTitleH is the room above an exported chart for its title, and
// svgLineH a caption line's height below it.
const (
	svgTitleH = 26.0
	svgLineH  = 15.0
)

// standaloneSVG returns the chart drawn on the page as id+"-svg" as a
// standalone SVG file that says what it shows away from the page: its
// title written above the drawing, and below it a caption — the chart's
// note and its units (the axes' titles) — besides the <title> and <desc>
// a reader reads aloud. nil when the chart is not drawn.
func standaloneSVG(id string, s *chartSpec) []byte {
	doc := goapp.Window().Get("document")
	el := doc.Call("getElementById", id+"-svg")
	if !el.Truthy() || s == nil {
		return nil
	}
	vb := el.Get("viewBox").Get("baseVal")
	w, h := vb.Get("width").Float(), vb.Get("height").Float()
	caption := wrapWords(captionOf(s), int(w/6.4))
	total := svgTitleH + h + 8 + svgLineH*float64(len(caption))
	mk := func(tag string) goapp.Value { return doc.Call("createElementNS", svgNS, tag) }
	root := mk("svg")
	for k, v := range map[string]string{"viewBox": "0 0 " + f1(w) + " " + f1(total), "width": f1(w), "height": f1(total),
		"font-family": "system-ui, sans-serif", "font-size": "11", "role": "img"} {
		root.Call("setAttribute", k, v)
	}
	add := func(tag, text string, attrs map[string]string) {
		e := mk(tag)
		for k, v := range attrs {
			e.Call("setAttribute", k, v)
		}
		if text != "" {
			e.Set("textContent", text)
		}
		root.Call("appendChild", e)
	}
	add("title", s.Title, nil)
	add("desc", s.Desc+" "+captionOf(s), nil)
	add("rect", "", map[string]string{"x": "0", "y": "0", "width": f1(w), "height": f1(total), "fill": "#ffffff"})
	add("text", s.Title, map[string]string{"x": "8", "y": "18", "font-size": "14", "font-weight": "600", "fill": "#13201c"})
	inner := el.Call("cloneNode", true)
	inner.Call("setAttribute", "y", f1(svgTitleH))
	inner.Call("removeAttribute", "id")
	root.Call("appendChild", inner)
	for k, line := range caption {
		add("text", line, map[string]string{"x": "8", "y": f1(svgTitleH + h + 8 + svgLineH*float64(k+1) - 4), "fill": "#52625c"})
	}
	// XMLSerializer, not outerHTML: it writes the SVG namespace.
	text := goapp.Window().Get("XMLSerializer").New().Call("serializeToString", root).String()
	return []byte(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + text + "\n")
}

// captionOf is an exported chart's caption: its note, and its units.
func captionOf(s *chartSpec) string {
	var parts []string
	if s.Note != "" {
		parts = append(parts, s.Note)
	}
	var units []string
	if s.XLabel != "" {
		units = append(units, "across, "+s.XLabel)
	}
	if s.YLabel != "" {
		units = append(units, "up, "+s.YLabel)
	}
	if len(units) > 0 {
		parts = append(parts, "Units: "+strings.Join(units, "; ")+".")
	}
	parts = append(parts, "Made by freshplan.")
	return strings.Join(parts, " ")
}

// wrapWords breaks text into lines of at most n characters, at spaces.
func wrapWords(text string, n int) []string {
	var out []string
	line := ""
	for _, w := range strings.Fields(text) {
		if line != "" && len([]rune(line))+1+len([]rune(w)) > n {
			out = append(out, line)
			line = w
			continue
		}
		if line != "" {
			line += " "
		}
		line += w
	}
	if line != "" {
		out = append(out, line)
	}
	return out
}

// specByID returns the chart of specs (nil ones skipped) whose ID is id.
func specByID(id string, specs ...*chartSpec) *chartSpec {
	for _, s := range specs {
		if s != nil && s.ID == id {
			return s
		}
	}
	return nil
}
