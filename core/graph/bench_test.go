//go:build !wasm

package graph

import (
	"bytes"
	"strings"
	"sync"
	"testing"

	"github.com/freshplan/freshplan/core/internal/cputime"
)

var (
	csv100kOnce sync.Once
	csv100k     []byte
)

// BenchmarkRead100k reads the link graph the app's benchmark drops
// (e2e TestBenchFirstCrawl): DefaultSynthetic(100000, 1) as a 49 MB CSV
// of 930,000 links, from memory.
func BenchmarkRead100k(b *testing.B) {
	csv100kOnce.Do(func() {
		g, err := Generate(DefaultSynthetic(100000, 1))
		if err != nil {
			b.Fatal(err)
		}
		var s strings.Builder
		s.WriteString("from,to\n")
		for p := range int32(g.Pages()) {
			for _, q := range g.OutOf(p) {
				s.WriteString(g.URL(p) + "," + g.URL(q) + "\n")
			}
		}
		csv100k = []byte(s.String())
	})
	b.SetBytes(int64(len(csv100k)))
	b.ReportAllocs()
	b.ResetTimer()
	start := cputime.Now()
	for b.Loop() {
		if _, err := Read(bytes.NewReader(csv100k), "synthetic.csv"); err != nil {
			b.Fatal(err)
		}
	}
	cputime.Report(b, start)
}
