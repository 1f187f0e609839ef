package observe

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"io"
)

// Limits on one input line.
const (
	maxLine   = 1 << 20  // bytes in one line, or one CSV record or Wayback JSON row
	maxFields = 1000     // fields in one line
	chunk     = 64 << 10 // the read buffer, and how often progress is reported
)

// source is the input as read: it counts bytes, reports progress about
// every chunk, and stops reading once the context is done.
type source struct {
	r        io.Reader
	ctx      context.Context
	progress func(bytes, rows int64)
	rows     *int64 // the rows read so far, for progress
	bytes    int64
	reported int64
}

func (s *source) Read(p []byte) (int, error) {
	if err := s.ctx.Err(); err != nil {
		return 0, err
	}
	n, err := s.r.Read(p)
	s.bytes += int64(n)
	if s.bytes-s.reported >= chunk {
		s.report()
	}
	return n, err
}

// report calls the progress callback, if there is one.
func (s *source) report() {
	s.reported = s.bytes
	if s.progress != nil {
		s.progress(s.bytes, *s.rows)
	}
}

// errLong reports a line longer than maxLine; the line has been consumed.
var errLong = errors.New("line too long")

// lineReader splits its input into lines.
type lineReader struct {
	br   *bufio.Reader
	line int    // number of the line last returned
	long []byte // holds a line longer than br's buffer
	// Lines read again (unread): those a bad record spanning several
	// lines took after its first, and its first line's number.
	again    [][]byte
	againErr error // what reading the line after them gave (errLong), returned after them
}

// unread makes next return lines, numbered from line+1, before reading
// on (then err, if it is not nil: what reading after them gave). A bad
// record that spans lines is read again from its second line (issue 22):
// a quote left open must not take the rows after it with it. lines are
// copied.
func (l *lineReader) unread(line int, lines [][]byte, err error) {
	l.line = line
	n := 0
	for _, b := range lines {
		n += len(b)
	}
	// A new buffer: lines may be some of those unread before, still in
	// the old one.
	held, again := make([]byte, 0, n), make([][]byte, 0, len(lines)+len(l.again))
	for _, b := range lines {
		held = append(held, b...)
		again = append(again, held[len(held)-len(b):len(held):len(held)])
	}
	l.again = append(again, l.again...)
	if err != nil && err != io.EOF {
		l.againErr = err
	}
}

// next returns the next line without its line end (\n or \r\n), valid
// until the next call; io.EOF after the last. A line longer than maxLine
// is consumed whole and reported as errLong, l.line its number; reading
// may go on with the next line.
func (l *lineReader) next() ([]byte, error) {
	if len(l.again) > 0 {
		b := l.again[0]
		l.again = l.again[1:]
		l.line++
		return b, nil
	}
	if err := l.againErr; err != nil {
		l.againErr = nil
		l.line++
		return nil, err
	}
	b, err := l.br.ReadSlice('\n')
	tooLong := false
	if err == bufio.ErrBufferFull {
		l.long = append(l.long[:0], b...)
		for err == bufio.ErrBufferFull {
			b, err = l.br.ReadSlice('\n')
			if !tooLong && len(l.long)+len(b) > maxLine+2 {
				tooLong = true
				l.long = l.long[:0]
			}
			if !tooLong {
				l.long = append(l.long, b...)
			}
		}
		if !tooLong {
			b = l.long
		}
	}
	switch {
	case err == io.EOF && len(b) == 0 && !tooLong:
		return nil, io.EOF
	case err != nil && err != io.EOF:
		return nil, err
	}
	l.line++
	if tooLong {
		return nil, errLong
	}
	b = bytes.TrimSuffix(b, []byte{'\n'})
	b = bytes.TrimSuffix(b, []byte{'\r'})
	if len(b) > maxLine {
		return nil, errLong
	}
	return b, nil
}

// blankLine reports whether a line holds only spaces and tabs.
func blankLine(b []byte) bool {
	return len(trim(b)) == 0
}

// splitSpace splits a CDX line at runs of spaces and tabs into fields,
// appended to dst; false when there are more than maxFields.
func splitSpace(dst [][]byte, b []byte) ([][]byte, bool) {
	i := 0
	for i < len(b) {
		for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
			i++
		}
		j := i
		for j < len(b) && b[j] != ' ' && b[j] != '\t' {
			j++
		}
		if j > i {
			if len(dst) == maxFields {
				return dst, false
			}
			dst = append(dst, b[i:j])
		}
		i = j
	}
	return dst, true
}
