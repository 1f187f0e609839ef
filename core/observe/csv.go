package observe

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/freshplan/freshplan/core/internal/inputerr"
)

// csvAliases maps header names, lower-cased with spaces and dashes made
// underscores, to the roles of the observation CSV's columns (SPEC §3.1).
// The change signal is the first role present of changed, digest, hash
// and etag.
var csvAliases = map[string]string{
	"url": "url", "uri": "url", "original": "url", "address": "url",
	"host": "host", "hostname": "host", "server": "host", "site": "host",
	"time": "time", "timestamp": "time", "fetch_time": "time", "fetched_at": "time", "fetched": "time",
	"crawl_time": "time", "crawled_at": "time", "date": "time", "datetime": "time",
	"changed": "changed", "change": "changed", "has_changed": "changed", "is_changed": "changed",
	"digest": "digest", "content_digest": "digest", "payload_digest": "digest", "checksum": "digest",
	"content_hash": "digest", "sha1": "digest", "sha256": "digest", "md5": "digest",
	"hash": "hash", "etag": "etag",
	"last_modified": "last_modified", "lastmodified": "last_modified", "lastmod": "last_modified", "last_mod": "last_modified",
	"weight": "weight", "importance": "weight", "pageviews": "weight", "page_views": "weight",
	"crawl_delay": "crawl_delay", "crawldelay": "crawl_delay", "politeness": "crawl_delay",
	"status": "status", "status_code": "status", "statuscode": "status", "http_status": "status",
	"http_code": "status", "response_code": "status",
}

// Columns of a pages table, which is not an observation log.
var rateColumns = map[string]bool{"changes_per_day": true, "rate": true, "lambda": true}

const wantColumns = "want url, time and one of changed, digest, hash or etag (case-insensitive), e.g. url,time,changed"

// csvLayout is where each role's column is in the header, -1 when absent.
type csvLayout struct {
	n                                                  int
	url, host, time, signal, lm, weight, delay, status int
	flags                                              bool // the signal is changed (0/1), not a digest
	labelled                                           bool // the signal is a digest that may carry its algorithm's label (sha1:…)
	names                                              []string
}

// csv reads an observation CSV.
func (rd *reader) csv() error {
	recs := &csvRecords{lr: rd.lr}
	var lay *csvLayout
	var same struct { // the last data line, when a repeat of it is a duplicate
		line                   []byte
		ok                     bool
		notModified, respelled int // what it added to these counts, as a repeat would
	}
	for {
		rec, err := recs.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			if lay == nil {
				if e, ok := err.(*Error); ok {
					e.File = rd.name
					return e
				}
				if err == errLong {
					return &Error{File: rd.name, Line: recs.line, Msg: msgLong}
				}
				return readError(rd.ctx, rd.name, recs.line, err)
			}
			if e, ok := err.(*Error); ok && e.Column > 0 && e.Column <= len(lay.names) {
				e.Field = lay.names[e.Column-1]
			}
			if err := rd.failed(err); err != nil {
				return err
			}
			recs.resync() // skipped: the lines it took after its first are read again
			continue
		}
		if len(rec) == 1 && blankLine(rec[0]) {
			continue
		}
		if lay == nil {
			if lay, err = header(rec, recs.line); err != nil {
				err.(*Error).File = rd.name
				return err
			}
			continue
		}
		rd.log.Rows++
		if recs.raw != nil && same.ok && bytes.Equal(recs.raw, same.line) {
			// The line before, again: a duplicate of the row it filed
			// (now its URL's last), counted as row() and the collector
			// would count it, without parsing it again — 10 GiB of one
			// row repeated is read at the speed of its lines (issue 22).
			rd.log.Duplicates++
			rd.log.NotModified += same.notModified
			rd.log.Respelled += same.respelled
			continue
		}
		adds, notModified, respelled := rd.col.adds, rd.log.NotModified, rd.log.Respelled
		if e := lay.row(rec, recs.line, rd.col); e != nil {
			same.ok = false
			if err := rd.bad(e); err != nil {
				return err
			}
			recs.resync()
			continue
		}
		// Filed (or dropped as its URL's last row again): a repeat of the
		// line is a duplicate. A row set aside (not HTTP 200) is not, nor
		// one whose change flag is empty (the collector keeps each).
		same.ok = recs.raw != nil && rd.col.adds > adds && !rd.col.addedUnknown
		same.line = append(same.line[:0], recs.raw...)
		same.notModified, same.respelled = rd.log.NotModified-notModified, rd.log.Respelled-respelled
	}
	if lay == nil {
		return &Error{File: rd.name, Msg: inputerr.MsgEmpty}
	}
	return nil
}

