package observe

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/freshplan/freshplan/core/internal/inputerr"
)

// Options control Read.
type Options struct {
	Name     string                  // the file's name, for messages; "input" when empty
	SkipBad  bool                    // skip bad rows (counted, the first MaxBadRows kept) instead of stopping at the first
	Progress func(bytes, rows int64) // called about every 64 KiB read and once at the end; may be nil
	StripWWW bool                    // drop a leading "www." from hosts taken from URLs (SPEC §3.1)
	// MaxMemory, when positive, bounds what the histories take: a log
	// whose fetches would need more is an *Error before they are made
	// (under an address-space limit a refused allocation kills the
	// process without a word, issue 22).
	MaxMemory int64
}

// MaxBadRows is how many skipped rows a Log lists.
const MaxBadRows = 20

// Log is what Read made of a file.
type Log struct {
	Format    string    // FormatCSV, FormatCDX, FormatCDXJ or FormatWaybackJSON
	Histories []History // one per URL in order of first appearance, fetches sorted by time
	Bytes     int64     // bytes read
	Rows      int64     // data rows (captures) read, bad ones included; header, legend, blank and comment lines not
	Skipped   int       // bad rows skipped (Options.SkipBad)
	BadRows   []*Error  // the first MaxBadRows of them
	// What was dropped or interpreted (see the package comment):
	Duplicates int // rows repeating a fetch of the same URL at the same time with the same signal (a change history: a change), dropped
	Merged     int // rows at the same time as another fetch of the same URL with a different signal, merged into it
	NonOK      int // captures that are not content: status other than 200, or not an http(s) URL; skipped
	Revisits   int // revisit records (mime warc/revisit or status -), read as fetches
	Single     int // URLs with a single fetch: a baseline and nothing to estimate a rate from
	// Rows (captures) with status 304 Not Modified, read as fetches that
	// saw no change.
	NotModified int
	// Rows of the observation CSV whose change flag was left empty past
	// their URL's first fetch, dropped (at the first fetch, the baseline,
	// an empty flag is what a crawler writes and is fine).
	Unflagged int
	// Latest is the latest time in the file (a fetch's, or a change's in
	// a change history), Unix seconds.
	Latest float64
	// Rows whose URL was not written in its canonical spelling
	// (canonurl: scheme and host case, default port, empty path,
	// fragment, percent-encoding), read as that spelling; the first such
	// URL as written and as read.
	Respelled        int
	RespelledExample [2]string
}

// respelled counts a row that wrote its URL as written, read as canon.
func (l *Log) respelled(written, canon string) {
	if l.Respelled == 0 {
		l.RespelledExample = [2]string{written, canon}
	}
	l.Respelled++
}

// Read reads an observation log — the observation CSV, a CDX or CDXJ
// index or the Wayback CDX server's JSON, told apart by Detect — into
// per-URL histories. It streams: the file is read once, 64 KiB at a time,
// and only the parsed observations are kept. It stops with ctx's error
// when ctx is done. Problems are *Error values naming the file, line,
// column and what was expected: a problem with the file as a whole
// (format, header, legend) always stops it; a bad row stops it unless
// opts.SkipBad.
func Read(ctx context.Context, r io.Reader, opts Options) (*Log, error) {
	return read(ctx, r, opts, "")
}

// reader is what the format readers share.
type reader struct {
	name string
	skip bool
	log  *Log
	col  *collector
	lr   *lineReader
	ctx  context.Context
}

