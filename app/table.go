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
	// Fetch is, for rows the page does not hold, how the table asks for
	// a page of them, which the holder orders (orderRows, pageOf); nil:
	// the rows are read here, through Cols and Match.
	Fetch func(a tableAsk, reply func(*tablePage, error))
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

	// With Src.Fetch: the page of rows last answered, and the last asked
	// (of Src.Version askedFor).
	ctx      goapp.Context
	got      *tablePage
	asked    tableAsk
	askedFor uint64
	fetchErr string
}

// rows returns the rows in order, filtered, made when the source, the
// sort or the filter changed.
func (t *table) rows() []int32 {
	s := t.Src
	if s == nil {
		return nil
	}
	t.sameKey()
	if t.orderFor == s.Version && t.order != nil {
		return t.order
	}
	idx := orderRows(s, t.sortCol, t.desc, t.filter)
	t.order, t.orderFor = idx, s.Version
	t.page = min(t.page, lastPage(len(idx)))
	return idx
}

// sameKey starts the table's order, filter and page afresh when its
// source holds other data.
func (t *table) sameKey() {
	if s := t.Src; s != nil && s.Key != t.key {
		t.key, t.sortCol, t.desc, t.filter, t.page = s.Key, 0, false, "", 0
		t.orderFor, t.got, t.askedFor = 0, nil, 0
	}
}

func (t *table) invalidate() {
	t.orderFor = 0
	t.fetch()
}

// OnMount and OnUpdate take the page's context, start afresh for other
// data, and ask for the rows shown when the holder has them.
func (t *table) OnMount(ctx goapp.Context) {
	t.ctx = ctx
	t.sameKey()
	t.fetch()
}

func (t *table) OnUpdate(ctx goapp.Context) { t.OnMount(ctx) }

// asking is the page of rows the table shows, as Fetch asks for it.
func (t *table) asking() tableAsk {
	return tableAsk{Sort: t.sortCol, Desc: t.desc, Filter: strings.ToLower(strings.TrimSpace(t.filter)), Page: t.page}
}

// fetch asks the holder for the page of rows shown, unless it has asked
// for it already; the answer draws the table again.
func (t *table) fetch() {
	s := t.Src
	if s == nil || s.Fetch == nil || t.ctx == nil {
		return
	}
	a := t.asking()
	if t.askedFor == s.Version && t.asked == a {
		return
	}
	t.asked, t.askedFor = a, s.Version
	ctx := t.ctx
	s.Fetch(a, func(p *tablePage, err error) {
		ctx.Dispatch(func(goapp.Context) {
			if t.Src != s || t.asked != a {
				return // the table asks for another page since
			}
			t.got, t.fetchErr = p, ""
			if err != nil {
				t.got, t.fetchErr = nil, err.Error()
				return
			}
			t.page = p.Ask.Page
			t.asked.Page = p.Ask.Page
		})
	})
}

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
		if page >= 0 && page*rowsPerPage < max(1, t.matched()) {
			t.page = page
			t.fetch()
		}
	}
}

// matched is how many rows match the filter.
func (t *table) matched() int {
	if t.Src != nil && t.Src.Fetch != nil {
		if t.got == nil {
			return 0
		}
		return t.got.Matched
	}
	return len(t.order)
}

// shown is the text of the rows on the table's page, the page they are
// and how many rows match: read here, or as the holder last answered
// (until its next answer, the page it answered, not the one asked for).
func (t *table) shown() (cells [][]string, page, matched int) {
	s := t.Src
	if s.Fetch != nil {
		if t.got == nil {
			return nil, 0, 0
		}
		return t.got.Rows, t.got.Ask.Page, t.got.Matched
	}
	rows := t.rows()
	p := pageOf(s, rows, tableAsk{Page: t.page})
	return p.Rows, p.Ask.Page, p.Matched
}

func (t *table) Render() goapp.UI {
	s := t.Src
	if s == nil {
		return goapp.Div().Class("table-wrap")
	}
	cells, page, matched := t.shown()
	pages := max(1, (matched+rowsPerPage-1)/rowsPerPage)
	first := page * rowsPerPage
	last := min(first+rowsPerPage, matched)
	status := "no " + s.Unit + " match"
	switch {
	case t.fetchErr != "":
		status = t.fetchErr
	case s.Fetch != nil && t.got == nil:
		status = "asking the planner for the " + s.Unit + "…"
	case matched > 0:
		status = s.Unit + " " + fmtInt(int64(first+1)) + "–" + fmtInt(int64(last)) + " of " + fmtInt(int64(matched))
	}
	if (s.Fetch == nil || t.got != nil) && matched != s.N {
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
				goapp.Range(cells).Slice(func(r int) goapp.UI {
					row := cells[r]
					return goapp.Tr().Body(goapp.Range(s.Cols).Slice(func(k int) goapp.UI {
						c := s.Cols[k]
						text := ""
						if k < len(row) {
							text = row[k]
						}
						if k == 0 {
							return goapp.Th().Scope("row").Text(text)
						}
						td := goapp.Td().Text(text)
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
