package app

import (
	"strings"
	"testing"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// TestChartDrawnRaw: a chart goes to the browser as one raw SVG node
// holding what go-app's element tree writes — hover texts with quotes
// and ampersands escaped as HTML — and keeps the element tree when an
// attribute would need Go's escaping, which is not HTML's.
func TestChartDrawnRaw(t *testing.T) {
	spec := func(color string) *chartSpec {
		return &chartSpec{ID: "c", Title: "T", W: 200, H: 100, Left: 30, Right: 10, Top: 10, Bottom: 20,
			X: newScale(0, 1, false, 30, 190), Y: newScale(0, 1, false, 80, 10),
			Series: []series{{Name: "s", Kind: kindPoints, Color: color, R: 2,
				Points: []point{{X: 0.5, Y: 0.5, Title: `https://a.example/?q="x"&y=1 — café`}}}}}
	}
	fig := goapp.HTMLString(renderChart(spec("#123456")))
	if !strings.Contains(fig, `<svg`) || !strings.Contains(fig, `&#34;x&#34;&amp;y=1 — café`) {
		t.Fatalf("chart written as %q", fig)
	}
	raw := drawn(goapp.Elem("svg").Attr("fill", "#123456").Body(goapp.Elem("title").Text(`"a" & b`)))
	if raw.Kind() != goapp.RawHTML {
		t.Errorf("a plain chart is drawn as %v, not raw", raw.Kind())
	}
	if got := goapp.HTMLString(raw); got != `<svg fill="#123456"><title>&#34;a&#34; &amp; b</title></svg>` {
		t.Errorf("raw chart %q", got)
	}
	if tree := drawn(goapp.Elem("svg").Attr("fill", "#12\n3456")); tree.Kind() != goapp.HTML {
		t.Errorf("an attribute Go escapes is drawn as %v, not as elements", tree.Kind())
	}
}
