// Package canonurl spells an http(s) URL one way, so that a log that
// writes one page several ways — HTTP://Example.com:80/a#top and
// http://example.com/a — counts it as one page, fetched as often as it
// was, and a seed list names it once.
//
// The rules are RFC 3986's equivalences that hold for every http(s)
// server: the scheme and host are case-insensitive (§6.2.2.1, and the
// hex digits of a percent-encoding are upper-cased there too), a
// percent-encoded unreserved character is that character (§6.2.2.2; not
// in a URL with a stray '%', where decoding could make a new encoding),
// the scheme's default port and an empty port are no port and an empty
// path is "/" (§6.2.3), and the fragment is never sent to the server
// (§3.5), so it names no other fetch. Nothing that a server may read
// differently is touched: path case, dot segments, query order, a
// trailing slash, "www.".
package canonurl

import (
	"strings"
	"unsafe"
)

// Of returns s spelled canonically; s itself when it already is, or when
// it is not an http(s) URL with an authority (those are left to whoever
// reads them to judge).
func Of(s string) string {
	u, ok := split(s)
	if !ok || canonical(s, u) {
		return s
	}
	return build(s, u)
}

// Is reports whether Of(s) would return s unchanged.
func Is(s string) bool {
	u, ok := split(s)
	return !ok || canonical(s, u)
}

// IsBytes is Is for a row's bytes, which a reader checks before looking
// the URL up, without making a string of it.
func IsBytes(b []byte) bool {
	// The string shares b's memory for the call only: Is keeps nothing.
	return Is(unsafe.String(unsafe.SliceData(b), len(b)))
}

// parts are the offsets of an http(s) URL's pieces in its text: the
// scheme before colon, the host from host to hostEnd, the port from
// hostEnd+1 to auth when hostEnd < auth, then the path, query and
// fragment from auth on; upper says whether the host has an upper-case
// letter.
type parts struct {
	colon, host, hostEnd, auth int
	upper                      bool
}

// Classes of the bytes split looks for in an authority.
const (
	classEnd     = 1 << iota // '/', '?' or '#': the authority's end
	classAt                  // '@': the user information's end
	classColon               // ':'
	classBracket             // '[' or ']'
	classUpper               // 'A' to 'Z'
)

// class is each byte's class; 0 for most.
var class = func() (c [256]uint8) {
	c['/'], c['?'], c['#'] = classEnd, classEnd, classEnd
	c['@'], c[':'], c['['], c[']'] = classAt, classColon, classBracket, classBracket
	for b := 'A'; b <= 'Z'; b++ {
		c[b] = classUpper
	}
	return c
}()

// split finds the pieces of an http(s) URL with an authority ("//"); ok
// is false for anything else, or for a host that is empty or not one.
// One pass over the authority: every row of a log pays it.
func split(s string) (u parts, ok bool) {
	switch {
	case len(s) > 7 && s[4] == ':' && isHTTP(s):
		u.colon = 4
	case len(s) > 8 && s[5] == ':' && isHTTP(s) && lower(s[4]) == 's':
		u.colon = 5
	default:
		return u, false
	}
	if s[u.colon+1] != '/' || s[u.colon+2] != '/' {
		return u, false
	}
	u.host = u.colon + 3
	lastColon, colons, bracket := -1, 0, false
	i := u.host
scan:
	for ; i < len(s); i++ {
		k := class[s[i]]
		switch {
		case k == 0:
		case k == classEnd:
			break scan
		case k == classAt:
			// The user information ends here and is left as it is.
			u.host, lastColon, colons, bracket, u.upper = i+1, -1, 0, false, false
		case k == classColon:
			lastColon, colons = i, colons+1
		case k == classBracket:
			bracket = true
		default:
			u.upper = true
		}
	}
	u.auth, u.hostEnd = i, i
	if lastColon >= 0 && digits(s[lastColon+1:i]) {
		u.hostEnd, colons = lastColon, colons-1
	}
	switch {
	case u.hostEnd == u.host:
		return u, false
	case s[u.host] == '[':
		return u, s[u.hostEnd-1] == ']' // an IPv6 literal
	}
	return u, colons == 0 && !bracket // else not a host: left to whoever reads it
}