// header returns the layout a header line gives, or an *Error saying why
// it is not the header of an observation CSV.
func header(rec [][]byte, line int) (*csvLayout, error) {
	lay := &csvLayout{n: len(rec), url: -1, host: -1, time: -1, signal: -1, lm: -1, weight: -1, delay: -1, status: -1}
	joined := string(bytes.Join(rec, []byte{','}))
	fail := func(format string, a ...any) error {
		return &Error{Line: line, Msg: fmt.Sprintf(format, a...)}
	}
	if len(rec) == 1 {
		for _, sep := range []string{";", "\t", "|"} {
			if strings.Contains(joined, sep) {
				return nil, fail("the header is one column %s; is the file separated by %s? want commas, as in url,time,changed",
					inputerr.Quote(joined), map[string]string{";": "semicolons", "\t": "tabs", "|": "vertical bars"}[sep])
			}
		}
	}
	roles := map[string]int{}
	for j, f := range rec {
		name := string(trim(f))
		lay.names = append(lay.names, name)
		if m := inputerr.BadText(name); m != "" {
			return nil, &Error{Line: line, Column: j + 1, Msg: "the header " + m}
		}
		key := strings.NewReplacer(" ", "_", "-", "_").Replace(strings.ToLower(name))
		if rateColumns[key] {
			return nil, fail("this is a pages table (it has a %s column), not an observation log; %s", name, wantColumns)
		}
		role, ok := csvAliases[key]
		if !ok {
			continue
		}
		if k, dup := roles[role]; dup {
			return nil, &Error{Line: line, Column: j + 1, Field: name,
				Msg: fmt.Sprintf("the columns %s (field %d) and %s both give the %s; keep one", lay.names[k], k+1, name, role)}
		}
		roles[role] = j
	}
	if _, ok := roles["url"]; !ok {
		if looksLikeData(rec) {
			return nil, fail("no header: the first line %s looks like data; want a header line naming the columns first, e.g. url,time,changed", inputerr.Quote(joined))
		}
		return nil, fail("no url column in the header %s; %s", inputerr.Quote(joined), wantColumns)
	}
	if _, ok := roles["time"]; !ok {
		return nil, fail("no time column in the header %s; %s", inputerr.Quote(joined), wantColumns)
	}
	for _, s := range []string{"changed", "digest", "hash", "etag"} {
		if j, ok := roles[s]; ok {
			lay.signal, lay.flags, lay.labelled = j, s == "changed", s == "digest" || s == "hash"
			break
		}
	}
	if lay.signal < 0 {
		return nil, fail("no change signal in the header %s; want a changed (0/1) or a digest, hash or etag column "+
			"(a file of url,host,time alone is a complete change history, not an observation log)", inputerr.Quote(joined))
	}
	get := func(role string) int {
		if j, ok := roles[role]; ok {
			return j
		}
		return -1
	}
	lay.url, lay.host, lay.time = get("url"), get("host"), get("time")
	lay.lm, lay.weight, lay.delay, lay.status = get("last_modified"), get("weight"), get("crawl_delay"), get("status")
	return lay, nil
}

// looksLikeData reports whether a first line holds a URL or a number,
// which a header would not.
func looksLikeData(rec [][]byte) bool {
	for _, f := range rec {
		f = trim(f)
		if bytes.Contains(f, []byte("://")) {
			return true
		}
		if _, err := strconv.ParseFloat(string(f), 64); err == nil {
			return true
		}
	}
	return false
}

// err is an *Error about field j of a row.
func (l *csvLayout) err(line, j int, msg string) *Error {
	return &Error{Line: line, Column: j + 1, Field: l.names[j], Msg: msg}
}

