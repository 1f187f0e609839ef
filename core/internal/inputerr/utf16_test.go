package inputerr

import (
	"testing"
	"unicode/utf16"
)

func TestUTF16(t *testing.T) {
	enc := func(s string, big bool) []byte {
		var b []byte
		for _, u := range utf16.Encode([]rune(s)) {
			if big {
				b = append(b, byte(u>>8), byte(u))
			} else {
				b = append(b, byte(u), byte(u>>8))
			}
		}
		return b
	}
	const text = "url,time,changed\nhttp://a.com/x,1,0\n"
	for _, c := range []struct {
		name string
		head []byte
		want bool
	}{
		{"little-endian with a mark", append([]byte{0xff, 0xfe}, enc(text, false)...), true},
		{"big-endian with a mark", append([]byte{0xfe, 0xff}, enc(text, true)...), true},
		{"little-endian without", enc(text, false), true},
		{"big-endian without", enc(text, true), true},
		{"UTF-8", []byte(text), false},
		{"UTF-8 with a mark", []byte("\ufeff" + text), false},
		{"binary with NULs", []byte("\x00\x00\x00\x01\x02\x03\x00\x00\x00\x00"), false},
		{"short", enc("url", false), false},
	} {
		if got := UTF16(c.head); got != c.want {
			t.Errorf("%s: UTF16 = %v, want %v", c.name, got, c.want)
		}
	}
}
