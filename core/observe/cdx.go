package observe

import (
	"bytes"
	"fmt"

	"github.com/freshplan/freshplan/core/internal/inputerr"
)

// cdxNames names the CDX legend letters freshplan reads (the others are
// kept in place and ignored): N massaged URL (the SURT urlkey), A
// canonized URL, b date, a original URL, m MIME type, s response code, k
// new-style checksum (digest), c old-style checksum.
var cdxNames = map[byte]string{
	'N': "urlkey", 'A': "urlkey", 'b': "timestamp", 'a': "original",
	'm': "mimetype", 's': "statuscode", 'k': "digest", 'c': "checksum",
}

// cdxLayout is where the fields freshplan reads are on a CDX line (0-based,
// -1 when absent) and how many fields a line has (0: 7 to 11).
type cdxLayout struct {
	n                                  int
	key, ts, url, mime, status, digest int
	names                              []string // per field, for messages
}

// defaultCDX is the layout without a legend: the 11-field
// "N b a m s k r M S V g", whose first six fields the 7-field Wayback
// text output "N b a m s k S" (and the 9- and 10-field variants) share.
var defaultCDX = cdxLayout{key: 0, ts: 1, url: 2, mime: 3, status: 4, digest: 5,
	names: []string{"urlkey", "timestamp", "original", "mimetype", "statuscode", "digest", "redirect", "metatags", "length", "offset", "filename"}}

const wantCDX = "want 11 fields (urlkey timestamp original mimetype statuscode digest redirect metatags length offset filename), " +
	"7 (urlkey timestamp original mimetype statuscode digest length), or a legend line such as \" CDX N b a m s k r M S V g\" first"

// legend reads a CDX legend line, " CDX N b a m s k r M S V g".
func legend(line []byte) (cdxLayout, string) {
	lay := cdxLayout{key: -1, ts: -1, url: -1, mime: -1, status: -1, digest: -1}
	letters, _ := splitSpace(nil, line)
	letters = letters[1:] // "CDX"
	checksum := -1
	for j, l := range letters {
		if len(l) != 1 {
			return lay, fmt.Sprintf("the legend's field %d is %s; want one letter per field, e.g. CDX N b a m s k r M S V g", j+2, inputerr.Quote(l))
		}
		name, ok := cdxNames[l[0]]
		if !ok {
			name = "field " + string(l)
		}
		lay.names = append(lay.names, name)
		p := map[byte]*int{'N': &lay.key, 'A': &lay.key, 'b': &lay.ts, 'a': &lay.url, 'm': &lay.mime,
			's': &lay.status, 'k': &lay.digest, 'c': &checksum}[l[0]]
		if p != nil && *p < 0 {
			*p = j
		}
	}
	if lay.digest < 0 {
		lay.digest = checksum
	}
	lay.n = len(letters)
	switch {
	case lay.ts < 0:
		return lay, "the legend has no b (timestamp); want at least b, a or N, and k"
	case lay.url < 0 && lay.key < 0:
		return lay, "the legend has neither a (original URL) nor N (urlkey); want at least b, a or N, and k"
	case lay.digest < 0:
		return lay, "the legend has no k (digest), so changes cannot be told; want at least b, a or N, and k"
	}
	return lay, ""
}

// isLegend reports whether a line is a CDX legend line.
func isLegend(line []byte) bool {
	return bytes.HasPrefix(trim(line), []byte("CDX "))
}

// cdx reads a classic CDX index. A legend line sets the fields of the
// lines after it; without one the default layout applies. Blank lines and
// lines starting with '#' are skipped.
func (rd *reader) cdx() error {
	lay := defaultCDX
	var f [][]byte
	return rd.eachLine('#', func(line []byte) error {
		if isLegend(line) {
			var msg string
			if lay, msg = legend(line); msg != "" {
				return &Error{File: rd.name, Line: rd.lr.line, Msg: msg}
			}
			return nil
		}
		return rd.row(lay.capture(rd.col, line, rd.lr.line, &f))
	})
}

// capture splits one CDX line and files it.
func (lay *cdxLayout) capture(c *collector, line []byte, n int, f *[][]byte) *Error {
	var ok bool
	if *f, ok = splitSpace((*f)[:0], line); !ok {
		return &Error{Line: n, Msg: fmt.Sprintf("more than %d fields on one line; %s", maxFields, wantCDX)}
	}
	fields := *f
	switch {
	case lay.n > 0 && len(fields) != lay.n:
		return &Error{Line: n, Msg: fmt.Sprintf("the line has %d fields and the legend %d; want one per legend letter ('-' for none)", len(fields), lay.n)}
	case lay.n == 0 && (len(fields) < 7 || len(fields) > 11):
		return &Error{Line: n, Msg: fmt.Sprintf("the line has %d fields; %s", len(fields), wantCDX)}
	}
	for j, s := range fields {
		if bytes.IndexByte(s, 0) >= 0 {
			return &Error{Line: n, Column: j + 1, Field: lay.names[j], Msg: msgNUL}
		}
	}
	get := func(j int) field {
		if j < 0 {
			return field{}
		}
		return field{val: fields[j], col: j + 1, name: lay.names[j]}
	}
	cp := capture{line: n, key: get(lay.key), url: get(lay.url), ts: get(lay.ts),
		mime: get(lay.mime), status: get(lay.status), digest: get(lay.digest)}
	return c.capture(&cp)
}
