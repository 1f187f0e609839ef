package observe

import (
	"bytes"
	"errors"
	"math"
	"net/url"
	"slices"
	"strings"

	"github.com/freshplan/freshplan/core/internal/canonurl"
	"github.com/freshplan/freshplan/core/internal/inputerr"
)

// field is one field of a web-archive record as read: its value, its
// 1-based place on the line (0 when the format does not give it) and its
// name for messages.
type field struct {
	val  []byte
	col  int
	name string
}

// capture is one record of a web-archive index.
type capture struct {
	line                               int
	key, url, ts, mime, status, digest field
}

// isDash reports whether b is a CDX "no value": empty or "-".
func isDash(b []byte) bool { return len(b) == 0 || len(b) == 1 && b[0] == '-' }

// capture files one web-archive record with the collector, or says what
// is wrong with it. The rules (see the package comment):
//   - status 200, or no status field at all: content, compared by digest;
//   - status 304 Not Modified: a fetch that saw no change;
//   - mime warc/revisit, or status "-" or empty: a revisit record, read as
//     a fetch whose digest is the revisited content's (unchanged when it
//     equals the previous fetch's), or unchanged when it has no digest;
//   - any other status (3xx redirects, 4xx and 5xx errors, a crawler's
//     negative codes for fetches that failed), and URLs of a
//     scheme other than http and https (dns:, filedesc:, warcinfo:, …):
//     skipped and counted in Log.NonOK;
//   - captures of one URL are grouped by urlkey (so http/https and www
//     variants the archive canonicalises alike are one URL); the URL
//     reported is the original URL of the key's first capture in the
//     file, else one rebuilt from the SURT urlkey.
func (c *collector) capture(cp *capture) *Error {
	bad := func(f field, msg string) *Error {
		return &Error{Line: cp.line, Column: f.col, Field: f.name, Msg: msg}
	}
	ts := trim(cp.ts.val)
	at, ok := timestamp(ts)
	if !ok {
		if at, ok = rfc3339(ts); !ok { // a crawl.log's time of logging
			return bad(cp.ts, inputerr.Quote(ts)+" is not a timestamp; "+wantTimestamp)
		}
		var msg string
		if at, msg = inRange(ts, at); msg != "" {
			return bad(cp.ts, msg)
		}
	}
	revisit := bytes.EqualFold(trim(cp.mime.val), []byte("warc/revisit"))
	notModified := false
	if cp.status.col > 0 {
		st := trim(cp.status.val)
		switch {
		case isDash(st):
			revisit = true
		case string(st) == "200":
		case string(st) == "304":
			// Not Modified: the server said the page had not changed.
			notModified = true
		case len(st) <= 3 && digits(st), len(st) > 1 && len(st) <= 5 && st[0] == '-' && digits(st[1:]):
			// Redirects and errors, and a crawler's negative codes for a
			// fetch that failed: not the page's content.
			c.log.NonOK++
			return nil
		default:
			return bad(cp.status, inputerr.Quote(st)+" is not an HTTP status; want a code such as 200, or - for a revisit record")
		}
	}
	u, key := trim(cp.url.val), trim(cp.key.val)
	if isDash(u) {
		u = nil
	}
	if isDash(key) {
		key = nil
	}
	switch {
	case u != nil && !httpScheme(u), u == nil && key != nil && !httpScheme(key):
		c.log.NonOK++
		return nil
	case u == nil && key == nil:
		f := cp.url
		if f.col == 0 {
			f = cp.key
		}
		return bad(f, "no URL; want the original URL (or at least the SURT urlkey) of the capture")
	}
	o := obs{at: at, lm: math.NaN(), kind: sigDigest}
	if notModified {
		o.kind = sigSame // whatever digest it has is the empty body's
	} else if d := trim(cp.digest.val); !isDash(d) {
		o.sig = c.digest(unlabelled(d))
	} else if revisit {
		o.kind = sigSame
	} else {
		return bad(cp.digest, "no digest; want the capture's content digest (a capture without one cannot be compared)")
	}
	var i int32
	byURL := key == nil
	if byURL {
		i, ok, key = c.find(u) // without a urlkey, one page written two ways is still one URL
	} else {
		i, ok = c.lookup(key)
	}
	if !ok {
		var raw string
		switch {
		case u == nil:
			if raw, ok = unsurt(key); !ok {
				return bad(cp.key, inputerr.Quote(key)+" is not a SURT urlkey such as com,example)/page, and there is no original URL")
			}
		case scheme(u) == nil:
			raw = "http://" + string(u)
		default:
			raw = string(u)
		}
		if m := inputerr.BadText(raw); m != "" {
			return bad(cp.url, "the URL "+m)
		}
		raw = canonurl.Of(raw)
		host, m := hostOf(raw, c.stripWWW)
		if m != "" {
			return bad(cp.url, m)
		}
		i = c.addURL(string(key), raw, host)
		if byURL && !bytes.Equal(key, u) {
			c.log.respelled(string(u), string(key))
		}
	}
	switch {
	case notModified: // a revisit record of a 304 is counted once, as a 304
		c.log.NotModified++
	case revisit:
		c.log.Revisits++
	}
	o.url = i
	c.add(o)
	return nil
}

