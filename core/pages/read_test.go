package pages

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"reflect"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"testing/iotest"
)

func TestReadAccepts(t *testing.T) {
	one := func(url, host string, rate, weight, delay float64) Page {
		return Page{URL: url, Host: host, Rate: rate, Weight: weight, CrawlDelay: delay}
	}
	tests := []struct {
		name string
		in   string
		want []Page
	}{
		{"plain", "url,host,changes_per_day,weight,crawl_delay\nhttps://a.com/1,a.com,2.5,3,20\n",
			[]Page{one("https://a.com/1", "a.com", 2.5, 3, 20)}},
		{"aliases", "uri,server,rate,importance,crawl-delay\nhttps://a.com/1,a.com,1,2,5\n",
			[]Page{one("https://a.com/1", "a.com", 1, 2, 5)}},
		{"more aliases", "original,site,lambda,politeness\nhttps://a.com/1,a.com,1,7\n",
			[]Page{one("https://a.com/1", "a.com", 1, 1, 7)}},
		{"case-insensitive header, spaces", " URL , Host ,Changes_Per_Day,WEIGHT\nhttps://a.com/1,A.com,1,2\n",
			[]Page{one("https://a.com/1", "a.com", 1, 2, 0)}},
		{"columns in any order", "changes_per_day,url\n0.5,https://a.com/x\n",
			[]Page{one("https://a.com/x", "a.com", 0.5, 1, 0)}},
		{"BOM at start", "\ufeffurl,changes_per_day\nhttps://a.com/1,1\n",
			[]Page{one("https://a.com/1", "a.com", 1, 1, 0)}},
		{"BOM before quoted header", "\ufeff\"url\",\"changes_per_day\"\nhttps://a.com/1,1\n",
			[]Page{one("https://a.com/1", "a.com", 1, 1, 0)}},
		{"CRLF", "url,host,changes_per_day\r\nhttps://a.com/1,a.com,1\r\nhttps://a.com/2,a.com,2\r\n",
			[]Page{one("https://a.com/1", "a.com", 1, 1, 0), one("https://a.com/2", "a.com", 2, 1, 0)}},
		{"no final newline", "url,changes_per_day\nhttps://a.com/1,1",
			[]Page{one("https://a.com/1", "a.com", 1, 1, 0)}},
		{"quoted fields with commas and quotes", "url,host,changes_per_day\n\"https://a.com/?q=1,2\",a.com,\"3\"\n\"https://a.com/\"\"x\"\"\",a.com,1\n",
			[]Page{one("https://a.com/?q=1,2", "a.com", 3, 1, 0), one(`https://a.com/"x"`, "a.com", 1, 1, 0)}},
		{"host from URL without host column", "url,changes_per_day\nhttps://WWW.Example.COM:8080/a,1\n",
			[]Page{one("https://www.example.com:8080/a", "www.example.com", 1, 1, 0)}},
		{"host from URL when host empty", "url,host,changes_per_day\nhttps://b.org/a,,1\nhttps://b.org/b,  ,1\nhttps://b.org/c,cdn.b.org,1\n",
			[]Page{one("https://b.org/a", "b.org", 1, 1, 0), one("https://b.org/b", "b.org", 1, 1, 0), one("https://b.org/c", "cdn.b.org", 1, 1, 0)}},
		{"host column without a URL host", "url,host,changes_per_day\n/relative/path,a.com,1\n",
			[]Page{one("/relative/path", "a.com", 1, 1, 0)}},
		{"crawl_delay per row, empty is 0", "url,changes_per_day,crawl_delay\nhttps://a.com/1,1,30\nhttps://a.com/2,1,\n",
			[]Page{one("https://a.com/1", "a.com", 1, 1, 30), one("https://a.com/2", "a.com", 1, 1, 0)}},
		{"weights default 1, 0 allowed", "url,changes_per_day,weight\nhttps://a.com/1,1,\nhttps://a.com/2,1,0\nhttps://a.com/3,1,2e3\n",
			[]Page{one("https://a.com/1", "a.com", 1, 1, 0), one("https://a.com/2", "a.com", 1, 0, 0), one("https://a.com/3", "a.com", 1, 2000, 0)}},
		{"short row: weight missing", "url,changes_per_day,weight\nhttps://a.com/1,4\n",
			[]Page{one("https://a.com/1", "a.com", 4, 1, 0)}},
		{"zero rate, -0 becomes 0", "url,changes_per_day\nhttps://a.com/1,0\nhttps://a.com/2,-0\n",
			[]Page{one("https://a.com/1", "a.com", 0, 1, 0), one("https://a.com/2", "a.com", 0, 1, 0)}},
		{"spaces around numbers", "url,changes_per_day,weight\nhttps://a.com/1, 1.5 , 2 \n",
			[]Page{one("https://a.com/1", "a.com", 1.5, 2, 0)}},
		{"estimator output: extra columns ignored",
			"url,host,visits,changes,changes_per_day,low_per_day,high_per_day,estimator,naive_per_day,weight\n" +
				"https://a.com/1,a.com,30,4,0.14,0.05,0.3,cho,0.13,2\n" +
				"https://a.com/2,a.com,30,0,0,0,0.1,cho,0,1\n",
			[]Page{one("https://a.com/1", "a.com", 0.14, 2, 0), one("https://a.com/2", "a.com", 0, 1, 0)}},
		{"blank lines anywhere", "\n\nurl,changes_per_day\n\nhttps://a.com/1,1\n   \n\nhttps://a.com/2,2\n\n",
			[]Page{one("https://a.com/1", "a.com", 1, 1, 0), one("https://a.com/2", "a.com", 2, 1, 0)}},
		{"UTF-8 URL and host", "url,host,changes_per_day\nhttps://bücher.de/straße,BÜCHER.de,1\n",
			[]Page{one("https://bücher.de/straße", "bücher.de", 1, 1, 0)}},
		{"URL trimmed", "url,changes_per_day\n  https://a.com/1  ,1\n",
			[]Page{one("https://a.com/1", "a.com", 1, 1, 0)}},
	}
	for _, tc := range tests {
		got, err := Read(strings.NewReader(tc.in), "t.csv")
		if err != nil {
			t.Errorf("%s: Read: %v", tc.name, err)
			continue
		}
		if !reflect.DeepEqual(got, tc.want) {
			t.Errorf("%s: Read =\n%+v\nwant\n%+v", tc.name, got, tc.want)
		}
	}
}

