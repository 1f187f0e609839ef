package firstcrawl

import (
	"bytes"
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/freshplan/freshplan/core/graph"
)

const smallGraph = `from,to
https://a.example/,https://a.example/1
https://a.example/1,https://a.example/2
https://a.example/2,https://b.example/
https://b.example/,https://b.example/x
https://c.example/lost,https://c.example/other
`

// ReadInput counts the graph as read, keeps what the seeds reach, and
// passes the reader's located errors on.
func TestReadInput(t *testing.T) {
	in, err := ReadInput(strings.NewReader(smallGraph), "small.csv")
	if err != nil {
		t.Fatal(err)
	}
	if in.Pages != 7 || in.Links != 5 {
		t.Fatalf("read %d pages, %d links; want 7, 5", in.Pages, in.Links)
	}
	if in.Graph.Pages()+in.Dropped != in.Pages {
		t.Errorf("%d kept + %d dropped != %d read", in.Graph.Pages(), in.Dropped, in.Pages)
	}
	_, err = ReadInput(strings.NewReader("from,to\nhttps://a.example/,ftp://x\n"), "bad.csv")
	var ie *graph.InputError
	if !errors.As(err, &ie) || ie.Line != 2 || ie.Column != 2 {
		t.Fatalf("bad row: %v; want an InputError at line 2, column 2", err)
	}
}

// WriteOrder's CSV has the crawl's pages, each once, in its order.
func TestWriteOrder(t *testing.T) {
	in, err := ReadInput(strings.NewReader(smallGraph), "small.csv")
	if err != nil {
		t.Fatal(err)
	}
	rep, err := Run(context.Background(), Study{Graph: in.Graph, Strategies: []string{"breadth-first"}, Params: DefaultParams()}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := in.WriteOrder(&b, &rep.Summaries[0], 15, "csv"); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if lines[0] != "rank,url,host,delay_seconds" || len(lines) != in.Graph.Pages()+1 {
		t.Fatalf("order CSV:\n%s", b.String())
	}
	for i, p := range rep.Summaries[0].Result.Order {
		if !strings.Contains(lines[i+1], ","+in.Graph.URL(p)+",") {
			t.Errorf("row %d is %q; want page %s", i+1, lines[i+1], in.Graph.URL(p))
		}
	}
}

// Each point of the robots curve is the study's own simulation at that
// r — the study's crawl at its own r taken as it is, run again without
// it to the same figure; on the real graph, w = 15 s dominates, so more
// robots crawl faster.
func TestRobotsCurve(t *testing.T) {
	g := realGraph(t)
	s := Study{Graph: g, Strategies: []string{"larger-sites-first"}, Params: DefaultParams()}
	rep, err := Run(context.Background(), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	robots := []int{1, 4}
	pts, err := RobotsCurve(context.Background(), s, rep, "larger-sites-first", robots, nil)
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := RobotsCurve(context.Background(), s, &Report{PageRank: rep.PageRank}, "larger-sites-first", robots[:1], nil)
	if err != nil {
		t.Fatal(err)
	}
	if pts[0].Seconds != rep.Summaries[0].Seconds || fresh[0].Seconds != pts[0].Seconds || pts[0].SpeedUp != 1 {
		t.Errorf("r = 1: %+v, run again %+v; want the study's %g s", pts[0], fresh[0], rep.Summaries[0].Seconds)
	}
	s.Params.Robots = 4
	rep4, err := Run(context.Background(), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	if pts[1].Seconds != rep4.Summaries[0].Seconds {
		t.Errorf("r = 4: %g s; the study at r = 4 took %g s", pts[1].Seconds, rep4.Summaries[0].Seconds)
	}
	if want := pts[0].Seconds / pts[1].Seconds; pts[1].SpeedUp != want || want <= 1 {
		t.Errorf("speed-up at r = 4: %g; want %g > 1", pts[1].SpeedUp, want)
	}
}
