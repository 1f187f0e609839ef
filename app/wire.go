package app

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"

	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/core/plan"
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
	Names     bool                    // the blob holds the pages' URLs and the hosts' names
	Changes   map[int]*pages.Change   `json:",omitempty"`
	Exposures map[int]*pages.Exposure `json:",omitempty"`
}

// packPages returns how pg cross, hostOf[i] being the index of page i's
// host in hosts; with names, the blob holds the URLs and host names.
func packPages(pg []pages.Page, hostOf []int32, hosts []string, names bool) (pagesMsg, []byte, [][]float64) {
	n := len(pg)
	m := pagesMsg{Pages: n, Hosts: len(hosts), Names: names}
	rates, weights, delays, index := make([]float64, n), make([]float64, n), make([]float64, n), make([]float64, n)
	var blob []byte
	for i, p := range pg {
		rates[i], weights[i], delays[i], index[i] = p.Rate, p.Weight, p.CrawlDelay, float64(hostOf[i])
		if p.Change != nil {
			if m.Changes == nil {
				m.Changes = map[int]*pages.Change{}
			}
			m.Changes[i] = p.Change
		}
		if p.Exposure != nil {
			if m.Exposures == nil {
				m.Exposures = map[int]*pages.Exposure{}
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
func unpackPages(m pagesMsg, a [][]float64, blob []byte) ([]pages.Page, []byte, error) {
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
	pg := make([]pages.Page, m.Pages)
	for i := range pg {
		h := a[3][i]
		if !(h >= 0 && h < float64(m.Hosts)) {
			return nil, nil, errWire
		}
		pg[i] = pages.Page{Host: names[int(h)], Rate: a[0][i], Weight: a[1][i], CrawlDelay: a[2][i]}
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

// jobMsg is the header of a planning request.
type jobMsg struct {
	Request
	Pages pagesMsg
	Raw   bool // the blob is the input as read (Request.Raw), after the names if any
}

// packJob encodes a request with the pages it plans: what planning needs
// of them (rates, weights, crawl delays, hosts), and their URLs only for
// an export, which writes them.
func packJob(q Request, d *dataset) ([]byte, error) {
	if d == nil {
		d = &dataset{} // a job that brings its own input (StageRead)
	}
	pm, blob, arrays := packPages(d.pages, d.hostOf, d.hosts, q.Stages&StageExport != 0)
	m := jobMsg{Request: q, Pages: pm}
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

// unpackJob decodes a request into the pages to plan.
func unpackJob(b []byte) (Request, []pages.Page, error) {
	var m jobMsg
	a, blob, err := unpack(b, &m)
	if err != nil {
		return m.Request, nil, err
	}
	pg, rest, err := unpackPages(m.Pages, a, blob)
	if err != nil {
		return m.Request, nil, err
	}
	switch {
	case m.Raw:
		m.Request.Raw = rest
	case len(rest) != 0:
		return m.Request, nil, errWire
	}
	return m.Request, pg, nil
}

// packStage encodes a stage of results; the per-page and per-host
// arrays, the values and the sweep's points go raw.
func packStage(s *Stage) ([]byte, error) {
	var arrays [][]float64
	m := *s
	if p := s.Plan; p != nil {
		m.Names = slices.Sorted(maps.Keys(p.Values))
		values := make([]float64, len(m.Names))
		for k, name := range m.Names {
			values[k] = p.Values[name]
		}
		arrays = [][]float64{p.Visits, p.Stale, p.HostLoad, p.HostCap, p.HostDelay, values}
		if p.Sim != nil {
			// Beside each value, its simulation (NaN where there is none).
			var sim [3][]float64
			for j := range sim {
				sim[j] = make([]float64, len(m.Names))
				for k, name := range m.Names {
					v, ok := p.Sim[name]
					sim[j][k] = math.NaN()
					if ok {
						sim[j][k] = v[j]
					}
				}
			}
			arrays = append(arrays, sim[:]...)
		}
	}
	if sw := s.Sweep; sw != nil {
		index := map[string]int{}
		budgets, names, values := make([]float64, len(sw.Points)), make([]float64, len(sw.Points)), make([]float64, len(sw.Points))
		for k, pt := range sw.Points {
			j, ok := index[pt.Name]
			if !ok {
				j = len(m.Names)
				index[pt.Name] = j
				m.Names = append(m.Names, pt.Name)
			}
			budgets[k], names[k], values[k] = float64(pt.Budget), float64(j), pt.Value
		}
		arrays = [][]float64{budgets, names, values}
	}
	var blob []byte
	if s.Export != nil {
		blob = s.Export.Data
		e := *s.Export
		e.Data = nil
		m.Export = &e
	}
	if bt := s.Backtest; bt != nil {
		arrays = bt.perHorizon()
	}
	if r := s.Read; r != nil {
		hostOf, hosts := pages.Hosts(r.Pages, nil)
		var pm pagesMsg
		pm, blob, arrays = packPages(r.Pages, hostOf, hosts, true)
		h := *r
		h.Pages, h.Wire, h.Est, h.Estimated = nil, &pm, nil, r.Est != nil
		if u := r.Est; u != nil {
			arrays = append(arrays, u.Low, u.High, u.SuggestDays)
			h.Suggested = u.Suggested
		}
		m.Read = &h
	}
	return pack(&m, blob, arrays...)
}

func unpackStage(b []byte) (*Stage, error) {
	s := &Stage{}
	a, blob, err := unpack(b, s)
	if err != nil {
		return nil, err
	}
	if r := s.Read; r != nil {
		if r.Wire == nil {
			return nil, errWire
		}
		if r.Estimated {
			if len(a) != 7 {
				return nil, errWire
			}
			r.Est = &uncertainty{Low: a[4], High: a[5], SuggestDays: a[6], Suggested: r.Suggested}
			a = a[:4]
		}
		pg, rest, err := unpackPages(*r.Wire, a, blob)
		if err != nil || len(rest) != 0 {
			return nil, errWire
		}
		if u := r.Est; u != nil && (len(u.Low) != len(pg) || len(u.High) != len(pg) || len(u.SuggestDays) != len(pg)) {
			return nil, errWire
		}
		r.Pages, r.Wire, r.Estimated, r.Suggested = pg, nil, false, nil
		return s, nil
	}
	if s.Export != nil {
		s.Export.Data = blob
	} else if len(blob) != 0 {
		return nil, errWire
	}
	names := s.Names
	s.Names = nil
	switch {
	case s.Plan != nil:
		if (len(a) != 6 && len(a) != 9) || len(a[5]) != len(names) {
			return nil, errWire
		}
		p := s.Plan
		p.Visits, p.Stale, p.HostLoad, p.HostCap, p.HostDelay = a[0], a[1], a[2], a[3], a[4]
		p.Values = make(map[string]float64, len(names))
		for k, name := range names {
			p.Values[name] = a[5][k]
		}
		if len(a) == 9 {
			p.Sim = map[string][3]float64{}
			for k, name := range names {
				if len(a[6]) != len(names) || len(a[7]) != len(names) || len(a[8]) != len(names) {
					return nil, errWire
				}
				if !math.IsNaN(a[6][k]) {
					p.Sim[name] = [3]float64{a[6][k], a[7][k], a[8][k]}
				}
			}
		}
	case s.Sweep != nil:
		if len(a) != 3 || len(a[1]) != len(a[0]) || len(a[2]) != len(a[0]) {
			return nil, errWire
		}
		s.Sweep.Points = make([]plan.Point, len(a[0]))
		for k := range a[0] {
			j := int(a[1][k])
			if j < 0 || j >= len(names) {
				return nil, errWire
			}
			s.Sweep.Points[k] = plan.Point{Budget: int(a[0][k]), Name: names[j], Value: a[2][k]}
		}
	case s.Backtest != nil:
		if !s.Backtest.setPerHorizon(a) {
			return nil, errWire
		}
	case len(a) != 0:
		return nil, errWire
	}
	return s, nil
}
