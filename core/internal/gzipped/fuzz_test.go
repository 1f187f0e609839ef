package gzipped

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"testing"
)

// FuzzReaderMax: any input — gzip or not, whole, cut, with a trailer that
// lies or members glued on — never panics the reader, never gives more
// than the limit of a gzip file's content, and past it says so with a
// *TooLargeError; SizeAt never panics (issue 22).
func FuzzReaderMax(f *testing.F) {
	whole := func(s string) []byte {
		var b bytes.Buffer
		w := gzip.NewWriter(&b)
		io.WriteString(w, s)
		w.Close()
		return b.Bytes()
	}
	rows := "url,time,digest\nhttps://a.example/,2024-01-01T00:00:00Z,d1\n"
	liar := whole(rows)
	copy(liar[len(liar)-4:], "\xff\xff\xff\xff")
	for _, s := range [][]byte{whole(rows), whole(rows)[:20], liar, append(whole(rows), whole(rows)...), []byte(rows), {0x1f, 0x8b}, nil} {
		f.Add(s, uint16(64))
	}
	f.Fuzz(func(t *testing.T, data []byte, max uint16) {
		limit := int64(max) + 1
		SizeAt(bytes.NewReader(data), int64(len(data)))
		r, err := ReaderMax(bytes.NewReader(data), "f.gz", limit)
		if err != nil {
			return
		}
		got, err := io.ReadAll(r)
		var tl *TooLargeError
		gz := isGzip(data)
		switch {
		case gz && int64(len(got)) > limit:
			t.Fatalf("%d bytes of content past the limit %d", len(got), limit)
		case errors.As(err, &tl) && (!gz || int64(len(got)) != limit || tl.Limit != limit):
			t.Fatalf("%v after %d bytes, limit %d", err, len(got), limit)
		case !gz && (err != nil || !bytes.Equal(got, data)):
			t.Fatalf("a plain input changed: %v", err)
		}
	})
}
