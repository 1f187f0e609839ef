// Package inputerr is the error every reader of a user's file returns:
// which file, line and field are at fault, what is wrong there and what
// was expected — one shape of message for pages tables, observation logs
// and change histories alike.
package inputerr

import (
	"fmt"
	"strings"
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
