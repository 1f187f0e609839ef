package app

import (
	"strconv"
	"strings"

	"github.com/freshplan/freshplan/core/plan"
)

// pagesMsg is how pages cross between the page and a worker: a pageSet's
// columns as arrays — the rates always in full (they bound the pages a
// message can claim by its size), weights and crawl delays as one value
// when every page has it, host indices likewise — the URLs and the hosts'
// names (when they go) in the blob, change models and exposures by page
// index in the header.
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
	if with == allNames {
		m.URLBytes = len(s.URLs)
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
	return m, b, [][]float64{s.Rates, weights, delays, index}
}

// unpackPages rebuilds the set packPages sent, its names read from the
// blob at w. Without URLs its pages have none, and without names
// stand-in hosts ("h3"): planning needs only the hosts, told apart, and
// the page maps results back by index. It leaves w at the rest of the
// blob.
func unpackPages(m pagesMsg, a [][]float64, w *wireReader) (*pageSet, error) {
	if len(a) != 4 || m.Pages < 0 || m.Hosts < 0 || m.Names < noNames || m.Names > allNames {
		return nil, errWire
	}
	for k, col := range a {
		if len(col) != m.Pages && (k == 0 || len(col) != 1) {
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
		s.Ends = make([]int, m.Pages)
		if err = readURLs(s, w, m.URLBytes); err != nil {
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

// readURLs reads the set's URLs, length-prefixed, into one string of
// about size bytes (the sender's count, a hint).
func readURLs(s *pageSet, w *wireReader, size int) error {
	var u strings.Builder
	u.Grow(int(min(uint64(max(size, 0)), uint64(w.left))))
	for i := range s.Ends {
		if err := w.appendName(&u); err != nil {
			return err
		}
		s.Ends[i] = u.Len()
	}
	s.URLs = u.String()
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
