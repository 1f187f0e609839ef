package app

import (
	"math"
	"strconv"

	"github.com/freshplan/freshplan/core/plan"
)

// pagesMsg is how pages cross between the page and a worker: rates,
// weights, crawl delays and host indices as arrays — but for the rates
// (which bound the pages a message can claim by its size), an array of
// one value when every page has it (weights and crawl delays mostly: the
// message of a million pages is then half the size, and packing, copying
// and unpacking it is what the page waits on) — the URLs and the hosts'
// names (when they go) in the blob, change models and exposures by page
// index in the header.
type pagesMsg struct {
	Pages     int
	Hosts     int
	Names     bool                   // the blob holds the pages' URLs and the hosts' names
	Changes   map[int]*plan.Change   `json:",omitempty"`
	Exposures map[int]*plan.Exposure `json:",omitempty"`
}

// packPages returns how pg cross, hostOf[i] being the index of page i's
// host in hosts; with names, the blob holds the URLs and host names.
func packPages(pg []plan.Page, hostOf []int32, hosts []string, names bool) (pagesMsg, []byte, [][]float64) {
	n := len(pg)
	m := pagesMsg{Pages: n, Hosts: len(hosts), Names: names}
	// A column every page has the same value in crosses as that value:
	// found first, so that only the columns that vary are made (at a
	// million pages each is 8 MB the page would make and throw away).
	var first plan.Page
	var firstHost int32
	if n > 0 {
		first, firstHost = pg[0], hostOf[0]
	}
	sameWeight, sameDelay, sameHost := true, true, true
	for i, p := range pg {
		sameWeight = sameWeight && math.Float64bits(p.Weight) == math.Float64bits(first.Weight)
		sameDelay = sameDelay && math.Float64bits(p.CrawlDelay) == math.Float64bits(first.CrawlDelay)
		sameHost = sameHost && hostOf[i] == firstHost
	}
	col := func(same bool, v float64) []float64 {
		if same && n > 0 {
			return []float64{v}
		}
		return make([]float64, n)
	}
	rates := make([]float64, n)
	weights, delays, index := col(sameWeight, first.Weight), col(sameDelay, first.CrawlDelay), col(sameHost, float64(firstHost))
	var blob []byte
	for i, p := range pg {
		rates[i] = p.Rate
		if !sameWeight {
			weights[i] = p.Weight
		}
		if !sameDelay {
			delays[i] = p.CrawlDelay
		}
		if !sameHost {
			index[i] = float64(hostOf[i])
		}
		if p.Change != nil {
			if m.Changes == nil {
				m.Changes = map[int]*plan.Change{}
			}
			m.Changes[i] = p.Change
		}
		if p.Exposure != nil {
			if m.Exposures == nil {
				m.Exposures = map[int]*plan.Exposure{}
			}
			m.Exposures[i] = p.Exposure
		}
		if names {
			blob = appendName(blob, p.URL)
		}
	}
	if names {
		for _, h := range hosts {
			blob = appendName(blob, h)
		}
	}
	return m, blob, [][]float64{rates, weights, delays, index}
}

// at is page i's value in a column: a column of one value is every
// page's (see packPages).
func at(col []float64, i int) float64 {
	if len(col) == 1 {
		return col[0]
	}
	return col[i]
}

// unpackPages rebuilds the pages packPages sent. Without names they get
// no URL and stand-in hosts ("h3"): planning needs only the hosts, told
// apart, and the page maps results back by index. It returns what is left
// of the blob.
func unpackPages(m pagesMsg, a [][]float64, blob []byte) ([]plan.Page, []byte, error) {
	if len(a) != 4 || m.Pages < 0 || m.Hosts < 0 {
		return nil, nil, errWire
	}
	for k, col := range a {
		if len(col) != m.Pages && (k == 0 || len(col) != 1) {
			return nil, nil, errWire
		}
	}
	var urls, names []string
	var err error
	if m.Names {
		if urls, blob, err = readNames(blob, m.Pages); err != nil {
			return nil, nil, err
		}
		if names, blob, err = readNames(blob, m.Hosts); err != nil {
			return nil, nil, err
		}
	} else {
		names = make([]string, m.Hosts)
		for h := range names {
			names[h] = "h" + strconv.Itoa(h)
		}
	}
	pg := make([]plan.Page, m.Pages)
	for i := range pg {
		h := at(a[3], i)
		if !(h >= 0 && h < float64(m.Hosts)) {
			return nil, nil, errWire
		}
		pg[i] = plan.Page{Host: names[int(h)], Rate: a[0][i], Weight: at(a[1], i), CrawlDelay: at(a[2], i)}
		if urls != nil {
			pg[i].URL = urls[i]
		}
	}
	for i, c := range m.Changes {
		if i < 0 || i >= len(pg) || c == nil {
			return nil, nil, errWire
		}
		pg[i].Change = c
	}
	for i, e := range m.Exposures {
		if i < 0 || i >= len(pg) || e == nil {
			return nil, nil, errWire
		}
		pg[i].Exposure = e
	}
	return pg, blob, nil
}
