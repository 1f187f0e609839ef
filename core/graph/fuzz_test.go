package graph

import (
	"bytes"
	"errors"
	"slices"
	"testing"
)

// FuzzRead: any input gives a graph or an *InputError, never a panic; a
// graph read is well formed (rows sorted, no self-loop or repeat, links
// within the pages, one site per page, seeds among the pages) and its
// seeds reach a graph Reachable can cut to.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"from,to\nhttps://a.example/,https://a.example/x\n",
		"https://a.example/,https://b.example/\nhttps://b.example/,https://a.example/\n",
		"source,target\nhttp://A.example:80/x#f,https://a.example/x\n",
		"\"https://a.example/,x\",https://a.example/\n",
		"https://a.example/,https://a.example/\n",
		"from,to\n\n   \nhttps://a.example/\n",
		"\ufefffrom,to\r\nhttps://a.example/%41,https://a.example/A\r\n",
		"\x1f\x8b\x08\x00",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := Read(bytes.NewReader(data), "f.csv")
		if err != nil {
			var ie *InputError
			if !errors.As(err, &ie) && !bytes.HasPrefix(data, []byte("\x1f\x8b")) {
				t.Fatalf("error %v is not an *InputError", err)
			}
			return
		}
		n := int32(g.Pages())
		if n == 0 || len(g.Off) != int(n)+1 || int(g.Off[n]) != len(g.Out) || len(g.URLs) != int(n) {
			t.Fatalf("malformed graph %+v", g)
		}
		for p := range n {
			row := g.OutOf(p)
			for i, q := range row {
				if q < 0 || q >= n || q == p || (i > 0 && row[i-1] >= q) {
					t.Fatalf("row %d: %v", p, row)
				}
			}
			if g.Host[p] < 0 || int(g.Host[p]) >= len(g.Hosts) {
				t.Fatalf("page %d on site %d of %d", p, g.Host[p], len(g.Hosts))
			}
		}
		if len(g.Seeds) == 0 || !slices.IsSorted(g.Seeds) {
			t.Fatalf("seeds %v", g.Seeds)
		}
		h, dropped, err := Reachable(g)
		if err != nil || h.Pages()+dropped != g.Pages() || h.Pages() < len(g.Seeds) {
			t.Fatalf("Reachable: %d + %d of %d, %v", h.Pages(), dropped, g.Pages(), err)
		}
	})
}
