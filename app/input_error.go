package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/freshplan/freshplan/core/plan"
)

// checkPages rejects what the planner would refuse anyway, with the page
// named: rates and weights beyond plan's bounds, or no weight at all.
func checkPages(pg *pageSet, file string) error {
	var wsum float64
	for i := range pg.Len() {
		p := pg.Page(i)
		switch {
		case p.Rate > plan.MaxRate:
			return &InputError{File: file, Msg: fmt.Sprintf("page %d (%s): %g changes per day is more than the %g freshplan plans for",
				i+1, p.URL, p.Rate, plan.MaxRate)}
		case p.Weight > plan.MaxWeight:
			return &InputError{File: file, Msg: fmt.Sprintf("page %d (%s): weight %g is more than %g", i+1, p.URL, p.Weight, plan.MaxWeight)}
		}
		wsum += p.Weight
	}
	if !(wsum > 0) || math.IsInf(wsum, 1) {
		return &InputError{File: file, Msg: "every page has weight 0: nothing to plan (give some pages a positive weight)"}
	}
	return nil
}

// InputError is a problem in an input file, located for the person who
// has to fix it.
type InputError struct {
	File   string
	Line   int    // 1-based, 0 when the file as a whole is at fault
	Column int    // 1-based field number, 0 when unknown
	Field  string // the column's name, when known
	Msg    string
	// Text is the offending line (cut to a readable length) when known;
	// Before, Mark and After split it around the offending field.
	Text                string
	Before, Mark, After string
}

// countingReader counts bytes and lines, reports progress, stops when its
// context ends, and keeps the last lines read so an error can quote the
// line it is about.
type countingReader struct {
	ctx      context.Context
	r        io.Reader
	n, total int64
	lines    int64 // newlines read
	progress func(Progress)

	tail     []byte // the last bytes read, starting at a line start
	tailLine int64  // 1-based line number of tail's first byte
}

// tailMax bounds the bytes kept for quoting; the reader's buffers hold
// less than this, so the line an error names is still in the tail.
const tailMax = 512 << 10

// printable returns s with every byte that is not UTF-8 written as \xNN,
// and every character that is not printable (unicode.IsPrint: control
// and format characters, private use, U+FFFD standing for bytes lost
// before) but space and tab as \xNN or \uNNNN, so that a garbled line is
// shown as what it is rather than as mojibake.
func printable(s string) string {
	shown := func(r rune) bool { return r == '\t' || (r != utf8.RuneError && unicode.IsPrint(r)) }
	clean := true
	for _, r := range s {
		if !shown(r) {
			clean = false
			break
		}
	}
	if clean {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, "\\x%02x", s[i])
		case shown(r):
			b.WriteString(s[i : i+size])
		case r < 0x80:
			fmt.Fprintf(&b, "\\x%02x", r)
		case r > 0xffff:
			fmt.Fprintf(&b, "\\U%08X", r)
		default:
			fmt.Fprintf(&b, "\\u%04X", r)
		}
		i += size
	}
	return b.String()
}

// quoteMax is the most of a line an error quotes.
const quoteMax = 160

// splitField splits a CSV line around its field col (1-based) and cuts
// it to a readable length; col 0 marks nothing.
func splitField(line string, col int) (before, mark, after string) {
	start, end := -1, -1
	if col > 0 {
		field, inQuote := 1, false
		fs := 0
		for i := 0; i <= len(line); i++ {
			if i == len(line) || (line[i] == ',' && !inQuote) {
				if field == col {
					start, end = fs, i
					break
				}
				field++
				fs = i + 1
				continue
			}
			if line[i] == '"' {
				inQuote = !inQuote
			}
		}
	}
	if start < 0 {
		return cut(line, 0, quoteMax), "", ""
	}
	before, mark, after = line[:start], line[start:end], line[end:]
	if len(before) > quoteMax/2 {
		before = "…" + tailRunes(before, quoteMax/2)
	}
	mark = cut(mark, 0, quoteMax)
	after = cut(after, 0, quoteMax/2)
	return before, mark, after
}

// cut returns s from byte from, at most n bytes, on rune boundaries, with
// an ellipsis when cut.
func cut(s string, from, n int) string {
	s = s[from:]
	if len(s) <= n {
		return s
	}
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n] + "…"
}

func tailRunes(s string, n int) string {
	if len(s) <= n {
		return s
	}
	k := len(s) - n
	for k < len(s) && !utf8.RuneStart(s[k]) {
		k++
	}
	return s[k:]
}

// The page words the place in full ("FILE, line 4, column rate") where
// the CLI says FILE:4:3 (rate).
func (e *InputError) Error() string { return e.where() + ": " + e.Msg }

// where names the file, line and column at fault.
func (e *InputError) where() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ", line %d", e.Line)
	}
	switch {
	case e.Field != "":
		fmt.Fprintf(&b, ", column %s", e.Field)
	case e.Column > 0:
		fmt.Fprintf(&b, ", field %d", e.Column)
	}
	return b.String()
}

func (c *countingReader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	n, err := c.r.Read(p)
	if n > 0 {
		c.n += int64(n)
		c.lines += int64(bytes.Count(p[:n], []byte{'\n'}))
		if c.tailLine == 0 {
			c.tailLine = 1
		}
		c.tail = append(c.tail, p[:n]...)
		if len(c.tail) > tailMax {
			cut := len(c.tail) - tailMax/2
			if k := bytes.IndexByte(c.tail[cut:], '\n'); k >= 0 {
				cut += k + 1
			} else {
				cut = len(c.tail) // one huge line: quote nothing of it
			}
			c.tailLine += int64(bytes.Count(c.tail[:cut], []byte{'\n'}))
			c.tail = append(c.tail[:0], c.tail[cut:]...)
		}
		if c.progress != nil {
			c.progress(Progress{Bytes: c.n, Total: max(c.total, c.n), Rows: c.lines})
		}
	}
	return n, err
}

// line returns the text of line k (1-based) if it is still in the tail.
func (c *countingReader) line(k int64) (string, bool) {
	if k < c.tailLine || c.tailLine == 0 {
		return "", false
	}
	t := c.tail
	for l := c.tailLine; l < k; l++ {
		i := bytes.IndexByte(t, '\n')
		if i < 0 {
			return "", false
		}
		t = t[i+1:]
	}
	if i := bytes.IndexByte(t, '\n'); i >= 0 {
		t = t[:i]
	}
	return strings.TrimRight(string(t), "\r"), true
}

// locate turns a reader's error into an *InputError quoting the line.
func (c *countingReader) locate(err error, file string) error {
	var ie *plan.InputError
	if !errors.As(err, &ie) {
		return &InputError{File: file, Msg: err.Error()}
	}
	e := &InputError{File: file, Line: ie.Line, Column: ie.Column, Field: ie.Field, Msg: ie.Msg}
	if e.Line > 0 {
		if text, ok := c.line(int64(e.Line)); ok {
			before, mark, after := splitField(text, e.Column)
			// The line as the page shows it: bytes that are not UTF-8 and
			// control characters escaped, never shown as they are.
			e.Text = printable(text)
			e.Before, e.Mark, e.After = printable(before), printable(mark), printable(after)
		}
	}
	return e
}
