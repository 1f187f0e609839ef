package inputerr

import (
	"bytes"
	"errors"
)

// MsgCROnly says what is wrong with a file whose lines end with a
// carriage return alone (classic Mac OS, some exports): every reader
// would see one long line, and report its symptom instead (a header
// with a control character in it, or no rows).
const MsgCROnly = `the lines end with a carriage return alone (CR, as classic Mac OS wrote them), so the file reads as one line; want LF or CRLF line ends (convert it, e.g. tr '\r' '\n' < in.csv > out.csv)`

// CROnly reports whether the start of a file, head, has line ends that
// are carriage returns alone: a CR, and no LF at all.
func CROnly(head []byte) bool {
	return bytes.IndexByte(head, '\r') >= 0 && bytes.IndexByte(head, '\n') < 0
}

// Bounds on a page's change rate and weight that keep every computation
// inside float64's range with room to spare (a change every millisecond,
// weights spanning fifteen decades). The readers refuse values beyond
// them with the line and column (plan checks them again, for callers that
// make pages themselves).
const (
	MaxRate   = 1e8  // changes per day
	MaxWeight = 1e15 // importance
)

// ErrMemory is behind an *Error of an input that needs more memory than
// the caller allowed (the readers' MaxMemory): the caller may say where
// the limit came from.
var ErrMemory = errors.New("over the memory allowed")
