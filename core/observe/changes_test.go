package observe

import (
	"context"
	"strings"
	"testing"
)

func TestReadChanges(t *testing.T) {
	in := "url,host,time\nhttps://a.example/x,a.example,200\nhttps://b.example/y,,100\nhttps://a.example/x,a.example,100\nhttps://a.example/x,a.example,200\n"
	got, err := ReadChanges(context.Background(), strings.NewReader(in), "c.csv")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got[0].URL != "https://a.example/x" || len(got[0].Times) != 2 || got[0].Times[0] != 100 || got[0].Times[1] != 200 {
		t.Errorf("got %+v; want a.example/x at 100, 200 (the repeat kept once)", got)
	}
	if got[1].Host != "b.example" {
		t.Errorf("host %q, want b.example from the URL", got[1].Host)
	}
	bad := map[string]string{
		"":                                  "c.csv: the file is empty",
		"url,time\nhttps://a.example/,soon": `c.csv:2:2 (time): "soon" is not a time`,
		"url,time\n":                        "c.csv: the file has a header but no changes",
		"url,time\n,5":                      "c.csv:2:1 (url): empty URL",
		"url,host,time\nhttps://a.com/\xe9\x05,a.com,1700000000\n": "c.csv:2:1 (url): the URL is not UTF-8 text; save the file as UTF-8",
		"url,host,time\nhttps://a.com/\x05,a.com,1700000000\n":     "c.csv:2:1 (url): the URL contains the control character U+0005",
		"url,host,time\nhttps://a.com/,a\tb,1700000000\n":          "c.csv:2:2 (host): the host contains the control character U+0009",
		"url,changed\n": `c.csv:1: no time column in the header "url,changed"; want`,
	}
	for input, want := range bad {
		_, err := ReadChanges(context.Background(), strings.NewReader(input), "c.csv")
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%q: error %v, want one starting %q", input, err, want)
		}
	}
	if !IsChangeHeader([]string{"url", "host", "time"}) || IsChangeHeader([]string{"url", "time", "changed"}) {
		t.Error("IsChangeHeader: a change history is url,host,time without a change signal")
	}
}

// TestReadChangesSkipping: with SkipBad a change history's bad rows — an
// empty URL, a time that is none, a URL without a host, a broken quote —
// are counted and listed, the good ones read; without, the first stops it.
func TestReadChangesSkipping(t *testing.T) {
	in := "url,host,time\n" +
		"https://a.example/x,a.example,100\n" +
		",a.example,150\n" + // line 3
		"https://a.example/x,a.example,soon\n" + // line 4
		"https://a.example/x,a.example,200\n" +
		"no-host,,300\n" + // line 6
		"\"https://b.example/y,b.example,400\n" // line 7: the quote never closes
	if _, _, err := ReadChangesWith(context.Background(), strings.NewReader(in), Options{Name: "c.csv"}); err == nil || !strings.HasPrefix(err.Error(), "c.csv:3:1 (url): empty URL") {
		t.Errorf("without skipping: %v; want the first bad row, line 3", err)
	}
	got, log, err := ReadChangesWith(context.Background(), strings.NewReader(in), Options{Name: "c.csv", SkipBad: true})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].URL != "https://a.example/x" || len(got[0].Times) != 2 {
		t.Errorf("got %+v; want a.example/x at 100 and 200", got)
	}
	var lines []int
	for _, e := range log.BadRows {
		lines = append(lines, e.Line)
	}
	if log.Format != FormatChanges || log.Rows != 6 || log.Skipped != 4 || len(lines) != 4 || lines[0] != 3 || lines[1] != 4 || lines[2] != 6 || lines[3] != 7 {
		t.Errorf("log %+v, bad rows at lines %v; want 6 rows, 4 skipped at lines 3, 4, 6, 7", log, lines)
	}
	if _, _, err := ReadChangesWith(context.Background(), strings.NewReader("url,time\n,1\nx,soon\n"), Options{Name: "c.csv", SkipBad: true}); err == nil ||
		!strings.Contains(err.Error(), "no usable change: 2 bad rows skipped (the first: c.csv:2:1 (url): empty URL)") {
		t.Errorf("every row bad: %v", err)
	}
}
