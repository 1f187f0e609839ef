package export

import (
	"bufio"
	"math"
	"strconv"
)

// row is a line of a file being written, appended to a field at a time
// and written whole: the rows of a million pages make no garbage, which
// matters most in the browser, where a heap grown by garbage never
// shrinks (the page writes seed lists from the plan it shows).
type row struct{ b []byte }

// raw appends s as it is.
func (r *row) raw(s string) *row { r.b = append(r.b, s...); return r }

// field appends s as a CSV field, quoted when CSV needs it.
func (r *row) field(s string) *row { r.b = appendField(r.b, s); return r }

// num appends v the shortest way that reads back exactly (num).
func (r *row) num(v float64) *row { r.b = appendNum(r.b, v); return r }

// int appends v in decimal.
func (r *row) int(v int64) *row { r.b = strconv.AppendInt(r.b, v, 10); return r }

// comma appends a field separator.
func (r *row) comma() *row { r.b = append(r.b, ','); return r }

// end writes the row and a newline to w, and empties it for the next.
func (r *row) end(w *bufio.Writer) {
	r.b = append(r.b, '\n')
	w.Write(r.b)
	r.b = r.b[:0]
}

// appendNum appends v as num writes it.
func appendNum(b []byte, v float64) []byte {
	if math.IsInf(v, 1) {
		return append(b, "inf"...)
	}
	return strconv.AppendFloat(b, v+0, 'g', -1, 64) // +0 turns −0 into 0
}

// appendField appends s as csvField writes it.
func appendField(b []byte, s string) []byte {
	quote := false
	for i := range len(s) {
		if c := s[i]; c == ',' || c == '"' || c == '\n' || c == '\r' {
			quote = true
			break
		}
	}
	if !quote {
		return append(b, s...)
	}
	b = append(b, '"')
	for i := range len(s) {
		if s[i] == '"' {
			b = append(b, '"')
		}
		b = append(b, s[i])
	}
	return append(b, '"')
}
