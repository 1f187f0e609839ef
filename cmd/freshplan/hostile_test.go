//go:build !wasm

package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"
)

// hostileCase is a command line given hostile input, and the exit code
// and the exact message (stderr, whole) it must end with (issue 22).
type hostileCase struct {
	args []string
	code int
	want string
}

// checkHostile runs each case: it must not panic (cli fails the test
// then), and must say exactly what is wrong.
func checkHostile(t *testing.T, cases []hostileCase) {
	t.Helper()
	for _, c := range cases {
		r := cli(t, c.args...)
		if r.code != c.code || r.stderr != c.want {
			t.Errorf("%q:\nexit %d, stderr %q\nwant exit %d, %q", c.args, r.code, r.stderr, c.code, c.want)
		}
	}
}

// TestBacktestParamsHostile: a backtest's parameters are checked like
// plan's, before the input is read: a horizon that cuts the test period
// into more horizons than MaxHorizons once panicked (1ns), ran out of
// memory (1ms) or ran on for minutes (10m); a split after the history's
// last change printed every staleness 0.
func TestBacktestParamsHostile(t *testing.T) {
	hist := writeFile(t, t.TempDir(), "hist.csv", changeHistory())
	bt := func(args ...string) []string {
		return append(append([]string{"backtest", "--split", "2024-01-10", "--budget", "10", "--politeness", "0s"}, args...), hist)
	}
	checkHostile(t, []hostileCase{
		{bt("--horizon", "1ns"), exitBadInput, "freshplan: --horizon 1ns: the test period (2024-01-10 to 2025-01-10) holds 3.162e+16 horizons; want at most 10000 (a longer --horizon or an earlier --until)\n"},
		{bt("--horizon", "1ms"), exitBadInput, "freshplan: --horizon 1ms: the test period (2024-01-10 to 2025-01-10) holds 3.162e+10 horizons; want at most 10000 (a longer --horizon or an earlier --until)\n"},
		{bt("--horizon", "10m"), exitBadInput, "freshplan: --horizon 10m0s: the test period (2024-01-10 to 2025-01-10) holds 5.27e+04 horizons; want at most 10000 (a longer --horizon or an earlier --until)\n"},
		{bt("--horizon", "168h", "--crawl-interval", "1ns"), exitBadInput, "freshplan: --crawl-interval 1ns: the training crawl (2023-01-10 to 2024-01-10) makes 3.154e+16 rounds; want at most 100000 (a longer --crawl-interval or a later --train-start)\n"},
		{bt("--horizon", "168h", "--until", "9999-01-01"), exitBadInput, "freshplan: --horizon 168h0m0s: the test period (2024-01-10 to 9999-01-01) holds 4.161e+05 horizons; want at most 10000 (a longer --horizon or an earlier --until)\n"},
		{[]string{"backtest", "--split", "9999-12-31", hist}, exitBadInput, "freshplan: " + hist + ": --split 9999-12-31: the history's last change is at 2024-12-30T02:00:00Z: the test period has nothing to replay; want a split before it\n"},
		{[]string{"backtest", "--split", "2024-01-10", "--horizon", "1h", "--budget", "4000", hist}, exitBadInput, "freshplan: " + hist + ": --budget 4000: 4000 visits per horizon over the test period (2024-01-10 to 2025-01-10) make 3.514e+07 visits to replay; want at most 33554432 (a smaller --budget or an earlier --until)\n"},
	})
	if r := cli(t, bt("--horizon", "168h")...); r.code != exitOK || !strings.HasPrefix(r.stdout, "policy,") {
		t.Errorf("a sound backtest: exit %d, %q", r.code, r.stderr)
	}
}