// TestReadRejects checks that every bad input is an *Error naming the
// file, the line and what is wrong, never a panic.
func TestReadRejects(t *testing.T) {
	gz := func(s string) string {
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		io.WriteString(w, s)
		w.Close()
		return b.String()
	}
	long := "url,changes_per_day\nhttps://a.com/" + strings.Repeat("x", 10<<20) + ",1\n"
	tests := []struct {
		name string
		in   string
		line int      // want this line in the *Error; -1: don't care
		msg  []string // substrings of the message
	}{
		{"empty file", "", 0, []string{"t.csv: ", "empty", "url,host,changes_per_day"}},
		{"only blank lines", "\n\n   \n", 0, []string{"empty"}},
		{"header only", "url,host,changes_per_day\n", 0, []string{"header but no pages"}},
		{"header and blank lines", "url,host,changes_per_day\n\n\n", 0, []string{"header but no pages"}},
		{"missing changes_per_day", "url,host,weight\nhttps://a.com/1,a.com,1\n", 1, []string{"t.csv:1:", "missing column changes_per_day", `"url,host,weight"`}},
		{"missing url", "host,changes_per_day\na.com,1\n", 1, []string{"missing column url"}},
		{"duplicate column", "url,rate,changes_per_day\nhttps://a.com/1,1,1\n", 1, []string{"t.csv:1:", "changes_per_day appears twice", "fields 2 and 3"}},
		{"negative rate", "url,changes_per_day\nhttps://a.com/1,1\nhttps://a.com/2,-1\n", 3, []string{"t.csv:3:", ":2 (changes_per_day): ", `"-1"`, "finite non-negative"}},
		{"NaN rate", "url,changes_per_day\nhttps://a.com/1,NaN\n", 2, []string{"t.csv:2:", "changes_per_day", `"NaN"`, "finite non-negative"}},
		{"inf rate", "url,changes_per_day\nhttps://a.com/1,inf\n", 2, []string{"changes_per_day", `"inf"`}},
		{"+Inf rate", "url,changes_per_day\nhttps://a.com/1,+Inf\n", 2, []string{"changes_per_day", `"+Inf"`}},
		{"overflowing rate", "url,changes_per_day\nhttps://a.com/1,1e400\n", 2, []string{"changes_per_day", `"1e400"`}},
		{"empty rate", "url,changes_per_day\nhttps://a.com/1,\n", 2, []string{"changes_per_day", "empty; want"}},
		{"short row: rate missing", "url,host,changes_per_day\nhttps://a.com/1,a.com\n", 2, []string{"changes_per_day", "empty; want"}},
		{"non-numeric rate", "url,changes_per_day\nhttps://a.com/1,often\n", 2, []string{`"often"`, "changes per day"}},
		{"non-numeric weight", "url,changes_per_day,weight\nhttps://a.com/1,1,heavy\n", 2, []string{"t.csv:2:", ":3 (weight): ", `"heavy"`, "non-negative weight"}},
		{"negative weight", "url,changes_per_day,weight\nhttps://a.com/1,1,-2\n", 2, []string{"weight", `"-2"`}},
		{"bad crawl_delay", "url,changes_per_day,crawl_delay\nhttps://a.com/1,1,15s\n", 2, []string{"crawl_delay", `"15s"`, "seconds"}},
		{"too many fields (issue 22)", "url,host,changes_per_day\nhttps://a/x,a,1,extra,fields\n", 2, []string{"t.csv:2:4: the row has 5 fields and the header 3; want at most one value per column (quote a value with a comma in it)"}},
		{"CR-only line ends (issue 22)", "url,changes_per_day\rhttps://a/x,1\r", 1, []string{"t.csv:1: the lines end with a carriage return alone (CR, as classic Mac OS wrote them)"}},
		{"rate 1e308 (issue 22)", "url,changes_per_day\nhttps://a/x,1e308\n", 2, []string{`t.csv:2:2 (changes_per_day): "1e308" is more than 1e+08; want at most 1e+08`}},
		{"weight 1e308 (issue 22)", "url,changes_per_day,weight\nhttps://a/x,1,1e308\n", 2, []string{`t.csv:2:3 (weight): "1e308" is more than 1e+15; want at most 1e+15`}},
		{"duplicate URL", "url,changes_per_day\nhttps://a.com/1,1\nhttps://a.com/2,1\n\nhttps://a.com/1,2\n", 5, []string{"t.csv:5:", "https://a.com/1", "line 2"}},
		{"duplicate URL after trimming", "url,changes_per_day\nhttps://a.com/1,1\n https://a.com/1 ,2\n", 3, []string{"line 2"}},
		{"empty URL", "url,changes_per_day\n,1\n", 2, []string{":1 (url): ", "empty URL"}},
		{"URL without host, no host column", "url,changes_per_day\nexample.com/page,1\n", 2, []string{"no host column", "example.com/page", "has no host"}},
		{"URL without host, host empty", "url,host,changes_per_day\n/x,,1\n", 2, []string{"no host given"}},
		{"URL with only a port", "url,changes_per_day\nhttp://:80/x,1\n", 2, []string{"has no host"}},
		{"URL with a tab", "url,host,changes_per_day\nhttps://a.com/\tx,a.com,1\n", 2, []string{":1 (url): ", "U+0009"}},
		{"URL with a line break", "url,host,changes_per_day\n\"https://a.com/\nx\",a.com,1\n", 2, []string{":1 (url): ", "U+000A"}},
		{"invalid UTF-8 in URL", "url,host,changes_per_day\nhttps://a.com/\xff,a.com,1\n", 2, []string{":1 (url): ", "not UTF-8"}},
		{"invalid UTF-8 in host", "url,host,changes_per_day\nhttps://a.com/1,a\xfe.com,1\n", 2, []string{":2 (host): ", "not UTF-8"}},
		{"invalid UTF-8 in header", "url,changes_per_day,w\xffght\nhttps://a.com/1,1,1\n", 1, []string{"header is not UTF-8"}},
		{"NUL byte in a row", "url,changes_per_day\nhttps://a.com/1,1\x00\n", 2, []string{"t.csv:2:", "NUL"}},
		{"NUL byte in an ignored column", "url,changes_per_day,note\nhttps://a.com/1,1,a\x00b\n", 2, []string{"t.csv:2:", "NUL"}},
		{"NUL byte past the first bytes", "url,changes_per_day,note\n" + manyRows(50) + "https://a.com/1,1,a\x00b\n", 52, []string{"t.csv:52:3: ", "NUL"}},
		{"NUL byte later in the file", "url,changes_per_day\n" + manyRows(100) + "https://a.com/z\x00,1\n", 102, []string{"NUL"}},
		{"NUL byte at the start", "\x00\x00url,changes_per_day\n", 1, []string{"binary"}},
		{"bare quote", "url,changes_per_day\nhttps://a.com/\"x,1\n", 2, []string{"t.csv:2:", `a " in a field`}},
		{"bare quote in first field", "url,changes_per_day\na\"b,1\n", 2, []string{"t.csv:2:"}},
		{"unclosed quote", "url,changes_per_day\n\"https://a.com/1,1\nhttps://a.com/2,1\n", -1, []string{"t.csv:", "quoted field", "line 2"}},
		{"unclosed quote at end", "url,changes_per_day\n\"abc", 2, []string{"t.csv:2:", "quoted field"}},
		{"a 10 MB line", long, 2, []string{"t.csv:2:", "longer than", "CSV"}},
		{"a 10 MB header", strings.Repeat("x", 10<<20), 1, []string{"t.csv:1:", "longer than"}},
		{"an unclosed quote running for MBs", "url,changes_per_day\nhttps://a.com/0,1\n\"https://a.com/1,1\n" + manyRows(200000), 3, []string{"t.csv:3:", "closing quote"}},
		{"gzip", gz("url,changes_per_day\nhttps://a.com/1,1\n"), 0, []string{"t.csv: ", "gzip", "decompress"}},
		{"zip", "PK\x03\x04\x14\x00\x00\x00", 0, []string{"ZIP"}},
		{"UTF-16", "\xff\xfeu\x00r\x00l\x00", 0, []string{"UTF-16"}},
		{"HTML", "<!DOCTYPE html>\n<html lang=\"en\"><head><title>404</title></head></html>\n", 0, []string{"t.csv: ", "HTML"}},
		{"HTML after blank lines", "\n\n  <html>\n", 0, []string{"HTML"}},
		{"XML", "<?xml version=\"1.0\"?><urlset></urlset>", 0, []string{"HTML or XML"}},
	}
	for _, tc := range tests {
		var got []Page
		var err error
		func() {
			defer func() {
				if r := recover(); r != nil {
					err = nil
					t.Errorf("%s: Read panicked: %v", tc.name, r)
				}
			}()
			got, err = Read(strings.NewReader(tc.in), "t.csv")
		}()
		if err == nil {
			t.Errorf("%s: Read accepted it: %+v", tc.name, got)
			continue
		}
		var pe *Error
		if !errors.As(err, &pe) {
			t.Errorf("%s: error %T %v is not a *pages.Error", tc.name, err, err)
			continue
		}
		msg := err.Error()
		if pe.File != "t.csv" || !strings.HasPrefix(msg, "t.csv") {
			t.Errorf("%s: %q does not name the file", tc.name, msg)
		}
		if tc.line >= 0 && pe.Line != tc.line {
			t.Errorf("%s: line %d, want %d (%s)", tc.name, pe.Line, tc.line, msg)
		}
		if strings.Contains(msg, "\n") || len(msg) > 400 {
			t.Errorf("%s: message is not one short line: %q", tc.name, msg)
		}
		for _, s := range tc.msg {
			if !strings.Contains(msg, s) {
				t.Errorf("%s: message %q lacks %q", tc.name, msg, s)
			}
		}
	}
}

