package app

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"io"
	"math"
	"strings"
)

// wireReader reads a message a part at a time, each part straight into
// what it decodes to, so that a message is never held whole beside its
// decoding: a million pages read in a worker are a 60 MB message and 50
// MB as the page keeps them, and the page's memory, never given back, is
// set by such peaks. It counts the bytes left, so that no length read
// from the message makes it allocate more than the message holds.
type wireReader struct {
	r    *bufio.Reader
	left int64
}

// wireBuffer is a wireReader's buffer: a run of URLs, or of float64s, is
// decoded from it in place.
const wireBuffer = 1 << 20

func newWireReader(r io.Reader, size int64) *wireReader {
	return &wireReader{r: bufio.NewReaderSize(r, wireBuffer), left: size}
}

// bytesReader is a wireReader over b.
func bytesReader(b []byte) *wireReader { return newWireReader(bytes.NewReader(b), int64(len(b))) }

// take counts n bytes about to be read, false if fewer are left.
func (w *wireReader) take(n uint64) bool {
	if n > uint64(w.left) {
		return false
	}
	w.left -= int64(n)
	return true
}

func (w *wireReader) u32() (uint32, error) {
	var b [4]byte
	if err := w.full(b[:]); err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint32(b[:]), nil
}

// full fills p.
func (w *wireReader) full(p []byte) error {
	if !w.take(uint64(len(p))) {
		return errWire
	}
	if _, err := io.ReadFull(w.r, p); err != nil {
		return errWire
	}
	return nil
}

// bytes reads n bytes into a new slice.
func (w *wireReader) bytes(n uint64) ([]byte, error) {
	if n > uint64(w.left) {
		return nil, errWire
	}
	b := make([]byte, n)
	return b, w.full(b)
}

// floats reads n little-endian float64s.
func (w *wireReader) floats(n uint64) ([]float64, error) {
	if !w.take(8 * n) {
		return nil, errWire
	}
	a := make([]float64, n)
	for at := 0; at < len(a); {
		k := min(len(a)-at, wireBuffer/8)
		p, err := w.r.Peek(8 * k)
		if err != nil {
			return nil, errWire
		}
		for i := range k {
			a[at+i] = math.Float64frombits(binary.LittleEndian.Uint64(p[8*i:]))
		}
		w.r.Discard(8 * k)
		at += k
	}
	return a, nil
}

// ReadByte reads one byte of the message (an io.ByteReader, for
// binary.ReadUvarint).
func (w *wireReader) ReadByte() (byte, error) {
	if !w.take(1) {
		return 0, errWire
	}
	return w.r.ReadByte()
}

// appendName reads a string, prefixed by its length, onto b.
func (w *wireReader) appendName(b *strings.Builder) error {
	n, err := binary.ReadUvarint(w)
	if err != nil || !w.take(n) {
		return errWire
	}
	for n > 0 {
		p, err := w.r.Peek(int(min(n, wireBuffer)))
		if err != nil {
			return errWire
		}
		b.Write(p)
		w.r.Discard(len(p))
		n -= uint64(len(p))
	}
	return nil
}
