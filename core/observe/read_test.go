package observe

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// at returns the Unix seconds of an RFC 3339 time, for expectations.
func at(s string) float64 {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return float64(t.Unix())
}

// wb returns the Unix seconds of a 14-digit web-archive timestamp.
func wb(s string) float64 {
	t, err := time.Parse("20060102150405", s)
	if err != nil {
		panic(err)
	}
	return float64(t.Unix())
}

var nan = math.NaN()

// f is a fetch for expectations.
func f(t float64, changed bool, lm float64) Fetch {
	return Fetch{At: t, Changed: changed, LastModified: lm}
}

func readFile(t *testing.T, path string, opts Options) (*Log, error) {
	t.Helper()
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	if opts.Name == "" {
		opts.Name = filepath.Base(path)
	}
	return Read(context.Background(), fh, opts)
}

// sameHistories reports the first difference between two lists of
// histories ("" when none), NaN last-modified dates comparing equal.
func sameHistories(got, want []History) string {
	if len(got) != len(want) {
		return "got " + itoa(len(got)) + " histories, want " + itoa(len(want))
	}
	for i := range want {
		g, w := got[i], want[i]
		if g.URL != w.URL || g.Host != w.Host || g.Weight != w.Weight || g.CrawlDelay != w.CrawlDelay || len(g.Fetches) != len(w.Fetches) {
			return "history " + itoa(i) + ": got " + show(g) + ", want " + show(w)
		}
		for k := range w.Fetches {
			a, b := g.Fetches[k], w.Fetches[k]
			if a.At != b.At || a.Changed != b.Changed || !(a.LastModified == b.LastModified || math.IsNaN(a.LastModified) && math.IsNaN(b.LastModified)) {
				return "history " + itoa(i) + ": got " + show(g) + ", want " + show(w)
			}
		}
	}
	return ""
}

