package pages

import (
	"bytes"
	"errors"
	"math"
	"reflect"
	"slices"
	"testing"
)

// FuzzRead feeds Read arbitrary bytes: it must never panic, must fail
// only with an *Error naming the file, and what it accepts must be valid
// pages that survive a Write→Read round trip unchanged; ReadSized, told
// the size, and ReadSet must agree with it.
func FuzzRead(f *testing.F) {
	for _, s := range []string{
		"url,host,changes_per_day,weight,crawl_delay\nhttps://a.com/1,a.com,2.5,3,20\nhttps://b.org/x,b.org,0,1,0\n",
		"\ufeffURL,Rate\r\nhttps://a.com/1,1\r\n",
		"uri,server,lambda,importance,crawl-delay\n\"https://a.com/?q=1,2\",A.com,1e-3,0,0.5\n",
		"url,changes_per_day\nhttps://a.com/\"x,1\n",
		"url,changes_per_day\n\"https://a.com/1\nx\",1\n",
		"url,host,visits,changes,changes_per_day,low_per_day,high_per_day,estimator,naive_per_day,weight\nhttps://a.com/1,a.com,30,4,0.14,0.05,0.3,cho,0.13,2\n",
		"url,changes_per_day\nhttps://a.com/1,1\nhttps://a.com/1,2\n",
		"url,changes_per_day\nhttps://a.com/1,NaN\n",
		"url,changes_per_day\nhttps://a.com/1,-0\nhttp://:80/,1\n",
		"url,changes_per_day,weight\nhttps://a.com/1,0x1p-3,1_0\n",
		"url,host,changes_per_day\n/rel,h,1\n,,\n\n  \n",
		"\x1f\x8b\x08\x00",
		"<!DOCTYPE html><html></html>",
		"url,changes_per_day\nhttps://a.com/\xff,1\n",
		"url,changes_per_day\nhttps://a.com/\x00,1\n",
		"",
		"url,changes_per_day\n",
	} {
		f.Add([]byte(s))
	}
	// Past sizingRows rows ReadSized counts the rest ahead: a table that
	// long, for mutations to reach it.
	f.Add([]byte("url,changes_per_day\n" + manyRows(sizingRows+10)))
	f.Fuzz(func(t *testing.T, data []byte) {
		pg, err := Read(bytes.NewReader(data), "fuzz.csv")
		// Told the input's size, ReadSized reads the same pages or fails
		// with the same message.
		sized, serr := ReadSized(bytes.NewReader(data), "fuzz.csv", int64(len(data)))
		if (err == nil) != (serr == nil) || (err != nil && err.Error() != serr.Error()) || !slices.Equal(pg, sized) {
			t.Fatalf("Read: %d pages, %v; ReadSized: %d pages, %v", len(pg), err, len(sized), serr)
		}
		// Read into a Set, the same pages or the same message.
		set, xerr := ReadSet(bytes.NewReader(data), "fuzz.csv", int64(len(data)), 0)
		if (err == nil) != (xerr == nil) || (err != nil && err.Error() != xerr.Error()) || (err == nil && !reflect.DeepEqual(pg, setPages(set))) {
			t.Fatalf("Read: %d pages, %v; ReadSet: %v", len(pg), err, xerr)
		}
		if err != nil {
			var pe *Error
			if !errors.As(err, &pe) || pe.File != "fuzz.csv" {
				t.Fatalf("error %T %v is not a *pages.Error naming the file", err, err)
			}
			if pg != nil {
				t.Fatalf("pages returned with an error")
			}
			return
		}
		if len(pg) == 0 {
			t.Fatalf("no pages and no error")
		}
		seen := map[string]bool{}
		for i, p := range pg {
			switch {
			case p.URL == "":
				t.Fatalf("page %d: empty URL", i)
			case p.Host == "":
				t.Fatalf("page %d (%q): empty host", i, p.URL)
			case !(p.Rate >= 0) || math.IsInf(p.Rate, 1):
				t.Fatalf("page %d: rate %v", i, p.Rate)
			case !(p.Weight >= 0) || math.IsInf(p.Weight, 1):
				t.Fatalf("page %d: weight %v", i, p.Weight)
			case !(p.CrawlDelay >= 0) || math.IsInf(p.CrawlDelay, 1):
				t.Fatalf("page %d: crawl delay %v", i, p.CrawlDelay)
			case seen[p.URL]:
				t.Fatalf("page %d: URL %q twice", i, p.URL)
			}
			seen[p.URL] = true
		}
		var b bytes.Buffer
		if err := Write(&b, pg); err != nil {
			t.Fatal(err)
		}
		again, err := Read(&b, "again.csv")
		if err != nil {
			t.Fatalf("Read(Write(pages)): %v\n%q", err, b.String())
		}
		if !reflect.DeepEqual(pg, again) {
			t.Fatalf("round trip changed the pages:\n%+v\n%+v", pg, again)
		}
	})
}
