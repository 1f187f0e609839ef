package app

import (
	"strconv"
	"strings"

	goapp "github.com/maxence-charriere/go-app/v9/pkg/app"
)

// rowsPerPage is how many rows a table shows at once.
const rowsPerPage = 50

// tableSource is what a table shows: N rows, read through its columns.
// Version comes first: a new source differs from the old in its first
// field, so go-app's comparison of the component's fields stops there
// (the funcs below would never compare equal).
type tableSource struct {
	Version uint64
	ID      string
	Caption string
	Unit    string // "pages", "hosts"
	N       int
	Cols    []tableCol
	// Match reports whether row i contains q (lower-case).
	Match func(i int, q string) bool
	// Key identifies the data, not the results: sorting, filtering and
	// paging survive a new source with the same key.
	Key string
}

type tableCol struct {
	Name  string
	Title string // the header's tooltip, the unit
	Num   bool
	Text  func(i int) string
	Value func(i int) float64 // numeric sort key; nil sorts by Text
	// Wide marks a column left out on a phone's width, where the table
	// keeps the columns that answer (CSS class wide-only).
	Wide bool
}

// table is a paged, sortable, filterable table. It keeps its order and
// filter; only the rows of the current page are in the document.
type table struct {
	goapp.Compo
	Src *tableSource

	key      string
	sortCol  int // 1 + the column sorted by; 0: the source's order
	desc     bool
	filter   string
	page     int
	order    []int32 // rows sorted, filtered
	orderFor uint64  // Src.Version the order was made for
}

// rows returns the rows in order, filtered, made when the source, the
// sort or the filter changed.
func (t *table) rows() []int32 {
	s := t.Src
	if s == nil {
		return nil
	}
	if s.Key != t.key {
		t.key, t.sortCol, t.desc, t.filter, t.page = s.Key, 0, false, "", 0
		t.orderFor = 0
	}
	if t.orderFor == s.Version && t.order != nil {
		return t.order
	}
	idx := make([]int32, 0, s.N)
	q := strings.ToLower(strings.TrimSpace(t.filter))
	for i := range s.N {
		if q == "" || s.Match(i, q) {
			idx = append(idx, int32(i))
		}
	}
	if t.sortCol > 0 && t.sortCol <= len(s.Cols) {
		sortRows(idx, s.Cols[t.sortCol-1], t.desc)
	}
	t.order, t.orderFor = idx, s.Version
	if t.page*rowsPerPage >= len(idx) {
		t.page = max(0, (len(idx)-1)/rowsPerPage)
	}
	return idx
}

func (t *table) invalidate() { t.orderFor = 0 }

func (t *table) sortBy(col int) goapp.EventHandler {
	return func(ctx goapp.Context, e goapp.Event) {
		if t.sortCol == col+1 {
			t.desc = !t.desc
		} else {
			t.sortCol = col + 1
			t.desc = t.Src != nil && t.Src.Cols[col].Num // big numbers first
		}
		t.page = 0
		t.invalidate()
	}
}

func (t *table) onFilter(ctx goapp.Context, e goapp.Event) {
	t.filter = ctx.JSSrc().Get("value").String()
	t.page = 0
	t.invalidate()
}

// goTo shows a page of the table; a button that can go no further (see
// pager) does nothing.
func (t *table) goTo(page int) goapp.EventHandler {
	return func(ctx goapp.Context, e goapp.Event) {
		if page >= 0 && page*rowsPerPage < max(1, len(t.order)) {
			t.page = page
		}
	}
}

func (t *table) Render() goapp.UI {
	s := t.Src
	if s == nil {
		return goapp.Div().Class("table-wrap")
	}
	rows := t.rows()
	pages := max(1, (len(rows)+rowsPerPage-1)/rowsPerPage)
	first := t.page * rowsPerPage
	last := min(first+rowsPerPage, len(rows))
	shown := rows[first:last]
	status := "no " + s.Unit + " match"
	if len(rows) > 0 {
		status = s.Unit + " " + fmtInt(int64(first+1)) + "–" + fmtInt(int64(last)) + " of " + fmtInt(int64(len(rows)))
	}
	if len(rows) != s.N {
		status += " (filtered from " + fmtInt(int64(s.N)) + ")"
	}
	id := s.ID
	return goapp.Div().Class("table-wrap").ID(id).Body(
		goapp.Div().Class("table-tools").Body(
			goapp.Label().For(id+"-filter").Text("Filter "+s.Unit),
			goapp.Input().Type("search").ID(id+"-filter").Class("filter").
				Placeholder("host or URL substring").Value(t.filter).
				AutoComplete(false).
				OnInput(t.onFilter),
			goapp.Span().Class("table-status").Attr("role", "status").Attr("aria-live", "polite").Text(status),
			pager(t, pages),
		),
		goapp.Table().Class("data").Aria("describedby", id+"-caption").Body(
			goapp.Caption().ID(id+"-caption").Text(s.Caption),
			goapp.THead().Body(goapp.Tr().Body(
				goapp.Range(s.Cols).Slice(func(k int) goapp.UI {
					c := s.Cols[k]
					sortState, arrow := "none", ""
					if t.sortCol == k+1 {
						sortState, arrow = "ascending", " ▲"
						if t.desc {
							sortState, arrow = "descending", " ▼"
						}
					}
					th := goapp.Th().Scope("col").Aria("sort", sortState).Title(c.Title)
					if c.Num {
						th = th.Class("num")
					}
					if c.Wide {
						th = th.Class("wide-only")
					}
					return th.Body(goapp.Button().Type("button").Class("sort").
						OnClick(t.sortBy(k), k).
						Text(c.Name + arrow))
				}),
			)),
			goapp.TBody().Body(
				goapp.Range(shown).Slice(func(r int) goapp.UI {
					i := int(shown[r])
					return goapp.Tr().Body(goapp.Range(s.Cols).Slice(func(k int) goapp.UI {
						c := s.Cols[k]
						if k == 0 {
							return goapp.Th().Scope("row").Text(c.Text(i))
						}
						td := goapp.Td().Text(c.Text(i))
						if c.Num {
							td = td.Class("num")
						}
						if c.Wide {
							td = td.Class("wide-only")
						}
						return td
					}))
				}),
			),
		),
	)
}

// pager is the table's page buttons. A button that can go no further is
// marked aria-disabled, not disabled: a disabled button loses the focus,
// and a person paging with the keyboard would be thrown back to the top
// of the document by pressing "last page".
func pager(t *table, pages int) goapp.UI {
	btn := func(label, aria string, page int, disabled bool) goapp.UI {
		return goapp.Button().Type("button").Class("pg").Aria("label", aria).
			Aria("disabled", disabled).OnClick(t.goTo(page), page, label).Text(label)
	}
	return goapp.Nav().Class("pager").Aria("label", "pages of the table").Body(
		btn("«", "first page", 0, t.page == 0),
		btn("‹", "previous page", t.page-1, t.page == 0),
		goapp.Span().Class("pg-at").Text("page "+strconv.Itoa(t.page+1)+" of "+fmtInt(int64(pages))),
		btn("›", "next page", t.page+1, t.page >= pages-1),
		btn("»", "last page", pages-1, t.page >= pages-1),
	)
}
