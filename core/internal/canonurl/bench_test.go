package canonurl

import "testing"

// BenchmarkIs is the check every row of a log pays: a canonical URL of a
// typical length.
func BenchmarkIs(b *testing.B) {
	u := []byte("https://host123.example.com/section/page-4567?id=89")
	for b.Loop() {
		if !IsBytes(u) {
			b.Fatal("not canonical")
		}
	}
}
