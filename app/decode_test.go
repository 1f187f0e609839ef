package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/freshplan/freshplan/core/plan"
	"github.com/freshplan/freshplan/web"
)

func TestDecode(t *testing.T) {
	var last Progress
	calls := 0
	in := web.SamplePages
	pg, err := Decode(context.Background(), bytes.NewReader(in), "sample.csv", int64(len(in)), func(p Progress) { last, calls = p, calls+1 })
	if err != nil {
		t.Fatal(err)
	}
	if len(pg) != 3000 {
		t.Errorf("%d pages", len(pg))
	}
	if last.Bytes != int64(len(in)) || last.Total != int64(len(in)) || last.Rows != 3001 || calls < 2 {
		t.Errorf("last progress %+v after %d calls", last, calls)
	}
}

// TestDecodeObservationLog: a fetch log is estimated (with the host's
// prior, so a page with no change seen still gets a rate) and planned.
func TestDecodeObservationLog(t *testing.T) {
	in := "url,time,changed\n" +
		"https://a.example/1,2024-01-01T00:00:00Z,0\nhttps://a.example/1,2024-01-02T00:00:00Z,1\nhttps://a.example/1,2024-01-03T00:00:00Z,1\n" +
		"https://a.example/2,2024-01-01T00:00:00Z,0\nhttps://a.example/2,2024-01-03T00:00:00Z,0\n"
	pg, err := Decode(context.Background(), strings.NewReader(in), "fetches.csv", int64(len(in)), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(pg) != 2 || pg[0].Host != "a.example" || !(pg[0].Rate > pg[1].Rate) || !(pg[1].Rate > 0) {
		t.Errorf("pages %+v; want two, the changing one faster, neither at rate 0", pg)
	}
}

// TestDecodeArchiveIndexes: the web-archive indexes a person drops — CDX
// (with its legend), CDXJ and the Wayback CDX server's JSON — are told
// from their first line and estimated as the CLI does, each to the same
// two pages with the same rates.
func TestDecodeArchiveIndexes(t *testing.T) {
	captures := [][3]string{
		{"20240101000000", "https://a.example/1", "AAAA"}, {"20240102000000", "https://a.example/1", "BBBB"},
		{"20240103000000", "https://a.example/1", "CCCC"}, {"20240101000000", "https://a.example/2", "DDDD"},
		{"20240103000000", "https://a.example/2", "DDDD"},
	}
	var cdx, cdxj, wayback strings.Builder
	cdx.WriteString(" CDX N b a m s k r M S V g\n")
	wayback.WriteString(`[["urlkey","timestamp","original","mimetype","statuscode","digest","length"]`)
	for _, c := range captures {
		key := "example,a)/" + c[1][len(c[1])-1:] // the SURT key a page's captures share
		fmt.Fprintf(&cdx, "%s %s %s text/html 200 %s - - 100 0 a.warc.gz\n", key, c[0], c[1], c[2])
		fmt.Fprintf(&cdxj, `%s %s {"url": %q, "mime": "text/html", "status": "200", "digest": %q}`+"\n", key, c[0], c[1], c[2])
		fmt.Fprintf(&wayback, `,[%q,"%s","%s","text/html","200","%s","100"]`, key, c[0], c[1], c[2])
	}
	wayback.WriteString("]")
	var want []plan.Page
	for _, f := range []struct{ name, in string }{{"index.cdx", cdx.String()}, {"index.cdxj", cdxj.String()}, {"wayback.json", wayback.String()}} {
		pg, err := Decode(context.Background(), strings.NewReader(f.in), f.name, int64(len(f.in)), nil)
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		if len(pg) != 2 || pg[0].URL != "https://a.example/1" || !(pg[0].Rate > pg[1].Rate) || !(pg[1].Rate > 0) {
			t.Errorf("%s: pages %+v; want two, the changing one faster, neither at rate 0", f.name, pg)
		}
		if want == nil {
			want = pg
		} else if !reflect.DeepEqual(pg, want) {
			t.Errorf("%s: pages %+v, the CDX's %+v", f.name, pg, want)
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, c := range []struct {
		name, in           string
		line               int
		field, msg         string
		before, mark, text string
	}{
		{name: "rate", in: "url,host,changes_per_day\nhttps://a/1,a,1\nhttps://a/2,a,2\nhttps://a/3,a,often\n",
			line: 4, field: "changes_per_day", msg: `"often" is not`, before: "https://a/3,a,", mark: "often", text: "https://a/3,a,often"},
		{name: "quoted", in: "url,changes_per_day,weight\nhttps://a/1,1,1\n\"https://a/2\",\"x\"\"y\",1\n",
			line: 3, field: "changes_per_day", mark: `"x""y"`},
		{name: "duplicate", in: "url,changes_per_day\nhttps://a/1,1\nhttps://a/1,2\n", line: 3, field: "url", msg: "already appears on line 2"},
		{name: "header", in: "url,host,weight\nhttps://a/1,a,1\n", line: 1, msg: "no time column"},
		{name: "log row", in: "url,time,changed\nhttps://a/1,2024-01-01T00:00:00Z,0\nhttps://a/1,yesterday,1\n", line: 3, field: "time", msg: `"yesterday" is not a time`, mark: "yesterday"},
		{name: "empty", in: "", msg: "empty"},
		{name: "gzip", in: "\x1f\x8b\x08\x00", msg: "gzip"},
		{name: "weights", in: "url,changes_per_day,weight\nhttps://a/1,1,0\n", msg: "weight 0"},
		{name: "fast", in: "url,changes_per_day\nhttps://a/1,1e300\n", line: 2, field: "changes_per_day", msg: `"1e300" is more than 1e+08; want at most 1e+08`, mark: "1e300"}, // at its line and column since issue 22
	} {
		_, err := Decode(context.Background(), strings.NewReader(c.in), c.name+".csv", 0, nil)
		var ie *InputError
		if !errors.As(err, &ie) {
			t.Errorf("%s: error %v is not an *InputError", c.name, err)
			continue
		}
		if ie.File != c.name+".csv" || ie.Line != c.line || ie.Field != c.field || !strings.Contains(ie.Msg, c.msg) {
			t.Errorf("%s: %+v", c.name, ie)
		}
		if c.mark != "" && (ie.Mark != c.mark || (c.before != "" && ie.Before != c.before)) {
			t.Errorf("%s: marked %q|%q|%q", c.name, ie.Before, ie.Mark, ie.After)
		}
		if c.text != "" && ie.Text != c.text {
			t.Errorf("%s: quoted %q", c.name, ie.Text)
		}
	}
}

// TestDecodeFarLine: the line quoted is the one named, deep in a big file.
func TestDecodeFarLine(t *testing.T) {
	var b strings.Builder
	b.WriteString("url,changes_per_day\n")
	for i := range 200000 {
		if i == 150000 {
			b.WriteString("https://x.example/bad,-3\n")
			continue
		}
		b.WriteString("https://x.example/" + strings.Repeat("p", i%40) + "/" + strconv.Itoa(i) + ",1\n")
	}
	_, err := Decode(context.Background(), strings.NewReader(b.String()), "big.csv", 0, nil)
	var ie *InputError
	if !errors.As(err, &ie) || ie.Line != 150002 || ie.Text != "https://x.example/bad,-3" || ie.Mark != "-3" {
		t.Fatalf("%#v", err)
	}
}

func TestDecodeCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	_, err := Decode(ctx, bytes.NewReader(bytes.Repeat(web.SamplePages, 20)), "big.csv", 0, func(Progress) {
		if n++; n == 3 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled read: %v", err)
	}
}

func TestSplitField(t *testing.T) {
	for _, c := range []struct {
		line                string
		col                 int
		before, mark, after string
	}{
		{"a,b,c", 2, "a,", "b", ",c"},
		{"a,b,c", 3, "a,b,", "c", ""},
		{`"x,y",b`, 1, "", `"x,y"`, ",b"},
		{"a,b", 5, "a,b", "", ""},
		{"a,b", 0, "a,b", "", ""},
	} {
		b, m, a := splitField(c.line, c.col)
		if b != c.before || m != c.mark || a != c.after {
			t.Errorf("splitField(%q, %d) = %q %q %q", c.line, c.col, b, m, a)
		}
	}
	long := strings.Repeat("é", 300) + ",bad"
	b, m, _ := splitField(long, 2)
	if m != "bad" || !strings.HasPrefix(b, "…") || len([]rune(b)) > quoteMax/2+2 {
		t.Errorf("long line cut to %q %q", b, m)
	}
}
