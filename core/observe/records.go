package observe

import (
	"bytes"
	"fmt"
	"io"
)

// csvRecords splits CSV text into records (RFC 4180): fields separated by
// commas, optionally in double quotes with "" for a quote inside; a quoted
// field may span lines and may have spaces around its quotes.
type csvRecords struct {
	lr     *lineReader
	line   int      // the first line of the record last returned
	fields [][]byte // the record last returned
	buf    []byte   // the unquoted fields of a record with quotes
	ends   []int    // where each field ends in buf
	// The lines after the first of the record last read, when it spans
	// several (copies), and the error that ended them (errLong), so that
	// a bad record can be read again from its second line (resync).
	raw      []byte // the line of the record last returned, nil when it spans lines
	spanLens []int  // each line's length
	spanBuf  []byte // the lines, end to end
	spanErr  error
}

// resync reads the lines of the record last returned after its first
// again, as records of their own: a bad row skipped must not take good
// rows with it, as a quote left open would (issue 22). It reports
// whether the record spanned lines.
func (c *csvRecords) resync() bool {
	if len(c.spanLens) == 0 && c.spanErr == nil {
		return false
	}
	lines := make([][]byte, len(c.spanLens))
	off := 0
	for k, n := range c.spanLens {
		lines[k] = c.spanBuf[off : off+n]
		off += n
	}
	c.lr.unread(c.line, lines, c.spanErr)
	c.spanLens, c.spanErr = c.spanLens[:0], nil
	return true
}

// next returns the fields of the next record, valid until the next call;
// io.EOF after the last. A malformed record is reported as an *Error, or
// errLong with c.line its line, and reading may go on after it.
func (c *csvRecords) next() ([][]byte, error) {
	b, err := c.lr.next()
	c.line = c.lr.line
	c.spanLens, c.spanBuf, c.spanErr = c.spanLens[:0], c.spanBuf[:0], nil
	c.raw = nil
	if err != nil {
		return nil, err
	}
	c.raw = b
	c.fields = c.fields[:0]
	if bytes.IndexByte(b, '"') < 0 {
		for {
			if len(c.fields) == maxFields {
				return nil, c.tooMany()
			}
			i := bytes.IndexByte(b, ',')
			if i < 0 {
				c.fields = append(c.fields, b)
				return c.fields, nil
			}
			c.fields = append(c.fields, b[:i])
			b = b[i+1:]
		}
	}
	return c.quoted(b)
}

func (c *csvRecords) tooMany() *Error {
	return &Error{Line: c.line, Msg: fmt.Sprintf("more than %d fields on one line; is this really %s?", maxFields, msgFiles)}
}

// quoted splits a record that has quotes in it.
func (c *csvRecords) quoted(b []byte) ([][]byte, error) {
	c.buf, c.ends = c.buf[:0], c.ends[:0]
	bad := func(msg string) *Error {
		return &Error{Line: c.line, Column: len(c.ends) + 1, Msg: msg}
	}
	i := 0
	for {
		j := i
		for j < len(b) && (b[j] == ' ' || b[j] == '\t') {
			j++
		}
		if j < len(b) && b[j] == '"' {
			i = j + 1
			for {
				k := bytes.IndexByte(b[i:], '"')
				if k >= 0 {
					c.buf = append(c.buf, b[i:i+k]...)
					i += k + 1
					if i < len(b) && b[i] == '"' {
						c.buf = append(c.buf, '"')
						i++
						continue
					}
					break
				}
				// The field goes on on the next line.
				c.raw = nil
				c.buf = append(c.buf, b[i:]...)
				c.buf = append(c.buf, '\n')
				var err error
				b, err = c.lr.next()
				i = 0
				if err == nil {
					c.spanBuf = append(c.spanBuf, b...)
					c.spanLens = append(c.spanLens, len(b))
				} else if err != io.EOF {
					c.spanErr = err
				}
				switch {
				case err == io.EOF:
					return nil, bad(`a quoted field opened here is not closed before the end of the file; want a closing "`)
				case err == errLong || len(c.buf) > maxLine:
					return nil, bad(fmt.Sprintf(`a quoted field opened here runs past %d bytes (1 MiB, to line %d); is a closing " missing?`, maxLine, c.lr.line))
				case err != nil:
					return nil, err
				}
			}
			for i < len(b) && (b[i] == ' ' || b[i] == '\t') {
				i++
			}
			if i < len(b) && b[i] != ',' {
				return nil, bad(`text after the closing quote of a quoted field; want a comma or the end of the line after it, quotes inside the field doubled ("")`)
			}
		} else {
			end := len(b)
			if k := bytes.IndexByte(b[i:], ','); k >= 0 {
				end = i + k
			}
			if bytes.IndexByte(b[i:end], '"') >= 0 {
				return nil, bad(`a " inside a field that does not start with one; quote the whole field and double the quotes inside it, as in "say ""hi"""`)
			}
			c.buf = append(c.buf, b[i:end]...)
			i = end
		}
		if len(c.ends) == maxFields {
			return nil, c.tooMany()
		}
		c.ends = append(c.ends, len(c.buf))
		if i >= len(b) {
			break
		}
		i++ // the comma
	}
	start := 0
	for _, end := range c.ends {
		c.fields = append(c.fields, c.buf[start:end:end])
		start = end
	}
	return c.fields, nil
}
