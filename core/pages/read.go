package pages

import (
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Error is a problem at one place of an input file.
type Error struct {
	File   string
	Line   int    // 1-based; 0 when the file as a whole is at fault
	Column int    // 1-based field number; 0 when the line as a whole is at fault
	Field  string // the column's name, when known
	Msg    string
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
		if e.Column > 0 {
			fmt.Fprintf(&b, ":%d", e.Column)
		}
	}
	if e.Field != "" {
		fmt.Fprintf(&b, " (%s)", e.Field)
	}
	b.WriteString(": ")
	b.WriteString(e.Msg)
	return b.String()
}

// Columns of the pages table, with the aliases accepted for each.
var aliases = map[string]string{
	"url": "url", "uri": "url", "original": "url",
	"host": "host", "server": "host", "site": "host",
	"changes_per_day": "changes_per_day", "rate": "changes_per_day", "lambda": "changes_per_day",
	"weight": "weight", "importance": "weight",
	"crawl_delay": "crawl_delay", "crawl-delay": "crawl_delay", "politeness": "crawl_delay",
}

// IsTable reports whether a CSV header line names the changes_per_day
// column that marks a pages table (SPEC §3.3).
func IsTable(header []string) bool {
	for _, h := range header {
		if aliases[normal(h)] == "changes_per_day" {
			return true
		}
	}
	return false
}

func normal(h string) string {
	return strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))
}

// maxLine bounds one line so a file without newlines cannot exhaust memory.
const maxLine = 1 << 20

// Read returns the pages of a pages table (SPEC §3.3): a CSV with a header
// naming at least url and changes_per_day, optionally host, weight and
// crawl_delay (case-insensitive, aliases accepted, unknown columns
// ignored). Every problem is reported as an *Error naming the file, line
// and column: a missing column, a rate or weight that is not a finite
// non-negative number, a URL given twice, an empty file.
func Read(r io.Reader, file string) ([]Page, error) {
	br := &lineLimit{r: r}
	cr := csv.NewReader(br)
	cr.ReuseRecord = true
	cr.FieldsPerRecord = -1
	header, err := cr.Read()
	if err == io.EOF {
		return nil, &Error{File: file, Msg: "the file is empty; want a header line such as url,host,changes_per_day"}
	}
	if err != nil {
		return nil, csvError(file, err, br)
	}
	if !utf8.ValidString(strings.Join(header, ",")) {
		return nil, &Error{File: file, Line: 1, Msg: "the header is not UTF-8 text"}
	}
	col := map[string]int{}
	for j, h := range header {
		if name, ok := aliases[normal(h)]; ok {
			if _, dup := col[name]; dup {
				return nil, &Error{File: file, Line: 1, Column: j + 1, Field: h, Msg: "column " + name + " appears twice"}
			}
			col[name] = j
		}
	}
	for _, need := range []string{"url", "changes_per_day"} {
		if _, ok := col[need]; !ok {
			return nil, &Error{File: file, Line: 1, Msg: fmt.Sprintf("missing column %s; the header has %q (want url,host,changes_per_day[,weight][,crawl_delay])", need, strings.Join(header, ","))}
		}
	}
	seen := map[string]int{}
	var out []Page
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		line, _ := cr.FieldPos(0)
		if err != nil {
			return nil, csvError(file, err, br)
		}
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue
		}
		p, perr := parseRow(rec, col, header)
		if perr != nil {
			perr.File, perr.Line = file, line
			return nil, perr
		}
		if first, dup := seen[p.URL]; dup {
			return nil, &Error{File: file, Line: line, Column: col["url"] + 1, Field: "url", Msg: fmt.Sprintf("URL %q already appears on line %d; give each page once", p.URL, first)}
		}
		seen[p.URL] = line
		out = append(out, p)
	}
	if len(out) == 0 {
		return nil, &Error{File: file, Msg: "the file has a header but no pages"}
	}
	return out, nil
}

func parseRow(rec []string, col map[string]int, header []string) (Page, *Error) {
	get := func(name string) (string, int, bool) {
		j, ok := col[name]
		if !ok || j >= len(rec) {
			return "", j, false
		}
		return strings.TrimSpace(rec[j]), j, true
	}
	var p Page
	u, j, ok := get("url")
	if !ok || u == "" {
		return p, &Error{Column: j + 1, Field: "url", Msg: fmt.Sprintf("empty URL (the row has %d of the header's %d fields)", len(rec), len(header))}
	}
	if !utf8.ValidString(u) {
		return p, &Error{Column: j + 1, Field: "url", Msg: "the URL is not UTF-8 text"}
	}
	p.URL = u
	if h, _, ok := get("host"); ok && h != "" {
		p.Host = strings.ToLower(h)
	} else {
		host, err := HostOf(u)
		if err != nil {
			return p, &Error{Column: j + 1, Field: "url", Msg: "no host column and " + err.Error()}
		}
		p.Host = host
	}
	num := func(name string, def float64, what string) (float64, *Error) {
		s, j, ok := get(name)
		if !ok || s == "" {
			if math.IsNaN(def) {
				return 0, &Error{Column: j + 1, Field: name, Msg: "empty; want " + what}
			}
			return def, nil
		}
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			return 0, &Error{Column: j + 1, Field: name, Msg: fmt.Sprintf("%q is not %s", s, what)}
		}
		return v, nil
	}
	var e *Error
	if p.Rate, e = num("changes_per_day", math.NaN(), "a finite non-negative number of changes per day"); e != nil {
		return p, e
	}
	if p.Weight, e = num("weight", 1, "a finite non-negative weight"); e != nil {
		return p, e
	}
	if p.CrawlDelay, e = num("crawl_delay", 0, "a finite non-negative number of seconds"); e != nil {
		return p, e
	}
	return p, nil
}

// csvError turns an encoding/csv error into an *Error.
func csvError(file string, err error, br *lineLimit) error {
	if br.tooLong {
		return &Error{File: file, Line: br.line, Msg: fmt.Sprintf("a line longer than %d bytes; is this a CSV file?", maxLine)}
	}
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return &Error{File: file, Line: pe.Line, Column: pe.Column, Msg: pe.Err.Error()}
	}
	return &Error{File: file, Msg: err.Error()}
}

// lineLimit passes bytes through and fails once a line exceeds maxLine.
type lineLimit struct {
	r       io.Reader
	run     int
	line    int
	tooLong bool
}

var errLineTooLong = errors.New("line too long")

func (l *lineLimit) Read(p []byte) (int, error) {
	n, err := l.r.Read(p)
	for off := 0; off < n; {
		k := bytes.IndexByte(p[off:n], '\n')
		if k < 0 {
			l.run += n - off
			break
		}
		l.line++
		l.run = 0
		off += k + 1
	}
	if l.run > maxLine {
		l.tooLong = true
		l.line++
		return n, errLineTooLong
	}
	return n, err
}