func TestReadExamples(t *testing.T) {
	exampleCom := []History{
		{URL: "https://example.com/", Host: "example.com", Weight: 1, Fetches: []Fetch{
			f(wb("20240101063000"), false, nan), f(wb("20240108063000"), false, nan), // a revisit of the same digest
			f(wb("20240115063000"), true, nan), // a new digest (from the www variant, the same urlkey)
			f(wb("20240122063000"), true, nan), // a revisit of the first digest, not the previous one
		}},
		{URL: "https://example.com/about", Host: "example.com", Weight: 1, Fetches: []Fetch{
			f(wb("20240101063005"), false, nan), f(wb("20240108063005"), false, nan)}},
		// /old (301) and /gone (404, 503) have no content capture
	}
	tests := []struct {
		file                                        string
		format                                      string
		rows                                        int64
		duplicates, merged, nonOK, revisits, single int
		want                                        []History
	}{
		{file: "observations.csv", format: FormatCSV, rows: 9, want: []History{
			{URL: "https://www.example.com/", Host: "www.example.com", Weight: 10, Fetches: []Fetch{
				f(at("2024-03-01T06:00:00Z"), false, nan), f(at("2024-03-02T06:00:00Z"), false, nan), f(at("2024-03-03T06:00:00Z"), true, nan)}},
			{URL: "https://www.example.com/news", Host: "www.example.com", Weight: 25, CrawlDelay: 20, Fetches: []Fetch{
				f(at("2024-03-01T06:00:15Z"), false, nan), f(at("2024-03-02T06:00:15Z"), true, nan), f(at("2024-03-03T06:00:15Z"), true, nan)}},
			{URL: "https://shop.example.org/item/42", Host: "shop.example.org", Weight: 1, Fetches: []Fetch{
				f(at("2024-03-01T06:01:00Z"), false, at("2024-02-29T18:00:00Z")),
				f(at("2024-03-02T06:01:00Z"), false, at("2024-02-29T18:00:00Z")),
				f(at("2024-03-03T06:01:00Z"), true, at("2024-03-03T01:30:00Z"))}},
		}},
		{file: "changed.csv", format: FormatCSV, rows: 5, want: []History{
			{URL: "https://news.example.net/front", Host: "news.example.net", Weight: 3, CrawlDelay: 30, Fetches: []Fetch{
				f(1709272800, false, nan), f(1709359200, true, 1709340000), f(1709445600, true, nan)}},
			{URL: "https://news.example.net/about", Host: "news.example.net", Weight: 1, Fetches: []Fetch{
				f(1709272800, false, at("2024-03-01T00:00:00Z")), f(1709445600, false, nan)}},
		}},
		{file: "legend.cdx", format: FormatCDX, rows: 9, nonOK: 3, revisits: 2, want: exampleCom},
		{file: "nolegend.cdx", format: FormatCDX, rows: 9, nonOK: 3, revisits: 2, want: exampleCom},
		{file: "wayback.txt", format: FormatCDX, rows: 7, duplicates: 1, nonOK: 1, revisits: 1, want: []History{
			{URL: "http://example.org/", Host: "example.org", Weight: 1, Fetches: []Fetch{
				f(wb("20020120142510"), false, nan), f(wb("20020328012821"), false, nan),
				f(wb("20020601183256"), true, nan), // after a skipped 302; the repeated line is a duplicate
				f(wb("20020802052458"), false, nan), f(wb("20020915060129"), true, nan)}},
		}},
		{file: "example.cdxj", format: FormatCDXJ, rows: 7, nonOK: 2, revisits: 2, single: 1, want: []History{
			{URL: "https://docs.example.com/guide", Host: "docs.example.com", Weight: 1, Fetches: []Fetch{
				f(wb("20240301120000"), false, nan), f(wb("20240302120000"), false, nan),
				f(wb("20240303120000"), true, nan), f(wb("20240304120000"), false, nan)}},
			{URL: "https://docs.example.com/api", Host: "docs.example.com", Weight: 1, Fetches: []Fetch{
				f(wb("20240301120010"), false, nan)}},
		}},
		{file: "wayback.json", format: FormatWaybackJSON, rows: 8, nonOK: 2, revisits: 1, want: []History{
			{URL: "https://example.net/", Host: "example.net", Weight: 1, Fetches: []Fetch{
				f(wb("20230105101010"), false, nan), f(wb("20230112101010"), false, nan),
				f(wb("20230119101010"), true, nan), f(wb("20230126101010"), false, nan)}},
			{URL: "https://example.net/blog", Host: "example.net", Weight: 1, Fetches: []Fetch{
				f(wb("20230105101020"), false, nan), f(wb("20230119101020"), true, nan)}},
		}},
	}
	for _, tc := range tests {
		l, err := readFile(t, filepath.Join("testdata", tc.file), Options{})
		if err != nil {
			t.Errorf("%s: %v", tc.file, err)
			continue
		}
		if l.Format != tc.format || l.Rows != tc.rows || l.Duplicates != tc.duplicates || l.Merged != tc.merged ||
			l.NonOK != tc.nonOK || l.Revisits != tc.revisits || l.Single != tc.single || l.Skipped != 0 {
			t.Errorf("%s: format %s rows %d duplicates %d merged %d nonOK %d revisits %d single %d skipped %d; want %s %d %d %d %d %d %d 0",
				tc.file, l.Format, l.Rows, l.Duplicates, l.Merged, l.NonOK, l.Revisits, l.Single, l.Skipped,
				tc.format, tc.rows, tc.duplicates, tc.merged, tc.nonOK, tc.revisits, tc.single)
		}
		if d := sameHistories(l.Histories, tc.want); d != "" {
			t.Errorf("%s: %s", tc.file, d)
		}
		if info, _ := os.Stat(filepath.Join("testdata", tc.file)); l.Bytes != info.Size() {
			t.Errorf("%s: %d bytes read, want %d", tc.file, l.Bytes, info.Size())
		}
	}
}

