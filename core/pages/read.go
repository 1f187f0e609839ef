package pages

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/freshplan/freshplan/core/internal/canonurl"
	"github.com/freshplan/freshplan/core/internal/inputerr"
)

// Error is the reader's error: file, line, field, what is wrong and
// what was expected (inputerr.Error).
type Error = inputerr.Error

// IsTable reports whether a CSV header line names the changes_per_day
// column that marks a pages table (SPEC §3.3).
func IsTable(header []string) bool {
	for _, h := range header {
		if c, ok := aliases[normal(h)]; ok && c == colRate {
			return true
		}
	}
	return false
}

func normal(h string) string {
	return strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff")))
}

// maxLine bounds one line, and one record (a quoted field may span
// lines), so a file without newlines or with an unclosed quote cannot
// exhaust memory.
const maxLine = 1 << 20

// bufSize is the read buffer; a record may overrun maxLine by this much
// before the overrun is noticed.
const bufSize = 64 << 10

// want is the shape of a pages table, for messages.
const want = "want a pages table with the header url,host,changes_per_day[,weight][,crawl_delay]"

// nul is the message for a NUL byte, which CSV text never holds.
const nul = "a NUL byte; is this a binary file rather than CSV text?"

// Read returns the pages of a pages table (SPEC §3.3): a CSV with a header
// naming at least url and changes_per_day, optionally host, weight,
// crawl_delay and the model columns of Change (case-insensitive, aliases accepted, unknown columns
// ignored; a UTF-8 byte order mark, CRLF line ends and blank lines are
// fine). A page without a host takes its URL's. Every problem is reported
// as an *Error naming the file, line and column: a missing column, a rate
// or weight that is not a finite non-negative number, a URL given twice,
// an empty file, a file that is not CSV text at all (compressed, HTML,
// UTF-16, binary).
func Read(r io.Reader, file string) ([]Page, error) { return ReadSized(r, file, 0) }

// ReadSized is Read for an input of size bytes (0 when unknown): from its
// first rows it counts the rows ahead and makes room for the pages, and
// the check for a URL given twice, in a few steps that land on their full
// size instead of doubling past it — for a million pages in WebAssembly
// 1.4–1.9× less memory, and sooner. size is a hint, not a bound (a gzip
// file's trailer declares it, issue 22): each step makes room for at most
// growth times the rows read so far, so a size that lies costs no more
// than the rows really read.
func ReadSized(r io.Reader, file string, size int64) ([]Page, error) {
	return ReadMax(r, file, size, 0)
}

// ReadMax is ReadSized that stops with an *Error, before it makes room
// for them, once the pages would take more than maxMemory bytes (0: no
// limit): under an address-space limit a refused allocation kills the
// process without a word (issue 22), so the caller gives what it may use.
// It reads the table into a Set's columns and makes the pages from them
// once, at their full size: growing a []Page as it was read copied its
// strings' pointers step by step, each behind the collector's write
// barrier while it marked (at a million pages a third of the read).
func ReadMax(r io.Reader, file string, size, maxMemory int64) ([]Page, error) {
	s := &setRows{index: map[string]int32{}, seen: newURLSet(0), prev: -1, asPages: true}
	if err := read(r, file, size, maxMemory, s); err != nil {
		return nil, err
	}
	return s.pages(), nil
}

