package observe

import "testing"

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
		{name: "empty", in: "", err: "the file is empty; want " + msgFiles},
		{name: "blank", in: "\ufeff \r\n\t\n", err: "the file is empty; want " + msgFiles},
		{name: "gzip", in: "\x1f\x8b\x08\x00\x00\x00", err: "this is a gzip file; decompress it first (e.g. with gunzip)"},
		{name: "zip", in: "PK\x03\x04\x14\x00", err: "this is a ZIP archive (an Excel workbook?); extract the file, or export the sheet as CSV, first"},
		{name: "bzip2", in: "BZh91AY&SY", err: "this is a bzip2 file; decompress it first (e.g. with bunzip2)"},
		{name: "xz", in: "\xfd7zXZ\x00\x00", err: "this is an xz file; decompress it first (e.g. with unxz)"},
		{name: "zstd", in: "\x28\xb5\x2f\xfd\x00", err: "this is a zstd file; decompress it first (e.g. with unzstd)"},
		{name: "UTF-16", in: "\xff\xfeu\x00r\x00l\x00", err: "this is UTF-16 text; save it as UTF-8"},
		{name: "NUL in the first line", in: "\n\nu\x00r\x00l\x00", err: "line 3: a NUL byte in the first line; is this a binary file rather than text? want " + msgFiles},
		{name: "HTML", in: "  <!doctype html><html>", err: "this is HTML or XML (a web page saved instead of the file?); want " + msgFiles},
		{name: "JSON object", in: `{"url": "x"}`, err: "this is a JSON object; want Wayback CDX JSON (an array of arrays, the first naming the fields), an observation CSV, or a CDX or CDXJ index"},
		{name: "a header that starts like BZh is text", in: "BZh,url,time\n", format: FormatCSV},
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
