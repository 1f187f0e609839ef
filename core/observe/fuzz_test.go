package observe

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"testing"
	"time"
)

// fuzzRead reads data as format, stopping at the first bad row or
// skipping bad rows, and checks what it gets: an *Error naming the file,
// or a log whose histories are sorted by time with no NaN or infinite
// times, the first fetch never a change, and counts that add up. A file
// read without skipping reads the same when skipping.
func fuzzRead(t *testing.T, format string, data []byte, skip bool) {
	Detect(data) // must not panic
	const name = "fuzz"
	l, err := read(context.Background(), bytes.NewReader(data), Options{Name: name, SkipBad: skip}, format)
	if err != nil {
		if l != nil {
			t.Fatalf("a log and the error %v", err)
		}
		if msg := checkError(err, name); msg != "" {
			t.Fatal(msg)
		}
		return
	}
	if msg := checkLog(l, name); msg != "" {
		t.Fatal(msg)
	}
	if l.Format != format || l.Bytes != int64(len(data)) {
		t.Fatalf("format %s, %d bytes; want %s, %d", l.Format, l.Bytes, format, len(data))
	}
	if skip {
		return
	}
	if l.Skipped != 0 || len(l.BadRows) != 0 {
		t.Fatalf("%d rows skipped without SkipBad", l.Skipped)
	}
	again, err := read(context.Background(), bytes.NewReader(data), Options{Name: name, SkipBad: true}, format)
	if err != nil {
		t.Fatalf("read without skipping, but skipping fails: %v", err)
	}
	if d := sameHistories(again.Histories, l.Histories); d != "" || again.Skipped != 0 {
		t.Fatalf("skipping reads differently (%d skipped): %s", again.Skipped, d)
	}
}

func FuzzReadCSV(f *testing.F) {
	for _, s := range []string{
		"url,time,changed\nhttps://a.com/x,1700000000,0\nhttps://a.com/x,1700086400,1\n",
		"url,host,time,digest,last_modified,weight,crawl_delay\nhttps://www.a.com/,www.a.com,2024-03-01T06:00:00Z,5d41,,10,\n" +
			"https://www.a.com/,,2024-03-02T06:00:00Z,7d79,\"Thu, 29 Feb 2024 18:00:00 GMT\",,20\n",
		"\ufeffURI,Fetched At,Has-Changed,Last-Modified,Importance\r\nhttps://N.a.net/f,1709359200000,YES,1709340000,3\r\nhttps://N.a.net/f,1709272800,no,,\r\n",
		"url,time,etag\n\"https://a.com/?q=1,2\",2024-01-02 15:04:05.5+01:00,\"W/\"\"x\"\"\"\n\"https://a.com/?q=1,2\",2024-01-02t15:04:05z,\"y\"\n",
		"url,time,hash\nhttps://a.com/x,100,A\nhttps://a.com/x,100,A\nhttps://a.com/x,100,B\nhttps://a.com/x,50,B\n",
		"url,time,changed\nhttps://a.com/x,yesterday,1\nhttps://a.com/x,20240102150405,true\n",
		"url;time;changed\nhttps://a.com/x;1;0\n",
		"https://a.com/x,1,0\n",
		"url,time,changed\n\"https://a.com/x\n,1,0\n",
		"url,time,changed\nhttps://a.com/\x00,1,0\n",
		"url,time,changed\nhttps://a.com/\xff,1,0\n",
		"url,time,changed,weight\n/rel,1,0,-1\nhttps://:80/,1e12,0,NaN\n",
		"url,changes_per_day\nhttps://a.com/,1\n",
		"url,time,changed\nhttp://a.com/x,1,\nhttp://a.com/x,2,1\nhttp://a.com/x,3,\nhttp://a.com/x,3,0\nhttp://a.com/x,4,\n",
		"url,time,status,digest\nhttp://a.com/x,1,200,A\nhttp://a.com/x,2,304,\nhttp://a.com/x,3,-1,\nhttp://a.com/x,4,abc,B\nhttp://a.com/x,5,,B\n",
		"url,time,changed\nHTTP://A.com:80/x#f,1,0\nhttp://a.com/x,2,1\nhttp://a.com/x#g,3,1\nhttp://a.com/%78,4,0\n",
		"",
	} {
		f.Add([]byte(s), false)
	}
	f.Fuzz(func(t *testing.T, data []byte, skip bool) { fuzzRead(t, FormatCSV, data, skip) })
}

