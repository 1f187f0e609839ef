package observe

import (
	"bufio"
	"io"
	"strings"
	"testing"
)

func TestPeekHeader(t *testing.T) {
	in := "\ufeffurl,host,time\nhttps://a.example/,a.example,1\n"
	br := bufio.NewReader(strings.NewReader(in))
	rec, ok := PeekHeader(br)
	if !ok || strings.Join(rec, "|") != "url|host|time" {
		t.Errorf("header %q, %v; want url|host|time without the BOM", rec, ok)
	}
	if rest, _ := io.ReadAll(br); string(rest) != in {
		t.Error("PeekHeader consumed input")
	}
	if _, ok := PeekHeader(bufio.NewReader(strings.NewReader("a,\"b\n"))); ok {
		t.Error("an unterminated quote is not a CSV header")
	}
	// Blank lines before the header are skipped, as a CSV reader skips
	// them; a file of blank lines has no header.
	rec, ok = PeekHeader(bufio.NewReader(strings.NewReader("\r\n  \n\nurl,host,changes_per_day\r\nx,y,1\n")))
	if !ok || strings.Join(rec, "|") != "url|host|changes_per_day" {
		t.Errorf("after blank lines: header %q, %v", rec, ok)
	}
	if rec, ok := PeekHeader(bufio.NewReader(strings.NewReader("\n \r\n"))); ok {
		t.Errorf("blank lines only: header %q", rec)
	}
}
