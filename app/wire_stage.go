package app

import (
	"maps"
	"math"
	"slices"

	"github.com/freshplan/freshplan/core/plan"
)

// packStage encodes a stage of results; the per-page and per-host
// arrays, the values and the sweep's points go raw.
func packStage(s *Stage) ([]byte, error) {
	m, err := encodeStage(s)
	if err != nil {
		return nil, err
	}
	return m.bytes(), nil
}

// encodeStage is packStage's message, to be written where it goes.
func encodeStage(s *Stage) (*message, error) {
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
		index := map[plan.Policy]int{}
		budgets, names, values := make([]float64, len(sw.Points)), make([]float64, len(sw.Points)), make([]float64, len(sw.Points))
		for k, pt := range sw.Points {
			j, ok := index[pt.Name]
			if !ok {
				j = len(m.Names)
				index[pt.Name] = j
				m.Names = append(m.Names, string(pt.Name))
			}
			budgets[k], names[k], values[k] = float64(pt.Budget), float64(j), pt.Value
		}
		arrays = [][]float64{budgets, names, values}
	}
	var blob blob
	if s.Export != nil {
		blob.bytes = s.Export.Data
		e := *s.Export
		e.Data = nil
		m.Export = &e
	}
	if bt := s.Backtest; bt != nil {
		arrays = bt.perHorizon()
	}
	if r := s.Read; r != nil {
		// The pages go apart (packHeld), to the holder; the page gets the
		// summary.
		h := *r
		h.Pages, h.Est = nil, nil
		m.Read = &h
	}
	return encode(&m, blob, arrays...)
}

func unpackStage(b []byte) (*Stage, error) { return readStage(bytesReader(b)) }

// readStage is unpackStage reading from w.
func readStage(w *wireReader) (*Stage, error) {
	s := &Stage{}
	a, err := unpack(w, s)
	if err != nil {
		return nil, err
	}
	if s.Read != nil {
		if len(a) != 0 || w.left != 0 {
			return nil, errWire
		}
		return s, nil
	}
	if s.Export != nil {
		if s.Export.Data, err = w.bytes(uint64(w.left)); err != nil {
			return nil, err
		}
	} else if w.left != 0 {
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
		// A "scored" or "allocated" stage has no arrays: nil, as sent.
		p.Visits, p.Stale, p.HostLoad, p.HostCap, p.HostDelay = orNil(a[0]), orNil(a[1]), orNil(a[2]), orNil(a[3]), orNil(a[4])
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
			s.Sweep.Points[k] = plan.Point{Budget: int(a[0][k]), Name: plan.Policy(names[j]), Value: a[2][k]}
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

// orNil is a, or nil when it is empty.
func orNil(a []float64) []float64 {
	if len(a) == 0 {
		return nil
	}
	return a
}