func manyRows(n int) string {
	var b strings.Builder
	for i := range n {
		b.WriteString("https://a.com/r" + strconv.Itoa(i) + ",1\n")
	}
	return b.String()
}

// TestReadLineNumbers checks that lines are physical lines of the file,
// counting blank lines and fields quoted over several lines.
func TestReadLineNumbers(t *testing.T) {
	in := "url,host,changes_per_day\r\n\r\n" + // lines 1, 2
		"https://a.com/1,a.com,1\r\n" + // 3
		"\"https://a.com/2\",\"a\r\n.com\",1\r\n" + // 4-5: a host with a line break
		"https://a.com/3,a.com,1\r\n"
	_, err := Read(strings.NewReader(in), "t.csv")
	var pe *Error
	if !errors.As(err, &pe) || pe.Line != 4 || pe.Field != "host" {
		t.Errorf("got %v, want an error at line 4 in column host", err)
	}
	in = "url,host,changes_per_day\n\n\"https://a.com/1\",\"a.com\",\"1\"\n\n\nhttps://a.com/3,a.com,x\n"
	_, err = Read(strings.NewReader(in), "t.csv")
	if !errors.As(err, &pe) || pe.Line != 6 || pe.Column != 3 {
		t.Errorf("got %v, want line 6, field 3", err)
	}
}

