//go:build !wasm

package graph

import (
	"bytes"
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
		var s bytes.Buffer
		if err := g.WriteCSV(&s); err != nil {
			b.Fatal(err)
		}
		csv100k = s.Bytes()
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
