package pages

import "strings"

// column is a column of the pages table (SPEC §3.3).
type column int

const (
	colURL column = iota
	colHost
	colRate
	colWeight
	colDelay
	colModel
	colShape
	colScale
	colTimes
	colProbs
	colWrong
	colReturned
	numColumns
)

// columnNames are the columns' canonical names, as messages give them.
var columnNames = [numColumns]string{"url", "host", "changes_per_day", "weight", "crawl_delay",
	"model", "shape", "scale", "times", "probs", "wrong", "returned"}

func (c column) String() string { return columnNames[c] }

// aliases are the header names accepted for each column.
var aliases = map[string]column{
	"url": colURL, "uri": colURL, "original": colURL,
	"host": colHost, "server": colHost, "site": colHost,
	"changes_per_day": colRate, "rate": colRate, "lambda": colRate,
	"weight": colWeight, "importance": colWeight,
	"crawl_delay": colDelay, "crawl-delay": colDelay, "politeness": colDelay,
	"model": colModel, "shape": colShape, "scale": colScale, "times": colTimes, "probs": colProbs,
	"wrong": colWrong, "returned": colReturned,
}

// columns holds each column's field index in the header, −1 when the
// header lacks it: read once from the header, so a row's fields are found
// by index, not looked up by name (a million rows, a dozen columns).
type columns [numColumns]int

// row is one record of a pages table, read through its header's columns.
type row struct {
	rec []string
	col *columns
}

// get returns column c's field without surrounding spaces, its index in
// the header (−1 when the header lacks it), and whether the row has it.
func (r row) get(c column) (string, int, bool) {
	j := r.col[c]
	if j < 0 || j >= len(r.rec) {
		return "", j, false
	}
	return strings.TrimSpace(r.rec[j]), j, true
}

// has reports whether the header names column c.
func (cols *columns) has(c column) bool { return cols[c] >= 0 }
