package graph

import (
	"reflect"
	"strings"
	"testing"
)

// A graph read from a file and a generated one (no URLs kept) come back
// from their binary form field for field, with what followed them.
func TestBinaryRoundTrip(t *testing.T) {
	read, err := Read(strings.NewReader("from,to\nhttps://a.example/,https://a.example/x\n"+
		"https://a.example/x,https://b.example/\nhttps://b.example/,https://b.example/\n"+
		"https://a.example/x,https://b.example/\n"), "t.csv")
	if err != nil {
		t.Fatal(err)
	}
	made, err := Generate(DefaultSynthetic(2000, 3))
	if err != nil {
		t.Fatal(err)
	}
	for _, g := range []*Graph{read, made} {
		b, err := g.AppendBinary([]byte("head"))
		if err != nil {
			t.Fatal(err)
		}
		b = append(b, "tail"...)
		var back Graph
		rest, err := back.UnmarshalBinary(b[len("head"):])
		if err != nil {
			t.Fatal(err)
		}
		if string(rest) != "tail" {
			t.Errorf("rest %q, want %q", rest, "tail")
		}
		if !reflect.DeepEqual(&back, g) {
			t.Errorf("round trip of a %d-page graph differs:\n got %+v\nwant %+v", g.Pages(), back, *g)
		}
	}
	if read.SelfLoops != 1 || read.Duplicates != 1 {
		t.Errorf("self-loops %d, duplicates %d: the counts the round trip checks are not the case's", read.SelfLoops, read.Duplicates)
	}
}

// Every cut of a graph's binary form, and bytes that break a rule, are an
// error, and the graph unmarshalled into is left as it was.
func TestBinaryBad(t *testing.T) {
	g, err := Generate(DefaultSynthetic(50, 1))
	if err != nil {
		t.Fatal(err)
	}
	b, err := g.AppendBinary(nil)
	if err != nil {
		t.Fatal(err)
	}
	for n := range len(b) {
		var back Graph
		if _, err := back.UnmarshalBinary(b[:n]); err == nil {
			t.Fatalf("the first %d of %d bytes unmarshalled", n, len(b))
		}
		if !reflect.DeepEqual(back, Graph{}) {
			t.Fatalf("a failed unmarshal of %d bytes changed the graph", n)
		}
	}
	// A link to page n (out of range): Out's first entry.
	off := len(binaryMagic) + 7*4 + 4*(2*g.Pages()+1)
	bad := append([]byte(nil), b...)
	bad[off], bad[off+1], bad[off+2], bad[off+3] = byte(g.Pages()), byte(g.Pages()>>8), 0, 0
	if _, err := new(Graph).UnmarshalBinary(bad); err == nil {
		t.Error("a link out of range unmarshalled")
	}
}

// FuzzUnmarshalBinary: no bytes make UnmarshalBinary panic, and a graph
// it takes comes back the same through AppendBinary (bytes may differ: a
// length can be spelled with more uvarint bytes than needed).
func FuzzUnmarshalBinary(f *testing.F) {
	g, err := Read(strings.NewReader("https://a.example/,https://b.example/\nhttps://b.example/,https://a.example/c\n"), "f.csv")
	if err != nil {
		f.Fatal(err)
	}
	b, err := g.AppendBinary(nil)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(b)
	f.Add([]byte(binaryMagic))
	f.Fuzz(func(t *testing.T, data []byte) {
		var g Graph
		if _, err := g.UnmarshalBinary(data); err != nil {
			return
		}
		again, err := g.AppendBinary(nil)
		if err != nil {
			t.Fatal(err)
		}
		var back Graph
		if _, err := back.UnmarshalBinary(again); err != nil || !reflect.DeepEqual(back, g) {
			t.Errorf("appended and unmarshalled again: %v, %+v, want %+v", err, back, g)
		}
	})
}
