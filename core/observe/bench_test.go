package observe

import (
	"bytes"
	"context"
	"fmt"
	"testing"
	"time"
)

// observations is an observation CSV of URLs on 1,000 hosts fetched a
// number of times each, a day apart, in rounds (all URLs, then all again),
// with a digest that changes every third fetch of every other URL.
func observations(urls, rounds int, rfc3339 bool) []byte {
	var b bytes.Buffer
	b.Grow(urls * rounds * 80)
	b.WriteString("url,time,digest\n")
	for r := 0; r < rounds; r++ {
		t := 1_700_000_000 + r*86_400
		for u := 0; u < urls; u++ {
			v := 0
			if u%2 == 0 {
				v = r / 3
			}
			fmt.Fprintf(&b, "https://host%d.example.com/page/%d,", u%1000, u)
			if rfc3339 {
				b.WriteString(time.Unix(int64(t+u%3600), 0).UTC().Format(time.RFC3339))
			} else {
				fmt.Fprint(&b, t+u%3600)
			}
			fmt.Fprintf(&b, ",%08x%04x\n", u, v)
		}
	}
	return b.Bytes()
}

// BenchmarkReadCSV1M reads 1M observation rows (100k URLs × 10 fetches),
// times in Unix seconds.
func BenchmarkReadCSV1M(b *testing.B) { benchmarkRead(b, observations(100_000, 10, false)) }

// BenchmarkReadCSV1MRFC3339 is BenchmarkReadCSV1M with RFC 3339 times.
func BenchmarkReadCSV1MRFC3339(b *testing.B) { benchmarkRead(b, observations(100_000, 10, true)) }

func benchmarkRead(b *testing.B, data []byte) {
	b.SetBytes(int64(len(data)))
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		l, err := Read(context.Background(), bytes.NewReader(data), Options{Name: "bench.csv"})
		if err != nil {
			b.Fatal(err)
		}
		if len(l.Histories) != 100_000 || l.Rows != 1_000_000 {
			b.Fatalf("%d histories, %d rows", len(l.Histories), l.Rows)
		}
	}
}

// crawlLogLines is observations' log as Heritrix's crawl.log writes it.
func crawlLogLines(urls, rounds int) []byte {
	var b bytes.Buffer
	b.Grow(urls * rounds * 200)
	for r := 0; r < rounds; r++ {
		t := int64(1_700_000_000 + r*86_400)
		for u := 0; u < urls; u++ {
			v := 0
			if u%2 == 0 {
				v = r / 3
			}
			at := time.Unix(t+int64(u%3600), 0).UTC()
			fmt.Fprintf(&b, "%s   200      15829 https://host%d.example.com/page/%d L https://host%d.example.com/ text/html #025 %s000+922 sha1:%08x%04x - -\n",
				at.Format("2006-01-02T15:04:05.000Z"), u%1000, u, u%1000, at.Format("20060102150405"), u, v)
		}
	}
	return b.Bytes()
}

// BenchmarkReadCrawlLog1M reads a 1M-line Heritrix crawl.log (100k URLs ×
// 10 fetches).
func BenchmarkReadCrawlLog1M(b *testing.B) { benchmarkRead(b, crawlLogLines(100_000, 10)) }