// TestReadHostile: the inputs of issue 22's groups 1, 4 and 5, each with
// the exact message: a gzip file cut short or whose trailer lies (it once
// reserved rows for the 4 GiB it claimed), a row of more fields than the
// header (once planned without a word), a negative half-life (ignored), a
// crawl delay of 1e308 (it suggested a horizon of -2562047h47m16s), a log
// with CR-only line ends (told "header but no changes"), a rate or weight
// of 1e308 (told without a line or column), and a weight of 1e-320, valid,
// which failed Cho's policy.
func TestReadHostile(t *testing.T) {
	dir := t.TempDir()
	var table strings.Builder
	table.WriteString("url,host,changes_per_day,weight,crawl_delay\n")
	for i := range 600 {
		fmt.Fprintf(&table, "https://h%d.example/p%d,h%d.example,1,1,0\n", i%7, i, i%7)
	}
	whole := gzipBytes(t, table.String())
	liar := append([]byte(nil), whole...)
	copy(liar[len(liar)-4:], "\xff\xff\xff\xff") // ISIZE: 4 GiB − 1
	cut := writeFile(t, dir, "cut.csv.gz", string(whole[:len(whole)/2]))
	lying := writeFile(t, dir, "liar.csv.gz", string(liar))
	file := func(name, content string) string { return writeFile(t, dir, name, content) }
	extra := file("extra.csv", "url,host,changes_per_day\nhttps://a/x,a,1,extra,fields\n")
	delay := file("delay.csv", "url,changes_per_day,crawl_delay\nhttps://a/x,1,1e308\n")
	cr := file("cr.csv", "url,time,changed\rhttps://a/x,2024-01-01T00:00:00Z,0\rhttps://a/x,2024-01-05T00:00:00Z,1\r")
	crHistory := file("crh.csv", "url,host,time\rhttps://a/x,a,2024-01-01\r")
	rate := file("rate.csv", "url,changes_per_day\nhttps://a/x,1e308\n")
	weight := file("weight.csv", "url,changes_per_day,weight\nhttps://a/x,1,1e308\n")
	logWeight := file("logweight.csv", "url,time,changed,weight\nhttps://a/x,2024-01-01,0,1e308\n")
	tiny := file("tiny.csv", "url,changes_per_day,weight\nhttps://a/x,1,1e-320\nhttps://a/y,1,1\n")
	const crMsg = `the lines end with a carriage return alone (CR, as classic Mac OS wrote them), so the file reads as one line; want LF or CRLF line ends (convert it, e.g. tr '\r' '\n' < in.csv > out.csv)`
	checkHostile(t, []hostileCase{
		{[]string{"plan", "--budget", "1000", cut}, exitBadInput, "freshplan: " + cut + ": the gzip file is damaged or cut short (unexpected EOF); compress it again, or decompress it to see where\n"},
		{[]string{"plan", "--budget", "1000", lying}, exitBadInput, "freshplan: " + lying + ": the gzip file is damaged or cut short (gzip: invalid checksum); compress it again, or decompress it to see where\n"},
		{[]string{"plan", "--budget", "10", extra}, exitBadInput, "freshplan: " + extra + ":2:4: the row has 5 fields and the header 3; want at most one value per column (quote a value with a comma in it)\n"},
		{[]string{"plan", "--budget", "10", "--half-life", "-1h", extra}, exitBadInput, "freshplan: --half-life -1h0m0s: want 0 (every interval weighs alike) or a positive duration such as 720h\n"},
		{[]string{"estimate", "--half-life", "-1h", extra}, exitBadInput, "freshplan: --half-life -1h0m0s: want 0 (every interval weighs alike) or a positive duration such as 720h\n"},
		{[]string{"plan", "--budget", "10", "--json", "/dev/null", delay}, exitOK, "freshplan: " + delay + ": host a asks for a crawl delay of 1e+308 s, longer than the horizon (24h): politeness allows it no visit, so its page is never visited by the polite policies (no horizon is that long: the longest is 2562047h47m16.854775807s)\n"},
		{[]string{"estimate", cr}, exitBadInput, "freshplan: " + cr + ":1: " + crMsg + "\n"},
		{[]string{"estimate", crHistory}, exitBadInput, "freshplan: " + crHistory + ":1: " + crMsg + "\n"},
		{[]string{"plan", "--budget", "10", rate}, exitBadInput, "freshplan: " + rate + `:2:2 (changes_per_day): "1e308" is more than 1e+08; want at most 1e+08` + "\n"},
		{[]string{"plan", "--budget", "10", weight}, exitBadInput, "freshplan: " + weight + `:2:3 (weight): "1e308" is more than 1e+15; want at most 1e+15` + "\n"},
		{[]string{"plan", "--budget", "10", logWeight}, exitBadInput, "freshplan: " + logWeight + `:2:4 (weight): "1e308" is more than 1e+15; want at most 1e+15` + "\n"},
		{[]string{"plan", "--budget", "10", "--policy", "cho", "--json", "/dev/null", tiny}, exitOK, ""},
	})
}