// row files one data row with the collector, or says what is wrong with it.
func (l *csvLayout) row(f [][]byte, line int, c *collector) *Error {
	if len(f) != l.n {
		return &Error{Line: line, Msg: fmt.Sprintf("the row has %d fields and the header %d; want one value per column (empty for none)", len(f), l.n)}
	}
	for j, s := range f {
		if bytes.IndexByte(s, 0) >= 0 {
			return l.err(line, j, msgNUL)
		}
	}
	u := trim(f[l.url])
	if len(u) == 0 {
		return l.err(line, l.url, "empty URL; want a URL such as https://example.com/page")
	}
	at, msg := parseTime(f[l.time])
	if msg != "" {
		return l.err(line, l.time, msg)
	}
	o := obs{at: at, lm: math.NaN()}
	notModified := false
	if l.status >= 0 {
		code, given, ok := fetchStatus(trim(f[l.status]))
		switch {
		case !ok:
			return l.err(line, l.status, inputerr.Quote(trim(f[l.status]))+" is not an HTTP status; want a code such as 200 or 304, a crawler's 0 or negative code for a failed fetch, or empty when unknown")
		case !given, code == 200:
		case code == 304:
			// Not Modified: a fetch that saw no change, whatever the signal
			// columns hold (a digest there would be the empty body's).
			notModified = true
		default:
			c.log.NonOK++
			return nil
		}
	}
	s := trim(f[l.signal])
	switch {
	case notModified:
		o.kind = sigSame
	case l.flags && len(s) == 0:
		o.kind = sigUnknown // a crawler may leave it empty at a URL's first fetch
	case l.flags:
		v, ok := flag(s)
		if !ok {
			return l.err(line, l.signal, inputerr.Quote(s)+" is not a change flag; want 0/1, true/false or yes/no")
		}
		o.kind, o.sig = sigFlag, v
	default:
		if len(s) == 0 {
			return l.err(line, l.signal, "empty; want the content digest of this fetch (a fetch without one cannot be compared)")
		}
		if l.labelled {
			s = unlabelled(s)
		}
		o.kind, o.sig = sigDigest, c.digest(s)
	}
	if l.lm >= 0 {
		if s := trim(f[l.lm]); len(s) > 0 {
			if o.lm, msg = parseLastModified(s); msg != "" {
				return l.err(line, l.lm, msg)
			}
		}
	}
	weight, hasWeight, e := l.nonNegative(f, l.weight, line, "a weight; want a finite non-negative number (default 1)")
	if e != nil {
		return e
	}
	if weight > inputerr.MaxWeight {
		return l.err(line, l.weight, fmt.Sprintf("%s is more than %g; want at most %g", inputerr.Quote(trim(f[l.weight])), inputerr.MaxWeight, inputerr.MaxWeight))
	}
	delay, hasDelay, e := l.nonNegative(f, l.delay, line, "a crawl delay; want a finite non-negative number of seconds")
	if e != nil {
		return e
	}
	i, ok, key := c.find(u)
	if !ok {
		if m := inputerr.BadText(key); m != "" {
			return l.err(line, l.url, "the URL "+m)
		}
		var host string
		if l.host >= 0 && len(trim(f[l.host])) > 0 {
			h := trim(f[l.host])
			if m := inputerr.BadText(h); m != "" {
				return l.err(line, l.host, "the host "+m)
			}
			host = strings.ToLower(string(h))
		} else {
			h, m := hostOf(string(key), c.stripWWW)
			if m != "" {
				if l.host >= 0 {
					return l.err(line, l.url, "no host given and "+m)
				}
				return l.err(line, l.url, "no host column and "+m)
			}
			host = h
		}
		s := string(key)
		i = c.addURL(s, s, host)
		if !bytes.Equal(key, u) {
			c.log.respelled(string(u), s) // u as the row wrote it
		}
	}
	if hasWeight {
		c.urls[i].weight = weight
	}
	if hasDelay {
		c.urls[i].delay = delay
	}
	if notModified {
		c.log.NotModified++
	}
	o.url = i
	c.add(o)
	return nil
}

// nonNegative reads an optional finite non-negative number from column j.
func (l *csvLayout) nonNegative(f [][]byte, j, line int, what string) (float64, bool, *Error) {
	if j < 0 {
		return 0, false, nil
	}
	s := trim(f[j])
	if len(s) == 0 {
		return 0, false, nil
	}
	v, err := strconv.ParseFloat(string(s), 64)
	if err != nil || math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
		return 0, false, l.err(line, j, inputerr.Quote(s)+" is not "+what)
	}
	return v + 0, true, nil
}

// fetchStatus reads a fetch's status: an HTTP code (three digits), or a
// crawler's code for a fetch that got no response — 0 (not tried) or
// negative (Heritrix's −1 to −9999: DNS, connection, timeout); given is
// false for none (empty or "-").
func fetchStatus(s []byte) (code int, given, ok bool) {
	if len(s) == 0 || len(s) == 1 && s[0] == '-' {
		return 0, false, true
	}
	v, err := strconv.Atoi(string(s))
	if err != nil || v > 999 || v < -9999 || v > 0 && len(s) != 3 {
		return 0, true, false
	}
	return v, true, true
}

// flag reads a changed flag: 0/1, true/false or yes/no in any case, and
// the forms exports make of them: t/f, y/n, and 1.0/0.0 (a boolean column
// gone through floating point).
func flag(s []byte) (uint64, bool) {
	if len(s) == 1 && (s[0] == '0' || s[0] == '1') {
		return uint64(s[0] - '0'), true
	}
	switch strings.ToLower(string(s)) {
	case "1", "true", "yes", "t", "y", "1.0":
		return 1, true
	case "0", "false", "no", "f", "n", "0.0":
		return 0, true
	}
	return 0, false
}
