package observe

import (
	"bufio"
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
)

// TestBadFiles reads the catalogue of messy files in testdata/bad: the
// ones that must be refused fail with exactly the message given; the
// others are read (BOM, CRLF, one observation per URL, times in the
// future).
func TestBadFiles(t *testing.T) {
	const files = "an observation CSV or fetch log (url,time,changed or digest), a CDX or CDXJ index, Wayback CDX JSON or a Heritrix crawl.log"
	const every = "a pages table (url,host,changes_per_day), a change history (url,host,time), " + files + ", any of them gzipped or not"
	const columns = "want url, time and one of changed, digest, hash or etag (case-insensitive), e.g. url,time,changed"
	const wayback = `want Wayback CDX JSON: [["urlkey","timestamp","original","mimetype","statuscode","digest","length"],["com,example)/","20240102150405",…],…]`
	tests := []struct {
		file, err string
		histories int // when err is ""
		single    int
	}{
		{file: "semicolons.csv", err: `semicolons.csv:1: the header is one column "url;time;changed"; is the file separated by semicolons? want commas, as in url,time,changed`},
		{file: "no-header.csv", err: `no-header.csv:1: no header: the first line "https://example.com/a,1709272800,0" looks like data; want a header line naming the columns first, e.g. url,time,changed`},
		{file: "unknown-columns.csv", err: `unknown-columns.csv:1: no url column in the header "page,when,status"; ` + columns},
		{file: "bom.csv", histories: 1},
		{file: "crlf.csv", histories: 1},
		{file: "nul.csv", err: `nul.csv:3:1 (url): a NUL byte; is this a binary file rather than text?`},
		{file: "invalid-utf8.csv", err: `invalid-utf8.csv:3:1 (url): the URL is not UTF-8 text; save the file as UTF-8`},
		{file: "html.csv", err: `html.csv: this is HTML or XML (a web page saved instead of the file?); want ` + files},
		{file: "gzip.csv.gz", err: `gzip.csv.gz: this is a gzip file; decompress it first (e.g. with gunzip)`},
		{file: "empty.csv", err: `empty.csv: the file is empty; want ` + every},
		{file: "header-only.csv", err: `header-only.csv: no observations after the header; want one row per fetch`},
		{file: "single.csv", histories: 3, single: 3},
		{file: "future.csv", histories: 1},
		{file: "pages-table.csv", err: `pages-table.csv:1: this is a pages table (it has a changes_per_day column), not an observation log; ` + columns},
		{file: "change-history.csv", err: `change-history.csv:1: no change signal in the header "url,host,time"; want a changed (0/1) or a digest, hash or etag column (a file of url,host,time alone is a complete change history, not an observation log)`},
		{file: "no-signal.csv", err: `no-signal.csv:1: no change signal in the header "url,time"; want a changed (0/1) or a digest, hash or etag column (a file of url,host,time alone is a complete change history, not an observation log)`},
		{file: "no-zone.csv", err: `no-zone.csv:2:2 (time): "2024-03-01T06:00:00" has no time zone; want one, e.g. 2024-01-02T15:04:05Z for UTC or 2024-01-02T16:04:05+01:00`},
		{file: "bad-flag.csv", err: `bad-flag.csv:2:3 (changed): "maybe" is not a change flag; want 0/1, true/false or yes/no`},
		{file: "short-row.csv", err: `short-row.csv:2: the row has 2 fields and the header 3; want one value per column (empty for none)`},
		{file: "bare-quote.csv", err: `bare-quote.csv:2:1 (url): a " inside a field that does not start with one; quote the whole field and double the quotes inside it, as in "say ""hi"""`},
		{file: "unclosed-quote.csv", err: `unclosed-quote.csv:2:1 (url): a quoted field opened here is not closed before the end of the file; want a closing "`},
		{file: "json-object.json", err: `json-object.json: this is a JSON object; want Wayback CDX JSON (an array of arrays, the first naming the fields), an observation CSV, or a CDX or CDXJ index`},
		{file: "cdx-no-digest.cdx", err: `cdx-no-digest.cdx:1: the legend has no k (digest), so changes cannot be told; want at least b, a or N, and k`},
		{file: "cdx-bad-timestamp.cdx", err: `cdx-bad-timestamp.cdx:2:2 (timestamp): "2024010100000" is not a timestamp; want 14 digits YYYYMMDDhhmmss, e.g. 20240102150405`},
		{file: "cdx-six-fields.cdx", err: `cdx-six-fields.cdx:1: the line has 6 fields; want 11 fields (urlkey timestamp original mimetype statuscode digest redirect metatags length offset filename), 7 (urlkey timestamp original mimetype statuscode digest length), or a legend line such as " CDX N b a m s k r M S V g" first`},
		{file: "cdx-all-non-ok.cdx", err: `cdx-all-non-ok.cdx: no usable observations in 2 rows: 2 captures that are not HTTP 200 content skipped`},
		{file: "cdxj-bad-json.cdxj", err: `cdxj-bad-json.cdxj:2:3 (json): invalid JSON (unexpected end of JSON input); want urlkey timestamp {"url": …, "mime": …, "status": …, "digest": …}`},
		{file: "wayback-short-row.json", err: `wayback-short-row.json:3: the row has 6 fields and the first row 7; want one value per field`},
		{file: "wayback-no-digest.json", err: `wayback-no-digest.json:1: the first row "urlkey,timestamp,original" has no digest field, so changes cannot be told; ` + wayback},
		{file: "wayback-truncated.json", err: `wayback-truncated.json:3: the JSON ends early; ` + wayback},
	}
	listed := map[string]bool{}
	for _, tc := range tests {
		listed[tc.file] = true
		l, err := readFile(t, filepath.Join("testdata", "bad", tc.file), Options{})
		switch {
		case tc.err != "" && err == nil:
			t.Errorf("%s: read %d histories, want the error\n%s", tc.file, len(l.Histories), tc.err)
		case tc.err != "" && err.Error() != tc.err:
			t.Errorf("%s:\n got %s\nwant %s", tc.file, err, tc.err)
		case tc.err == "" && err != nil:
			t.Errorf("%s: %v", tc.file, err)
		case tc.err == "" && (len(l.Histories) != tc.histories || l.Single != tc.single):
			t.Errorf("%s: %d histories, %d single; want %d, %d", tc.file, len(l.Histories), l.Single, tc.histories, tc.single)
		case err != nil:
			if msg := checkError(err, tc.file); msg != "" {
				t.Errorf("%s: %s", tc.file, msg)
			}
		default:
			if msg := checkLog(l, tc.file); msg != "" {
				t.Errorf("%s: %s", tc.file, msg)
			}
		}
	}
	all, _ := filepath.Glob(filepath.Join("testdata", "bad", "*"))
	for _, p := range all {
		if !listed[filepath.Base(p)] {
			t.Errorf("%s is in the catalogue but not in the test", p)
		}
	}
}

