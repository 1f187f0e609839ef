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
		"url,changed\n":                     "c.csv:1: no time column",
		"url,time\nhttps://a.example/,soon": `c.csv:2:2 (time): "soon" is not a time`,
		"url,time\n":                        "c.csv: the file has a header but no changes",
		"url,time\n,5":                      "c.csv:2:1 (url): empty URL",
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
