package observe

import (
	"bytes"

	"github.com/freshplan/freshplan/core/internal/inputerr"
)

// The formats Read recognises.
const (
	FormatCSV         = "csv"          // the observation CSV (SPEC §3.1)
	FormatCDX         = "cdx"          // classic space-separated CDX, with or without its legend line
	FormatCDXJ        = "cdxj"         // urlkey timestamp {json}
	FormatWaybackJSON = "wayback-json" // the Wayback CDX server's output=json: an array of arrays
	FormatCrawlLog    = "crawl-log"    // Heritrix's crawl.log: every URI the crawler tried
	FormatChanges     = "changes"      // a complete change history, url,host,time (ReadChangesWith)
)

var bom = []byte("\ufeff")

// Detect returns the format of a file from its first bytes (Read looks at
// the first 64 KiB), or an *Error without a file name saying what the
// file is instead. After a UTF-8 byte order mark and blank lines:
//   - compressed files are refused by their magic bytes (gzip, ZIP,
//     bzip2, xz, zstd), as are UTF-16 text (with a byte order mark or
//     without, inputerr.UTF16), an empty file (inputerr.MsgEmpty) and
//     any other file that is not text (inputerr.Binary: a NUL byte in the
//     first line, or control characters no text has), whose message gives
//     its first bytes in hexadecimal (inputerr.NotText, with
//     inputerr.ErrNotText behind it);
//   - '[' starts Wayback CDX JSON; '{' a JSON object and '<' HTML or XML,
//     both refused;
//   - lines starting with '!' (CDXJ meta lines) or '#' (CDX comments)
//     are skipped for what follows, and decide for CDXJ or CDX when
//     nothing else is in the prefix;
//   - "CDX " (a legend line, usually written " CDX N b a m s k r M S V g")
//     starts a CDX index;
//   - a first line of at least ten space-separated fields, an RFC 3339 time
//     and a status (a number, perhaps negative) first, is a Heritrix
//     crawl.log;
//   - a first line of at least three space-separated fields whose second
//     is 4 to 17 digits (a timestamp) is CDXJ when the third field starts
//     with '{', CDX otherwise (urlkeys have commas too, so commas decide
//     nothing);
//   - anything else is taken for the observation CSV, whose header the
//     CSV reader then checks.
func Detect(prefix []byte) (string, error) {
	p := bytes.TrimPrefix(prefix, bom)
	magic := []struct {
		prefix, what string
	}{
		{"\x1f\x8b", "this is a gzip file; decompress it first (e.g. with gunzip)"},
		{"PK\x03\x04", "this is a ZIP archive (an Excel workbook?); extract the file, or export the sheet as CSV, first"},
		{"\xfd7zXZ\x00", "this is an xz file; decompress it first (e.g. with unxz)"},
		{"\x28\xb5\x2f\xfd", "this is a zstd file; decompress it first (e.g. with unzstd)"},
	}
	for _, m := range magic {
		if bytes.HasPrefix(p, []byte(m.prefix)) {
			return "", &Error{Msg: m.what}
		}
	}
	if inputerr.UTF16(p) {
		return "", &Error{Msg: "this is UTF-16 text; save it as UTF-8"}
	}
	if len(p) >= 4 && bytes.HasPrefix(p, []byte("BZh")) && p[3] >= '1' && p[3] <= '9' {
		return "", &Error{Msg: "this is a bzip2 file; decompress it first (e.g. with bunzip2)"}
	}
	t := bytes.TrimLeft(p, " \t\r\n")
	if len(t) == 0 {
		return "", &Error{Msg: inputerr.MsgEmpty}
	}
	if inputerr.Binary(prefix) {
		return "", &Error{Msg: inputerr.NotText(-1, prefix), Err: inputerr.ErrNotText}
	}
	first := t
	if i := bytes.IndexByte(t, '\n'); i >= 0 {
		first = t[:i]
	}
	switch t[0] {
	case '[':
		return FormatWaybackJSON, nil
	case '{':
		return "", &Error{Msg: "this is a JSON object; want Wayback CDX JSON (an array of arrays, the first naming the fields), an observation CSV, or a CDX or CDXJ index"}
	case '<':
		return "", &Error{Msg: "this is HTML or XML (a web page saved instead of the file?); want " + msgFiles}
	}
	// Skip CDXJ meta lines ("!OpenWayback-CDXJ 1.0") and CDX comments.
	line, rest := first, t
	for len(line) > 0 && (line[0] == '!' || line[0] == '#') {
		i := bytes.IndexByte(rest, '\n')
		if i < 0 {
			if line[0] == '!' {
				return FormatCDXJ, nil
			}
			return FormatCDX, nil
		}
		rest = bytes.TrimLeft(rest[i+1:], " \t\r\n")
		line = rest
		if j := bytes.IndexByte(rest, '\n'); j >= 0 {
			line = rest[:j]
		}
	}
	if bytes.HasPrefix(line, []byte("CDX ")) {
		return FormatCDX, nil
	}
	if isCrawlLog(line) {
		return FormatCrawlLog, nil
	}
	f, _ := splitSpace(make([][]byte, 0, 4), line)
	if len(f) >= 3 && len(f[1]) >= 4 && len(f[1]) <= 17 && digits(f[1]) {
		if f[2][0] == '{' {
			return FormatCDXJ, nil
		}
		return FormatCDX, nil
	}
	return FormatCSV, nil
}

// digits reports whether b is all ASCII digits.
func digits(b []byte) bool {
	for _, c := range b {
		if c < '0' || c > '9' {
			return false
		}
	}
	return len(b) > 0
}