// read reads a pages table into rows, as ReadMax describes.
func read(r io.Reader, file string, size, maxMemory int64, out *setRows) error {
	lim := &limiter{r: r}
	br := bufio.NewReaderSize(lim, bufSize)
	if err := sniff(br, file); err != nil {
		return err
	}
	cr := csv.NewReader(br) // br is large enough for csv to use as is
	cr.ReuseRecord = true
	cr.FieldsPerRecord = -1
	fail := func(err error) error { return csvError(file, err, lim) }

	var header []string
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			return &Error{File: file, Msg: "the file is empty; " + want}
		}
		if err != nil {
			return fail(err)
		}
		lim.mark(br, cr, len(rec))
		if !blank(rec) {
			header = append([]string(nil), rec...)
			break
		}
	}
	line, _ := cr.FieldPos(0)
	var col columns
	for c := range col {
		col[c] = -1
	}
	for j, h := range header {
		if strings.IndexByte(h, 0) >= 0 {
			return &Error{File: file, Line: line, Msg: nul}
		}
		if !utf8.ValidString(h) {
			return &Error{File: file, Line: line, Column: j + 1, Msg: "the header is not UTF-8 text; save the file as UTF-8 CSV"}
		}
		if c, ok := aliases[normal(h)]; ok {
			if col.has(c) {
				return &Error{File: file, Line: line, Column: j + 1, Field: strings.TrimSpace(h),
					Msg: fmt.Sprintf("column %s appears twice (fields %d and %d); give it once", c, col[c]+1, j+1)}
			}
			col[c] = j
		}
	}
	for _, need := range []column{colURL, colRate} {
		if !col.has(need) {
			return &Error{File: file, Line: line, Msg: fmt.Sprintf("missing column %s; the header is %s (%s)",
				need, inputerr.Quote(strings.Join(header, ",")), want)}
		}
	}

	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return fail(err)
		}
		lim.mark(br, cr, len(rec))
		line, _ := cr.FieldPos(0)
		if blank(rec) {
			continue
		}
		if len(rec) > len(header) {
			// A field too many has shifted a column (a comma in an
			// unquoted value?): its values would be read under the wrong
			// names, as encoding/csv would refuse (issue 22). Fewer fields
			// are read as empty ones.
			return &Error{File: file, Line: line, Column: len(header) + 1, Msg: fmt.Sprintf(
				"the row has %d fields and the header %d; want at most one value per column (quote a value with a comma in it)", len(rec), len(header))}
		}
		p, perr := parseRow(row{rec: rec, col: &col}, len(header))
		if perr != nil {
			perr.File, perr.Line = file, line
			return perr
		}
		// The URL in its canonical spelling (one page written two ways is
		// given twice); the rows copy it into their text. Trimmed again,
		// as its field was, when the fragment dropped leaves a space at
		// its end ("http://a/ #top"): written out, it would read back
		// without it.
		written := p.URL
		if !canonurl.Is(p.URL) {
			p.URL = strings.TrimRightFunc(canonurl.Of(p.URL), unicode.IsSpace)
		}
		if first := out.add(p, line); first > 0 {
			msg := fmt.Sprintf("URL %s already appears on line %d; give each page once", inputerr.Quote(p.URL), first)
			if written != p.URL {
				msg = fmt.Sprintf("URL %s is %s, which already appears on line %d (URLs are compared in their canonical spelling); give each page once",
					inputerr.Quote(written), inputerr.Quote(p.URL), first)
			}
			return &Error{File: file, Line: line, Column: col[colURL] + 1, Field: "url", Msg: msg}
		}
		if n := out.len(); n >= sizingRows && out.full() {
			rows := 2 * n // append's step, when the size is unknown
			if size > 0 {
				rows = roomFor(n, size, cr.InputOffset())
			}
			if need := int64(rows)*out.rowBytes() + cr.InputOffset(); maxMemory > 0 && need > maxMemory {
				return &Error{File: file, Line: line, Msg: fmt.Sprintf(
					"the table's pages, %d read so far, would take more than the %d MB of memory this run may use; give a smaller table, or more memory", n, maxMemory/1e6), Err: inputerr.ErrMemory}
			}
			out.grow(rows)
		}
	}
	if out.len() == 0 {
		return &Error{File: file, Msg: "the file has a header but no pages; want one row per URL after the header"}
	}
	return nil
}

// sizingRows is how many rows ReadSized reads before it counts the rest.
const sizingRows = 512

// growth bounds each step of ReadSized's reservation: room for at most
// growth times the rows read: a million rows in six steps from 512, the
// last landing on the count, each old array a quarter of the new one.
const growth = 4

