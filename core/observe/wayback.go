package observe

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/freshplan/freshplan/core/internal/inputerr"
)

const wantWayback = `want Wayback CDX JSON: [["urlkey","timestamp","original","mimetype","statuscode","digest","length"],["com,example)/","20240102150405",…],…]`

// lineCounter passes the bytes of a Wayback JSON file to the JSON decoder,
// noting where lines end so that the decoder's offsets can be turned into
// line numbers, and fails once one row runs past maxLine.
type lineCounter struct {
	r        io.Reader
	read     int64   // bytes read
	nl       []int64 // offsets of the newlines not yet passed
	line     int     // newlines passed
	rowStart int64   // offset where the row being read starts
}

func (l *lineCounter) Read(p []byte) (int, error) {
	if l.read-l.rowStart > maxLine {
		return 0, errLong
	}
	n, err := l.r.Read(p)
	for off := 0; off < n; {
		k := bytes.IndexByte(p[off:n], '\n')
		if k < 0 {
			break
		}
		l.nl = append(l.nl, l.read+int64(off+k))
		off += k + 1
	}
	l.read += int64(n)
	return n, err
}

// lineAt returns the line of a byte offset; offsets must not decrease.
func (l *lineCounter) lineAt(off int64) int {
	k := 0
	for k < len(l.nl) && l.nl[k] < off {
		k++
	}
	l.line += k
	l.nl = l.nl[k:]
	return l.line + 1
}

// wayback reads the Wayback CDX server's JSON output: an array of arrays
// of strings, the first naming the fields (urlkey, timestamp, original,
// mimetype, statuscode, digest, …; case-insensitive, others ignored). An
// empty row and the one-field row after it (showResumeKey=true) are
// skipped. Numbers are taken as their text and null as "-".
func (rd *reader) wayback(br io.Reader) error {
	lc := &lineCounter{r: br}
	dec := json.NewDecoder(lc)
	dec.UseNumber()
	fail := func(err error) error {
		var se *json.SyntaxError
		switch {
		case rd.ctx.Err() != nil:
			return rd.ctx.Err()
		case errors.Is(err, errLong):
			return &Error{File: rd.name, Line: lc.lineAt(lc.rowStart), Msg: fmt.Sprintf("a row longer than %d bytes (1 MiB); %s", maxLine, wantWayback)}
		case errors.As(err, &se):
			return &Error{File: rd.name, Line: lc.lineAt(se.Offset), Msg: "invalid JSON (" + se.Error() + "); " + wantWayback}
		case err == io.EOF || errors.Is(err, io.ErrUnexpectedEOF):
			return &Error{File: rd.name, Line: lc.lineAt(lc.read), Msg: "the JSON ends early; " + wantWayback}
		}
		return readError(rd.ctx, rd.name, lc.lineAt(lc.read), err)
	}
	if tok, err := dec.Token(); err != nil {
		return fail(err)
	} else if tok != json.Delim('[') {
		return &Error{File: rd.name, Line: 1, Msg: "the JSON is not an array; " + wantWayback}
	}
	var (
		names  []string // from the first row
		lay    *cdxLayout
		vals   []string
		lines  []int
		resume bool
	)
	for dec.More() {
		lc.rowStart = dec.InputOffset()
		tok, err := dec.Token()
		if err != nil {
			return fail(err)
		}
		line := lc.lineAt(dec.InputOffset())
		if tok != json.Delim('[') {
			return &Error{File: rd.name, Line: line, Msg: fmt.Sprintf("a row is %v, not an array; %s", tok, wantWayback)}
		}
		vals, lines = vals[:0], lines[:0]
		nested := 0 // field number of a nested array or object, 0 when none
		for dec.More() {
			tok, err := dec.Token()
			if err != nil {
				return fail(err)
			}
			switch v := tok.(type) {
			case string:
				vals = append(vals, v)
			case json.Number:
				vals = append(vals, string(v))
			case bool:
				vals = append(vals, fmt.Sprint(v))
			case nil:
				vals = append(vals, "-")
			case json.Delim: // '[' or '{': skip the value
				vals = append(vals, "")
				if nested == 0 {
					nested = len(vals)
				}
				if err := skipValue(dec); err != nil {
					return fail(err)
				}
			}
			lines = append(lines, lc.lineAt(dec.InputOffset()))
			if len(vals) > maxFields {
				return &Error{File: rd.name, Line: line, Msg: fmt.Sprintf("a row of more than %d fields; %s", maxFields, wantWayback)}
			}
		}
		if _, err := dec.Token(); err != nil { // ']'
			return fail(err)
		}
		switch {
		case names == nil:
			if nested > 0 {
				return &Error{File: rd.name, Line: line, Column: nested, Msg: "the first row names the fields; want strings only. " + wantWayback}
			}
			names = append([]string{}, vals...)
			var msg string
			if lay, msg = waybackLayout(names); msg != "" {
				return &Error{File: rd.name, Line: line, Msg: msg}
			}
			continue
		case len(vals) == 0:
			resume = true
			continue
		case resume && len(vals) == 1:
			continue
		}
		rd.log.Rows++
		var e *Error
		switch {
		case nested > 0:
			e = &Error{Line: lines[nested-1], Column: nested, Msg: "an array or object; want a string"}
			if nested <= len(names) {
				e.Field = names[nested-1]
			}
		case len(vals) != len(names):
			e = &Error{Line: line, Msg: fmt.Sprintf("the row has %d fields and the first row %d; want one value per field", len(vals), len(names))}
		default:
			e = lay.waybackRow(rd.col, vals, lines)
		}
		if e != nil {
			if err := rd.bad(e); err != nil {
				return err
			}
		}
	}
	if _, err := dec.Token(); err != nil { // ']'
		return fail(err)
	}
	if _, err := dec.Token(); err != io.EOF {
		if err != nil {
			return fail(err)
		}
		return &Error{File: rd.name, Line: lc.lineAt(dec.InputOffset()), Msg: "more JSON after the closing ]; " + wantWayback}
	}
	return nil
}

