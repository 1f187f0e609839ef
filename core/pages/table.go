package pages

// Table is a pages table read a page at a time: what planning reads of
// the pages. A table that keeps its pages as columns is planned without
// being made a []Page — a million Pages are 72 MB, and four pointers each
// for the collector to mark — which is how the browser's planning worker
// holds them.
type Table interface {
	Len() int
	// Page returns page i; its strings may share the table's memory.
	Page(i int) Page
	// Hosts numbers the pages' hosts in the order they first appear, as
	// Hosts does; the caller does not modify them.
	Hosts() (hostOf []int32, names []string)
}

// List is a []Page as a Table.
type List []Page

func (l List) Len() int                                { return len(l) }
func (l List) Page(i int) Page                         { return l[i] }
func (l List) Hosts() (hostOf []int32, names []string) { return Hosts(l, nil) }
