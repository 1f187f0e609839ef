package graph

import (
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"strings"
)

// binaryMagic opens a graph's binary form; the digit is its version.
const binaryMagic = "FPGRAPH1"

// AppendBinary appends g's binary form to b: what one holder of a graph
// hands another so that the file is read and parsed once (the app's
// First crawl workers). Little-endian: the magic, seven counts (pages,
// hosts, links, seeds, self-loops, duplicates, 1 when URLs are kept),
// Host, Off, Out and Seeds as 32-bit integers, then Hosts and URLs as
// lengths (uvarint) each followed by its bytes.
func (g *Graph) AppendBinary(b []byte) ([]byte, error) {
	urls := uint32(0)
	if g.URLs != nil {
		urls = 1
	}
	b = append(b, binaryMagic...)
	for _, n := range []int{g.Pages(), len(g.Hosts), g.Links(), len(g.Seeds), g.SelfLoops, g.Duplicates} {
		if n < 0 || n > math.MaxUint32 {
			return nil, fmt.Errorf("graph: a count of %d does not fit the binary form", n)
		}
		b = binary.LittleEndian.AppendUint32(b, uint32(n))
	}
	b = binary.LittleEndian.AppendUint32(b, urls)
	for _, col := range [][]int32{g.Host, g.Off, g.Out, g.Seeds} {
		for _, v := range col {
			b = binary.LittleEndian.AppendUint32(b, uint32(v))
		}
	}
	for _, s := range g.Hosts {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	for _, s := range g.URLs {
		b = binary.AppendUvarint(b, uint64(len(s)))
		b = append(b, s...)
	}
	return b, nil
}

// errBinary is UnmarshalBinary's error for bytes that are not a graph's
// binary form (cut short, or numbers that break Graph's rules).
var errBinary = errors.New("graph: not a graph's binary form")

// UnmarshalBinary sets g from AppendBinary's form, checking every rule
// the crawls rely on (offsets in order, links, hosts and seeds in range),
// so that bad bytes are an error, never a panic later. It reads its
// counts, columns and strings from data and returns what follows them.
func (g *Graph) UnmarshalBinary(data []byte) (rest []byte, err error) {
	r := binaryReader{b: data}
	if string(r.bytes(len(binaryMagic))) != binaryMagic {
		return nil, errBinary
	}
	var c [7]int
	for i := range c {
		c[i] = int(r.uint32())
	}
	pages, hosts, links, seeds := c[0], c[1], c[2], c[3]
	if r.bad || c[6] > 1 || pages >= math.MaxInt32 || links > MaxLinks ||
		len(r.b) < 4*(2*pages+1+links+seeds) {
		return nil, errBinary
	}
	ng := &Graph{SelfLoops: c[4], Duplicates: c[5]}
	ng.Host, ng.Off, ng.Out, ng.Seeds = r.int32s(pages), r.int32s(pages+1), r.int32s(links), r.int32s(seeds)
	if ng.Hosts, err = r.strings(hosts); err != nil {
		return nil, err
	}
	if c[6] == 1 {
		if ng.URLs, err = r.strings(pages); err != nil {
			return nil, err
		}
	}
	if err := ng.check(); err != nil {
		return nil, err
	}
	*g = *ng
	return r.b, nil
}

// check reports whether g keeps the rules of Build's graphs that indexing
// relies on.
func (g *Graph) check() error {
	n, k := int32(g.Pages()), int32(len(g.Hosts))
	if g.Off[0] != 0 || int(g.Off[n]) != len(g.Out) {
		return errBinary
	}
	for p := range n {
		if g.Off[p] > g.Off[p+1] || g.Host[p] < 0 || g.Host[p] >= k {
			return errBinary
		}
	}
	for _, cols := range [][]int32{g.Out, g.Seeds} {
		for _, q := range cols {
			if q < 0 || q >= n {
				return errBinary
			}
		}
	}
	return nil
}

// binaryReader takes AppendBinary's parts off the front of b; bad is set
// when b is cut short.
type binaryReader struct {
	b   []byte
	bad bool
}

func (r *binaryReader) bytes(n int) []byte {
	if n < 0 || len(r.b) < n {
		r.bad, r.b = true, nil
		return nil
	}
	v := r.b[:n]
	r.b = r.b[n:]
	return v
}

func (r *binaryReader) uint32() uint32 {
	v := r.bytes(4)
	if v == nil {
		return 0
	}
	return binary.LittleEndian.Uint32(v)
}

// int32s reads n 32-bit integers (the caller checked they are there).
func (r *binaryReader) int32s(n int) []int32 {
	v := r.bytes(4 * n)
	out := make([]int32, n)
	for i := range out {
		out[i] = int32(binary.LittleEndian.Uint32(v[4*i:]))
	}
	return out
}

// strings reads n length-prefixed strings, all in one allocation.
func (r *binaryReader) strings(n int) ([]string, error) {
	if n > len(r.b) { // each takes at least its length's byte
		return nil, errBinary
	}
	// Lengths first, to size the one string the rest are cut from.
	lens := make([]int, n)
	at, total := r.b, 0
	for i := range lens {
		l, k := binary.Uvarint(at)
		if k <= 0 || l > uint64(len(at)-k) {
			return nil, errBinary
		}
		lens[i], total = int(l), total+int(l)
		at = at[k+int(l):]
	}
	var all strings.Builder
	all.Grow(total)
	for _, l := range lens {
		_, k := binary.Uvarint(r.b)
		all.Write(r.b[k : k+l])
		r.b = r.b[k+l:]
	}
	s := all.String()
	out := make([]string, n)
	for i, l := range lens {
		out[i], s = s[:l], s[l:]
	}
	return out, nil
}