// TestReadSmallReads reads through readers that return one byte at a
// time and that fail, as network streams may.
func TestReadSmallReads(t *testing.T) {
	in := "\ufeffurl,changes_per_day\r\nhttps://a.com/1,1\r\nhttps://a.com/2,2\r\n"
	got, err := Read(iotest.OneByteReader(strings.NewReader(in)), "t.csv")
	if err != nil || len(got) != 2 || got[1].Rate != 2 {
		t.Errorf("one byte at a time: %v, %v", got, err)
	}
	_, err = Read(iotest.ErrReader(errors.New("disk on fire")), "t.csv")
	if err == nil || !strings.Contains(err.Error(), "t.csv") || !strings.Contains(err.Error(), "disk on fire") {
		t.Errorf("failing reader: %v", err)
	}
	_, err = Read(io.MultiReader(strings.NewReader(in), iotest.ErrReader(errors.New("connection reset"))), "t.csv")
	if err == nil || !strings.Contains(err.Error(), "connection reset") {
		t.Errorf("reader failing mid-file: %v", err)
	}
}

// TestReadLongButFineLine accepts lines up to the limit.
func TestReadLongButFineLine(t *testing.T) {
	url := "https://a.com/" + strings.Repeat("x", maxLine-100)
	got, err := Read(strings.NewReader("url,changes_per_day\n"+url+",1\n"), "t.csv")
	if err != nil || len(got) != 1 || got[0].URL != url {
		t.Errorf("a line just under the limit: %v", err)
	}
}

