package observe

import (
	"bufio"
	"encoding/csv"
	"strings"
)

// PeekHeader returns the first line of the buffered input read as a CSV
// record (a leading byte-order mark dropped), without consuming anything,
// so that a caller can tell a pages table or a change history from an
// observation log before choosing a reader. It reports false when the
// first line is not CSV.
func PeekHeader(br *bufio.Reader) ([]string, bool) {
	head, _ := br.Peek(br.Size())
	line, _, _ := strings.Cut(string(head), "\n")
	rec, err := csv.NewReader(strings.NewReader(strings.TrimPrefix(line, "\ufeff"))).Read()
	return rec, err == nil
}
