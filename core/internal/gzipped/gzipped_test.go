package gzipped

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"strings"
	"testing"
)

func gz(t *testing.T, parts ...string) []byte {
	t.Helper()
	var b bytes.Buffer
	for _, p := range parts { // each a member of its own
		w := gzip.NewWriter(&b)
		if _, err := w.Write([]byte(p)); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
	}
	return b.Bytes()
}

// TestReader: plain text comes through as it is, a gzip file (of one
// member or several) decompressed, and a damaged one stops with the file
// named.
func TestReader(t *testing.T) {
	text := "url,time,changed\nhttps://a.example/,1704067200,0\n"
	for _, c := range []struct {
		name string
		in   []byte
		want string
	}{
		{"plain.csv", []byte(text), text},
		{"empty.csv", nil, ""},
		{"one byte", []byte{0x1f}, "\x1f"},
		{"log.csv.gz", gz(t, text), text},
		{"members.csv.gz", gz(t, text[:20], text[20:]), text},
	} {
		r, err := Reader(bytes.NewReader(c.in), c.name)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		got, err := io.ReadAll(r)
		if err != nil || string(got) != c.want {
			t.Errorf("%s: %q, %v; want %q", c.name, got, err, c.want)
		}
	}
	whole := gz(t, strings.Repeat(text, 100))
	r, err := Reader(bytes.NewReader(whole[:len(whole)/2]), "cut.csv.gz")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.ReadAll(r); err == nil || !strings.Contains(err.Error(), "the gzip file is damaged or cut short") {
		t.Errorf("a file cut in half: %v; want it said damaged or cut short", err)
	}
	if _, err := Reader(bytes.NewReader([]byte("\x1f\x8b\x00")), "bad.gz"); err == nil || !strings.Contains(err.Error(), "bad.gz") {
		t.Errorf("a broken header: %v; want an error naming the file", err)
	}
}

// TestSizeAt: a gzip file's content size is its trailer's ISIZE; any
// other file's, its own size, short files included.
func TestSizeAt(t *testing.T) {
	content := strings.Repeat("x", 123_456)
	for _, c := range []struct {
		name string
		in   []byte
		want int64
	}{
		{"gzip", gz(t, content), int64(len(content))},
		{"gzip of nothing", gz(t, ""), 0},
		{"plain", []byte(content), int64(len(content))},
		{"short", []byte("\x1f\x8b"), 2},
	} {
		if got := SizeAt(bytes.NewReader(c.in), int64(len(c.in))); got != c.want {
			t.Errorf("%s: content size %d, want %d", c.name, got, c.want)
		}
	}
}

// TestReaderMax: content past the limit stops the read with a
// *TooLargeError naming the limit, whatever the trailer declares; content
// up to it comes through whole. A plain file is not limited here (its
// size is what it is).
func TestReaderMax(t *testing.T) {
	content := strings.Repeat("https://example.com/a,2024-01-01T00:00:00Z,d1\n", 10_000) // 470,000 bytes
	for _, c := range []struct {
		max  int64
		want string
	}{
		{int64(len(content)), ""},
		{100 << 10, "the gzip file's content runs past 100 KiB, the limit on what one is decompressed to (a file this large, or a decompression bomb)"},
	} {
		r, err := ReaderMax(bytes.NewReader(gz(t, content)), "r.gz", c.max)
		if err != nil {
			t.Fatal(err)
		}
		got, err := io.ReadAll(r)
		var tl *TooLargeError
		switch {
		case c.want == "" && (err != nil || string(got) != content):
			t.Errorf("max %d: %d bytes, %v; want all %d", c.max, len(got), err, len(content))
		case c.want != "" && (err == nil || err.Error() != c.want || !errors.As(err, &tl) || int64(len(got)) != c.max):
			t.Errorf("max %d: %d bytes, %v; want %d and %s", c.max, len(got), err, c.max, c.want)
		}
	}
	r, _ := ReaderMax(strings.NewReader(content), "plain.csv", 10)
	if got, err := io.ReadAll(r); err != nil || len(got) != len(content) {
		t.Errorf("plain file: %d bytes, %v", len(got), err)
	}
}
