package firstcrawl

import (
	"context"
	"reflect"
	"strings"
	"testing"
)

// A read graph and its PageRank come back from Pack as they went in, and
// a strategy crawled from the unpacked report is the one crawled from
// the original, figure for figure and page for page.
func TestPackUnpack(t *testing.T) {
	in := realInput(t)
	rep, b, in2, rep2 := packed(t, in)
	if !reflect.DeepEqual(in2, in) {
		t.Errorf("the input differs: pages %d/%d, links %d/%d, dropped %d/%d", in2.Pages, in.Pages, in2.Links, in.Links, in2.Dropped, in.Dropped)
	}
	if !reflect.DeepEqual(rep2, rep) {
		t.Errorf("the report differs: iterations %d/%d, best %v/%v", rep2.Iterations, rep.Iterations, rep2.Best, rep.Best)
	}
	if in.Dropped == 0 || in.Pages == in.Graph.Pages() {
		t.Errorf("dropped %d: the case should carry counts as read that differ from the graph's", in.Dropped)
	}
	p := DefaultParams()
	p.Seed = 3
	for _, name := range []string{"opic", "historical-pagerank-parent"} {
		a, err := rep.Simulate(context.Background(), Study{Graph: in.Graph, Params: p}, name)
		if err != nil {
			t.Fatal(err)
		}
		c, err := rep2.Simulate(context.Background(), Study{Graph: in2.Graph, Params: p}, name)
		if err != nil {
			t.Fatal(err)
		}
		a.Elapsed, c.Elapsed = 0, 0
		if !reflect.DeepEqual(a, c) {
			t.Errorf("%s: the crawl from the unpacked graph differs", name)
		}
	}
	for _, bad := range [][]byte{nil, b[:len(b)-1], append(b[:len(b):len(b)], 0)} {
		if _, _, err := Unpack(bad); err == nil {
			t.Errorf("%d bytes of %d unpacked", len(bad), len(b))
		}
	}
}

// The smallest graphs (one page and no link, two pages and one) come back
// from Pack as they went in.
func TestPackTiny(t *testing.T) {
	for _, text := range []string{
		"from,to\nhttps://a.example/,https://a.example/\n",
		"from,to\nhttps://a.example/,https://a.example/1\n",
	} {
		in, err := ReadInput(strings.NewReader(text), "tiny.csv")
		if err != nil {
			t.Fatal(err)
		}
		rep, _, in2, rep2 := packed(t, in)
		if !reflect.DeepEqual(in2, in) || !reflect.DeepEqual(rep2, rep) {
			t.Errorf("%q: a %d-page graph differs after Pack", text, in.Graph.Pages())
		}
	}
}

// packed ranks in, packs it with its report and unpacks the bytes.
func packed(t *testing.T, in *Input) (rep *Report, b []byte, in2 *Input, rep2 *Report) {
	t.Helper()
	rep, err := Rank(in.Graph)
	if err != nil {
		t.Fatal(err)
	}
	if b, err = Pack(in, rep); err != nil {
		t.Fatal(err)
	}
	if in2, rep2, err = Unpack(b); err != nil {
		t.Fatal(err)
	}
	return rep, b, in2, rep2
}
