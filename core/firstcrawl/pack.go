package firstcrawl

import (
	"encoding/binary"
	"errors"
	"math"

	"github.com/freshplan/freshplan/core/graph"
)

// Pack is a read graph and its PageRank in a binary form, so that one
// holder of a study's graph reads and ranks it and the others take it
// from there (the app's First crawl workers): the graph (graph's
// AppendBinary), then the counts as read (pages, links, dropped) and the
// PageRank's iterations as 64-bit integers, Best and every page's
// PageRank as 64-bit floats, little-endian.
func Pack(in *Input, rep *Report) ([]byte, error) {
	g := in.Graph
	b := make([]byte, 0, 64+4*(3*g.Pages()+g.Links()+len(g.Seeds))+8*g.Pages()+len(g.Hosts)*16+g.Pages()*48)
	b, err := g.AppendBinary(b)
	if err != nil {
		return nil, err
	}
	for _, n := range []int{in.Pages, in.Links, in.Dropped, rep.Iterations} {
		b = binary.LittleEndian.AppendUint64(b, uint64(n))
	}
	b = binary.LittleEndian.AppendUint64(b, math.Float64bits(rep.Best))
	for _, x := range rep.PageRank {
		b = binary.LittleEndian.AppendUint64(b, math.Float64bits(x))
	}
	return b, nil
}

// Unpack returns Pack's graph and PageRank: the report has no strategy's
// crawl yet.
func Unpack(b []byte) (*Input, *Report, error) {
	in := &Input{Graph: new(graph.Graph)}
	rest, err := in.Graph.UnmarshalBinary(b)
	if err != nil {
		return nil, nil, err
	}
	n := in.Graph.Pages()
	if len(rest) != 8*(5+n) {
		return nil, nil, errors.New("firstcrawl: not a packed study's graph")
	}
	word := func(i int) uint64 { return binary.LittleEndian.Uint64(rest[8*i:]) }
	in.Pages, in.Links, in.Dropped = int(word(0)), int(word(1)), int(word(2))
	rep := &Report{Iterations: int(word(3)), Best: math.Float64frombits(word(4)), PageRank: make([]float64, n)}
	for p := range rep.PageRank {
		rep.PageRank[p] = math.Float64frombits(word(5 + p))
	}
	return in, rep, nil
}