// TestFutureTimes checks that times after now are read as given.
func TestFutureTimes(t *testing.T) {
	l, err := readFile(t, "testdata/bad/future.csv", Options{})
	if err != nil {
		t.Fatal(err)
	}
	want := []Fetch{f(at("2024-03-01T06:00:00Z"), false, nan), f(at("2099-01-01T00:00:00Z"), true, nan), f(at("2100-01-01T00:00:00Z"), true, nan)}
	if d := sameHistories(l.Histories, []History{{URL: "https://example.com/a", Host: "example.com", Weight: 1, Fetches: want}}); d != "" {
		t.Error(d)
	}
}

// writeRows writes a CSV of n rows after a header into a temporary file,
// row k (1-based: line k+1) given by row.
func writeRows(t *testing.T, name string, n int, row func(k int) string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	fh, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	w := bufio.NewWriter(fh)
	w.WriteString("url,time,changed\n")
	for k := 1; k <= n; k++ {
		w.WriteString(row(k))
		w.WriteByte('\n')
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if err := fh.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestGeneratedBadFiles checks files too big to commit: a bad time in
// row 5000 and a 10 MB line, stopping and skipping.
func TestGeneratedBadFiles(t *testing.T) {
	good := func(k int) string { return fmt.Sprintf("https://example.com/%d,%d,%d", k%100, 1700000000+k, k%2) }
	time5000 := writeRows(t, "bad.csv", 5000, func(k int) string {
		if k == 4999 { // line 5000
			return "https://example.com/x,yesterday,1"
		}
		return good(k)
	})
	long := writeRows(t, "long.csv", 10, func(k int) string {
		if k == 2 { // line 3
			return "https://example.com/" + strings.Repeat("a", 10<<20) + ",1700000000,0"
		}
		return good(k)
	})
	msgLong := "long.csv:3: a line longer than 1048576 bytes (1 MiB); is this really an observation CSV or fetch log (url,time,changed or digest), a CDX or CDXJ index, Wayback CDX JSON or a Heritrix crawl.log?"
	tests := []struct {
		path, err     string
		skip          bool
		rows, skipped int64
		first         string // the first bad row listed
	}{
		{path: time5000, err: `bad.csv:5000:2 (time): "yesterday" is not a time; want RFC 3339 (2024-01-02T15:04:05Z), a date (2024-01-02), Unix seconds or Unix milliseconds`},
		{path: time5000, skip: true, rows: 5000, skipped: 1, first: `bad.csv:5000:2 (time): "yesterday" is not a time; want RFC 3339 (2024-01-02T15:04:05Z), a date (2024-01-02), Unix seconds or Unix milliseconds`},
		{path: long, err: msgLong},
		{path: long, skip: true, rows: 10, skipped: 1, first: msgLong},
	}
	for _, tc := range tests {
		l, err := readFile(t, tc.path, Options{SkipBad: tc.skip})
		name := filepath.Base(tc.path)
		switch {
		case tc.err != "":
			if err == nil || err.Error() != tc.err {
				t.Errorf("%s: got %v\nwant %s", name, err, tc.err)
			}
		case err != nil:
			t.Errorf("%s skipping: %v", name, err)
		case l.Rows != tc.rows || int64(l.Skipped) != tc.skipped || len(l.BadRows) != 1 || l.BadRows[0].Error() != tc.first:
			t.Errorf("%s skipping: %d rows, %d skipped, bad rows %v; want %d, %d, %s", name, l.Rows, l.Skipped, l.BadRows, tc.rows, tc.skipped, tc.first)
		default:
			if msg := checkLog(l, name); msg != "" {
				t.Errorf("%s: %s", name, msg)
			}
		}
	}
}

// TestSkipBadLists checks that skipping counts every bad row and lists
// the first MaxBadRows with their lines.
func TestSkipBadLists(t *testing.T) {
	var b strings.Builder
	b.WriteString("url,time,changed\n")
	for k := 0; k < 50; k++ {
		fmt.Fprintf(&b, "https://a.com/%d,%d,%d\n", k, 1700000000+k, k%2)
		fmt.Fprintf(&b, "https://a.com/%d,soon,%d\n", k, k%2)
	}
	l, err := Read(context.Background(), strings.NewReader(b.String()), Options{Name: "s.csv", SkipBad: true})
	if err != nil {
		t.Fatal(err)
	}
	if l.Skipped != 50 || len(l.BadRows) != MaxBadRows || len(l.Histories) != 50 {
		t.Fatalf("%d skipped, %d listed, %d histories; want 50, %d, 50", l.Skipped, len(l.BadRows), len(l.Histories), MaxBadRows)
	}
	for i, e := range l.BadRows {
		want := fmt.Sprintf(`s.csv:%d:2 (time): "soon" is not a time; want RFC 3339 (2024-01-02T15:04:05Z), a date (2024-01-02), Unix seconds or Unix milliseconds`, 3+2*i)
		if e.Error() != want {
			t.Errorf("bad row %d: %s, want %s", i, e, want)
		}
	}
	if msg := checkLog(l, "s.csv"); msg != "" {
		t.Error(msg)
	}
	// When every row is bad, there is nothing to return.
	_, err = Read(context.Background(), strings.NewReader("url,time,changed\nhttps://a.com/,soon,0\n"), Options{Name: "s.csv", SkipBad: true})
	want := `s.csv: no usable observations in 1 row: 1 bad row skipped (the first: s.csv:2:2 (time): "soon" is not a time; want RFC 3339 (2024-01-02T15:04:05Z), a date (2024-01-02), Unix seconds or Unix milliseconds)`
	if err == nil || err.Error() != want {
		t.Errorf("all bad: %v\nwant %s", err, want)
	}
}

// TestSkipBadResyncs: a quote left open at line 12 of a 1,001-line log
// is one bad row: with SkipBad the lines it took with it are read again,
// and every good row is kept (issue 22: 990 were lost, the quote
// swallowing them to the end of the file). A quoted field that closes
// far below, with text after its quote, is the same.
func TestSkipBadResyncs(t *testing.T) {
	for _, c := range []struct {
		name, bad, want string
	}{
		{"open.csv", `"https://a.example/x,1704067200,d`, `open.csv:12:1 (url): a quoted field opened here is not closed before the end of the file; want a closing "`},
		{"closed-far.csv", `"https://a.example/x,1704067200,d`, `closed-far.csv:12:1 (url): text after the closing quote of a quoted field; want a comma or the end of the line after it, quotes inside the field doubled ("")`},
	} {
		var b strings.Builder
		b.WriteString("url,time,digest\n")
		for k := 2; k <= 1001; k++ {
			switch {
			case k == 12:
				b.WriteString(c.bad + "\n")
			case k == 900 && c.name == "closed-far.csv":
				b.WriteString("https://b.example/y,1704067200,\"d\"x\n")
			default:
				fmt.Fprintf(&b, "https://a.example/%d,%d,d%d\n", k%50, 1704067200+k*3600, k%3)
			}
		}
		l, err := Read(context.Background(), strings.NewReader(b.String()), Options{Name: c.name, SkipBad: true})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		good := 999
		if c.name == "closed-far.csv" {
			good = 998
		}
		fetches := 0
		for _, h := range l.Histories {
			fetches += len(h.Fetches)
		}
		if l.Skipped != 1001-1-good || fetches != good || l.BadRows[0].Error() != c.want {
			t.Errorf("%s: %d skipped, %d fetches kept, first bad row %v; want %d, %d, %s", c.name, l.Skipped, fetches, l.BadRows[0], 1000-good, good, c.want)
		}
		if _, err := Read(context.Background(), strings.NewReader(b.String()), Options{Name: c.name}); err == nil || err.Error() != c.want {
			t.Errorf("%s without SkipBad: %v; want %s", c.name, err, c.want)
		}
	}
}

// TestDuplicatesDropAsTheyStream: a log of one row repeated a million
// times holds one row, not a million: each repeat is counted and dropped
// as it is read (issue 22: 20M copies took 2.35 GB), and what is read is
// what it was (one fetch, the rest duplicates). A change history's
// repeated change likewise.
func TestDuplicatesDropAsTheyStream(t *testing.T) {
	const n = 1_000_000
	for _, c := range []struct{ header, row string }{
		{"url,time,digest\n", "https://example.com/a,2024-01-01T00:00:00Z,d1\n"},
		{"url,time,changed,last_modified\n", "https://example.com/a,1704067200,1,1704060000\n"},
		{"url,host,time\n", "https://example.com/a,example.com,2024-01-01\n"},
	} {
		in := c.header + strings.Repeat(c.row, n)
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		var dup, fetches int
		var err error
		var kept any // what reading returned, alive while its memory is measured
		if strings.HasSuffix(c.header, "host,time\n") {
			var ch []Changes
			var l *Log
			ch, l, err = ReadChangesWith(context.Background(), strings.NewReader(in), Options{Name: "r.csv"})
			if err == nil {
				dup, fetches, kept = l.Duplicates, len(ch[0].Times), ch
			}
		} else {
			var l *Log
			l, err = Read(context.Background(), strings.NewReader(in), Options{Name: "r.csv"})
			if err == nil {
				dup, fetches, kept = l.Duplicates, len(l.Histories[0].Fetches), l
			}
		}
		runtime.GC()
		runtime.ReadMemStats(&after)
		runtime.KeepAlive(kept)
		runtime.KeepAlive(in) // else its collection hides what reading holds
		if err != nil || dup != n-1 || fetches != 1 {
			t.Errorf("%s: %d duplicates, %d fetches, %v; want %d, 1", c.header, dup, fetches, err, n-1)
		}
		// What reading holds (live heap after a collection), not the
		// garbage it made on the way.
		if got := int64(after.HeapAlloc) - int64(before.HeapAlloc); got > 1<<20 {
			t.Errorf("%s: %d copies of a row held %d bytes; want at most 1 MiB", c.header, n, got)
		}
	}
}

// TestRepeatedLinesCountAsParsed: a line repeating the line before is
// counted without being parsed again (issue 22's 10 GiB of one row); what
// reading makes of a log must not change for it. Each line here is
// repeated, then read again with every repeat spelled differently (a
// space after its URL), which is parsed in full: the logs must be equal.
func TestRepeatedLinesCountAsParsed(t *testing.T) {
	lines := []string{
		"HTTPS://Example.com/a,1704067200,d1,200", // respelled
		"https://example.com/b,1704067200,d1,304", // not modified
		"https://example.com/c,1704067200,d1,404", // set aside
		"https://example.com/d,1704067200,,200",   // an empty digest: a bad row
		"https://example.com/a,1704070800,d2,200", // a change
		"https://example.com/a,1704074400,d2,200", // none
		"https://example.com/e,1704067200,d1,200", // once
		"https://example.com/e,1704067200,d2,200", // merged
		"https://example.com/e,1704067200,d1,200", // a duplicate, not of the line before
		"https://example.com/f,1704067200,,200",   // status first: bad again
		"https://example.com/b,1704074400,d9,304", // not modified
	}
	for _, header := range []string{"url,time,digest,status\n", "url,time,changed,status\n"} {
		var plain, spelled strings.Builder
		plain.WriteString(header)
		spelled.WriteString(header)
		for _, l := range lines {
			if strings.HasPrefix(header, "url,time,changed") {
				l = strings.NewReplacer(",d1,", ",0,", ",d2,", ",1,", ",d9,", ",1,").Replace(l)
			}
			for k := range 3 {
				plain.WriteString(l + "\n")
				if k == 0 {
					spelled.WriteString(l + "\n")
				} else {
					u, rest, _ := strings.Cut(l, ",")
					spelled.WriteString(u + " ," + rest + "\n")
				}
			}
		}
		read := func(in string) *Log {
			l, err := Read(context.Background(), strings.NewReader(in), Options{Name: "r.csv", SkipBad: true})
			if err != nil {
				t.Fatal(err)
			}
			l.Bytes = 0
			for _, e := range l.BadRows {
				e.Msg = "" // the spelled lines quote their own text
			}
			return l
		}
		got, want := read(plain.String()), read(spelled.String())
		if fmt.Sprintf("%+v", got) != fmt.Sprintf("%+v", want) { // %v: NaN equals NaN
			t.Errorf("%s repeated lines: %+v\nparsed in full: %+v", header, got, want)
		}
		if got.Duplicates == 0 || got.NotModified == 0 || got.Respelled == 0 || got.NonOK == 0 {
			t.Errorf("%s: the log exercises too little: %+v", header, got)
		}
	}
}

// TestCompactIsExact: dropping rows a later row repeats, as compact does
// whenever the rows held double, changes nothing a log reads as: random
// logs whose duplicates come in any order, with flags, digests,
// Last-Modified times, 304s and empty flags, read alike with compact
// running every 16 rows and never.
func TestCompactIsExact(t *testing.T) {
	saved := compactMin
	defer func() { compactMin = saved }()
	rnd := rand.New(rand.NewPCG(1, 2))
	for trial := range 202 {
		rows, every := 20+rnd.IntN(300), 16
		if trial >= 200 {
			// Across blocks (65,536 rows each), the first without the
			// digest and Last-Modified columns, which later ones have.
			rows, every = 150_000, 100_000
		}
		header := []string{"url,time,digest,last_modified,status\n", "url,time,changed,last_modified,status\n"}[trial%2]
		var b strings.Builder
		b.WriteString(header)
		for k := range rows {
			early := trial >= 200 && k < 70_000
			sig := fmt.Sprint(rnd.IntN(3))
			if trial%2 == 0 && !early {
				sig = "d" + sig
			} else if rnd.IntN(8) == 0 {
				sig = ""
			}
			if trial%2 == 0 && early {
				sig = "d0"
			}
			lm := ""
			if rnd.IntN(3) == 0 && !early {
				lm = fmt.Sprint(1704000000 + rnd.IntN(2)*1000)
			}
			status := []string{"200", "200", "200", "304"}[rnd.IntN(4)]
			fmt.Fprintf(&b, "https://a.example/%d,%d,%s,%s,%s\n", rnd.IntN(4), 1704067200+3600*rnd.IntN(5), sig, lm, status)
		}
		read := func(min int) string {
			compactMin = min
			l, err := Read(context.Background(), strings.NewReader(b.String()), Options{Name: "r.csv", SkipBad: true})
			if err != nil {
				return err.Error()
			}
			return fmt.Sprintf("%+v", l)
		}
		if got, want := read(every), read(1<<30); got != want {
			t.Fatalf("trial %d, %s compacted: %s\nnot: %s\nlog:\n%s", trial, header, got, want, b.String())
		}
	}
}

// TestCompactBounds: rows repeating an earlier row of their URL, not its
// last (two fetches of a page cycling), are held no more than twice over
// however many there are (issue 22: memory for distinct fetches).
func TestCompactBounds(t *testing.T) {
	saved := compactMin
	defer func() { compactMin = saved }()
	compactMin = 1 << 10
	c := newCollector(&Log{}, false)
	u := c.addURL("https://a.example/", "https://a.example/", "a.example")
	most := 0
	for k := range 100_000 {
		c.add(obs{at: float64(k % 2), lm: math.NaN(), kind: sigDigest, sig: uint64(k % 2), url: u})
		most = max(most, c.nobs)
	}
	if most > compactMin || c.log.Duplicates+c.nobs != 100_000 {
		t.Errorf("held up to %d rows (want at most %d), %d duplicates counted and %d held of 100,000", most, compactMin, c.log.Duplicates, c.nobs)
	}
}
