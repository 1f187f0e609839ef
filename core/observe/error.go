package observe

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Error is a problem at one place of an input file. Its message reads
//
//	FILE:LINE:COLUMN (FIELD): what is wrong; what was expected
//
// with the column and field left out when the line as a whole is at
// fault, and the line when the file is (without a file name it reads
// "line LINE, field COLUMN (FIELD): …"). COLUMN is the 1-based field
// number on the line (for CDXJ the JSON object is field 3, and FIELD then
// names the key inside it); FIELD is the column's name as the header,
// the CDX legend or the Wayback JSON field row gives it.
type Error struct {
	File   string
	Line   int    // 1-based; 0 when the file as a whole is at fault
	Column int    // 1-based field number; 0 when the line as a whole is at fault
	Field  string // the field's name, when known
	Msg    string
	Err    error // the underlying read error, if any
}

func (e *Error) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	switch {
	case e.Line > 0 && e.File == "" && e.Column > 0:
		fmt.Fprintf(&b, "line %d, field %d", e.Line, e.Column)
	case e.Line > 0 && e.File == "":
		fmt.Fprintf(&b, "line %d", e.Line)
	case e.Line > 0 && e.Column > 0:
		fmt.Fprintf(&b, ":%d:%d", e.Line, e.Column)
	case e.Line > 0:
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	if e.Field != "" {
		fmt.Fprintf(&b, " (%s)", e.Field)
	}
	if b.Len() > 0 {
		b.WriteString(": ")
	}
	b.WriteString(e.Msg)
	return b.String()
}

// Unwrap returns the read error behind e, if any.
func (e *Error) Unwrap() error { return e.Err }

// Messages shared by the readers.
const (
	msgNUL   = "a NUL byte; is this a binary file rather than text?"
	msgFiles = "an observation CSV (url,time,changed or digest), a CDX or CDXJ index, or Wayback CDX JSON"
)

// msgLong is the message for a line longer than maxLine.
var msgLong = fmt.Sprintf("a line longer than %d bytes (1 MiB); is this really %s?", maxLine, msgFiles)

// short quotes s for a message, cut to a readable length.
func short[T ~string | ~[]byte](s T) string {
	const n = 60
	t := string(s)
	if utf8.RuneCountInString(t) <= n {
		return strconv.Quote(t)
	}
	r := []rune(t)
	return strconv.Quote(string(r[:n])) + "…"
}

// text returns what is wrong with s as a URL or host ("" when nothing
// is): invalid UTF-8, or a control character such as a tab or line break
// that would corrupt the seed lists written for crawlers.
func text[T ~string | ~[]byte](s T) string {
	t := string(s)
	if !utf8.ValidString(t) {
		return "is not UTF-8 text; save the file as UTF-8"
	}
	for _, c := range t {
		if c < 0x20 || c == 0x7f {
			return fmt.Sprintf("contains the control character %U; want no tabs, line breaks or other control characters", c)
		}
	}
	return ""
}
