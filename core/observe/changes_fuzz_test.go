package observe

import (
	"bytes"
	"context"
	"errors"
	"sort"
	"testing"
)

// FuzzReadChanges: a change history never panics the reader, stopping at
// a bad row or skipping it; what it reads has a URL per page, times
// sorted without repeats, skipped rows within the rows read, and an error
// is an *Error naming the file.
func FuzzReadChanges(f *testing.F) {
	for _, s := range []string{
		"url,host,time\nhttps://a.com/x,a.com,1700000000\nhttps://a.com/x,a.com,1690000000\nhttps://b.com/,,2024-01-02T03:04:05Z\n",
		"\ufeffURI,Server,Timestamp\r\nhttps://a.com/x,a.com,1709359200000\r\nhttps://a.com/x,a.com,1709359200000\r\n",
		"url,time\nhttps://a.com/x,yesterday\n",
		"url,time\n\"https://a.com/x\n,1\n",
		"url,time\nhttps://a.com/\x00,1\n",
		"host,time\na.com,1\n",
		"url,time\n,1\nhttps://a.com/,\n",
		"",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got, log, err := ReadChangesWith(context.Background(), bytes.NewReader(data), Options{Name: "f.csv", SkipBad: len(data)%2 == 1})
		if err != nil {
			var e *Error
			if !errors.As(err, &e) || e.File != "f.csv" {
				t.Fatalf("error %T %v does not name the file", err, err)
			}
			return
		}
		if log.Skipped > int(log.Rows) || len(log.BadRows) > min(log.Skipped, MaxBadRows) {
			t.Fatalf("%d rows read, %d skipped, %d listed", log.Rows, log.Skipped, len(log.BadRows))
		}
		for _, c := range got {
			if c.URL == "" {
				t.Fatal("a page without a URL")
			}
			if !sort.Float64sAreSorted(c.Times) {
				t.Fatalf("%s: times not sorted: %v", c.URL, c.Times)
			}
			for k := 1; k < len(c.Times); k++ {
				if c.Times[k] == c.Times[k-1] {
					t.Fatalf("%s: a time twice: %v", c.URL, c.Times)
				}
			}
		}
	})
}