func FuzzReadCDX(f *testing.F) {
	for _, s := range []string{
		" CDX N b a m s k r M S V g\ncom,a)/ 20240101063000 https://a.com/ text/html 200 3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ - - 1843 0 f.warc.gz\n" +
			"com,a)/ 20240108063000 https://a.com/ warc/revisit - 3I42H3S6NNFQ2MSVX7XZKYAYSCX5QBYJ - - 532 1843 f.warc.gz\n" +
			"com,a)/old 20240101063010 https://a.com/old text/html 301 OZNDGYRXRVKSEIQUDV5OBYC5ELV3RSMN https://a.com/new - 398 7214 f.warc.gz\n",
		"org,a)/ 20020120142510 http://a.org:80/ text/html 200 HT2DYGA5UKZCPBSFVCV3JOBXGW2G5UUA 1792\n" +
			"org,a)/ 20020120142510 http://a.org:80/ text/html 200 UDSH36NUCTLOHIQ4XHJYEUHG4MTFBF2I 1792\n" +
			"org,a)/ 20020530103521 http://a.org:80/ text/html 404 - 370\n",
		" CDX N b m s c\ncom,example,www)/a?b=1 20240101000000 text/html 200 X\n# comment\n\n",
		"dns:a.com 20240101000000 dns:a.com text/dns 200 AAAA 10\ncom,a)/ 20240101000000 - text/html - - 10\n",
		" CDX b a\n",
		"com,a)/ 2024010100000 https://a.com/ text/html 200 AAAA 10\n",
		"com,a)/ 20240101000000 https://a.com/ text/html 2000 AAAA 10\r\n",
	} {
		f.Add([]byte(s), false)
	}
	f.Fuzz(func(t *testing.T, data []byte, skip bool) { fuzzRead(t, FormatCDX, data, skip) })
}

func FuzzReadCDXJ(f *testing.F) {
	for _, s := range []string{
		"!OpenWayback-CDXJ 1.0\ncom,a,docs)/guide 20240301120000 {\"url\": \"https://docs.a.com/guide\", \"mime\": \"text/html\", \"status\": \"200\", \"digest\": \"sha1:G7HRM7BG\", \"length\": \"2301\"}\n" +
			"com,a,docs)/guide 20240302120000 {\"url\": \"https://docs.a.com/guide\", \"mime\": \"warc/revisit\", \"digest\": \"sha1:G7HRM7BG\"}\n",
		"com,a)/ 20240101000000 {\"original\": \"https://a.com/\", \"mimetype\": \"text/html\", \"statuscode\": 200, \"digest\": \"A\"}\n" +
			"com,a)/ 20240101000000 {\"url\": null, \"status\": \"-\"}\n",
		"com,a)/ 20240101000000 {\"url\": \"https://a.com/\", \"status\": \"404\", \"digest\": \"A\"}\n",
		"com,a)/ 20240101000000 {\"url\": 5}\n",
		"com,a)/ 20240101000000 {\"url\": \"https://a.com/\", \"status\": {}}\n",
		"com,a)/ 20240101000000 not json\n",
	} {
		f.Add([]byte(s), false)
	}
	f.Fuzz(func(t *testing.T, data []byte, skip bool) { fuzzRead(t, FormatCDXJ, data, skip) })
}

