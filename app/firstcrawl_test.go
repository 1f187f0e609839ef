package app

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/freshplan/freshplan/core/firstcrawl"
)

// A share link carries every parameter; a fragment that is not the
// view's, or has a bad value, is refused and the defaults stay.
func TestFCLink(t *testing.T) {
	p := fcParams{Robots: 8, PerConnection: 3, Batch: 100, Wait: 2.5, Bandwidth: 1e6, Seed: 42, Chosen: "larger-sites-first"}
	frag := fcLink(p)
	if !strings.HasPrefix(frag, "#fc1&") {
		t.Fatalf("link %q", frag)
	}
	got, ok := parseFCLink(frag)
	if !ok || got != p {
		t.Fatalf("parseFCLink(%q) = %+v, %v; want %+v", frag, got, ok, p)
	}
	if got, ok := parseFCLink("#fc1&r=3"); !ok || got.Robots != 3 || got.Wait != defaultFCParams().Wait {
		t.Errorf("a link with r alone: %+v, %v; want r = 3 and the other defaults", got, ok)
	}
	for _, bad := range []string{"", "#v1&x", "#fc1&r=0", "#fc1&w=-1", "#fc1&w=NaN", "#fc1&c=x", "#fc1&s=nope", "#fc1&seed=-3", "#fc1&%zz"} {
		if _, ok := parseFCLink(bad); ok {
			t.Errorf("parseFCLink(%q) accepted", bad)
		}
	}
}

// A field's bad value is named with what was wanted, and the value
// before it stays.
func TestFCFields(t *testing.T) {
	p := defaultFCParams()
	if bad := p.setField("fc-robots", "0"); !strings.Contains(bad, "1 or more") {
		t.Errorf("robots 0: %q", bad)
	}
	if bad := p.setField("fc-bandwidth", "inf"); !strings.Contains(bad, "0 or more") {
		t.Errorf("bandwidth inf: %q", bad)
	}
	if bad := p.setField("fc-wait", " 7.5 "); bad != "" || p.Wait != 7.5 {
		t.Errorf("wait 7.5: %q, %g", bad, p.Wait)
	}
}

// readGraph locates a reader's error as the main page does: file, line,
// column, the line quoted and the field marked.
func TestFCReadError(t *testing.T) {
	_, err := readGraph(context.Background(), strings.NewReader("from,to\nhttps://a.example/,https://a.example/1\nhttps://a.example/1,mailto:x@y\n"), "g.csv")
	var ie *InputError
	if !errors.As(err, &ie) {
		t.Fatalf("error %v (%T); want an *InputError", err, err)
	}
	if ie.where() != "g.csv, line 3, column to" || ie.Mark != "mailto:x@y" || ie.Before != "https://a.example/1," {
		t.Errorf("located %q, quoted %q|%q|%q", ie.where(), ie.Before, ie.Mark, ie.After)
	}
	if _, err := readGraph(context.Background(), strings.NewReader(""), "empty.csv"); err == nil || !strings.Contains(err.Error(), "empty") {
		t.Errorf("empty file: %v", err)
	}
}

// The charts have a line per strategy (and the diagonal), ending at all
// the pages and all the PageRank; the time-against-r chart a point per
// r, and the ideal line starting at the measured r = 1.
func TestFCCharts(t *testing.T) {
	in, err := readGraph(context.Background(), strings.NewReader(
		"https://a.example/,https://a.example/1\nhttps://a.example/1,https://b.example/\nhttps://b.example/,https://b.example/2\nhttps://a.example/,https://a.example/3\n"), "g.csv")
	if err != nil {
		t.Fatal(err)
	}
	p := defaultFCParams()
	s := fcStudy(in, p)
	rep, err := firstcrawl.Run(context.Background(), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	c := fcCurvesSpec(rep, p, false, false)
	if len(c.Series) != 1+len(firstcrawl.Names()) || len(c.Legend) != len(firstcrawl.Names()) {
		t.Fatalf("curves chart: %d series, %d legend entries", len(c.Series), len(c.Legend))
	}
	for _, sr := range c.Series[1:] {
		last := sr.Points[len(sr.Points)-1]
		if last.X != 100 || last.Y < 100-1e-9 {
			t.Errorf("%s ends at (%g, %g); want (100, 100)", sr.Name, last.X, last.Y)
		}
	}
	pts, err := firstcrawl.RobotsCurve(context.Background(), s, rep, p.Chosen, fcRobots, nil)
	if err != nil {
		t.Fatal(err)
	}
	r := fcRobotsSpec(pts, p)
	if r.Empty != "" || len(r.Series) != 2 || len(r.Series[1].Points) != len(fcRobots) || r.Series[0].Points[0].Y != pts[0].Seconds/3600 {
		t.Errorf("time against r: %+v", r.Series)
	}
}
