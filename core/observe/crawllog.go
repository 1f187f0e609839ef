package observe

import (
	"bytes"
	"fmt"
)

// crawlLogFields names the fields of a Heritrix crawl.log line, in order
// (Heritrix 3's wiki, "Logs"): the instant of logging, the fetch status
// (an HTTP code, or negative when fetching failed), the size, the URI,
// the discovery path, the referrer, the MIME type, the worker thread,
// the fetch's start and duration (YYYYMMDDhhmmssSSS+ms), the content
// digest (sha1:…), the source tag and annotations; Heritrix may add a
// JSON object after them.
var crawlLogFields = []string{"timestamp", "status", "size", "uri", "discovery path", "referrer",
	"mime", "thread", "fetch time", "digest", "source", "annotations"}

const wantCrawlLog = "want a Heritrix crawl.log line: timestamp status size URI discovery-path referrer MIME thread fetch-time digest source annotations"

// crawlLog reads a Heritrix crawl.log: every URI the crawler tried, one
// line each, read as the captures of an archive index — a fetch with
// status 200 compared by its digest, 304 a fetch that saw no change,
// anything else (redirects, errors, Heritrix's negative codes for fetches
// that failed, dns: lookups) skipped and counted.
func (rd *reader) crawlLog() error {
	var f [][]byte
	return rd.eachLine(0, func(line []byte) error {
		return rd.row(crawlLogCapture(rd.col, line, rd.lr.line, &f))
	})
}

// crawlLogCapture splits one crawl.log line and files it.
func crawlLogCapture(c *collector, line []byte, n int, f *[][]byte) *Error {
	var ok bool
	if *f, ok = splitSpace((*f)[:0], line); !ok {
		return &Error{Line: n, Msg: fmt.Sprintf("more than %d fields on one line; %s", maxFields, wantCrawlLog)}
	}
	fields := *f
	if len(fields) < 10 {
		return &Error{Line: n, Msg: fmt.Sprintf("the line has %d fields; %s", len(fields), wantCrawlLog)}
	}
	for j, s := range fields {
		if bytes.IndexByte(s, 0) >= 0 {
			name := ""
			if j < len(crawlLogFields) {
				name = crawlLogFields[j]
			}
			return &Error{Line: n, Column: j + 1, Field: name, Msg: msgNUL}
		}
	}
	get := func(j int) field { return field{val: fields[j], col: j + 1, name: crawlLogFields[j]} }
	// When the fetch started, to the millisecond, else (a fetch that never
	// started) when the line was logged.
	ts := get(0)
	if start, _, found := bytes.Cut(fields[8], []byte("+")); found && len(start) == 17 {
		ts = field{val: start, col: 9, name: crawlLogFields[8]}
	}
	cp := capture{line: n, url: get(3), ts: ts, mime: get(6), status: get(1), digest: get(9)}
	return c.capture(&cp)
}

// isCrawlLog reports whether a first line is a Heritrix crawl.log's: an
// RFC 3339 time, a status (digits, a minus allowed) and at least ten
// fields.
func isCrawlLog(line []byte) bool {
	f, _ := splitSpace(make([][]byte, 0, 16), line)
	if len(f) < 10 {
		return false
	}
	if _, ok := rfc3339(f[0]); !ok {
		return false
	}
	st := bytes.TrimPrefix(f[1], []byte("-"))
	return len(st) > 0 && digits(st)
}