func FuzzReadWaybackJSON(f *testing.F) {
	for _, s := range []string{
		"[[\"urlkey\",\"timestamp\",\"original\",\"mimetype\",\"statuscode\",\"digest\",\"length\"],\n" +
			"[\"net,a)/\", \"20230105101010\", \"https://a.net/\", \"text/html\", \"200\", \"AAAA\", \"5120\"],\n" +
			"[\"net,a)/\", \"20230112101010\", \"https://a.net/\", \"warc/revisit\", \"-\", \"AAAA\", \"540\"],\n" +
			"[\"net,a)/x\", \"20230105101015\", \"https://a.net/x\", \"text/html\", \"302\", \"QQQQ\", \"410\"],\n" +
			"[],\n[\"net,a)/x 20230105101015\"]]\n",
		"[[\"timestamp\",\"original\",\"digest\"],[\"20230105101010\",\"https://a.net/\",\"A\"],[20230105101011,null,\"B\"],[\"x\",[1,{}],true]]",
		"[[\"urlkey\",\"timestamp\",\"digest\"],[\"net,a)/\",\"20230105101010\",\"A\"]] trailing",
		"[[\"urlkey\"]]",
		"[]",
		"[[\"timestamp\",\"original\",\"digest\"],",
	} {
		f.Add([]byte(s), false)
	}
	f.Fuzz(func(t *testing.T, data []byte, skip bool) { fuzzRead(t, FormatWaybackJSON, data, skip) })
}

// FuzzParseTime checks the time parsers: no panic; what they accept is a
// finite time in the years 1 to 9999; a time ParseTime accepts reads the
// same written back as RFC 3339; whatever time.Parse reads as RFC 3339
// (in range), ParseTime reads the same; a timestamp ParseTimestamp
// accepts is the same 14 (or 17, with milliseconds) digits written back.
func FuzzParseTime(f *testing.F) {
	for _, s := range []string{
		"2024-01-02T15:04:05Z", "2024-01-02 15:04:05.123456789+05:30", "2024-01-02t15:04:05z", "2024-01-02T15:04:05",
		"1704207845", "1704207845500", "1.7042078455e12", "-86400", "99999999999", "100000000000", "20240102150405", "20240102150405123",
		"Tue, 02 Jan 2024 15:04:05 GMT", "Tuesday, 02-Jan-24 15:04:05 GMT", "Tue Jan  2 15:04:05 2024",
		"yesterday", "", "NaN", "1e300", "0000-12-31T23:00:00-01:00", "9999-12-31T23:59:59.999999999Z",
	} {
		f.Add(s)
	}
	valid := func(t float64) bool { return !math.IsNaN(t) && t >= minUnix && t < maxUnix }
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseTime(s)
		if err == nil {
			if !valid(v) {
				t.Fatalf("ParseTime(%q) = %v", s, v)
			}
			sec := math.Floor(v)
			back := time.Unix(int64(sec), int64(math.Round((v-sec)*1e9))).UTC().Format(time.RFC3339Nano)
			w, err := ParseTime(back)
			if err != nil || math.Abs(w-v) > 1e-6 {
				t.Fatalf("ParseTime(%q) = %v, but ParseTime(%q) = %v, %v", s, v, back, w, err)
			}
		}
		if tm, err := time.Parse(time.RFC3339Nano, s); err == nil {
			want := float64(tm.Unix()) + float64(tm.Nanosecond())/1e9
			if got, err := ParseTime(s); valid(want) && (err != nil || got != want) {
				t.Fatalf("time.Parse(%q) = %v, ParseTime %v, %v", s, want, got, err)
			}
		}
		if v, err := ParseLastModified(s); err == nil && !valid(v) {
			t.Fatalf("ParseLastModified(%q) = %v", s, v)
		}
		if v, err := ParseTimestamp(s); err == nil {
			sec := math.Floor(v)
			back := time.Unix(int64(sec), 0).UTC().Format("20060102150405")
			if len(s) == 17 {
				back += fmt.Sprintf("%03d", int(math.Round((v-sec)*1000)))
			}
			if back != s {
				t.Fatalf("ParseTimestamp(%q) = %v, written back %q", s, v, back)
			}
		}
	})
}
