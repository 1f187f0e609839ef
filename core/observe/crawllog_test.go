package observe

import (
	"context"
	"fmt"
	"strings"
	"testing"
)

// crawlLog is a Heritrix crawl.log as a crawler writes it (columns padded
// with spaces): a DNS lookup, robots.txt, a page fetched four times — its
// content the same, then changed, then a 304 from a conditional request —
// a failed fetch (−6, unreachable host) and a redirect.
const crawlLog = `2024-01-02T15:04:05.802Z     1         58 dns:example.com P http://example.com/ text/dns #014 20240102150405574+225 sha1:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA - -
2024-01-02T15:04:06.100Z   200        100 http://example.com/robots.txt P http://example.com/ text/plain #014 20240102150405900+150 sha1:ROBOTSROBOTSROBOTSROBOTSROBOTS22 - -
2024-01-02T15:04:07.591Z   200      15829 http://example.com/ - - text/html #025 20240102150406546+922 sha1:7AJUMSDTOMT4FN7MBFGGNJU3Z56MLCMW - -
2024-01-03T15:04:07.591Z   200      15829 http://example.com/ - - text/html #025 20240103150406546+922 sha1:7AJUMSDTOMT4FN7MBFGGNJU3Z56MLCMW - duplicate:digest
2024-01-04T15:04:07.591Z   200      15901 http://example.com/ - - text/html #025 20240104150406546+922 sha1:YIUOKDGOLGI5JYHDTXRFFQ5FF4N2EJRV - -
2024-01-05T15:04:07.591Z   304          0 http://example.com/ - - text/html #025 20240105150406546+922 sha1:3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ - duplicate:server-not-modified
2024-01-05T15:05:00.000Z    -6          - http://down.example/ L http://example.com/ no-type #031 - - - -
2024-01-05T15:06:00.000Z   301        230 http://example.com/old L http://example.com/ text/html #031 20240105150559000+20 sha1:REDIRECTREDIRECTREDIRECTREDIRE - -
`

// TestReadCrawlLog: a Heritrix crawl.log is told by its first line and
// read as an archive's captures are: each fetch at its start, to the
// millisecond; a change where the digest differs; a 304 a fetch that saw
// none; DNS lookups, failures and redirects skipped and counted.
func TestReadCrawlLog(t *testing.T) {
	log, err := Read(context.Background(), strings.NewReader(crawlLog), Options{Name: "crawl.log"})
	if err != nil {
		t.Fatal(err)
	}
	if log.Format != FormatCrawlLog {
		t.Errorf("format %q, want %q", log.Format, FormatCrawlLog)
	}
	var got []string
	for _, h := range log.Histories {
		got = append(got, fmt.Sprint(h.URL, " ", h.Host, " ", len(h.Fetches)))
	}
	if want := "[http://example.com/robots.txt example.com 1 http://example.com/ example.com 4]"; fmt.Sprint(got) != want {
		t.Fatalf("histories %v, want %s", got, want)
	}
	f := log.Histories[1].Fetches
	var changed []bool
	for _, x := range f {
		changed = append(changed, x.Changed)
	}
	if fmt.Sprint(changed) != "[false false true false]" || f[0].At != 1704207846.546 {
		t.Errorf("fetches %+v: want a change at the third only, the first at 1704207846.546 (its start)", f)
	}
	want := "3 captures not of content (a status other than 200 or 304, or not http(s)) skipped; " +
		"1 capture with status 304 (Not Modified) read as a fetch that saw no change; 1 URL fetched only once: no change could be seen"
	if got := log.Notes(); got != want {
		t.Errorf("notes %q, want %q", got, want)
	}
	_, err = Read(context.Background(), strings.NewReader(crawlLog+"2024-01-06T00:00:00.000Z 200 1 http://example.com/ - -\n"), Options{Name: "crawl.log"})
	if want := "crawl.log:9: the line has 6 fields; want a Heritrix crawl.log line"; err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("short line: %v, want %s…", err, want)
	}
}

func FuzzReadCrawlLog(f *testing.F) {
	f.Add([]byte(crawlLog), false)
	f.Add([]byte("2024-01-02T15:04:05.802Z 200 1 http://a/ - - text/html #1 - sha1:A - -\n2024-01-02T15:04:05.802Z -1 1 http://a/ - - - #1 - - - -\n"), true)
	f.Fuzz(func(t *testing.T, data []byte, skip bool) { fuzzRead(t, FormatCrawlLog, data, skip) })
}
