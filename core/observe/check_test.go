package observe

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/freshplan/freshplan/core/internal/canonurl"
)

func itoa(i int) string { return strconv.Itoa(i) }

func show(h History) string {
	return fmt.Sprintf("{%s %s w=%v d=%v %v}", h.URL, h.Host, h.Weight, h.CrawlDelay, h.Fetches)
}

// checkLog returns what is wrong with a log Read returned ("" when
// nothing): every history has a URL, a host and at least one fetch, its
// fetches strictly increasing finite times, the first never a change,
// last-modified dates finite or NaN, weights and crawl delays finite and
// non-negative; the counts add up.
func checkLog(l *Log, name string) string {
	if len(l.Histories) == 0 {
		return "no histories and no error"
	}
	fetches := 0
	for i, h := range l.Histories {
		switch {
		case h.URL == "" || h.Host == "":
			return fmt.Sprintf("history %d: URL %q host %q", i, h.URL, h.Host)
		case !canonurl.Is(h.URL):
			return fmt.Sprintf("history %d: URL %q not in its canonical spelling %q", i, h.URL, canonurl.Of(h.URL))
		case len(h.Fetches) == 0:
			return fmt.Sprintf("history %d: no fetches", i)
		case h.Fetches[0].Changed:
			return fmt.Sprintf("history %d: the first fetch is a change", i)
		case !(h.Weight >= 0) || math.IsInf(h.Weight, 1) || !(h.CrawlDelay >= 0) || math.IsInf(h.CrawlDelay, 1):
			return fmt.Sprintf("history %d: weight %v crawl delay %v", i, h.Weight, h.CrawlDelay)
		}
		for k, f := range h.Fetches {
			switch {
			case math.IsNaN(f.At) || math.IsInf(f.At, 0) || f.At < minUnix || f.At >= maxUnix:
				return fmt.Sprintf("history %d fetch %d: time %v", i, k, f.At)
			case k > 0 && !(f.At > h.Fetches[k-1].At):
				return fmt.Sprintf("history %d: fetch %d at %v not after fetch %d at %v", i, k, f.At, k-1, h.Fetches[k-1].At)
			case math.IsInf(f.LastModified, 0):
				return fmt.Sprintf("history %d fetch %d: last modified %v", i, k, f.LastModified)
			}
		}
		fetches += len(h.Fetches)
	}
	if int64(fetches+l.Duplicates+l.Merged+l.NonOK+l.Skipped+l.Unflagged) != l.Rows {
		return fmt.Sprintf("%d fetches + %d duplicates + %d merged + %d non-OK + %d skipped + %d unflagged != %d rows",
			fetches, l.Duplicates, l.Merged, l.NonOK, l.Skipped, l.Unflagged, l.Rows)
	}
	if l.Respelled < 0 || int64(l.Respelled) > l.Rows-int64(l.Skipped+l.NonOK) || (l.Respelled > 0) != (l.RespelledExample[0] != "") {
		return fmt.Sprintf("%d rows respelled of %d rows, %d skipped, %d non-OK; example %q", l.Respelled, l.Rows, l.Skipped, l.NonOK, l.RespelledExample)
	}
	if len(l.BadRows) > MaxBadRows || len(l.BadRows) > l.Skipped || (l.Skipped > 0 && len(l.BadRows) == 0) {
		return fmt.Sprintf("%d bad rows listed of %d skipped", len(l.BadRows), l.Skipped)
	}
	for _, e := range l.BadRows {
		if e.File != name || e.Line < 1 {
			return fmt.Sprintf("bad row %v without file or line", e)
		}
	}
	return ""
}

// checkError returns what is wrong with an error Read returned: it must
// be an *Error naming the file.
func checkError(err error, name string) string {
	var e *Error
	if !errors.As(err, &e) || e.File != name || e.Msg == "" {
		return fmt.Sprintf("error %T %v is not an *Error naming %s", err, err, name)
	}
	// The message quotes no raw bytes: whatever the file holds, it is
	// UTF-8 without control characters (issue 20).
	msg := err.Error()
	if !utf8.ValidString(msg) || strings.IndexFunc(msg, func(r rune) bool { return r < 0x20 || (r >= 0x7f && r < 0xa0) }) >= 0 {
		return fmt.Sprintf("the message %q quotes raw bytes", msg)
	}
	return ""
}