// TestSkipBadHostile: a quote left open at line 12 of a 1,001-line log
// skips that row alone; the 989 good rows after it are read (they were
// lost, the quote swallowing them).
func TestSkipBadHostile(t *testing.T) {
	var b strings.Builder
	b.WriteString("url,time,digest\n")
	for k := 2; k <= 1001; k++ {
		if k == 12 {
			b.WriteString(`"https://a.example/open,1704067200,d` + "\n")
			continue
		}
		fmt.Fprintf(&b, "https://a.example/%d,%d,d%d\n", k%50, 1704067200+k*3600, k%3)
	}
	path := writeFile(t, t.TempDir(), "quote.csv", b.String())
	r := cli(t, "estimate", "--skip-bad", path)
	want := "freshplan: " + path + `: skipped 1 bad row; the first: ` + path + `:12:1 (url): a quoted field opened here is not closed before the end of the file; want a closing "` + "\n"
	if r.code != exitOK || r.stderr != want || strings.Count(r.stdout, "\n") != 51 {
		t.Errorf("exit %d, %d lines, stderr %q; want exit 0, 50 URLs, %q", r.code, strings.Count(r.stdout, "\n")-1, r.stderr, want)
	}
}

// gzipBytes is content gzip-compressed.
func gzipBytes(t *testing.T, content string) []byte {
	t.Helper()
	var b bytes.Buffer
	w := gzip.NewWriter(&b)
	if _, err := io.WriteString(w, content); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestServeIgnoresHostHeader: the page names the server's address as its
// own (og:url), not what a request's Host header says (issue 22: it was
// reflected into the page).
func TestServeIgnoresHostHeader(t *testing.T) {
	h, err := newHandler(siteDir(t))
	if err != nil {
		t.Fatal(err)
	}
	req := httptest.NewRequest("GET", "/", nil)
	req.Host = `evil.example"><script>alert(1)</script>`
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	page := rec.Body.String()
	// go-app writes a meta tag's attributes in either order.
	ogURL := regexp.MustCompile(`<meta (property="og:url" content="http://127\.0\.0\.1:8000/"|content="http://127\.0\.0\.1:8000/" property="og:url")>`)
	if strings.Contains(page, "evil.example") || !ogURL.MatchString(page) {
		t.Errorf("the page reflects the Host header or lacks the server's og:url:\n%s", page[:min(len(page), 2000)])
	}
}

// TestUnboundedFiguresExplained: under the age objective a budget below
// one visit per page leaves changing pages unvisited, and six or more
// figures are +Inf: the JSON's null for each is explained under
// "unbounded", and stderr says so (issue 22: the nulls were silent).
func TestUnboundedFiguresExplained(t *testing.T) {
	for _, obj := range []string{"age", "harmonic"} {
		r := cli(t, "plan", "--budget", "1000", "--objective", obj, "--json", "-")
		var s struct {
			Staleness map[string]*float64 `json:"staleness"`
			Unbounded map[string]string   `json:"unbounded"`
		}
		if err := json.Unmarshal([]byte(r.stdout), &s); err != nil || r.code != exitOK {
			t.Fatalf("%s: exit %d, %v: %s", obj, r.code, err, r.stderr)
		}
		n := 0
		for name, v := range s.Staleness {
			if (v == nil) != (s.Unbounded[name] != "") {
				t.Errorf("%s: %s is %v, explained %q", obj, name, v, s.Unbounded[name])
			}
			if v == nil {
				n++
			}
		}
		what := map[string]string{"age": "age", "harmonic": "harmonic penalty"}[obj]
		want := fmt.Sprintf(`freshplan: warning: %d of the figures are unbounded (+Inf; null in the JSON, explained under "unbounded")`, n)
		if n < 6 || !strings.Contains(r.stderr, want) || s.Unbounded["psp"] != "it leaves a page that changes unvisited, so that page's "+what+" grows without bound over the repeated horizons (steady model)" {
			t.Errorf("%s: %d unbounded, psp's %q, stderr %q", obj, n, s.Unbounded["psp"], r.stderr)
		}
	}
}

// TestMaxDecompressed: a gzip input whose content runs past
// --max-decompressed stops with the limit and the flag named (exit 1),
// for every command that reads one; a bad size is a usage error.
func TestMaxDecompressed(t *testing.T) {
	dir := t.TempDir()
	rows := "url,time,digest\n" + strings.Repeat("https://example.com/a,2024-01-01T00:00:00Z,d1\n", 10_000)
	log := writeFile(t, dir, "r.csv.gz", string(gzipBytes(t, rows)))
	hist := writeFile(t, dir, "h.csv.gz", string(gzipBytes(t, changeHistory())))
	const msg = "could not read the file: the gzip file's content runs past 100 KiB, the limit on what one is decompressed to (a file this large, or a decompression bomb); --max-decompressed raises it\n"
	checkHostile(t, []hostileCase{
		{[]string{"estimate", "--max-decompressed", "100KiB", log}, exitBadInput, "freshplan: " + log + ":2226: " + msg},
		{[]string{"plan", "--budget", "10", "--max-decompressed", "100KiB", log}, exitBadInput, "freshplan: " + log + ":2226: " + msg},
		{[]string{"backtest", "--split", "2024-01-01", "--max-decompressed", "10KiB", hist}, exitBadInput, "freshplan: " + hist + ":238: " + strings.Replace(msg, "100 KiB", "10 KiB", 1)},
		{[]string{"estimate", "--max-decompressed", "lots", log}, exitUsage, `freshplan: invalid value "lots" for flag -max-decompressed: want a size such as 4GiB, 500MiB or 1000000 (bytes), at least 1 byte (run 'freshplan estimate -h' for the flags)` + "\n"},
	})
	if r := cli(t, "estimate", "--max-decompressed", "1MiB", log); r.code != exitOK {
		t.Errorf("under the limit: exit %d, %s", r.code, r.stderr)
	}
}

// TestMemoryLimitSaid: under an address-space limit (ulimit -v; here as
// guardMemory would have read it) a plan that needs more than is left,
// and a table whose pages would, stop with exit 1 and the limit named,
// before the allocation that would kill the process (issue 22).
func TestMemoryLimitSaid(t *testing.T) {
	saved, held := memory, liveHeap
	defer func() { memory, liveHeap = saved, held }()
	liveHeap = func() int64 { return 0 } // what the test process holds is not the input's
	memory.limit, memory.runtime, memory.budget = 1<<30, 766e6, 240e6
	const limit = "the address-space limit (ulimit -v 1048576 KiB) leaves 240 MB for data beside the 766 MB the Go runtime reserves"
	var table strings.Builder
	table.WriteString("url,changes_per_day\n")
	for i := range 40_000 {
		fmt.Fprintf(&table, "https://a.example/%d,1\n", i)
	}
	big := writeFile(t, t.TempDir(), "big.csv", table.String())
	checkHostile(t, []hostileCase{
		// Streamed, a plan holds no visit: 7M of them fit (issue 21; the
		// estimate of 40 bytes a visit before it refused this plan).
		{[]string{"plan", "--budget", "7000000", "--compare", "none"}, 0, "freshplan: no file given; planning the built-in sample (sample-pages.csv)\n"},
		// Held whole (--simulate), each visit of the programme is held: 12
		// bytes each, 4 MiB, and per page and host (planNeed), two fifths
		// more for the collector (withHeadroom).
		{[]string{"plan", "--budget", "20000000", "--simulate", "1", "--compare", "none"}, exitBadInput, "freshplan: no file given; planning the built-in sample (sample-pages.csv)\nfreshplan: planning 3000 pages at 20000000 visits per horizon needs about 342 MB, and " + limit + "; raise the limit, or ask for less\n"},
	})
	memory.budget = 4e6
	checkHostile(t, []hostileCase{
		// Refused where the reader makes room, at 512·4² rows read.
		{[]string{"plan", "--budget", "10", big}, exitBadInput, "freshplan: " + big + ":8193: the table's pages, 8192 read so far, would take more than the 3 MB of memory this run may use; give a smaller table, or more memory (the address-space limit (ulimit -v 1048576 KiB) leaves 4 MB for data beside the 766 MB the Go runtime reserves)\n"},
	})
}
