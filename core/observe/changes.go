package observe

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"

	"github.com/freshplan/freshplan/core/internal/canonurl"
	"github.com/freshplan/freshplan/core/internal/inputerr"
)

// Changes is one URL's complete change history: every time its content
// changed, sorted. Its first change is when the page appeared.
type Changes struct {
	URL, Host  string
	Times      []float64 // Unix seconds, sorted
	CrawlDelay float64   // seconds the host asks for between requests (an observation log's crawl_delay), 0 when not given
	// Weight is the page's importance: an observation log's weight column,
	// 1 where none is given (a change history). Readers set it; 0 is a
	// page that counts for nothing.
	Weight float64
}

// IsChangeHeader reports whether a CSV header is a change history's: a url
// and a time column and no change signal (changed, digest, hash, etag),
// like shared/data/real-changes.csv (url,host,time).
func IsChangeHeader(header []string) bool {
	var url, time, signal bool
	for _, h := range header {
		switch name := strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff"))); name {
		case "url", "uri":
			url = true
		case "time", "timestamp", "changed_at", "date":
			time = true
		case "changed", "change", "digest", "hash", "etag", "checksum":
			signal = true
		}
	}
	return url && time && !signal
}

// ReadChanges reads a complete change history — a CSV with url, time
// (RFC 3339, a date, Unix seconds or milliseconds, as ParseTime) and optionally
// host, one row per change, in any order — into one Changes per URL in
// order of first appearance, times sorted, repeated times kept once. It
// is the input of a backtest (SPEC §6): what really happened, not what a
// crawler saw.
func ReadChanges(ctx context.Context, r io.Reader, name string) ([]Changes, error) {
	out, _, err := ReadChangesWith(ctx, r, Options{Name: name})
	return out, err
}