// scheme returns the scheme of a URL when it starts with letters and a
// colon ("http", "dns", "filedesc"; as written, in any case), else nil.
func scheme(b []byte) []byte {
	for i, ch := range b {
		switch {
		case ch == ':' && i > 0:
			return b[:i]
		case ch < 'A' || ch > 'z' || (ch > 'Z' && ch < 'a'):
			return nil
		}
	}
	return nil
}

// httpScheme reports whether a URL or urlkey is http(s) or has no scheme.
// Every capture asks, so it makes no string.
func httpScheme(b []byte) bool {
	s := scheme(b)
	return s == nil || bytes.EqualFold(s, []byte("http")) || bytes.EqualFold(s, []byte("https"))
}

// hostOf returns the lower-cased host of a URL, without "www." when
// asked, or a message saying what is wrong with the URL.
func hostOf(raw string, stripWWW bool) (string, string) {
	u, err := url.Parse(raw)
	if err != nil {
		var ue *url.Error
		if errors.As(err, &ue) {
			err = ue.Err
		}
		return "", inputerr.Quote(raw) + " is not a URL (" + err.Error() + "); want e.g. https://example.com/page"
	}
	h := strings.ToLower(u.Hostname())
	if h == "" {
		return "", inputerr.Quote(raw) + " has no host; want e.g. https://example.com/page"
	}
	if m := inputerr.BadText(h); m != "" {
		return "", "the host " + m
	}
	if stripWWW {
		if t := strings.TrimPrefix(h, "www."); t != "" {
			h = t
		}
	}
	return h, ""
}

// unsurt rebuilds a URL from a SURT urlkey: com,example,www)/a?b is
// http://www.example.com/a?b. The scheme is lost in a urlkey; http is
// assumed.
func unsurt(key []byte) (string, bool) {
	s := string(key)
	for _, p := range []string{"http://(", "https://("} {
		if len(s) >= len(p) && strings.EqualFold(s[:len(p)], p) {
			s = s[len(p):]
		}
	}
	i := strings.IndexByte(s, ')')
	if i <= 0 {
		return "", false
	}
	hostPart, rest, port := s[:i], s[i+1:], ""
	if k := strings.IndexByte(hostPart, ':'); k >= 0 {
		hostPart, port = hostPart[:k], hostPart[k:]
	}
	labels := strings.Split(strings.TrimSuffix(hostPart, ","), ",")
	slices.Reverse(labels)
	host := strings.Join(labels, ".")
	if host == "" || strings.Contains(host, "..") {
		return "", false
	}
	if !strings.HasPrefix(rest, "/") {
		rest = "/" + rest
	}
	return "http://" + host + port + rest, true
}

// unlabelled returns a digest without its algorithm's label ("sha1:",
// "sha256:", "md5:", any case): tools differ in writing it — the CDX
// digest is the payload's SHA-1 in base 32, bare in most indexes and
// labelled in others (pywb's CDXJ, WARC headers) — and a log merged from
// both must not see a change where the label appears.
func unlabelled(d []byte) []byte {
	i := bytes.IndexByte(d, ':')
	if i < 0 || i+1 == len(d) {
		return d
	}
	for _, label := range digestLabels {
		if bytes.EqualFold(d[:i], label) {
			return d[i+1:]
		}
	}
	return d
}

var digestLabels = [][]byte{[]byte("sha1"), []byte("sha-1"), []byte("sha256"), []byte("sha-256"), []byte("sha512"), []byte("sha-512"), []byte("md5")}
