package app

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/freshplan/freshplan/core/firstcrawl"
)

// fcDo runs a job on h with the file's text, each stage through JSON as
// between a worker and the page, and returns them.
func fcDo(t *testing.T, h *fcHolder, j fcJob, text string) []*fcStage {
	t.Helper()
	return fcDoFrom(t, h, j, fcSource{open: func(context.Context) io.Reader { return strings.NewReader(text) }})
}

// fcDoFrom is fcDo with the graph from src; a packed graph a stage
// carries is kept in the stage as it is (it crosses as bytes, not JSON).
func fcDoFrom(t *testing.T, h *fcHolder, j fcJob, src fcSource) []*fcStage {
	t.Helper()
	var out []*fcStage
	h.do(context.Background(), j, src, func(s *fcStage) {
		if s.Packed != nil {
			out = append(out, s)
			return
		}
		b, err := json.Marshal(s)
		if err != nil {
			t.Fatalf("stage %+v: %v", s, err)
		}
		var back fcStage
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatal(err)
		}
		out = append(out, &back)
	})
	return out
}

// A study shared between holders (firstcrawl.Work.Split), its stages
// gone through JSON, is the study run at once: every strategy's figures
// and curve, the time to crawl against r, and the chosen strategy's order
// as the CLI writes it — whether a holder took the graph another read
// (packed) or read the file itself. A bad file leaves the graph held
// before.
func TestFCHoldersShareAStudy(t *testing.T) {
	b, err := os.ReadFile("../examples/links.csv")
	if err != nil {
		t.Fatal(err)
	}
	p := defaultFCParams()
	p.Robots, p.Wait, p.PerConnection, p.Seed, p.Chosen = 2, 10, 2, 7, "opic"
	in, err := readGraph(context.Background(), bytes.NewReader(b), "links.csv")
	if err != nil {
		t.Fatal(err)
	}
	s := fcStudy(in, p)
	want, err := firstcrawl.Run(context.Background(), s, nil)
	if err != nil {
		t.Fatal(err)
	}
	wantPts, err := firstcrawl.RobotsCurve(context.Background(), s, want, p.Chosen, fcRobots, nil)
	if err != nil {
		t.Fatal(err)
	}

	// Holder 0 reads the file and packs the graph; holder 1 takes the
	// packed graph with its share (its file is never opened); holder 2
	// reads the file itself, as a worker let go after a Stop does.
	holders := make([]fcHolder, 3)
	st := fcDo(t, &holders[0], fcJob{Seq: 1, Kind: "read", Graph: 1, Name: "links.csv", Params: p, Pack: true}, string(b))
	kinds := make([]string, len(st))
	for i, s := range st {
		kinds[i] = s.Kind
	}
	if strings.Join(kinds, " ") != "progress progress packed input done" {
		t.Fatalf("read: stages %v", kinds)
	}
	packed, info := st[2].Packed, st[3].Input
	sources := []fcSource{
		{open: func(context.Context) io.Reader { t.Error("holder 0 read the file again"); return strings.NewReader("") }},
		{open: func(context.Context) io.Reader { t.Error("holder 1 read the file"); return strings.NewReader("") }, packed: packed},
		{open: func(context.Context) io.Reader { return bytes.NewReader(b) }},
	}
	if info.Crawled != in.Graph.Pages() || info.Best != want.Best || info.Links != in.Links {
		t.Errorf("input %+v; want %d pages crawled, best %g", info, in.Graph.Pages(), want.Best)
	}
	work := firstcrawl.Work{Strategies: firstcrawl.Names(), Chosen: p.Chosen, Robots: fcRobots, At: p.Robots, Pages: info.Crawled}
	got := &firstcrawl.Report{}
	var parts [][]firstcrawl.RobotsPoint
	for k, sh := range work.Split(len(holders)) {
		for _, st := range fcDoFrom(t, &holders[k], fcJob{Seq: 2, Kind: "study", Graph: 1, Name: "links.csv", Params: p, Share: sh}, sources[k]) {
			switch st.Kind {
			case "summary":
				got.Add(*st.Summary, firstcrawl.Names())
			case "robots":
				parts = append(parts, st.Points)
			case "error":
				t.Fatal(st.Note)
			}
		}
	}
	if len(got.Summaries) != len(want.Summaries) {
		t.Fatalf("%d summaries; want %d", len(got.Summaries), len(want.Summaries))
	}
	for i := range want.Summaries {
		w, g := want.Summaries[i], got.Summaries[i]
		w.Result, w.Elapsed, g.Elapsed = nil, 0, 0
		if !reflect.DeepEqual(w, g) {
			t.Errorf("%s: shared %+v\nwhole %+v", w.Strategy, g, w)
		}
	}
	if pts := firstcrawl.MergeRobots(parts...); !reflect.DeepEqual(pts, wantPts) {
		t.Errorf("time against r: shared %+v\nwhole %+v", pts, wantPts)
	}

	// The order, from a holder that crawled opic and from one that did not.
	var wantOrder bytes.Buffer
	for _, sum := range want.Summaries {
		if sum.Strategy == p.Chosen {
			if err := in.WriteOrder(&wantOrder, &sum, p.Wait, "csv"); err != nil {
				t.Fatal(err)
			}
		}
	}
	for k := range holders {
		st := fcDo(t, &holders[k], fcJob{Seq: 3, Kind: "order", Graph: 1, Name: "links.csv", Params: p, Format: "csv"}, "")
		if st[0].Kind != "order" || !bytes.Equal(st[0].Data, wantOrder.Bytes()) {
			t.Errorf("holder %d's order (%d bytes, %s) is not the study's (%d bytes)", k, len(st[0].Data), st[0].Kind, wantOrder.Len())
		}
	}

	// A bad file: its line named, the graph before kept.
	st = fcDo(t, &holders[0], fcJob{Seq: 4, Kind: "read", Graph: 2, Name: "bad.csv", Params: p}, "from,to\nhttps://a.example/,ftp://b.example/\n")
	last := st[len(st)-1]
	if last.Kind != "error" || last.InputErr == nil || last.InputErr.Line != 2 {
		t.Fatalf("bad file: %+v", last)
	}
	if holders[0].graph != 1 || holders[0].in.Graph.Pages() != in.Graph.Pages() {
		t.Errorf("after a bad file the holder has graph %d", holders[0].graph)
	}
}

// The smallest graphs' figures cross to the page (JSON has no NaN or ∞).
func TestFCHolderTinyGraphs(t *testing.T) {
	p := defaultFCParams()
	for _, text := range []string{
		"from,to\nhttps://a.example/,https://a.example/\n",
		"from,to\nhttps://a.example/,https://a.example/1\n",
		"from,to\nhttps://a.example/,https://b.example/\nhttps://b.example/,https://a.example/\n",
	} {
		var h fcHolder
		fcDo(t, &h, fcJob{Seq: 1, Kind: "read", Graph: 1, Name: "tiny.csv", Params: p}, text)
		sh := firstcrawl.Work{Strategies: firstcrawl.Names(), Chosen: p.Chosen, Robots: fcRobots, At: p.Robots, Pages: 2}.Split(1)[0]
		for _, st := range fcDo(t, &h, fcJob{Seq: 2, Kind: "study", Graph: 1, Name: "tiny.csv", Params: p, Share: sh}, "") {
			if st.Kind == "error" {
				t.Errorf("%q: %s", text, st.Note)
			}
		}
	}
}
