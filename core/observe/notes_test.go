package observe

import (
	"context"
	"fmt"
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
			"1 capture not of content (a status other than 200 or 304, or not http(s)) skipped; 1 revisit record read as a fetch; " +
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
	changes := "url,host,time\nhttp://a.com/x,a.com,1700000000\nhttp://a.com/x,a.com,1700000000\nhttp://a.com/x,a.com,1700000000\nhttp://a.com/y,a.com,1700000000\n"
	_, log, err := ReadChangesWith(context.Background(), strings.NewReader(changes), Options{Name: "changes.csv"})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := log.Notes(), "2 changes repeated at the same time for their URL dropped"; got != want {
		t.Errorf("changes.csv: notes %q, want %q", got, want)
	}
}

// TestOnePageWrittenManyWays: a log that writes one page several ways
// (host case, default port, scheme case, fragment) reads it as one URL
// with every fetch, in its canonical spelling, and says how many rows it
// read so — in an observation log, a change history and an archive index
// without urlkeys alike. Before, each spelling was a page fetched once.
func TestOnePageWrittenManyWays(t *testing.T) {
	spellings := []string{"http://Example.com/a", "http://example.com/a", "http://example.com:80/a", "HTTP://EXAMPLE.COM/a", "http://example.com/a#top"}
	csv := "url,time,changed\n"
	changes := "url,host,time\n"
	cdx := " CDX a b m s k\n"
	for d, u := range spellings {
		csv += fmt.Sprintf("%s,%d,%d\n", u, 1700000000+86400*d, d%2)
		changes += fmt.Sprintf("%s,,%d\n", u, 1700000000+86400*d)
		cdx += fmt.Sprintf("%s 202401%02d000000 text/html 200 D%d\n", u, d+1, d%2)
	}
	const want = `4 rows' URLs read in their canonical spelling (e.g. "http://Example.com/a" as "http://example.com/a")`
	for name, in := range map[string]string{"log.csv": csv, "index.cdx": cdx} {
		log, err := Read(context.Background(), strings.NewReader(in), Options{Name: name})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(log.Histories) != 1 || log.Histories[0].URL != "http://example.com/a" || len(log.Histories[0].Fetches) != 5 {
			t.Errorf("%s: read %+v, want one URL http://example.com/a with 5 fetches", name, log.Histories)
		}
		if got := log.Notes(); got != want {
			t.Errorf("%s: notes %q, want %q", name, got, want)
		}
	}
	ch, log, err := ReadChangesWith(context.Background(), strings.NewReader(changes), Options{Name: "changes.csv"})
	if err != nil {
		t.Fatal(err)
	}
	if len(ch) != 1 || ch[0].URL != "http://example.com/a" || ch[0].Host != "example.com" || len(ch[0].Times) != 5 {
		t.Errorf("changes.csv: read %+v, want one URL http://example.com/a with 5 changes", ch)
	}
	if got := log.Notes(); got != want {
		t.Errorf("changes.csv: notes %q, want %q", got, want)
	}
}

// TestArchiveDigestLabel: an index merged from tools that label the SHA-1
// digest ("sha1:ABC") and tools that do not ("ABC") sees no change where
// only the label differs; a different digest is still a change.
func TestArchiveDigestLabel(t *testing.T) {
	in := " CDX N b a m s k\n" +
		"com,example)/ 20240101000000 http://example.com/ text/html 200 sha1:AAAA\n" +
		"com,example)/ 20240102000000 http://example.com/ text/html 200 AAAA\n" +
		"com,example)/ 20240103000000 http://example.com/ text/html 200 SHA1:AAAA\n" +
		"com,example)/ 20240104000000 http://example.com/ text/html 200 sha1:BBBB\n"
	if _, changed := readChanged(t, "index.cdx", in); fmt.Sprint(changed) != fmt.Sprint([]bool{false, false, false, true}) {
		t.Errorf("changes %v, want a change at the last fetch only", changed)
	}
}

// TestCSVDigestLabel: the same holds for an observation CSV's digest
// column (not for an etag, which is the server's own string).
func TestCSVDigestLabel(t *testing.T) {
	in := "url,time,digest\nhttp://a.com/x,1,sha1:AAAA\nhttp://a.com/x,2,AAAA\nhttp://a.com/x,3,SHA-256:AAAA\nhttp://a.com/x,4,md5:BBBB\n"
	if _, changed := readChanged(t, "d.csv", in); fmt.Sprint(changed) != fmt.Sprint([]bool{false, false, false, true}) {
		t.Errorf("digests: changes %v, want a change at the last fetch only", changed)
	}
	in = "url,time,etag\nhttp://a.com/x,1,sha1:AAAA\nhttp://a.com/x,2,AAAA\n"
	if _, changed := readChanged(t, "e.csv", in); fmt.Sprint(changed) != fmt.Sprint([]bool{false, true}) {
		t.Errorf("etags: changes %v, want the second a change", changed)
	}
}

// readChanged reads one URL's log and returns it and whether each fetch
// was a change.
func readChanged(t *testing.T, name, in string) (*Log, []bool) {
	t.Helper()
	log, err := Read(context.Background(), strings.NewReader(in), Options{Name: name})
	if err != nil {
		t.Fatal(err)
	}
	var changed []bool
	for _, f := range log.Histories[0].Fetches {
		changed = append(changed, f.Changed)
	}
	return log, changed
}

