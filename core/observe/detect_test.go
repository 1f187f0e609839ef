package observe

import (
	"strings"
	"testing"

	"github.com/freshplan/freshplan/core/internal/inputerr"
)

// allInputs is what freshplan reads, as an empty file or one that is not
// text is told.
const allInputs = "a pages table (url,host,changes_per_day), a change history (url,host,time), an observation CSV or fetch log (url,time,changed or digest), a CDX or CDXJ index, Wayback CDX JSON or a Heritrix crawl.log, any of them gzipped or not"

func TestDetect(t *testing.T) {
	tests := []struct {
		name, in, format, err string
	}{
		{name: "CSV", in: "url,time,changed\nhttps://a.com/,1,0\n", format: FormatCSV},
		{name: "CSV after a BOM and blank lines", in: "\ufeff\r\n\nURL,Time,Digest\n", format: FormatCSV},
		{name: "CSV without a header is still CSV", in: "https://a.com/,1,0\n", format: FormatCSV},
		{name: "a header alone", in: "url,time,digest", format: FormatCSV},
		{name: "CDX legend", in: " CDX N b a m s k r M S V g\ncom,a)/ 20240101000000 …", format: FormatCDX},
		{name: "CDX legend without the leading space", in: "CDX N b a m s k\n", format: FormatCDX},
		{name: "CDX, 11 fields", in: "com,a)/ 20240101000000 https://a.com/ text/html 200 AAAA - - 10 0 f.warc.gz\n", format: FormatCDX},
		{name: "CDX, 7 fields of the Wayback text output", in: "com,a)/ 20240101000000 https://a.com/ text/html 200 AAAA 10\n", format: FormatCDX},
		{name: "CDX after a comment", in: "# index of crawl 7\ncom,a)/ 20240101000000 https://a.com/ text/html 200 AAAA 10\n", format: FormatCDX},
		{name: "CDXJ", in: `com,a)/ 20240101000000 {"url": "https://a.com/"}` + "\n", format: FormatCDXJ},
		{name: "CDXJ after a meta line", in: "!OpenWayback-CDXJ 1.0\n!meta {}\ncom,a)/ 20240101000000 {\"url\": \"x\"}\n", format: FormatCDXJ},
		{name: "CDXJ meta lines only", in: "!OpenWayback-CDXJ 1.0", format: FormatCDXJ},
		{name: "Wayback JSON", in: "[[\"urlkey\",\"timestamp\"]]", format: FormatWaybackJSON},
		{name: "Wayback JSON after space", in: "\n  [\n", format: FormatWaybackJSON},
		{name: "empty", in: "", err: "the file is empty; want " + allInputs},
		{name: "blank", in: "\ufeff \r\n\t\n", err: "the file is empty; want " + allInputs},
		{name: "gzip", in: "\x1f\x8b\x08\x00\x00\x00", err: "this is a gzip file; decompress it first (e.g. with gunzip)"},
		{name: "zip", in: "PK\x03\x04\x14\x00", err: "this is a ZIP archive (an Excel workbook?); extract the file, or export the sheet as CSV, first"},
		{name: "bzip2", in: "BZh91AY&SY", err: "this is a bzip2 file; decompress it first (e.g. with bunzip2)"},
		{name: "xz", in: "\xfd7zXZ\x00\x00", err: "this is an xz file; decompress it first (e.g. with unxz)"},
		{name: "zstd", in: "\x28\xb5\x2f\xfd\x00", err: "this is a zstd file; decompress it first (e.g. with unzstd)"},
		{name: "UTF-16", in: "\xff\xfeu\x00r\x00l\x00", err: "this is UTF-16 text; save it as UTF-8"},
		{name: "NUL in the first line", in: "\n\nu\x00r\x00l\x00", err: "this is not a text file (starting 0a 0a 75 00 72 00 6c 00); want " + allInputs},
		{name: "an executable", in: "\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x03\x00>\x00", err: "this is not a text file (starting 7f 45 4c 46 02 01 01 00 …); want " + allInputs},
		{name: "control characters, no NUL", in: "\x01\x02abc\n", err: "this is not a text file (starting 01 02 61 62 63 0a); want " + allInputs},
		{name: "a control character in bytes not UTF-8", in: "url,time,changed\n\xe9t\xe9\x05,1,0\n" + strings.Repeat("https://a.com/,1,0\n", 10), err: "this is not a text file (starting 75 72 6c 2c 74 69 6d 65 …); want " + allInputs},
		{name: "Latin-1 text is text", in: "url,time,changed\nhttps://a.com/caf\xe9,1,0\n", format: FormatCSV},
		{name: "Ctrl-Z and colours are text", in: "url,time,changed\n\x1b[1mhttps://a.com/,1,0\n\x1a", format: FormatCSV},
		{name: "HTML", in: "  <!doctype html><html>", err: "this is HTML or XML (a web page saved instead of the file?); want " + msgFiles},
		{name: "JSON object", in: `{"url": "x"}`, err: "this is a JSON object; want Wayback CDX JSON (an array of arrays, the first naming the fields), an observation CSV, or a CDX or CDXJ index"},
		{name: "a header that starts like BZh is text", in: "BZh,url,time\n", format: FormatCSV},
	}
	if allInputs != inputerr.Inputs {
		t.Errorf("inputerr.Inputs = %s", inputerr.Inputs)
	}
	for _, tc := range tests {
		got, err := Detect([]byte(tc.in))
		switch {
		case tc.err != "" && (err == nil || err.Error() != tc.err):
			t.Errorf("%s: got %q, %v; want the error %s", tc.name, got, err, tc.err)
		case tc.err == "" && (err != nil || got != tc.format):
			t.Errorf("%s: got %q, %v; want %s", tc.name, got, err, tc.format)
		}
	}
}