// ReadChangesWith is ReadChanges with Read's options: with SkipBad a bad
// row is skipped, counted and kept (the first MaxBadRows) in the returned
// Log, whose Rows it also counts (its Format is FormatChanges, its
// Histories nil), instead of stopping the read; StripWWW applies to hosts
// taken from URLs.
func ReadChangesWith(ctx context.Context, r io.Reader, opts Options) ([]Changes, *Log, error) {
	name := opts.Name
	if name == "" {
		name = "input"
	}
	log := &Log{Format: FormatChanges}
	bad := func(e *Error) error { return log.bad(e, opts.SkipBad) }
	// The line reader of the observation CSV: lines and records bounded
	// (maxLine), and a bad record spanning lines read again from its
	// second (resync), so a quote left open skips one row, not the rest.
	br := bufio.NewReaderSize(r, chunk)
	if head, _ := br.Peek(chunk); inputerr.CROnly(head) {
		return nil, nil, &Error{File: name, Line: 1, Msg: inputerr.MsgCROnly}
	}
	recs := &csvRecords{lr: &lineReader{br: br}}
	var header []string
	for header == nil {
		rec, err := recs.next()
		switch {
		case err == io.EOF:
			return nil, nil, &Error{File: name, Msg: "the file is empty; want a change history with a header url,host,time"}
		case err == errLong:
			return nil, nil, &Error{File: name, Line: recs.line, Msg: msgLong}
		case err != nil:
			if e, ok := err.(*Error); ok {
				e.File = name
				return nil, nil, e
			}
			return nil, nil, readError(ctx, name, recs.line, err)
		}
		if len(rec) == 1 && blankLine(rec[0]) {
			continue
		}
		header = make([]string, len(rec))
		for j, f := range rec {
			header[j] = string(f)
		}
	}
	col := map[string]int{}
	for j, h := range header {
		switch strings.ToLower(strings.TrimSpace(strings.TrimPrefix(h, "\ufeff"))) {
		case "url", "uri":
			col["url"] = j
		case "host", "server", "site":
			col["host"] = j
		case "time", "timestamp", "changed_at", "date":
			col["time"] = j
		}
	}
	for _, need := range []string{"url", "time"} {
		if _, ok := col[need]; !ok {
			return nil, nil, &Error{File: name, Line: recs.line, Msg: fmt.Sprintf("no %s column in the header %s; want url,host,time (one row per change)", need, inputerr.Quote(strings.Join(header, ",")))}
		}
	}
	index := map[string]int{}
	var out []Changes
	for row := 0; ; row++ {
		if row%4096 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, nil, err
			}
		}
		rec, err := recs.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			e, ok := err.(*Error)
			switch {
			case err == errLong:
				e = &Error{Line: recs.line, Msg: msgLong}
			case !ok:
				return nil, nil, readError(ctx, name, recs.line, err)
			}
			e.File = name
			log.Rows++
			if err := bad(e); err != nil {
				return nil, nil, err
			}
			recs.resync()
			continue
		}
		if len(rec) == 1 && blankLine(rec[0]) {
			continue
		}
		line := recs.line
		if len(rec) != len(header) {
			log.Rows++
			// A row of more fields than the header has a column shifted:
			// its values would be read under the wrong names.
			if err := bad(&Error{File: name, Line: line, Msg: fmt.Sprintf("the row has %d fields and the header %d; want one value per column (empty for none)", len(rec), len(header))}); err != nil {
				return nil, nil, err
			}
			recs.resync()
			continue
		}
		log.Rows++
		field := func(k string) string {
			if j, ok := col[k]; ok {
				return string(trim(rec[j]))
			}
			return ""
		}
		u := field("url")
		if u == "" {
			if err := bad(&Error{File: name, Line: line, Column: col["url"] + 1, Field: "url", Msg: "empty URL"}); err != nil {
				return nil, nil, err
			}
			continue
		}
		if m := inputerr.BadText(u); m != "" {
			if err := bad(&Error{File: name, Line: line, Column: col["url"] + 1, Field: "url", Msg: "the URL " + m}); err != nil {
				return nil, nil, err
			}
			continue
		}
		if m := inputerr.BadText(field("host")); m != "" {
			if err := bad(&Error{File: name, Line: line, Column: col["host"] + 1, Field: "host", Msg: "the host " + m}); err != nil {
				return nil, nil, err
			}
			continue
		}
		t, err := ParseTime(field("time"))
		if err != nil {
			if err := bad(&Error{File: name, Line: line, Column: col["time"] + 1, Field: "time", Msg: inputerr.Quote(field("time")) + " is not a time; " + wantTime}); err != nil {
				return nil, nil, err
			}
			continue
		}
		written := u
		u = canonurl.Of(u)
		k, ok := index[u]
		if !ok {
			host := strings.ToLower(field("host"))
			if _, has := col["host"]; !has || host == "" {
				h, msg := hostOf(u, opts.StripWWW)
				if msg != "" {
					if err := bad(&Error{File: name, Line: line, Column: col["url"] + 1, Field: "url", Msg: msg}); err != nil {
						return nil, nil, err
					}
					continue
				}
				host = h
			}
			k = len(out)
			index[strings.Clone(u)] = k
			out = append(out, Changes{URL: strings.Clone(u), Host: host, Weight: 1})
		}
		if written != u {
			log.respelled(written, u)
		}
		if ts := out[k].Times; len(ts) > 0 && ts[len(ts)-1] == t {
			// A change repeating the page's last: dropped and counted as it
			// streams in, not held until the end (issue 22).
			log.Duplicates++
			continue
		}
		out[k].Times = append(out[k].Times, t)
	}
	if len(out) == 0 {
		msg := "the file has a header but no changes"
		if log.Skipped > 0 {
			msg = fmt.Sprintf("no usable change: %d bad rows skipped (the first: %s)", log.Skipped, log.BadRows[0])
		}
		return nil, nil, &Error{File: name, Msg: msg}
	}
	log.Latest = math.Inf(-1)
	for k := range out {
		slices.Sort(out[k].Times)
		n := len(out[k].Times)
		out[k].Times = slices.Compact(out[k].Times)
		log.Duplicates += n - len(out[k].Times)
		log.Latest = math.Max(log.Latest, out[k].Times[len(out[k].Times)-1])
	}
	return out, log, nil
}
