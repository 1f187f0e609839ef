// Package gzipped reads an input that may be gzip-compressed (RFC 1952),
// as crawl logs and archive indexes usually are: its content, decompressed
// as it is read, so that every reader sees the text it expects. The whole
// file is never held, compressed or not.
package gzipped

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"io"
)

// magic starts every gzip stream.
const magic = "\x1f\x8b"

// isGzip reports whether head starts a gzip stream.
func isGzip(head []byte) bool { return len(head) >= 2 && string(head[:2]) == magic }

// DefaultMaxContent is the most content a gzip file may decompress to
// unless the caller says otherwise (ReaderMax): 4 GiB. A file's size on
// disk bounds nothing — deflate packs up to 1032 bytes into one
// (zlib.net/zlib_tech.html; 10 GiB of one repeated row fit in 67 MB,
// issue 22) — and its trailer only declares a size.
const DefaultMaxContent = 4 << 30

// TooLargeError reports a gzip file whose content runs past the limit.
type TooLargeError struct{ Limit int64 }

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("the gzip file's content runs past %s, the limit on what one is decompressed to (a file this large, or a decompression bomb)", Bytes(e.Limit))
}

// Bytes writes a size in the largest binary unit that divides it: 4 GiB,
// 512 MiB, 1000 bytes.
func Bytes(n int64) string {
	for _, u := range []struct {
		size int64
		name string
	}{{1 << 40, "TiB"}, {1 << 30, "GiB"}, {1 << 20, "MiB"}, {1 << 10, "KiB"}} {
		if n >= u.size && n%u.size == 0 {
			return fmt.Sprintf("%d %s", n/u.size, u.name)
		}
	}
	return fmt.Sprintf("%d bytes", n)
}

// Reader is ReaderMax with DefaultMaxContent.
func Reader(r io.Reader, name string) (io.Reader, error) {
	return ReaderMax(r, name, DefaultMaxContent)
}

// ReaderMax returns r's content: r itself (buffered), or, when r starts
// as a gzip stream, r decompressed — every member of a multi-member file,
// in turn — failing with a *TooLargeError once more than max bytes have
// come out. A gzip header that cannot be read is an error naming name.
func ReaderMax(r io.Reader, name string, max int64) (io.Reader, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	head, _ := br.Peek(2)
	if !isGzip(head) {
		return br, nil
	}
	zr, err := gzip.NewReader(br)
	if err != nil {
		return nil, fmt.Errorf("%s: a gzip file whose header cannot be read: %w", name, err)
	}
	return &reader{zr: zr, max: max}, nil
}

// reader says what a decompression error means: a file cut short or
// damaged stops the read with a message a person can act on (the
// readers it feeds name the file and the line); so does content past
// max.
type reader struct {
	zr       *gzip.Reader
	n, max   int64
	tooLarge bool
}

func (r *reader) Read(p []byte) (int, error) {
	if r.tooLarge {
		return 0, &TooLargeError{r.max}
	}
	n, err := r.zr.Read(p)
	if err != nil && err != io.EOF {
		err = fmt.Errorf("the gzip file is damaged or cut short (%v); compress it again, or decompress it to see where", err)
	}
	r.n += int64(n)
	if r.n > r.max {
		r.tooLarge = true
		return n - int(r.n-r.max), &TooLargeError{r.max}
	}
	return n, err
}

// SizeAt returns the size of the content of a file of size bytes read
// through r: its size, or, for a gzip file, contentSize of its trailer
// (size when the trailer cannot be read).
func SizeAt(r io.ReaderAt, size int64) int64 {
	const smallest = 18 // a gzip header and trailer around nothing
	var head [2]byte
	var trailer [4]byte
	if size < smallest {
		return size
	}
	if n, _ := r.ReadAt(head[:], 0); n != len(head) || !isGzip(head[:]) {
		return size
	}
	if n, _ := r.ReadAt(trailer[:], size-4); n != len(trailer) {
		return size
	}
	return contentSize(trailer)
}

// contentSize returns the size of a gzip file's content from its last
// four bytes (ISIZE: the content's length modulo 2^32, of the last member
// of a multi-member file): what progress and memory budgets are sized by.
// It is a declaration, not a bound: readers count what they really read.
func contentSize(trailer [4]byte) int64 {
	return int64(binary.LittleEndian.Uint32(trailer[:]))
}
