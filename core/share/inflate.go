package share

import (
	"bytes"
	"compress/flate"
	"errors"
	"fmt"
	"io"
)

// maxRatio bounds how many bytes one byte of a DEFLATE stream unpacks to:
// at best a 258-byte match costs a 1-bit length code and a 1-bit distance
// code, so 8 bits give at most 4 × 258 bytes (RFC 1951 §3.2.5–3.2.7).
const maxRatio = 1032

// inflate unpacks the raw DEFLATE stream packed, which the link says holds
// size bytes (at most MaxInflated). It allocates at most size bytes, and
// none when packed could not unpack to size; it unpacks at most size + 1
// bytes, so a stream that unpacks to more (a "zip bomb") costs no more
// than an honest one. A stream cut short, garbled, longer or shorter than
// size, or followed by stray bytes is an error for the user.
func inflate(packed []byte, size int64) ([]byte, error) {
	if size > MaxInflated {
		return nil, tooBig(size)
	}
	if size > maxRatio*int64(len(packed)) {
		return nil, errDataEnds // far too little packed data: the link was cut
	}
	src := bytes.NewReader(packed) // an io.ByteReader: flate reads no further than the stream
	r := flate.NewReader(src)
	defer r.Close()
	out := make([]byte, size)
	n := 0
	var err error
	for n < len(out) && err == nil {
		var m int
		m, err = r.Read(out[n:])
		n += m
	}
	if err == nil { // out is full: the stream must end here
		var one [1]byte
		var m int
		for m == 0 && err == nil {
			m, err = r.Read(one[:])
		}
		if m > 0 {
			return nil, fmt.Errorf("the link is damaged: its data unpacks to more than the %s it declares — copy the whole link again", byteCount(size))
		}
	}
	switch {
	case errors.Is(err, io.ErrUnexpectedEOF):
		return nil, errDataEnds
	case err != io.EOF:
		return nil, errors.New("the link is damaged: its data is not valid compressed data — copy the whole link again")
	case n < len(out):
		return nil, fmt.Errorf("the link is damaged: its data unpacks to %s, not the %s it declares — copy the whole link again", byteCount(int64(n)), byteCount(size))
	case src.Len() > 0:
		return nil, errors.New("the link is damaged: its data has stray bytes after its end — copy the whole link again")
	}
	return out, nil
}