// digits reports whether s is only decimal digits (or empty).
func digits(s string) bool {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isHTTP(s string) bool {
	return lower(s[0]) == 'h' && lower(s[1]) == 't' && lower(s[2]) == 't' && lower(s[3]) == 'p'
}

// canonical reports whether s, split into u, needs no change.
func canonical(s string, u parts) bool {
	for i := range u.colon {
		if isUpper(s[i]) {
			return false
		}
	}
	if u.upper {
		return false
	}
	if u.hostEnd < u.auth && !keepPort(s[u.hostEnd+1:u.auth], u.colon == 5) {
		return false
	}
	if u.auth == len(s) || s[u.auth] != '/' {
		return false // an empty path is "/"
	}
	rest := s[u.auth:]
	if strings.IndexByte(rest, '#') < 0 && strings.IndexByte(rest, '%') < 0 {
		return true
	}
	decode := decodable(s, u)
	for i := u.auth; i < len(s); i++ {
		switch s[i] {
		case '#':
			return false
		case '%':
			if c, ok := escaped(s, i); ok && (c.lowerHex || decode && unreserved(c.b)) {
				return false
			}
		}
	}
	return true
}

// decodable reports whether the unreserved characters percent-encoded in
// the path and query may be decoded: not when a '%' there starts no
// encoding, since a decoded character could then finish one ("%%37" would
// become "%7", read again as another).
func decodable(s string, u parts) bool {
	for i := u.auth; i < len(s) && s[i] != '#'; i++ {
		if s[i] == '%' {
			if _, ok := escaped(s, i); !ok {
				return false
			}
		}
	}
	return true
}

// keepPort reports whether a port is kept: one that is neither empty nor
// the scheme's default.
func keepPort(port string, https bool) bool {
	for len(port) > 1 && port[0] == '0' {
		port = port[1:]
	}
	def := "80"
	if https {
		def = "443"
	}
	return len(port) > 0 && port != def
}

// build spells s, split into u, canonically.
func build(s string, u parts) string {
	var b strings.Builder
	b.Grow(len(s) + 1)
	for i := range u.colon {
		b.WriteByte(lower(s[i]))
	}
	b.WriteString("://")
	b.WriteString(s[u.colon+3 : u.host])
	for i := u.host; i < u.hostEnd; i++ {
		b.WriteByte(lower(s[i]))
	}
	if u.hostEnd < u.auth && keepPort(s[u.hostEnd+1:u.auth], u.colon == 5) {
		b.WriteString(s[u.hostEnd:u.auth])
	}
	if u.auth == len(s) || s[u.auth] != '/' {
		b.WriteByte('/')
	}
	decode := decodable(s, u)
	for i := u.auth; i < len(s); i++ {
		switch c := s[i]; c {
		case '#':
			return b.String()
		case '%':
			e, ok := escaped(s, i)
			switch {
			case !ok:
				b.WriteByte(c)
			case decode && unreserved(e.b):
				b.WriteByte(e.b)
				i += 2
			default:
				b.WriteByte('%')
				b.WriteByte(upper(s[i+1]))
				b.WriteByte(upper(s[i+2]))
				i += 2
			}
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// escape is a percent-encoded byte.
type escape struct {
	b        byte
	lowerHex bool // written with a lower-case hex digit
}

// escaped reads the percent-encoding at s[i] ('%'); ok is false when two
// hex digits do not follow (left as they are).
func escaped(s string, i int) (e escape, ok bool) {
	if i+2 >= len(s) {
		return e, false
	}
	hi, ok1 := hex(s[i+1])
	lo, ok2 := hex(s[i+2])
	if !ok1 || !ok2 {
		return e, false
	}
	return escape{b: hi<<4 | lo, lowerHex: isLowerHex(s[i+1]) || isLowerHex(s[i+2])}, true
}

func hex(c byte) (byte, bool) {
	switch {
	case '0' <= c && c <= '9':
		return c - '0', true
	case 'a' <= c && c <= 'f':
		return c - 'a' + 10, true
	case 'A' <= c && c <= 'F':
		return c - 'A' + 10, true
	}
	return 0, false
}

// unreserved reports whether c is one of RFC 3986's unreserved characters
// (§2.3), which mean the same written as themselves or percent-encoded.
func unreserved(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
		c == '-' || c == '.' || c == '_' || c == '~'
}

func isUpper(c byte) bool    { return 'A' <= c && c <= 'Z' }
func isLowerHex(c byte) bool { return 'a' <= c && c <= 'f' }

func lower(c byte) byte {
	if isUpper(c) {
		return c + 'a' - 'A'
	}
	return c
}

func upper(c byte) byte {
	if 'a' <= c && c <= 'z' {
		return c - ('a' - 'A')
	}
	return c
}
