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
	b := make([]byte, 0, n)
	b = appendString(b, h.Name)
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(h.Delay))
	b = binary.AppendUvarint(b, uint64(len(h.Pages)))
	for _, p := range h.Pages {
		b = binary.AppendVarint(b, p.Idx)
		b = appendString(b, p.URL)
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(p.Rate))
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(p.Weight))
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(p.CrawlDelay))
	}
	return b
}

func appendString(b []byte, s string) []byte {
	b = binary.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

var errCorrupt = errors.New("freshplan-beam: corrupt host record")

// decoder reads what encodeHost wrote, remembering the first error.
type decoder struct {
	b   []byte
	err error
}

func (d *decoder) uvarint() uint64 {
	v, k := binary.Uvarint(d.b)
	if k <= 0 {
		d.err, d.b = errCorrupt, nil
		return 0
	}
	d.b = d.b[k:]
	return v
}

func (d *decoder) varint() int64 {
	v, k := binary.Varint(d.b)
	if k <= 0 {
		d.err, d.b = errCorrupt, nil
		return 0
	}
	d.b = d.b[k:]
	return v
}

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

func decodeHost(b []byte) (Host, error) {
	h, rest, err := decodeHostRest(b)
	if err == nil && len(rest) > 0 {
		err = errCorrupt
	}
	return h, err
}

func appendUvarint(b []byte, v uint64) []byte { return binary.AppendUvarint(b, v) }

// decodeHostRest decodes a host and returns the bytes after it.
func decodeHostRest(b []byte) (Host, []byte, error) {
	d := &decoder{b: b}
	h := Host{Name: d.string(), Delay: d.float()}
	n := d.uvarint()
	if n > uint64(len(b)) {
		return Host{}, nil, errCorrupt
	}
	h.Pages = make([]Page, n)
	for i := range h.Pages {
		h.Pages[i] = Page{Idx: d.varint(), URL: d.string(), Rate: d.float(), Weight: d.float(), CrawlDelay: d.float()}
	}
	return h, d.b, d.err
}
