package observe

import (
	"bufio"
	"encoding/csv"
	"strings"
)

// PeekHeader returns the header of the buffered input read as a CSV
// record — its first line that is not blank, as a CSV reader skips blank
// lines, a leading byte-order mark dropped — without consuming anything,
// so that a caller can tell a pages table or a change history from an
// observation log before choosing a reader. It reports false when that
// line is not CSV or none is in the buffer.
func PeekHeader(br *bufio.Reader) ([]string, bool) {
	head, _ := br.Peek(br.Size())
	rest := string(head)
	for first := true; rest != ""; first = false {
		var line string
		line, rest, _ = strings.Cut(rest, "\n")
		if strings.TrimSpace(line) == "" { // a mark alone is a line to the readers
			continue
		}
		if first {
			line = strings.TrimPrefix(line, "\ufeff")
		}
		rec, err := csv.NewReader(strings.NewReader(line)).Read()
		return rec, err == nil
	}
	return nil, false
}