func TestWriteReadRoundTrip(t *testing.T) {
	in := []Page{
		{URL: "https://a.com/1", Host: "a.com", Rate: 0.1797, Weight: 1},
		{URL: "https://a.com/?q=1,2&r=\"x\"", Host: "a.com", Rate: 1e-12, Weight: 0.5, CrawlDelay: 30},
		{URL: "https://b.org/ü", Host: "weird,host", Rate: 0, Weight: 0},
		{URL: "/no/host", Host: "c.net", Rate: 123456.789, Weight: 1e15, CrawlDelay: 0.25},
		{URL: "https://a.com/2", Host: "a.com", Rate: 1.0 / 3, Weight: 2.0 / 3},
	}
	var b bytes.Buffer
	if err := Write(&b, in); err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(b.String(), "url,host,changes_per_day,weight,crawl_delay\n") {
		t.Errorf("header: %q", strings.SplitN(b.String(), "\n", 2)[0])
	}
	out, err := Read(&b, "w.csv")
	if err != nil {
		t.Fatalf("Read(Write(pages)): %v", err)
	}
	if !reflect.DeepEqual(in, out) {
		t.Errorf("round trip:\n%+v\n%+v", in, out)
	}
}

func TestIsTable(t *testing.T) {
	for _, tc := range []struct {
		header []string
		want   bool
	}{
		{[]string{"url", "host", "changes_per_day"}, true},
		{[]string{"\ufeffURL", " Rate "}, true},
		{[]string{"url", "time", "changed"}, false},
		{nil, false},
	} {
		if got := IsTable(tc.header); got != tc.want {
			t.Errorf("IsTable(%q) = %v", tc.header, got)
		}
	}
}

func TestHostOf(t *testing.T) {
	for _, tc := range []struct{ url, host, err string }{
		{"https://Example.COM/x", "example.com", ""},
		{"http://[::1]:8080/", "::1", ""},
		{"example.com/x", "", "has no host"},
		{"http://:80/", "", "has no host"},
		{"http://a b.com/", "", "not a URL"},
		{"%zz", "", "not a URL"},
	} {
		h, err := HostOf(tc.url)
		switch {
		case tc.err == "" && (err != nil || h != tc.host):
			t.Errorf("HostOf(%q) = %q, %v; want %q", tc.url, h, err, tc.host)
		case tc.err != "" && (err == nil || !strings.Contains(err.Error(), tc.err)):
			t.Errorf("HostOf(%q) = %q, %v; want an error with %q", tc.url, h, err, tc.err)
		}
	}
}

// TestReadSized: told the input's size — right, too small, too large or
// unknown — ReadSized reads the pages Read does, and a URL given twice is
// still caught past the rows it counts the others from.
func TestReadSized(t *testing.T) {
	in := "url,changes_per_day\n" + manyRows(5000)
	want, err := Read(strings.NewReader(in), "t.csv")
	if err != nil {
		t.Fatal(err)
	}
	n := int64(len(in))
	for _, size := range []int64{0, n, n / 3, 5 * n} {
		got, err := ReadSized(strings.NewReader(in), "t.csv", size)
		if err != nil {
			t.Fatalf("size %d: %v", size, err)
		}
		if !slices.Equal(got, want) {
			t.Errorf("size %d: pages differ from Read's", size)
		}
	}
	dup := in + "https://a.com/r7,1\n"
	_, err = ReadSized(strings.NewReader(dup), "t.csv", int64(len(dup)))
	if err == nil || !strings.Contains(err.Error(), "already appears on line 9") {
		t.Errorf("URL given twice: %v", err)
	}
}

