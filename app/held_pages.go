package app

import (
	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"

	"github.com/freshplan/freshplan/core/plan"
)

// heldPages are pages on their way from one holder to another: in Go
// between engines of one program, or, from a worker, packed (packHeld)
// in a buffer the page hands on to another worker without reading it.
type heldPages struct {
	set   *pageSet
	est   *uncertainty
	seq   int         // the read job that read them (dataset.held)
	names names       // the names set has
	buf   goapp.Value // from a worker: the pages packed
}

// inGo reports whether the pages are in Go, not packed by a worker.
func (p *heldPages) inGo() bool { return p.buf == nil }

// heldMsg is the header of packed pages: the pages' columns, and the
// estimate's after them when the rates were estimated.
type heldMsg struct {
	Pages     pagesMsg
	Seq       int
	Estimated bool             `json:",omitempty"`
	Suggested *plan.Suggestion `json:",omitempty"`
}

// packHeld packs p's pages with the names p.names.
func packHeld(p *heldPages) (*message, error) {
	pm, b, arrays := packPages(p.set, p.names)
	m := heldMsg{Pages: pm, Seq: p.seq, Estimated: p.est != nil}
	if u := p.est; u != nil {
		arrays = append(arrays, u.Low, u.High, u.SuggestDays)
		m.Suggested = u.Suggested
	}
	return encode(m, b, arrays...)
}

// readHeld unpacks what packHeld packed.
func readHeld(w *wireReader) (*heldPages, error) {
	var m heldMsg
	a, err := unpack(w, &m)
	if err != nil {
		return nil, err
	}
	var est *uncertainty
	if k := pagesArrays(m.Pages.Names); m.Estimated {
		if len(a) != k+3 {
			return nil, errWire
		}
		est = &uncertainty{Low: a[k], High: a[k+1], SuggestDays: a[k+2], Suggested: m.Suggested}
		a = a[:k]
	}
	set, err := unpackPages(m.Pages, a, w)
	if err != nil || w.left != 0 {
		return nil, errWire
	}
	if est != nil && (len(est.Low) != set.Len() || len(est.High) != set.Len() || len(est.SuggestDays) != set.Len()) {
		return nil, errWire
	}
	return &heldPages{set: set, est: est, seq: m.Seq, names: m.Pages.Names}, nil
}
