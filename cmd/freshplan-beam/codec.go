package main

import (
	"encoding/binary"
	"errors"
	"math"
)

// A host may hold millions of pages and is read once per round of the
// threshold search: it is encoded by hand, a few bytes a field, instead
// of by reflection.

func encodeHost(h Host) []byte {
	n := 32 + len(h.Name)
	for _, p := range h.Pages {
		n += 48 + len(p.URL)
	}
	return appendHost(make([]byte, 0, n), h)
}

func appendHost(b []byte, h Host) []byte {
	b = appendString(b, h.Name)
	b = appendFloat(b, h.Delay)
	b = binary.AppendUvarint(b, uint64(len(h.Pages)))
	for _, p := range h.Pages {
		b = binary.AppendVarint(b, p.Idx)
		b = appendString(b, p.URL)
		b = appendFloat(b, p.Rate)
		b = appendFloat(b, p.Weight)
		b = appendFloat(b, p.CrawlDelay)
	}
	return b
}

func appendFloat(b []byte, v float64) []byte {
	return binary.LittleEndian.AppendUint64(b, math.Float64bits(v))
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

func appendUvarint(b []byte, v uint64) []byte { return binary.AppendUvarint(b, v) }

var errCorrupt = errors.New("freshplan-beam: corrupt record")

// decoder reads what the encoders wrote, remembering the first error.
type decoder struct {
	b   []byte
	err error
}

// read takes one varint-coded value from the bytes (binary.Uvarint or
// binary.Varint), or sets the error.
func read[T uint64 | int64](d *decoder, varint func([]byte) (T, int)) T {
	v, k := varint(d.b)
	if k <= 0 {
		d.err, d.b = errCorrupt, nil
		return 0
	}
	d.b = d.b[k:]
	return v
}

func (d *decoder) uvarint() uint64 { return read(d, binary.Uvarint) }
func (d *decoder) varint() int64   { return read(d, binary.Varint) }

func (d *decoder) float() float64 {
	if len(d.b) < 8 {
		d.err, d.b = errCorrupt, nil
		return 0
	}
	v := math.Float64frombits(binary.LittleEndian.Uint64(d.b))
	d.b = d.b[8:]
	return v
}

func (d *decoder) string() string {
	n := d.uvarint()
	if uint64(len(d.b)) < n {
		d.err, d.b = errCorrupt, nil
		return ""
	}
	s := string(d.b[:n])
	d.b = d.b[n:]
	return s
}

// count reads a length, refusing one longer than the bytes left could
// hold (each item takes at least a byte).
func (d *decoder) count() int {
	n := d.uvarint()
	if n > uint64(len(d.b)) {
		d.err, d.b = errCorrupt, nil
		return 0
	}
	return int(n)
}

func decodeHost(b []byte) (Host, error) {
	d := &decoder{b: b}
	h := d.host()
	return h, d.end()
}

// end is the decoder's error, or errCorrupt when bytes are left over.
func (d *decoder) end() error {
	if d.err == nil && len(d.b) > 0 {
		return errCorrupt
	}
	return d.err
}

func (d *decoder) host() Host {
	h := Host{Name: d.string(), Delay: d.float()}
	h.Pages = make([]Page, d.count())
	for i := range h.Pages {
		h.Pages[i] = Page{Idx: d.varint(), URL: d.string(), Rate: d.float(), Weight: d.float(), CrawlDelay: d.float()}
	}
	return h
}

// URLSet is one shard's URLs of one bucket (their hash modulo
// urlBuckets): every URL of a pages table meets its namesakes from the
// other shards in its bucket, where a URL given twice is refused.
type URLSet struct {
	URLs []string
}

func encodeURLSet(s URLSet) []byte {
	n := 8
	for _, u := range s.URLs {
		n += 2 + len(u)
	}
	b := binary.AppendUvarint(make([]byte, 0, n), uint64(len(s.URLs)))
	for _, u := range s.URLs {
		b = appendString(b, u)
	}
	return b
}

func decodeURLSet(b []byte) (URLSet, error) {
	d := &decoder{b: b}
	s := URLSet{URLs: make([]string, d.count())}
	for i := range s.URLs {
		s.URLs[i] = d.string()
	}
	return s, d.end()
}
