package observe

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

// TestProgress checks that progress is reported as the file is read,
// never going back, and ends with the whole file.
func TestProgress(t *testing.T) {
	data := observations(10_000, 8, false) // 80,000 rows, 4.4 MB
	var calls [][2]int64
	l, err := Read(context.Background(), bytes.NewReader(data), Options{Name: "p.csv",
		Progress: func(b, r int64) { calls = append(calls, [2]int64{b, r}) }})
	if err != nil {
		t.Fatal(err)
	}
	if len(calls) < len(data)/(2*chunk) {
		t.Fatalf("%d progress calls for %d bytes, want one per %d bytes at least", len(calls), len(data), 2*chunk)
	}
	for i := 1; i < len(calls); i++ {
		if calls[i][0] < calls[i-1][0] || calls[i][1] < calls[i-1][1] {
			t.Fatalf("progress went back: %v then %v", calls[i-1], calls[i])
		}
	}
	if last := calls[len(calls)-1]; last[0] != int64(len(data)) || last[1] != l.Rows || l.Bytes != int64(len(data)) {
		t.Errorf("last progress %v, log %d bytes %d rows; want %d bytes, %d rows", last, l.Bytes, l.Rows, len(data), l.Rows)
	}
}

// slowReader hands out its data a little at a time.
type slowReader struct{ r io.Reader }

func (s slowReader) Read(p []byte) (int, error) {
	if len(p) > 1000 {
		p = p[:1000]
	}
	return s.r.Read(p)
}

// TestCancel checks that every reader stops with the context's error,
// whether the context is done before reading or while reading.
func TestCancel(t *testing.T) {
	csv := observations(10_000, 4, false)
	var cdx, cdxj, js strings.Builder
	js.WriteString(`[["urlkey","timestamp","original","statuscode","digest"]`)
	for i := 0; i < 30000; i++ {
		cdx.WriteString("com,a)/ 20240101000000 https://a.com/ text/html 200 AAAA - - 10 0 f.warc.gz\n")
		cdxj.WriteString(`com,a)/ 20240101000000 {"url": "https://a.com/", "status": "200", "digest": "AAAA"}` + "\n")
		js.WriteString(`,["com,a)/","20240101000000","https://a.com/","200","AAAA"]`)
	}
	js.WriteString("]")
	for _, in := range []string{string(csv), cdx.String(), cdxj.String(), js.String()} {
		format, _ := Detect([]byte(in))
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		if _, err := Read(ctx, strings.NewReader(in), Options{}); !errors.Is(err, context.Canceled) {
			t.Errorf("%s, cancelled before: %v", format, err)
		}
		ctx, cancel = context.WithCancel(context.Background())
		calls := 0
		_, err := Read(ctx, slowReader{strings.NewReader(in)}, Options{Progress: func(int64, int64) {
			if calls++; calls == 3 {
				cancel()
			}
		}})
		if !errors.Is(err, context.Canceled) || calls != 3 {
			t.Errorf("%s, cancelled while reading: %v after %d progress calls", format, err, calls)
		}
		cancel()
		ctx, cancel = context.WithTimeout(context.Background(), time.Nanosecond)
		<-ctx.Done()
		if _, err := Read(ctx, strings.NewReader(in), Options{}); !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%s, deadline: %v", format, err)
		}
		cancel()
	}
}
