package plan

import (
	"context"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/freshplan/freshplan/core/internal/inputerr"
)

// every is what freshplan reads, as the message of an empty file or one
// that is not text lists it.
const every = "a pages table (url,host,changes_per_day), a change history (url,host,time), an observation CSV or fetch log (url,time,changed or digest), a CDX or CDXJ index, Wayback CDX JSON or a Heritrix crawl.log, any of them gzipped or not"

// TestLoadNotText: an empty file and files that are not text are refused
// with the file's name, its size and first bytes in hexadecimal (never
// the bytes themselves), and every input freshplan reads.
func TestLoadNotText(t *testing.T) {
	elf := "\x7fELF\x02\x01\x01\x00" + strings.Repeat("\x00\x10\x00\x3e\xc3\xff\x01\x02", 1000)
	noNUL := string(randomText(3, 3000, func(c byte) bool { return c != 0 }))
	for _, tc := range []struct {
		name, in string
		size     int64
		want     string
	}{
		{"empty.csv", "", 0, "empty.csv: the file is empty; want " + every},
		{"blank.csv", "\ufeff\n \r\n", 0, "blank.csv: the file is empty; want " + every},
		{"a.out", elf, 0, "a.out: this is not a text file (8,008 bytes, starting 7f 45 4c 46 02 01 01 00 …); want " + every},
		{"a.out", elf, 8008, "a.out: this is not a text file (8,008 bytes, starting 7f 45 4c 46 02 01 01 00 …); want " + every},
		{"big.bin", elf + strings.Repeat("\x00", 100<<10), int64(len(elf) + 100<<10), "big.bin: this is not a text file (110,408 bytes, starting 7f 45 4c 46 02 01 01 00 …); want " + every},
		{"big.bin", elf + strings.Repeat("\x00", 100<<10), 0, "big.bin: this is not a text file (starting 7f 45 4c 46 02 01 01 00 …); want " + every},
		{"noise.bin", noNUL, int64(len(noNUL)), "noise.bin: this is not a text file (3,000 bytes, starting "},
	} {
		_, err := Load(context.Background(), strings.NewReader(tc.in), LoadOptions{Name: tc.name, Size: tc.size})
		if err == nil || !strings.HasPrefix(err.Error(), tc.want) || (!strings.HasSuffix(tc.want, every) && !strings.HasSuffix(err.Error(), every)) {
			t.Errorf("%s (%d bytes): %v\nwant %s", tc.name, len(tc.in), err, tc.want)
		}
		if tc.in != "" && strings.TrimSpace(strings.TrimPrefix(tc.in, "\ufeff")) != "" && !errors.Is(err, inputerr.ErrNotText) {
			t.Errorf("%s: the error is not inputerr.ErrNotText", tc.name)
		}
	}
}

// TestLoadRandomBytes: whatever bytes a file holds, Load's message is one
// line of printable UTF-8: no control character, no byte that is not
// UTF-8, no U+FFFD standing for one — escaped in quotes, or not quoted.
func TestLoadRandomBytes(t *testing.T) {
	keeps := []func(byte) bool{
		func(byte) bool { return true },
		func(c byte) bool { return c != 0 },
		func(c byte) bool { return c >= 0x80 || c == ',' || c == '\n' || c == ';' || c == '"' }, // no controls: read as text
		func(c byte) bool { return c != 0 && c != '\n' },
	}
	for i := range 400 {
		size := []int{1, 2, 7, 40, 300, 5000, 70000}[i%7]
		in := randomText(uint64(i), size, keeps[i/7%len(keeps)])
		if i%3 == 0 {
			in = append([]byte("url,time,changed\n"), in...) // a header first
		}
		_, err := Load(context.Background(), strings.NewReader(string(in)), LoadOptions{Name: "r.bin", Size: int64(len(in))})
		if err == nil {
			continue // a handful of bytes may read as a one-column table … of nothing: not refused is not garbled
		}
		msg := err.Error()
		if !utf8.ValidString(msg) || strings.ContainsRune(msg, utf8.RuneError) || strings.IndexFunc(msg, func(r rune) bool { return !unicode.IsPrint(r) && r != ' ' }) >= 0 {
			t.Fatalf("input %d (%d bytes %.40q): the message quotes raw bytes: %q", i, len(in), in, msg)
		}
		if len(msg) > 600 {
			t.Errorf("input %d: a message of %d bytes: %.200s", i, len(msg), msg)
		}
	}
}

// randomText returns n random bytes of those keep accepts.
func randomText(seed uint64, n int, keep func(byte) bool) []byte {
	r := rand.New(rand.NewPCG(seed, 99))
	b := make([]byte, 0, n)
	for len(b) < n {
		if c := byte(r.Uint32()); keep(c) {
			b = append(b, c)
		}
	}
	return b
}