// TestCSVStatus: a crawler's log with a status column — failed fetches
// (a 503's error page, a −1 DNS failure, a 404, a 0 never tried) are not
// content and do not count as changes; a 304 Not Modified, which has no
// digest, is a fetch that saw none. Before, the error page's digest made
// two changes and the 304's empty digest a bad row.
func TestCSVStatus(t *testing.T) {
	in := "url,time,status,digest\n" +
		"http://a.com/x,1700000000,200,A\n" +
		"http://a.com/x,1700086400,503,ERRORPAGE\n" +
		"http://a.com/x,1700172800,200,A\n" +
		"http://a.com/x,1700259200,304,\n" +
		"http://a.com/x,1700345600,-1,\n" +
		"http://a.com/x,1700432000,,B\n" +
		"http://a.com/x,1700518400,404,\n" +
		"http://a.com/x,1700604800,0,\n"
	log, changed := readChanged(t, "crawl.csv", in)
	if fmt.Sprint(changed) != fmt.Sprint([]bool{false, false, false, true}) {
		t.Errorf("changes %v, want the 200s and the 304 read, a change at B only", changed)
	}
	want := "4 rows with a status other than 200 or 304 skipped; 1 row with status 304 (Not Modified) read as a fetch that saw no change"
	if got := log.Notes(); got != want {
		t.Errorf("notes %q, want %q", got, want)
	}
	_, err := Read(context.Background(), strings.NewReader("url,time,status,changed\nhttp://a.com/x,1,OK,0\n"), Options{Name: "crawl.csv"})
	if want := `crawl.csv:2:3 (status): "OK" is not an HTTP status`; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want %s…", err, want)
	}
}

// TestCSVFlags: a changed column as exports write it — t/f, y/n, 1.0/0.0
// — reads as 0/1 does.
func TestCSVFlags(t *testing.T) {
	for _, pair := range [][2]string{{"0", "1"}, {"f", "t"}, {"N", "Y"}, {"0.0", "1.0"}, {"no", "YES"}} {
		in := fmt.Sprintf("url,time,changed\nhttp://a.com/x,1,%s\nhttp://a.com/x,2,%s\nhttp://a.com/x,3,%s\n", pair[0], pair[1], pair[0])
		if _, changed := readChanged(t, "f.csv", in); fmt.Sprint(changed) != fmt.Sprint([]bool{false, true, false}) {
			t.Errorf("%v: changes %v", pair, changed)
		}
	}
}

// TestTimesBeforeTheWeb: a log whose every time is before 1991 — here
// Excel serial dates (days since 1900), read as Unix seconds — says so,
// since every rate is then off by the unit's factor (86,400 for days);
// microsecond and nanosecond clocks are read as such.
func TestTimesBeforeTheWeb(t *testing.T) {
	log, err := Read(context.Background(), strings.NewReader("url,time,changed\nhttp://a.com/x,45292.5,0\nhttp://a.com/x,45293.5,1\n"), Options{Name: "excel.csv"})
	if err != nil {
		t.Fatal(err)
	}
	want := "every time is before 1991, before the web (the latest, read as Unix seconds, is 1970-01-01T12:34:53Z): " +
		"if the times are days (an Excel date) or another unit, every rate is off by as much"
	if got := log.Notes(); got != want {
		t.Errorf("notes %q, want %q", got, want)
	}
	for _, in := range []string{
		"url,time,changed\nhttp://a.com/x,1704067200000000,0\nhttp://a.com/x,1704153600000000,1\n",       // microseconds
		"url,time,changed\nhttp://a.com/x,1704067200000000000,0\nhttp://a.com/x,1704153600000000000,1\n", // nanoseconds
	} {
		log, err := Read(context.Background(), strings.NewReader(in), Options{Name: "clock.csv"})
		if err != nil {
			t.Fatal(err)
		}
		if f := log.Histories[0].Fetches; f[0].At != 1704067200 || f[1].At != 1704153600 || log.Notes() != "" {
			t.Errorf("read %+v, notes %q; want 2024-01-01 and -02, nothing said", f, log.Notes())
		}
	}
}

// TestEmptyFlag: a change flag left empty at a URL's first fetch — what
// a crawler writes when it has nothing to compare with — is the baseline;
// past it, the fetch says nothing of its interval and is dropped, counted
// and said. An empty flag was a bad row, stopping the read.
func TestEmptyFlag(t *testing.T) {
	in := "url,time,changed\nhttp://a.com/x,1700000000,\nhttp://a.com/x,1700086400,1\nhttp://a.com/x,1700172800,\nhttp://a.com/x,1700259200,0\nhttp://a.com/x,1700345600,1\n"
	log, changed := readChanged(t, "f.csv", in)
	if fmt.Sprint(changed) != fmt.Sprint([]bool{false, true, false, true}) {
		t.Errorf("changes %v, want the first fetch the baseline, the third dropped", changed)
	}
	if at := log.Histories[0].Fetches[2].At; at != 1700259200 {
		t.Errorf("third fetch at %v, want the fourth row's 1700259200", at)
	}
	want := "1 row with an empty change flag past its URL's first fetch dropped (the next fetch's flag read over both intervals)"
	if got := log.Notes(); got != want {
		t.Errorf("notes %q, want %q", got, want)
	}
}
