package inputerr

import (
	"strings"
	"testing"
)

func TestBinary(t *testing.T) {
	for in, want := range map[string]bool{
		"":                                   false,
		"url,time,changed\nhttps://a/,1,0\n": false,
		"\ufeff\n\nurl\x00":                  true, // NUL in the first line
		"url,changes_per_day\n" + strings.Repeat("https://a.com/x,1\n", 10) + "a\x00,1\n": false, // one NUL in a text file: its line is reported
		"\x7fELF\x02\x01\x01\x00":                         true,
		"\x01\x02abc\n":                                   true,
		"caf\xe9,na\xefve\n\x1a":                          false, // Latin-1 and DOS's end of file
		"\x1b[31mred\x1b[0m,1\n":                          false, // terminal colours
		"url\n\xe9\x05" + strings.Repeat("a,1\n", 40):     true,  // a control character in bytes not UTF-8
		"url\n\u00e9\x05" + strings.Repeat("a,1\n", 40):   false, // one in UTF-8 text: its line is reported
		strings.Repeat("caf\xe9,1\n", 500) + "\x05":       false, // a stray one in 4 KiB of Latin-1
		strings.Repeat("a,1\n", 1023) + "caf\xc3":         false, // a rune cut by the sample
		strings.Repeat("a,1\n", 1020) + "\x05caf\xc3\xa9": false,
	} {
		if got := Binary([]byte(in)); got != want {
			t.Errorf("Binary(%.60q) = %t, want %t", in, got, want)
		}
	}
}

func TestNotText(t *testing.T) {
	for _, tc := range []struct {
		size int64
		head string
		want string
	}{
		{-1, "\x00", "this is not a text file (starting 00); want "},
		{1, "\x00", "this is not a text file (1 byte, starting 00); want "},
		{1234567, "\x7fELF\x02\x01\x01\x00\x00", "this is not a text file (1,234,567 bytes, starting 7f 45 4c 46 02 01 01 00 …); want "},
	} {
		if got := NotText(tc.size, []byte(tc.head)); got != tc.want+Inputs {
			t.Errorf("NotText(%d, %q) = %s", tc.size, tc.head, got)
		}
	}
	for _, in := range []string{"pages table", "change history", "observation CSV", "fetch log", "CDX", "CDXJ", "Wayback CDX JSON", "crawl.log", "gzip"} {
		if !strings.Contains(Inputs, in) {
			t.Errorf("Inputs does not name %s", in)
		}
	}
}

func TestQuote(t *testing.T) {
	for in, want := range map[string]string{
		"a\x04b":                    `"a\x04b"`,
		"caf\xe9":                   `"caf\xe9"`,
		strings.Repeat("\xe9", 100): `"` + strings.Repeat(`\xe9`, 80) + `"…`,
		strings.Repeat("é", 81):     `"` + strings.Repeat("é", 80) + `"…`,
		strings.Repeat("é", 80):     `"` + strings.Repeat("é", 80) + `"`,
	} {
		if got := Quote(in); got != want {
			t.Errorf("Quote(%.30q) = %s, want %s", in, got, want)
		}
	}
}
