package plan

import (
	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/core/schedule"
)

// Page is one page to plan, a row of the pages table (pages.Page). The app
// and the CLI name the pages they plan here, and so import nothing below
// plan.
type Page = pages.Page

// Change is how a page changes when not as a Poisson process (pages.Change).
type Change = pages.Change

// Exposure is how a search engine shows a page (pages.Exposure).
type Exposure = pages.Exposure

// Table is a pages table read a page at a time (pages.Table): RunTable,
// Sweep and PSPFreshness plan one without it being made a []Page.
type Table = pages.Table

// Set is a pages table as columns (pages.Set), a Table.
type Set = pages.Set

// NewSet makes the set of pg, their hosts numbered as Hosts numbers them
// (pages.NewSet).
func NewSet(pg []Page, hostOf []int32, names []string) *Set { return pages.NewSet(pg, hostOf, names) }

// List is a []Page as a Table (pages.List).
type List = pages.List

// Hosts indexes the pages' hosts in the order they first appear, as
// planning does (pages.Hosts); breathe, when not nil, is called every few
// thousand pages.
func Hosts(pg []Page, breathe func()) (hostOf []int32, hosts []string) {
	return pages.Hosts(pg, breathe)
}

// Visit is one visit of a schedule (schedule.Visit): what Params.Stream
// is given and Plan.Schedule holds.
type Visit = schedule.Visit
