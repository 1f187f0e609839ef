package app

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"math"
)

// message is a message ready to be written: its header encoded, its
// arrays and blob as they are. Written to its destination a buffer at a
// time (writeTo), it is never held whole beside what it encodes: the
// reading worker's 1M-page set would be a 39 MB message on top of it.
type message struct {
	js       []byte
	arrays   [][]float64
	blob     blob
	blobSize int // blob.size(), counted once: a pass over every URL
}

// blob is what a message carries after its arrays: a set's URLs back to
// back (where each ends goes in an array: packPages) and its hosts' names,
// each prefixed by its length, encoded as they are written; then bytes.
type blob struct {
	names *pageSet // nil: none
	urls  bool     // the URLs go before the hosts' names
	bytes []byte
}

// urlBytes is the bytes of the URLs the blob holds.
func (b blob) urlBytes() int {
	if b.names == nil || !b.urls || b.names.Len() == 0 {
		return 0
	}
	return b.names.Ends[b.names.Len()-1]
}

func (b blob) size() int {
	n := len(b.bytes) + b.urlBytes()
	if s := b.names; s != nil {
		for _, h := range s.HostNames {
			n += nameSize(h)
		}
	}
	return n
}

// nameSize is the bytes appendName writes for s.
func nameSize(s string) int {
	var b [binary.MaxVarintLen64]byte
	return binary.PutUvarint(b[:], uint64(len(s))) + len(s)
}

// encode makes the message of meta, blob and arrays.
func encode(meta any, b blob, arrays ...[]float64) (*message, error) {
	js, err := json.Marshal(meta)
	if err != nil {
		return nil, err
	}
	m := &message{js: js, arrays: arrays, blob: b, blobSize: b.size()}
	if size := m.size(); uint64(size) > math.MaxUint32 {
		return nil, fmt.Errorf("a message of %d bytes is too long for the planner", size)
	}
	return m, nil
}

// size is the message's length in bytes.
func (m *message) size() int {
	size := len(wireMagic) + 4 + len(m.js) + 4 + 4 + m.blobSize
	for _, a := range m.arrays {
		size += 4 + 8*len(a)
	}
	return size
}

// writeTo writes the message to w, a buffer at a time.
func (m *message) writeTo(dst io.Writer) error {
	w := bufio.NewWriterSize(dst, wireBuffer)
	u32 := func(n int) { w.Write(binary.LittleEndian.AppendUint32(nil, uint32(n))) }
	w.WriteString(wireMagic)
	u32(len(m.js))
	w.Write(m.js)
	u32(len(m.arrays))
	for _, a := range m.arrays {
		u32(len(a))
		for len(a) > 0 {
			b := w.AvailableBuffer()
			k := min(len(a), cap(b)/8)
			if k == 0 {
				if err := w.Flush(); err != nil {
					return err
				}
				continue
			}
			for _, v := range a[:k] {
				b = binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
			}
			w.Write(b)
			a = a[k:]
		}
	}
	u32(m.blobSize)
	if s := m.blob.names; s != nil {
		w.WriteString(s.URLs[:m.blob.urlBytes()])
		for _, h := range s.HostNames {
			w.Write(appendName(w.AvailableBuffer(), h))
		}
	}
	w.Write(m.blob.bytes)
	return w.Flush()
}

// bytes is the message as one slice.
func (m *message) bytes() []byte {
	b := bytes.NewBuffer(make([]byte, 0, m.size()))
	m.writeTo(b) // a buffer takes every write
	return b.Bytes()
}

// pack encodes meta, blob and arrays into one message's bytes.
func pack(meta any, b blob, arrays ...[]float64) ([]byte, error) {
	m, err := encode(meta, b, arrays...)
	if err != nil {
		return nil, err
	}
	return m.bytes(), nil
}
