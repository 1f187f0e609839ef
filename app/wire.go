package app

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"math"
)

// Messages between the page and the planning worker are one byte buffer
// (transferred, not copied): a small JSON header, raw little-endian
// float64 arrays for what grows with the input, and a blob of bytes (an
// export's file, or the URLs an export needs).
//
//	"FPW2" | uint32 len | JSON | uint32 count | (uint32 n | n × float64)… | uint32 len | blob
const wireMagic = "FPW2"

var errWire = errors.New("malformed message between the page and the planner")

// pack encodes meta and arrays into one message.
func pack(meta any, blob []byte, arrays ...[]float64) ([]byte, error) {
	js, err := json.Marshal(meta)
	if err != nil {
		return nil, err
	}
	size := len(wireMagic) + 4 + len(js) + 4 + 4 + len(blob)
	for _, a := range arrays {
		size += 4 + 8*len(a)
	}
	if uint64(size) > math.MaxUint32 {
		return nil, fmt.Errorf("a message of %d bytes is too long for the planner", size)
	}
	b := make([]byte, 0, size)
	b = append(b, wireMagic...)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(js)))
	b = append(b, js...)
	b = binary.LittleEndian.AppendUint32(b, uint32(len(arrays)))
	for _, a := range arrays {
		b = binary.LittleEndian.AppendUint32(b, uint32(len(a)))
		at := len(b)
		b = b[:at+8*len(a)]
		for i, v := range a {
			binary.LittleEndian.PutUint64(b[at+8*i:], math.Float64bits(v))
		}
	}
	b = binary.LittleEndian.AppendUint32(b, uint32(len(blob)))
	return append(b, blob...), nil
}

// unpack decodes a message into meta and returns its arrays and blob.
func unpack(b []byte, meta any) ([][]float64, []byte, error) {
	if len(b) < len(wireMagic)+4 || string(b[:len(wireMagic)]) != wireMagic {
		return nil, nil, errWire
	}
	b = b[len(wireMagic):]
	n := binary.LittleEndian.Uint32(b)
	b = b[4:]
	if uint64(n) > uint64(len(b)) {
		return nil, nil, errWire
	}
	if err := json.Unmarshal(b[:n], meta); err != nil {
		return nil, nil, fmt.Errorf("%w: %v", errWire, err)
	}
	b = b[n:]
	if len(b) < 4 {
		return nil, nil, errWire
	}
	count := binary.LittleEndian.Uint32(b)
	b = b[4:]
	if count > 64 {
		return nil, nil, errWire
	}
	arrays := make([][]float64, count)
	for k := range arrays {
		if len(b) < 4 {
			return nil, nil, errWire
		}
		m := uint64(binary.LittleEndian.Uint32(b))
		b = b[4:]
		if 8*m > uint64(len(b)) {
			return nil, nil, errWire
		}
		a := make([]float64, m)
		for i := range a {
			a[i] = math.Float64frombits(binary.LittleEndian.Uint64(b[8*i:]))
		}
		arrays[k] = a
		b = b[8*m:]
	}
	if len(b) < 4 {
		return nil, nil, errWire
	}
	m := binary.LittleEndian.Uint32(b)
	b = b[4:]
	if uint64(m) != uint64(len(b)) {
		return nil, nil, errWire
	}
	return arrays, b, nil
}

// jobMsg is the header of a planning request.
type jobMsg struct {
	Request
	Pages pagesMsg
	// Held: the job plans the pages of the worker's previous job, which it
	// keeps, and none are sent.
	Held bool
	Raw  bool // the blob is the input as read (Request.Raw), after the names if any
}

// packJob encodes a request with the pages it plans: what planning needs
// of them (rates, weights, crawl delays, hosts), and their URLs only for
// an export, which writes them — or, held, with none: the worker plans
// the pages it holds from its previous job.
func packJob(q Request, d *dataset, held bool) ([]byte, error) {
	set := &pageSet{} // none for a job that brings its own input (StageRead), or plans the worker's
	if d != nil && !held {
		set = d.pages
	}
	pm, blob, arrays := packPages(set, q.Stages&StageExport != 0)
	m := jobMsg{Request: q, Pages: pm, Held: held}
	if q.Stages&StageBacktest != 0 {
		m.Raw, blob = true, append(blob, q.Raw...)
	}
	return pack(m, blob, arrays...)
}

// appendName appends s to b, prefixed by its length.
func appendName(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

// readNames reads n length-prefixed strings from b.
func readNames(b []byte, n int) ([]string, []byte, error) {
	out := make([]string, n)
	for i := range out {
		l, k := binary.Uvarint(b)
		if k <= 0 || l > uint64(len(b)-k) {
			return nil, nil, errWire
		}
		out[i] = string(b[k : k+int(l)])
		b = b[k+int(l):]
	}
	return out, b, nil
}

// unpackJob decodes a request into the pages to plan, held (the
// worker's from its previous job) when the request sent none.
func unpackJob(b []byte, held *pageSet) (Request, *pageSet, error) {
	var m jobMsg
	a, blob, err := unpack(b, &m)
	if err != nil {
		return m.Request, nil, err
	}
	set, rest, err := unpackPages(m.Pages, a, blob)
	if err != nil {
		return m.Request, nil, err
	}
	if m.Held {
		if held == nil || set.Len() != 0 {
			return m.Request, nil, errWire
		}
		set = held
	}
	switch {
	case m.Raw:
		m.Request.Raw = rest
	case len(rest) != 0:
		return m.Request, nil, errWire
	}
	return m.Request, set, nil
}
