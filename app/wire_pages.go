package app

import (
	"math"
	"slices"
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
	rates, weights, delays, index := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	var blob []byte
	for i, p := range pg {
		rates[i], weights[i], delays[i], index[i] = p.Rate, p.Weight, p.CrawlDelay, float64(hostOf[i])
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
	return m, blob, [][]float64{rates, same(weights), same(delays), same(index)}
}

// same returns a one-value array if every value of a is that value
// (bit for bit), else a.
func same(a []float64) []float64 {
	for _, v := range a {
		if math.Float64bits(v) != math.Float64bits(a[0]) {
			return a
		}
	}
	return a[:min(len(a), 1)]
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
		switch {
		case k > 0 && len(col) == 1 && m.Pages > 1:
			a[k] = slices.Repeat(col, m.Pages) // every page has the value
		case len(col) != m.Pages:
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
		h := a[3][i]
		if !(h >= 0 && h < float64(m.Hosts)) {
			return nil, nil, errWire
		}
		pg[i] = plan.Page{Host: names[int(h)], Rate: a[0][i], Weight: a[1][i], CrawlDelay: a[2][i]}
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
