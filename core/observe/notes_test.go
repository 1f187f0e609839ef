package observe

import (
	"context"
	"strings"
	"testing"
)

// TestNotes: what a log's reader sets aside by rule is said, each count
// once, in words; a clean log says nothing.
func TestNotes(t *testing.T) {
	for _, c := range []struct {
		name, in, want string
	}{
		{"clean.csv", "url,time,changed\nhttp://a.com/x,1700000000,0\nhttp://a.com/x,1700086400,1\n", ""},
		{"index.cdx", " CDX N b a m s k r M S V g\n" +
			"com,example)/ 20240101000000 http://example.com/ text/html 200 AAAA - - 100 0 a.warc.gz\n" +
			"com,example)/ 20240102000000 http://example.com/ text/html 301 BBBB - - 100 0 a.warc.gz\n" +
			"com,example)/ 20240103000000 http://example.com/ warc/revisit - AAAA - - 100 0 a.warc.gz\n" +
			"com,example)/ 20240104000000 http://example.com/ text/html 200 CCCC - - 100 0 a.warc.gz\n" +
			"com,example)/ 20240104000000 http://example.com/ text/html 200 CCCC - - 100 0 a.warc.gz\n" +
			"com,example)/b 20240104000000 http://example.com/b text/html 200 CCCC - - 100 0 a.warc.gz\n",
			"1 capture not of content (a status other than 200, or not http(s)) skipped; 1 revisit record read as a fetch; " +
				"1 row repeating a fetch (same URL, time and signal) dropped; 1 URL fetched only once: no change could be seen"},
		{"log.csv", "url,time,changed\nhttp://a.com/x,1700000000,0\nhttp://a.com/x,1700000000,1\nhttp://a.com/x,1700086400,1\nhttp://a.com/x,1700086400,1\nhttp://a.com/x,1700086400,1\n",
			"2 rows repeating a fetch (same URL, time and signal) dropped; 1 row at the same time as another fetch of its URL merged into it"},
	} {
		log, err := Read(context.Background(), strings.NewReader(c.in), Options{Name: c.name})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if got := log.Notes(); got != c.want {
			t.Errorf("%s: notes %q, want %q", c.name, got, c.want)
		}
	}
	changes := "url,host,time\nhttp://a.com/x,a.com,100\nhttp://a.com/x,a.com,100\nhttp://a.com/x,a.com,100\nhttp://a.com/y,a.com,100\n"
	_, log, err := ReadChangesWith(context.Background(), strings.NewReader(changes), Options{Name: "changes.csv"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := log.Notes(), "2 changes repeated at the same time for their URL dropped"; got != want {
		t.Errorf("changes.csv: notes %q, want %q", got, want)
	}
}
