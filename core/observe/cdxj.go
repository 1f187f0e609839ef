package observe

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// cdxjRecord is the JSON block of a CDXJ line, as pywb and cdxj-indexer
// write it; the Wayback field names are accepted too. Other keys are
// ignored.
type cdxjRecord struct {
	URL        *string         `json:"url"`
	Original   *string         `json:"original"`
	Mime       string          `json:"mime"`
	MimeType   string          `json:"mimetype"`
	Status     json.RawMessage `json:"status"`
	StatusCode json.RawMessage `json:"statuscode"`
	Digest     *string         `json:"digest"`
}

// cdxj reads a CDXJ index: lines "urlkey timestamp {json}". Blank lines
// and lines starting with '!' (header and meta lines) are skipped.
func (rd *reader) cdxj() error {
	return rd.eachLine('!', func(line []byte) error {
		return rd.row(cdxjLine(rd.col, line, rd.lr.line))
	})
}

const wantCDXJ = `want urlkey timestamp {"url": …, "mime": …, "status": …, "digest": …}`

// cdxjLine splits one CDXJ line and files it.
func cdxjLine(c *collector, line []byte, n int) *Error {
	if bytes.IndexByte(line, 0) >= 0 {
		return &Error{Line: n, Msg: msgNUL}
	}
	rest := bytes.TrimLeft(line, " \t")
	key, rest, _ := bytes.Cut(rest, []byte{' '})
	ts, obj, _ := bytes.Cut(bytes.TrimLeft(rest, " \t"), []byte{' '})
	obj = trim(obj)
	if len(obj) == 0 || obj[0] != '{' {
		return &Error{Line: n, Column: 3, Field: "json", Msg: "no JSON object after the timestamp; " + wantCDXJ}
	}
	var r cdxjRecord
	if err := json.Unmarshal(obj, &r); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return &Error{Line: n, Column: 3, Field: te.Field, Msg: fmt.Sprintf("a JSON %s; want a string", te.Value)}
		}
		return &Error{Line: n, Column: 3, Field: "json", Msg: "invalid JSON (" + err.Error() + "); " + wantCDXJ}
	}
	cp := capture{line: n,
		key: field{val: key, col: 1, name: "urlkey"},
		ts:  field{val: ts, col: 2, name: "timestamp"},
	}
	str := func(p *string, name string) field {
		if p == nil {
			return field{}
		}
		return field{val: []byte(*p), col: 3, name: name}
	}
	if cp.url = str(r.URL, "url"); cp.url.col == 0 {
		cp.url = str(r.Original, "original")
	}
	mime := r.Mime
	if mime == "" {
		mime = r.MimeType
	}
	cp.mime = field{val: []byte(mime), col: 3, name: "mime"}
	status, name := r.Status, "status"
	if len(status) == 0 {
		status, name = r.StatusCode, "statuscode"
	}
	if len(status) > 0 && !bytes.Equal(status, []byte("null")) {
		var s string
		if status[0] == '"' {
			if json.Unmarshal(status, &s) != nil {
				return &Error{Line: n, Column: 3, Field: name, Msg: "not a JSON string; want a status code such as \"200\""}
			}
		} else {
			s = string(status)
		}
		cp.status = field{val: []byte(s), col: 3, name: name}
	}
	cp.digest = str(r.Digest, "digest")
	if cp.digest.col == 0 {
		cp.digest = field{col: 3, name: "digest"}
	}
	return c.capture(&cp)
}
