package app

import (
	"math"
	"strconv"
	"unsafe"

	"github.com/freshplan/freshplan/core/plan"
)

// pagesMsg is how pages cross between the page and a worker: a pageSet's
// columns as arrays — the rates always in full (they bound the pages a
// message can claim by its size), weights and crawl delays as one value
// when every page has it, host indices likewise, and where each URL ends
// when they go — the URLs back to back and the hosts' names (when they
// go) in the blob, change models and exposures by page index in the
// header.
type pagesMsg struct {
	Pages     int
	Hosts     int
	Names     names                  // which names the blob holds
	URLBytes  int                    `json:",omitempty"` // the URLs' bytes, with allNames
	Changes   map[int]*plan.Change   `json:",omitempty"`
	Exposures map[int]*plan.Exposure `json:",omitempty"`
}

// names are which names cross with the pages.
type names int

const (
	// noNames: stand-in hosts ("h3") and no URLs, what planning needs.
	noNames names = iota
	// hostNames: the hosts' names, what the hosts file and the summary
	// need (a million URLs are some 50 MB, sent and held for nothing).
	hostNames
	// allNames: the hosts' names and the pages' URLs.
	allNames
)

// packPages returns how s crosses, with the names given in the blob.
func packPages(s *pageSet, with names) (pagesMsg, blob, [][]float64) {
	n := s.Len()
	m := pagesMsg{Pages: n, Hosts: len(s.HostNames), Names: with, Changes: s.Changes, Exposures: s.Exposures}
	var ends []float64
	if with == allNames {
		// The URLs go whole, where each ends beside them: a million read
		// back in one copy, not one by one.
		ends = make([]float64, n)
		for i, e := range s.Ends {
			ends[i] = float64(e)
		}
		if n > 0 {
			m.URLBytes = s.Ends[n-1]
		}
	}
	sameHost := true
	for _, h := range s.HostOf {
		if h != s.HostOf[0] {
			sameHost = false
			break
		}
	}
	var index []float64
	switch {
	case n == 0:
	case sameHost:
		index = []float64{float64(s.HostOf[0])}
	default:
		index = make([]float64, n)
		for i, h := range s.HostOf {
			index[i] = float64(h)
		}
	}
	var b blob
	if with != noNames {
		b.names, b.urls = s, with == allNames
	}
	weights, delays := s.Weights, s.Delays
	if n == 0 {
		weights, delays = nil, nil
	}
	arrays := [][]float64{s.Rates, weights, delays, index}
	if with == allNames {
		arrays = append(arrays, ends)
	}
	return m, b, arrays
}

// pagesArrays is how many arrays packPages sends with names.
func pagesArrays(with names) int {
	if with == allNames {
		return 5
	}
	return 4
}

// unpackPages rebuilds the set packPages sent, its names read from the
// blob at w. Without URLs its pages have none, and without names
// stand-in hosts ("h3"): planning needs only the hosts, told apart, and
// the page maps results back by index. It leaves w at the rest of the
// blob.
func unpackPages(m pagesMsg, a [][]float64, w *wireReader) (*pageSet, error) {
	if m.Pages < 0 || m.Hosts < 0 || m.Names < noNames || m.Names > allNames || len(a) != pagesArrays(m.Names) {
		return nil, errWire
	}
	for k, col := range a {
		if len(col) != m.Pages && (k == 0 || k == 4 || len(col) != 1) {
			return nil, errWire
		}
	}
	s := &pageSet{Rates: a[0], Weights: a[1], Delays: a[2], HostOf: make([]int32, m.Pages)}
	if m.Pages == 0 {
		s.Weights, s.Delays = nil, nil
	}
	for i := range s.HostOf {
		h := at(a[3], i)
		if !(h >= 0 && h < float64(m.Hosts)) {
			return nil, errWire
		}
		s.HostOf[i] = int32(h)
	}
	var err error
	if m.Names == allNames {
		if err = readURLs(s, a[4], w, m.URLBytes); err != nil {
			return nil, err
		}
	}
	if m.Names != noNames {
		if s.HostNames, err = readNames(w, m.Hosts); err != nil {
			return nil, err
		}
	} else {
		s.HostNames = make([]string, m.Hosts)
		for h := range s.HostNames {
			s.HostNames[h] = "h" + strconv.Itoa(h)
		}
	}
	for i, c := range m.Changes {
		if i < 0 || i >= m.Pages || c == nil {
			return nil, errWire
		}
	}
	for i, e := range m.Exposures {
		if i < 0 || i >= m.Pages || e == nil {
			return nil, errWire
		}
	}
	s.Changes, s.Exposures = m.Changes, m.Exposures
	return s, nil
}

// readURLs reads the set's URLs, size bytes back to back, each ending
// where ends says.
func readURLs(s *pageSet, ends []float64, w *wireReader, size int) error {
	if size < 0 {
		return errWire
	}
	b, err := w.bytes(uint64(size))
	if err != nil {
		return err
	}
	s.Ends = make([]int, len(ends))
	last := 0
	for i, e := range ends {
		if !(e >= float64(last) && e <= float64(size)) || e != math.Trunc(e) {
			return errWire
		}
		last = int(e)
		s.Ends[i] = last
	}
	if last != size {
		return errWire
	}
	if size > 0 {
		s.URLs = unsafe.String(&b[0], size) // b is this set's alone, never written again
	}
	return nil
}

// at is page i's value in a column sent as one value when every page has
// it.
func at(col []float64, i int) float64 {
	if len(col) == 1 {
		return col[0]
	}
	return col[i]
}
