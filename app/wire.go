package app

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/freshplan/freshplan/core/export"
)

// Messages between the page and the planning worker are one byte buffer
// (transferred, not copied): a small JSON header, raw little-endian
// float64 arrays for what grows with the input, and a blob of bytes (an
// export's file, or the URLs an export needs).
//
//	"FPW2" | uint32 len | JSON | uint32 count | (uint32 n | n × float64)… | uint32 len | blob
const wireMagic = "FPW2"

var errWire = errors.New("malformed message between the page and the planner")

// unpack decodes a message's header into meta and returns its arrays;
// w is left at the blob, which is what it has left.
func unpack(w *wireReader, meta any) ([][]float64, error) {
	magic := make([]byte, len(wireMagic))
	if err := w.full(magic); err != nil || string(magic) != wireMagic {
		return nil, errWire
	}
	n, err := w.u32()
	if err != nil {
		return nil, err
	}
	js, err := w.bytes(uint64(n))
	if err != nil {
		return nil, err
	}
	if err := json.Unmarshal(js, meta); err != nil {
		return nil, fmt.Errorf("%w: %v", errWire, err)
	}
	count, err := w.u32()
	if err != nil || count > 64 {
		return nil, errWire
	}
	arrays := make([][]float64, count)
	for k := range arrays {
		m, err := w.u32()
		if err != nil {
			return nil, err
		}
		if arrays[k], err = w.floats(uint64(m)); err != nil {
			return nil, err
		}
	}
	m, err := w.u32()
	if err != nil || uint64(m) != uint64(w.left) {
		return nil, errWire
	}
	return arrays, nil
}

// jobMsg is the header of a planning request.
type jobMsg struct {
	Request
	Pages pagesMsg
	// Held: the job plans the pages the worker holds, and none are sent:
	// those of its previous job, or with HeldSeq those read by that job
	// (dataset.held).
	Held    bool
	HeldSeq int  `json:",omitempty"`
	Raw     bool // the blob is the input as read (Request.Raw), after the names if any
}

// packJob encodes a request with the pages it plans: what planning needs
// of them (rates, weights, crawl delays, hosts), and their URLs only for
// an export, which writes them — or, held, with none: the worker plans
// the pages it holds from its previous job.
func packJob(q Request, d *dataset, held bool) ([]byte, error) {
	m, err := encodeJob(q, d, held)
	if err != nil {
		return nil, err
	}
	return m.bytes(), nil
}

// names are the names the pages of q's job need: an export's file may
// name the pages or the hosts (export.Kind), planning needs neither.
func (q Request) names() names {
	k, ok := export.KindOf(q.Export)
	switch {
	case q.Stages&StageExport == 0:
		return noNames
	case !ok || q.Learn || k.URLs:
		return allNames
	case k.Hosts:
		return hostNames
	}
	return noNames
}

// encodeJob is packJob's message, to be written where it goes.
func encodeJob(q Request, d *dataset, held bool) (*message, error) {
	set := &pageSet{} // none for a job that brings its own input (StageRead), or plans the worker's
	seq := 0
	switch {
	case d == nil:
	case d.pages == nil:
		if !held {
			return nil, errPagesLost
		}
		seq = d.held
	case !held:
		set = d.pages
	}
	pm, blob, arrays := packPages(set, q.names())
	m := jobMsg{Request: q, Pages: pm, Held: held, HeldSeq: seq}
	if q.Stages&StageBacktest != 0 {
		m.Raw, blob.bytes = true, q.Raw
	}
	return encode(m, blob, arrays...)
}

// appendName appends s to b, prefixed by its length.
func appendName(b []byte, s string) []byte {
	return append(binary.AppendUvarint(b, uint64(len(s))), s...)
}

// readNames reads n length-prefixed strings.
func readNames(w *wireReader, n int) ([]string, error) {
	out := make([]string, n)
	var b strings.Builder
	for i := range out {
		if err := w.appendName(&b); err != nil {
			return nil, err
		}
		out[i] = b.String()
		b.Reset()
	}
	return out, nil
}

// unpackJob decodes a request into the pages to plan, held (the
// worker's, read by job heldSeq, 0 for pages a job brought) when the
// request sent none.
func unpackJob(b []byte, held *pageSet, heldSeq int) (Request, *pageSet, error) {
	return readJob(bytesReader(b), held, heldSeq)
}

// readJob is unpackJob reading from w.
func readJob(w *wireReader, held *pageSet, heldSeq int) (Request, *pageSet, error) {
	var m jobMsg
	a, err := unpack(w, &m)
	if err != nil {
		return m.Request, nil, err
	}
	set, err := unpackPages(m.Pages, a, w)
	if err != nil {
		return m.Request, nil, err
	}
	if m.Held {
		switch {
		case set.Len() != 0:
			return m.Request, nil, errWire
		case held == nil || m.HeldSeq != heldSeq:
			return m.Request, nil, errPagesLost
		}
		set = held
	}
	switch {
	case m.Raw:
		if m.Request.Raw, err = w.bytes(uint64(w.left)); err != nil {
			return m.Request, nil, err
		}
	case w.left != 0:
		return m.Request, nil, errWire
	}
	return m.Request, set, nil
}
