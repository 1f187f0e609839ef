package canonurl

import (
	"net/url"
	"strings"
	"testing"
)

func TestOf(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		// Already canonical: the same string.
		{"http://example.com/a", "http://example.com/a"},
		{"https://example.com:8443/a?b=C#", "https://example.com:8443/a?b=C"},
		{"http://example.com/A/B?Q=%2F", "http://example.com/A/B?Q=%2F"},
		// Scheme and host case (RFC 3986 §6.2.2.1); user information and path case stay.
		{"HTTP://EXAMPLE.COM/Path", "http://example.com/Path"},
		{"Https://User:PW@Example.COM/x", "https://User:PW@example.com/x"},
		// Default and empty ports (§6.2.3); other ports stay.
		{"http://example.com:80/a", "http://example.com/a"},
		{"http://example.com:080/a", "http://example.com/a"},
		{"https://example.com:443/a", "https://example.com/a"},
		{"http://example.com:/a", "http://example.com/a"},
		{"http://example.com:443/a", "http://example.com:443/a"},
		{"https://example.com:80/a", "https://example.com:80/a"},
		{"http://[2001:DB8::1]:80/a", "http://[2001:db8::1]/a"},
		{"http://[2001:db8::1]/a", "http://[2001:db8::1]/a"},
		{"http://[2001:db8::1]:8080", "http://[2001:db8::1]:8080/"},
		// An empty path is "/" (§6.2.3).
		{"http://example.com", "http://example.com/"},
		{"http://example.com?q=1", "http://example.com/?q=1"},
		{"http://example.com#top", "http://example.com/"},
		// The fragment is not sent (§3.5).
		{"http://example.com/a#top", "http://example.com/a"},
		{"http://example.com/a?b#c#d", "http://example.com/a?b"},
		// Percent-encodings: hex upper-cased, unreserved characters decoded (§6.2.2.1–2).
		{"http://example.com/%7euser/%2f%41", "http://example.com/~user/%2FA"},
		{"http://example.com/a?x=%2c%3D", "http://example.com/a?x=%2C%3D"},
		{"http://example.com/100%/%zz%4", "http://example.com/100%/%zz%4"},
		{"http://example.com/%7Euser", "http://example.com/~user"},
		// A stray '%': nothing decoded (it could make a new encoding), hex still upper-cased.
		{"http://example.com/%%37%7e", "http://example.com/%%37%7E"},
		{"http://example.com/%41#%", "http://example.com/A"},
		// Not http(s) with an authority, or no host: as they are.
		{"ftp://Example.com/a", "ftp://Example.com/a"},
		{"mailto:A@B.com", "mailto:A@B.com"},
		{"http:/example.com", "http:/example.com"},
		{"http:///a", "http:///a"},
		{"http://:80/a", "http://:80/a"},
		{"Example.com/a", "Example.com/a"},
		{"", ""},
	} {
		if got := Of(c.in); got != c.want {
			t.Errorf("Of(%q) = %q, want %q", c.in, got, c.want)
		}
		if got := Is(c.in); got != (c.in == c.want) {
			t.Errorf("Is(%q) = %v, want %v", c.in, got, c.in == c.want)
		}
		if got := IsBytes([]byte(c.in)); got != (c.in == c.want) {
			t.Errorf("Is([]byte(%q)) = %v", c.in, got)
		}
	}
}

// TestOfAllocates checks that a canonical URL costs no allocation: a log
// of a million rows is looked up row by row.
func TestOfAllocates(t *testing.T) {
	s := "https://example.com/a/b?c=%2F"
	if n := testing.AllocsPerRun(100, func() { _ = Of(s); _ = IsBytes([]byte(s)) }); n != 0 {
		t.Errorf("%v allocations for a canonical URL", n)
	}
}

// FuzzOf checks Of against net/url, an independent reading of RFC 3986:
// the canonical spelling is canonical (Of is idempotent, Is agrees) and
// names the same resource — same scheme, host, port, decoded path and
// query, no fragment.
func FuzzOf(f *testing.F) {
	for _, s := range []string{"HTTP://EXAMPLE.COM:80", "https://u@Ex.com:443/%7e?%2f#x", "http://[::1]:80/a", "http://a/%zz", "ftp://x/"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c := Of(s)
		if Of(c) != c || !Is(c) || Is(s) != (c == s) {
			t.Fatalf("Of(%q) = %q, Of of that %q, Is %v", s, c, Of(c), Is(c))
		}
		if c == s {
			return
		}
		u, err := url.Parse(s)
		if err != nil || u.Opaque != "" {
			return // Of rewrote what net/url does not read as a URL with a host: compare nothing
		}
		v, err := url.Parse(c)
		if err != nil {
			t.Fatalf("Of(%q) = %q, which net/url refuses: %v", s, c, err)
		}
		port := func(u *url.URL) string {
			p := strings.TrimLeft(u.Port(), "0")
			if p == "" || p == map[string]string{"http": "80", "https": "443"}[strings.ToLower(u.Scheme)] {
				return ""
			}
			return p
		}
		path := func(u *url.URL) string {
			if u.Path == "" {
				return "/"
			}
			return u.Path
		}
		query := func(u *url.URL) string {
			q, err := url.PathUnescape(u.RawQuery)
			if err != nil {
				return "malformed"
			}
			return q
		}
		if v.Scheme != asciiLower(u.Scheme) || v.Hostname() != asciiLower(u.Hostname()) ||
			port(v) != port(u) || path(v) != path(u) || query(v) != query(u) ||
			v.User.String() != u.User.String() || v.Fragment != "" {
			t.Fatalf("Of(%q) = %q names another resource: %#v beside %#v", s, c, v, u)
		}
	})
}

// asciiLower lower-cases ASCII letters only, leaving other bytes (and
// invalid UTF-8, which strings.ToLower would replace) as they are.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}