// TestReadRules checks how rows become fetches: order, baseline,
// duplicates, same-time rows, revisits, hosts.
func TestReadRules(t *testing.T) {
	tests := []struct {
		name, in          string
		opts              Options
		duplicates, merge int
		want              []History
	}{
		{name: "rows in any order are sorted; the first fetch is the baseline whatever its flag",
			in: "url,time,changed\nhttps://a.com/x,300,1\nhttps://a.com/x,100,1\nhttps://a.com/x,200,0\n",
			want: []History{{URL: "https://a.com/x", Host: "a.com", Weight: 1, Fetches: []Fetch{
				f(100, false, nan), f(200, false, nan), f(300, true, nan)}}}},
		{name: "a digest change is against the previous fetch in time order, not file order",
			in: "url,time,digest\nhttps://a.com/x,300,A\nhttps://a.com/x,100,A\nhttps://a.com/x,200,B\n",
			want: []History{{URL: "https://a.com/x", Host: "a.com", Weight: 1, Fetches: []Fetch{
				f(100, false, nan), f(200, true, nan), f(300, true, nan)}}}},
		{name: "same time, same signal: a duplicate, dropped",
			in:         "url,time,digest\nhttps://a.com/x,100,A\nhttps://a.com/x,100,A\nhttps://a.com/x,200,A\nhttps://a.com/x,200,A\n",
			duplicates: 2,
			want: []History{{URL: "https://a.com/x", Host: "a.com", Weight: 1, Fetches: []Fetch{
				f(100, false, nan), f(200, false, nan)}}}},
		{name: "same time, different digests: merged, a change if any differs; the next compares with the last in file order",
			in:    "url,time,digest\nhttps://a.com/x,100,A\nhttps://a.com/x,200,A\nhttps://a.com/x,200,B\nhttps://a.com/x,300,B\nhttps://a.com/x,400,A\n",
			merge: 1,
			want: []History{{URL: "https://a.com/x", Host: "a.com", Weight: 1, Fetches: []Fetch{
				f(100, false, nan), f(200, true, nan), f(300, false, nan), f(400, true, nan)}}}},
		{name: "same time, conflicting flags: merged into a change",
			in:    "url,time,changed\nhttps://a.com/x,100,0\nhttps://a.com/x,200,0\nhttps://a.com/x,200,1\nhttps://a.com/x,200,yes\n",
			merge: 1, duplicates: 1,
			want: []History{{URL: "https://a.com/x", Host: "a.com", Weight: 1, Fetches: []Fetch{
				f(100, false, nan), f(200, true, nan)}}}},
		{name: "same second in seconds and milliseconds is the same time",
			in:         "url,time,changed\nhttps://a.com/x,1700000000,0\nhttps://a.com/x,1700000000000,0\n",
			duplicates: 1,
			want:       []History{{URL: "https://a.com/x", Host: "a.com", Weight: 1, Fetches: []Fetch{f(1700000000, false, nan)}}}},
		{name: "the latest last-modified of merged rows; weight and crawl delay: the last given",
			in:         "url,time,changed,last_modified,weight,crawl_delay\nhttps://a.com/x,100,0,50,2,\nhttps://a.com/x,100,0,70,,5\nhttps://a.com/x,100,0,60,4,\n",
			duplicates: 2,
			want:       []History{{URL: "https://a.com/x", Host: "a.com", Weight: 4, CrawlDelay: 5, Fetches: []Fetch{f(100, false, 70)}}}},
		{name: "hosts: given, else the URL's lower-cased; www. kept",
			in: "url,host,time,changed\nhttps://WWW.A.com/x,,1,0\nhttps://b.com/y,Mirror.B.com,1,0\n",
			want: []History{
				{URL: "https://www.a.com/x", Host: "www.a.com", Weight: 1, Fetches: []Fetch{f(1, false, nan)}},
				{URL: "https://b.com/y", Host: "mirror.b.com", Weight: 1, Fetches: []Fetch{f(1, false, nan)}}}},
		{name: "StripWWW drops www. from hosts taken from URLs only",
			in:   "url,host,time,changed\nhttps://www.a.com/x,,1,0\nhttps://b.com/y,www.b.com,1,0\n",
			opts: Options{StripWWW: true},
			want: []History{
				{URL: "https://www.a.com/x", Host: "a.com", Weight: 1, Fetches: []Fetch{f(1, false, nan)}},
				{URL: "https://b.com/y", Host: "www.b.com", Weight: 1, Fetches: []Fetch{f(1, false, nan)}}}},
		{name: "quoted fields, spaces around fields, blank lines",
			in:   "\n url , time ,digest\n\n\"https://a.com/x?q=1,2\", 100 ,\"d\"\"1\"\n  \n\"https://a.com/x?q=1,2\",200, \"d\"\"2\" \n",
			want: []History{{URL: "https://a.com/x?q=1,2", Host: "a.com", Weight: 1, Fetches: []Fetch{f(100, false, nan), f(200, true, nan)}}}},
		{name: "CDX: a revisit without a digest is unchanged; the same second with another digest merges",
			in: "com,a)/ 20240101000000 https://a.com/ text/html 200 AAAA 10\n" +
				"com,a)/ 20240102000000 https://a.com/ warc/revisit - - 10\n" +
				"com,a)/ 20240103000000 https://a.com/ text/html 200 AAAA 10\n" +
				"com,a)/ 20240103000000 https://a.com/ text/html 200 BBBB 10\n",
			merge: 1,
			want: []History{{URL: "https://a.com/", Host: "a.com", Weight: 1, Fetches: []Fetch{
				f(wb("20240101000000"), false, nan), f(wb("20240102000000"), false, nan), f(wb("20240103000000"), true, nan)}}}},
		{name: "CDX legend without an original URL: the URL is rebuilt from the urlkey; old-style checksum c",
			in:   " CDX N b m s c\ncom,example,www)/a?b=1 20240101000000 text/html 200 X\ncom,example,www)/a?b=1 20240102000000 text/html 200 Y\n",
			opts: Options{StripWWW: true},
			want: []History{{URL: "http://www.example.com/a?b=1", Host: "example.com", Weight: 1, Fetches: []Fetch{
				f(wb("20240101000000"), false, nan), f(wb("20240102000000"), true, nan)}}}},
		{name: "CDX legend letters in another order, with fields freshplan ignores",
			in: " CDX A b e a m s c k r V v D d g M n\n" +
				"com,a)/p 20240101000000 1.2.3.4 https://a.com/p text/html 200 OLD1 DIG1 - 0 0 0 0 f.arc - 10\n" +
				"com,a)/p 20240102000000 1.2.3.4 https://a.com/p text/html 200 OLD2 DIG1 - 0 0 0 0 f.arc - 10\n" +
				"com,a)/p 20240103000000 1.2.3.4 https://a.com/p text/html 200 OLD2 DIG2 - 0 0 0 0 f.arc - 10\n",
			want: []History{{URL: "https://a.com/p", Host: "a.com", Weight: 1, Fetches: []Fetch{
				f(wb("20240101000000"), false, nan), f(wb("20240102000000"), false, nan), f(wb("20240103000000"), true, nan)}}}},
		{name: "CDX: non-HTTP records are skipped",
			in: "dns:example.com 20240101000000 dns:example.com text/dns 200 AAAA 10\n" +
				"com,example)/ 20240101000000 https://example.com/ text/html 200 AAAA 10\n",
			want: []History{{URL: "https://example.com/", Host: "example.com", Weight: 1, Fetches: []Fetch{f(wb("20240101000000"), false, nan)}}}},
	}
	for _, tc := range tests {
		tc.opts.Name = "rules"
		l, err := Read(context.Background(), strings.NewReader(tc.in), tc.opts)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if l.Duplicates != tc.duplicates || l.Merged != tc.merge {
			t.Errorf("%s: %d duplicates, %d merged; want %d, %d", tc.name, l.Duplicates, l.Merged, tc.duplicates, tc.merge)
		}
		if d := sameHistories(l.Histories, tc.want); d != "" {
			t.Errorf("%s: %s", tc.name, d)
		}
	}
}
