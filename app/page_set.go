package app

import "github.com/freshplan/freshplan/core/plan"

// pageSet is the pages as the page and its workers keep them: a
// plan.Set, columns without pointers but the hosts' names and the rare
// change models and exposures. A million pages are their URLs' bytes and
// 20 to 36 bytes a page, against about 150 bytes a page as a
// []plan.Page: the page holds half as much (its Go 128 MB against 245 MB
// at paper scale), the collector has nothing in the columns to mark, and
// planning reads it as a plan.Table.
type pageSet = plan.Set
