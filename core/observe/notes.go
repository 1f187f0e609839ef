package observe

import (
	"fmt"
	"math"
	"strings"
	"time"

	"github.com/freshplan/freshplan/core/internal/inputerr"
)

// webStart is 1991-01-01T00:00:00Z: no page was fetched before, so a log
// whose every time is earlier was most likely not written in Unix seconds.
const webStart = 662688000

// Notes says, in a line for a person, what reading dropped or read in a
// particular way (the Log's counts but its bad rows, which are reported
// apart): captures and rows that are not content, 304s, empty change
// flags, revisit records, duplicate and merged rows, URLs read in their
// canonical spelling, times that cannot be Unix seconds, URLs fetched
// only once. It is "" when there is nothing to say. Nothing is dropped
// silently: these are the rows a log's reader set aside by rule (see the
// package comment), not by error.
func (l *Log) Notes() string {
	var out []string
	add := func(n int, one, many string) {
		switch {
		case n == 1:
			out = append(out, "1 "+one)
		case n > 1:
			out = append(out, fmt.Sprintf("%d %s", n, many))
		}
	}
	if l.Format == FormatCSV {
		add(l.NonOK, "row with a status other than 200 or 304 skipped", "rows with a status other than 200 or 304 skipped")
	} else {
		add(l.NonOK, "capture not of content (a status other than 200 or 304, or not http(s)) skipped",
			"captures not of content (a status other than 200 or 304, or not http(s)) skipped")
	}
	row, rows := "row", "rows"
	if l.Format != FormatCSV {
		row, rows = "capture", "captures"
	}
	add(l.NotModified, row+" with status 304 (Not Modified) read as a fetch that saw no change",
		rows+" with status 304 (Not Modified) read as fetches that saw no change")
	add(l.Unflagged, "row with an empty change flag past its URL's first fetch dropped (the next fetch's flag read over both intervals)",
		"rows with an empty change flag past their URL's first fetch dropped (the next fetch's flag read over both intervals)")
	add(l.Revisits, "revisit record read as a fetch", "revisit records read as fetches")
	if l.Format == FormatChanges {
		add(l.Duplicates, "change repeated at the same time for its URL dropped", "changes repeated at the same time for their URL dropped")
	} else {
		add(l.Duplicates, "row repeating a fetch (same URL, time and signal) dropped", "rows repeating a fetch (same URL, time and signal) dropped")
		add(l.Merged, "row at the same time as another fetch of its URL merged into it", "rows at the same time as another fetch of their URL merged into it")
	}
	if l.Respelled > 0 {
		what := "row's URL read in its canonical spelling"
		if l.Respelled > 1 {
			what = "rows' URLs read in their canonical spelling"
		}
		out = append(out, fmt.Sprintf("%d %s (e.g. %s as %s)",
			l.Respelled, what, inputerr.Quote(l.RespelledExample[0]), inputerr.Quote(l.RespelledExample[1])))
	}
	if l.Latest < webStart {
		out = append(out, fmt.Sprintf("every time is before 1991, before the web (the latest, read as Unix seconds, is %s): "+
			"if the times are days (an Excel date) or another unit, every rate is off by as much",
			time.Unix(int64(math.Floor(l.Latest)), 0).UTC().Format(time.RFC3339)))
	}
	add(l.Single, "URL fetched only once: no change could be seen", "URLs fetched only once: no change could be seen")
	return strings.Join(out, "; ")
}