// skipValue reads the rest of an array or object whose opening delimiter
// the decoder has just returned.
func skipValue(dec *json.Decoder) error {
	for depth := 1; depth > 0; {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		switch tok {
		case json.Delim('['), json.Delim('{'):
			depth++
		case json.Delim(']'), json.Delim('}'):
			depth--
		}
	}
	return nil
}

// waybackLayout finds the fields freshplan reads in the first row.
func waybackLayout(names []string) (*cdxLayout, string) {
	lay := &cdxLayout{n: len(names), key: -1, ts: -1, url: -1, mime: -1, status: -1, digest: -1, names: names}
	for j, name := range names {
		p := map[string]*int{"urlkey": &lay.key, "timestamp": &lay.ts, "original": &lay.url,
			"mimetype": &lay.mime, "statuscode": &lay.status, "digest": &lay.digest}[strings.ToLower(strings.TrimSpace(name))]
		if p != nil && *p < 0 {
			*p = j
		}
	}
	joined := inputerr.Quote(strings.Join(names, ","))
	switch {
	case lay.ts < 0:
		return nil, "the first row " + joined + " has no timestamp field; " + wantWayback
	case lay.url < 0 && lay.key < 0:
		return nil, "the first row " + joined + " has neither an original nor a urlkey field; " + wantWayback
	case lay.digest < 0:
		return nil, "the first row " + joined + " has no digest field, so changes cannot be told; " + wantWayback
	}
	return lay, ""
}

// waybackRow files one row of Wayback JSON.
func (lay *cdxLayout) waybackRow(c *collector, vals []string, lines []int) *Error {
	for j, v := range vals {
		if strings.IndexByte(v, 0) >= 0 {
			return &Error{Line: lines[j], Column: j + 1, Field: lay.names[j], Msg: msgNUL}
		}
	}
	get := func(j int) field {
		if j < 0 {
			return field{}
		}
		return field{val: []byte(vals[j]), col: j + 1, name: lay.names[j]}
	}
	cp := capture{line: lines[lay.ts], key: get(lay.key), url: get(lay.url), ts: get(lay.ts),
		mime: get(lay.mime), status: get(lay.status), digest: get(lay.digest)}
	return c.capture(&cp)
}
