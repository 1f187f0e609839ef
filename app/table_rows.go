package app

import "strings"

// orderRows returns the rows of s that contain filter (any case), sorted
// by the column sortCol − 1 (decreasing when desc; 0 keeps the source's
// order): what a table shows, made where its rows are — in the page, or
// in the holder of pages the page does not have.
func orderRows(s *tableSource, sortCol int, desc bool, filter string) []int32 {
	idx := make([]int32, 0, s.N)
	q := strings.ToLower(strings.TrimSpace(filter))
	for i := range s.N {
		if q == "" || s.Match(i, q) {
			idx = append(idx, int32(i))
		}
	}
	if sortCol > 0 && sortCol <= len(s.Cols) {
		sortRows(idx, s.Cols[sortCol-1], desc)
	}
	return idx
}

// lastPage is the last page of rows rows, from 0.
func lastPage(rows int) int { return max(0, (rows-1)/rowsPerPage) }

// pageOf is the page a asks for of the rows in order, as text: the last
// page when a's is past it.
func pageOf(s *tableSource, order []int32, a tableAsk) *tablePage {
	a.Page = min(max(a.Page, 0), lastPage(len(order)))
	first := a.Page * rowsPerPage
	shown := order[first:min(first+rowsPerPage, len(order))]
	p := &tablePage{Ask: a, Matched: len(order), Rows: make([][]string, len(shown))}
	for r, i := range shown {
		row := make([]string, len(s.Cols))
		for k, c := range s.Cols {
			row[k] = c.Text(int(i))
		}
		p.Rows[r] = row
	}
	return p
}