// roomFor returns the rows to make room for, n of them read in the first
// off bytes of a file of size bytes: every row the size implies, but
// never more than growth × n, rows actually read, nor fewer than n + 1.
// The count is also bounded by the shortest row a pages table can have
// ("http://a/,0" and a newline, 12 bytes).
func roomFor(n int, size, off int64) int {
	if off <= 0 || size <= off {
		return 2 * n // past the size given: append's step
	}
	rows := int(min(float64(size)/float64(off)*float64(n)*1.1, float64(size/12), float64(growth*n)))
	return max(rows, n+1)
}

// blank reports whether a record is an empty or all-space line.
func blank(rec []string) bool {
	return len(rec) == 1 && strings.TrimSpace(rec[0]) == ""
}

// sniff rejects, from the first bytes, files that are not CSV text, and
// drops a UTF-8 byte order mark.
func sniff(br *bufio.Reader, file string) error {
	head, err := br.Peek(512)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return &Error{File: file, Msg: err.Error(), Err: err}
	}
	if bytes.HasPrefix(head, []byte("\xef\xbb\xbf")) {
		br.Discard(3)
		head = head[3:]
	}
	bad := func(what string) error {
		return &Error{File: file, Msg: "this is " + what + ", not CSV text; " + want}
	}
	switch {
	case inputerr.CROnly(head):
		return &Error{File: file, Line: 1, Msg: inputerr.MsgCROnly}
	case bytes.HasPrefix(head, []byte{0x1f, 0x8b}):
		return bad("a gzip-compressed file (decompress it first, e.g. gunzip)")
	case bytes.HasPrefix(head, []byte("PK\x03\x04")):
		return bad("a ZIP archive (an Excel workbook? export it as CSV)")
	case inputerr.UTF16(head):
		return bad("UTF-16 text (save it as UTF-8)")
	case bytes.HasPrefix(bytes.TrimLeft(head, " \t\r\n"), []byte("<")):
		return bad("HTML or XML (a web page saved instead of the file?)")
	}
	if k := bytes.IndexByte(head, 0); k >= 0 {
		return &Error{File: file, Line: 1 + bytes.Count(head[:k], []byte("\n")), Msg: nul}
	}
	return nil
}

func parseRow(r row, fields int) (Page, *Error) {
	rec := r.rec
	var p Page
	for j, s := range rec {
		if strings.IndexByte(s, 0) >= 0 {
			return p, &Error{Column: j + 1, Msg: nul}
		}
	}
	u, j, ok := r.get(colURL)
	if !ok || u == "" {
		return p, &Error{Column: j + 1, Field: "url", Msg: fmt.Sprintf("empty URL (the row has %d of the header's %d fields); want a URL such as https://example.com/page", len(rec), fields)}
	}
	if msg := inputerr.BadText(u); msg != "" {
		return p, &Error{Column: j + 1, Field: "url", Msg: "the URL " + msg}
	}
	p.URL = u
	if h, k, ok := r.get(colHost); ok && h != "" {
		if msg := inputerr.BadText(h); msg != "" {
			return p, &Error{Column: k + 1, Field: "host", Msg: "the host " + msg}
		}
		p.Host = strings.ToLower(h)
	} else {
		host, err := HostOf(u)
		if err != nil {
			what := "no host column"
			if r.col.has(colHost) {
				what = "no host given"
			}
			return p, &Error{Column: j + 1, Field: "url", Msg: what + " and " + err.Error()}
		}
		p.Host = host
	}
	num := func(c column, def float64, what string, most float64) (float64, *Error) {
		s, j, ok := r.get(c)
		if !ok || s == "" {
			if math.IsNaN(def) {
				return 0, &Error{Column: j + 1, Field: c.String(), Msg: "empty; want " + what}
			}
			return def, nil
		}
		v, err := strconv.ParseFloat(s, 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
			return 0, &Error{Column: j + 1, Field: c.String(), Msg: fmt.Sprintf("%s is not %s", inputerr.Quote(s), what)}
		}
		if v > most {
			return 0, &Error{Column: j + 1, Field: c.String(), Msg: fmt.Sprintf("%s is more than %g; want at most %g", inputerr.Quote(s), most, most)}
		}
		return v + 0, nil // -0 becomes 0
	}
	var e *Error
	if p.Rate, e = num(colRate, math.NaN(), "a finite non-negative number of changes per day", inputerr.MaxRate); e != nil {
		return p, e
	}
	if p.Weight, e = num(colWeight, 1, "a finite non-negative weight (default 1)", inputerr.MaxWeight); e != nil {
		return p, e
	}
	if p.CrawlDelay, e = num(colDelay, 0, "a finite non-negative number of seconds", math.Inf(1)); e != nil {
		return p, e
	}
	if p.Change, e = parseChange(r); e != nil {
		return p, e
	}
	if p.Exposure, e = parseExposure(r); e != nil {
		return p, e
	}
	return p, nil
}

