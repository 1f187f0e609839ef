package graph

import (
	"encoding/csv"
	"io"
)

// WriteCSV writes g's links as the CSV Read takes: a from,to header, then
// one link a row, pages in order and each page's links in order (URLs
// quoted where CSV needs it). Pages without links in or out are not
// written: a link graph has no row for them.
func (g *Graph) WriteCSV(w io.Writer) error {
	cw := csv.NewWriter(w) // buffered
	if err := cw.Write([]string{"from", "to"}); err != nil {
		return err
	}
	for p := range int32(g.Pages()) {
		for _, q := range g.OutOf(p) {
			if err := cw.Write([]string{g.URL(p), g.URL(q)}); err != nil {
				return err
			}
		}
	}
	cw.Flush()
	return cw.Error()
}