// read reads r as format, or as what Detect says when format is "".
func read(ctx context.Context, r io.Reader, opts Options, format string) (*Log, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	name := opts.Name
	if name == "" {
		name = "input"
	}
	log := &Log{}
	src := &source{r: r, ctx: ctx, progress: opts.Progress, rows: &log.Rows}
	br := bufio.NewReaderSize(src, chunk)
	head, err := br.Peek(chunk)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return nil, readError(ctx, name, 0, err)
	}
	whole := err == io.EOF // head is the whole file
	if inputerr.CROnly(head) && !inputerr.Binary(head) {
		return nil, &Error{File: name, Line: 1, Msg: inputerr.MsgCROnly}
	}
	if format == "" {
		if format, err = Detect(head); err != nil {
			e := err.(*Error)
			e.File = name
			if whole && errors.Is(e, inputerr.ErrNotText) {
				e.Msg = inputerr.NotText(int64(len(head)), head)
			}
			return nil, err
		}
	}
	if bytes.HasPrefix(head, bom) {
		br.Discard(len(bom))
	}
	log.Format = format
	rd := &reader{name: name, skip: opts.SkipBad, log: log, col: newCollector(log, opts.StripWWW),
		lr: &lineReader{br: br}, ctx: ctx}
	switch format {
	case FormatCSV:
		err = rd.csv()
	case FormatCDX:
		err = rd.cdx()
	case FormatCDXJ:
		err = rd.cdxj()
	case FormatCrawlLog:
		err = rd.crawlLog()
	case FormatWaybackJSON:
		err = rd.wayback(br)
	default:
		return nil, &Error{File: name, Msg: fmt.Sprintf("unknown format %q", format)}
	}
	if err != nil {
		return nil, err
	}
	log.Bytes = src.bytes
	src.report()
	if need := rd.col.need(); opts.MaxMemory > 0 && need > opts.MaxMemory {
		return nil, &Error{File: name, Msg: fmt.Sprintf("the log's %d fetches of %d URLs would take about %d MB, more than the %d MB of memory this run may use; give a smaller log, or more memory",
			rd.col.nobs, len(rd.col.urls), need/1e6, opts.MaxMemory/1e6), Err: inputerr.ErrMemory}
	}
	if log.Histories, err = rd.col.finish(ctx); err != nil {
		return nil, err
	}
	if len(log.Histories) == 0 {
		return nil, rd.nothing()
	}
	log.Latest = math.Inf(-1)
	for _, h := range log.Histories {
		log.Latest = math.Max(log.Latest, h.Fetches[len(h.Fetches)-1].At)
	}
	return log, nil
}

// bad handles a bad row: it is returned to stop reading, or counted and
// kept (the first MaxBadRows) when bad rows are skipped.
func (rd *reader) bad(e *Error) error {
	e.File = rd.name
	return rd.log.bad(e, rd.skip)
}

// bad returns e to stop a read at its row, or, when skip is set, counts
// the row skipped and keeps e if it is among the first MaxBadRows.
func (l *Log) bad(e *Error, skip bool) error {
	if !skip {
		return e
	}
	l.Skipped++
	if len(l.BadRows) < MaxBadRows {
		l.BadRows = append(l.BadRows, e)
	}
	return nil
}

// eachLine calls fn with every line of an archive index that is neither
// blank nor a comment (starting with comment), until the end, fn's error,
// or a read error that stops reading (bad rows met by the line reader are
// handled as bad rows).
func (rd *reader) eachLine(comment byte, fn func(line []byte) error) error {
	for {
		line, err := rd.lr.next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			if err := rd.failed(err); err != nil {
				return err
			}
			continue
		}
		if t := trim(line); len(t) == 0 || t[0] == comment {
			continue
		}
		if err := fn(line); err != nil {
			return err
		}
	}
}

// row counts a data row and handles its problem, if any (bad).
func (rd *reader) row(e *Error) error {
	rd.log.Rows++
	if e == nil {
		return nil
	}
	return rd.bad(e)
}

// failed turns an error met while reading lines into the error to stop
// with (nil when it was a bad row and reading goes on).
func (rd *reader) failed(err error) error {
	switch e := err.(type) {
	case *Error:
		rd.log.Rows++
		return rd.bad(e)
	}
	if err == errLong {
		rd.log.Rows++
		return rd.bad(&Error{Line: rd.lr.line, Msg: msgLong})
	}
	return readError(rd.ctx, rd.name, rd.lr.line, err)
}

// readError is the error for a failed read: the context's error when it
// is done, else an *Error wrapping err.
func readError(ctx context.Context, name string, line int, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	return &Error{File: name, Line: line, Msg: "could not read the file: " + err.Error(), Err: err}
}

// nothing is the error for a file that yields no history at all.
func (rd *reader) nothing() error {
	l := rd.log
	if l.Rows == 0 {
		what := "no captures; want one line per capture"
		if l.Format == FormatCSV {
			what = "no observations after the header; want one row per fetch"
		}
		return &Error{File: rd.name, Msg: what}
	}
	var why []string
	if l.Skipped > 0 {
		why = append(why, fmt.Sprintf("%s skipped (the first: %s)", count(int64(l.Skipped), "bad row"), l.BadRows[0]))
	}
	if l.NonOK > 0 {
		why = append(why, fmt.Sprintf("%s that %s not HTTP 200 content skipped", count(int64(l.NonOK), "capture"), map[bool]string{true: "is", false: "are"}[l.NonOK == 1]))
	}
	return &Error{File: rd.name, Msg: fmt.Sprintf("no usable observations in %s: %s", count(l.Rows, "row"), strings.Join(why, ", "))}
}

// count writes n things: "1 row", "2 rows".
func count(n int64, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}