// csvError turns an encoding/csv or read error into an *Error.
func csvError(file string, err error, lim *limiter) error {
	if lim.tooLong {
		return &Error{File: file, Line: lim.line, Msg: fmt.Sprintf("a line longer than %d bytes; is this really a CSV file?", maxLine)}
	}
	if lim.tooBig {
		return &Error{File: file, Line: lim.lastLine + 1,
			Msg: fmt.Sprintf("the record starting here runs past %d bytes (line %d); is a closing quote missing?", maxLine, lim.line)}
	}
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		var msg string
		switch {
		case errors.Is(pe.Err, csv.ErrBareQuote):
			msg = fmt.Sprintf(`a " in a field that does not start with one (byte %d of the line); quote the whole field and double the quotes inside it, as in "say ""hi"""`, pe.Column)
		case errors.Is(pe.Err, csv.ErrQuote) && pe.StartLine != pe.Line:
			msg = fmt.Sprintf(`a quoted field opened on line %d is not closed properly (byte %d of line %d); want a closing " followed by a comma or the line's end`, pe.StartLine, pe.Column, pe.Line)
		case errors.Is(pe.Err, csv.ErrQuote):
			msg = fmt.Sprintf(`a quoted field is not closed properly (byte %d of the line); want a closing " followed by a comma or the line's end, quotes inside doubled`, pe.Column)
		default:
			msg = fmt.Sprintf("%v (byte %d of the line)", pe.Err, pe.Column)
		}
		return &Error{File: file, Line: pe.Line, Msg: msg}
	}
	return &Error{File: file, Msg: err.Error(), Err: err}
}

// limiter passes bytes through and fails once a physical line, or the
// record being read, exceeds maxLine.
type limiter struct {
	r        io.Reader
	total    int64 // bytes read
	start    int64 // offset where the record being read starts
	run      int   // bytes since the last newline
	line     int   // 1-based line of the last byte read
	lastLine int   // line where the last record read ends (or its last field starts)
	tooLong  bool  // a physical line exceeded maxLine
	tooBig   bool  // a record exceeded maxLine
}

var errTooLong = errors.New("line too long")

func (l *limiter) Read(p []byte) (int, error) {
	if l.tooLong || l.tooBig {
		return 0, errTooLong
	}
	n, err := l.r.Read(p)
	if l.line == 0 {
		l.line = 1
	}
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
	l.total += int64(n)
	switch {
	case l.run > maxLine:
		l.tooLong = true
		return n, errTooLong
	case l.total-l.start > maxLine+bufSize:
		l.tooBig = true
		return n, errTooLong
	}
	return n, err
}

// mark notes that the csv reader has returned a record: the next one
// starts at the first byte it has not consumed.
func (l *limiter) mark(br *bufio.Reader, cr *csv.Reader, fields int) {
	l.start = l.total - int64(br.Buffered())
	l.lastLine, _ = cr.FieldPos(fields - 1)
}