// TestSized: 512 rows in the first 20,000 bytes of 30,000 make room for
// 768 rows and a tenth more; of 2,000,000 (or of the 4 GiB a gzip
// trailer may claim), for no more than 4 × 512, the rows read bounding
// each step (issue 22); a file whose first rows are far shorter than its
// others reserves no more than its shortest possible rows (12 bytes)
// could fill; past a size already read, room doubles as append's would.
func TestSized(t *testing.T) {
	first := func() *setRows {
		s := &setRows{index: map[string]int32{}, seen: newURLSet(0), prev: -1}
		for i := range 512 {
			s.add(Page{URL: strconv.Itoa(i), Host: "h"}, i+2)
		}
		return s
	}
	for _, c := range []struct {
		size, off int64
		lo, hi    int
	}{
		{30_000, 20_000, 768, 845},
		{2_000_000, 20_000, 2048, 2048},
		{1<<32 - 1, 20_000, 2048, 2048},
		{12_000, 512, 512, 1000}, // 12-byte rows at most
		{20_000, 20_000, 1024, 1024},
	} {
		s := first()
		s.grow(roomFor(s.len(), c.size, c.off))
		// The allocator rounds room up to its size classes.
		if got := cap(s.rates); got < c.lo || got > cap(make([]float64, 0, c.hi)) || s.len() != 512 || cap(s.lines) < c.lo || s.seen.n != 512 {
			t.Errorf("size %d, %d read: room for %d pages (want %d to %d), %d kept, %d URLs in the set", c.size, c.off, got, c.lo, c.hi, s.len(), s.seen.n)
		}
		// The set has room for the rows counted (no growth) and still
		// finds each URL kept.
		if len(s.seen.slots) < 2*c.lo {
			t.Errorf("size %d, %d read: %d slots for %d rows", c.size, c.off, len(s.seen.slots), c.lo)
		}
		if line := s.add(Page{URL: "7", Host: "h"}, 600); line != 9 {
			t.Errorf("size %d, %d read: URL 7 again found on line %d, want 9", c.size, c.off, line)
		}
	}
}

// TestReadSizedLyingSize: a 600-row table whose size is said to be 4 GiB
// (what a gzip trailer may claim, issue 22) takes no more memory than
// its rows: it once reserved 2.5 GB before reading them.
func TestReadSizedLyingSize(t *testing.T) {
	in := "url,changes_per_day\n" + manyRows(600)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	pg, err := ReadSized(strings.NewReader(in), "liar.csv.gz", 1<<32-1)
	runtime.ReadMemStats(&after)
	if err != nil || len(pg) != 600 {
		t.Fatalf("%d pages, %v; want 600", len(pg), err)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 4<<20 {
		t.Errorf("reading 600 rows allocated %d bytes; want at most 4 MiB", got)
	}
}

// TestReadOnePageWrittenTwoWays: a table that gives one page in two
// spellings (canonurl) gives it twice, and the message says which URL the
// second spelling is; a page's URL is kept in its canonical spelling.
func TestReadOnePageWrittenTwoWays(t *testing.T) {
	_, err := Read(strings.NewReader("url,changes_per_day\nhttp://a.com/x,1\nHTTP://A.COM:80/x#top,2\n"), "t.csv")
	want := `t.csv:3:1 (url): URL "HTTP://A.COM:80/x#top" is "http://a.com/x", which already appears on line 2`
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("got %v, want %s…", err, want)
	}
	pg, err := Read(strings.NewReader("url,changes_per_day\nHTTP://A.COM:80/x#top,2\n"), "t.csv")
	if err != nil || pg[0].URL != "http://a.com/x" {
		t.Errorf("got %+v, %v; want the URL http://a.com/x", pg, err)
	}
	// A space before the fragment is trimmed as the field's are: written
	// out with it, the URL would read back without it (found by FuzzRead).
	pg, err = Read(strings.NewReader("url,changes_per_day\n\"http://a.com/x #top\",2\n"), "t.csv")
	if err != nil || pg[0].URL != "http://a.com/x" {
		t.Errorf("got %+v, %v; want the URL http://a.com/x", pg, err)
	}
}
