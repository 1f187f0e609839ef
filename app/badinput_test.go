package app

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// TestDecodeNotText: a file that is not text is said to be so, with its
// size and first bytes in hexadecimal and every input the page reads,
// and no line of it is quoted.
func TestDecodeNotText(t *testing.T) {
	bin := "\x7fELF\x02\x01\x01\x00" + strings.Repeat("\x00\x10\x00\x3e\xc3\xff\x01\x02", 200)
	for name, tc := range map[string]struct{ in, want string }{
		"a.out":     {bin, "this is not a text file (1,608 bytes, starting 7f 45 4c 46 02 01 01 00 …); want a pages table (url,host,changes_per_day), a change history (url,host,time), an observation CSV or fetch log (url,time,changed or digest), a CDX or CDXJ index, Wayback CDX JSON or a Heritrix crawl.log, any of them gzipped or not"},
		"empty.csv": {"", "the file is empty; want a pages table (url,host,changes_per_day), a change history (url,host,time), an observation CSV or fetch log (url,time,changed or digest), a CDX or CDXJ index, Wayback CDX JSON or a Heritrix crawl.log, any of them gzipped or not"},
	} {
		_, err := Decode(context.Background(), strings.NewReader(tc.in), name, int64(len(tc.in)), nil)
		var ie *InputError
		if !errors.As(err, &ie) || ie.Msg != tc.want || ie.File != name || ie.Line != 0 || ie.Text != "" {
			t.Errorf("%s: %#v\nwant the message %s, no line", name, err, tc.want)
		}
	}
}

// TestDecodeQuotesNoRawBytes: whatever bytes a file holds, the error the
// page shows — the message and the offending line it quotes — is
// printable UTF-8: bytes that are not UTF-8 and control characters are
// escaped, never shown as they are (the mojibake of issue 20).
func TestDecodeQuotesNoRawBytes(t *testing.T) {
	bad := func(s string) bool {
		return !utf8.ValidString(s) || strings.ContainsRune(s, utf8.RuneError) ||
			strings.IndexFunc(s, func(r rune) bool { return !unicode.IsPrint(r) && r != ' ' && r != '\t' }) >= 0
	}
	r := rand.New(rand.NewPCG(20, 8))
	quoted := 0
	for i := range 300 {
		// A good header and rows, then a line of random bytes (no line
		// break in it): the readers report that line and the page quotes it.
		var b strings.Builder
		b.WriteString([]string{"url,time,changed\n", "url,host,changes_per_day\n", "url,host,time\n"}[i%3])
		b.WriteString([]string{"https://a.com/,1700000000,1\n", "https://a.com/,a.com,1\n", "https://a.com/,a.com,1700000000\n"}[i%3])
		for range 1 + r.IntN(60) {
			c := byte(r.Uint32())
			if c == '\n' || (i%2 == 0 && c == 0) {
				c = 0xe9
			}
			b.WriteByte(c)
		}
		b.WriteString("\n")
		in := b.String()
		_, err := Decode(context.Background(), strings.NewReader(in), "r.csv", int64(len(in)), nil)
		var ie *InputError
		if !errors.As(err, &ie) {
			continue
		}
		if ie.Text != "" {
			quoted++
		}
		for what, s := range map[string]string{"message": ie.Error(), "line": ie.Text, "before": ie.Before, "mark": ie.Mark, "after": ie.After} {
			if bad(s) {
				t.Fatalf("input %d %q: the %s shows raw bytes: %q", i, in, what, s)
			}
		}
	}
	if quoted < 100 {
		t.Errorf("only %d of 300 errors quote their line", quoted)
	}
}

func TestPrintable(t *testing.T) {
	for in, want := range map[string]string{
		"https://a.com/,1,0": "https://a.com/,1,0",
		"caf\xe9\x00\x05\t":  `caf\xe9\x00\x05` + "\t",
		"a\u00854\ufffdé":    `a\u00854\uFFFDé`,
	} {
		if got := printable(in); got != want {
			t.Errorf("printable(%q) = %q, want %q", in, got, want)
		}
	}
}
