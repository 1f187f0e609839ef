package app

import "sync/atomic"

// asks numbers the page's questions.
var asks atomic.Int64

func nextAsk() int { return int(asks.Add(1)) }

// Ask is a question the page asks of the pages an engine holds (see
// holder): a page of the page table's rows, a seed list written from a
// plan shown, or the pages packed for another engine.
type Ask struct {
	Seq  int    // the page's number for the question, which the answer carries
	Kind string // "rows", "export" or "pack"
	Held int    // the read job whose pages it is about (dataset.held)
	Plan int    // with "rows" and "export": the job whose plan the page shows
	// Table is, with "rows", the order, filter and page asked for.
	Table tableAsk `json:",omitempty"`
	// Request is, with "export", the plan's request with the file's kind
	// in Export.
	Request Request `json:",omitempty"`
	// Names are, with "pack", the names the pages take along.
	Names names `json:",omitempty"`
}

// Answer is the holder's answer to an Ask.
type Answer struct {
	Seq    int
	Kind   string
	Err    string        `json:",omitempty"`
	Rows   *tablePage    `json:",omitempty"`
	Export *ExportResult `json:",omitempty"` // nil with no Err: the plan is not held, plan the file
	// Packed are, with "pack", the pages for another engine: from a
	// worker a buffer the page hands on without reading it.
	Packed *heldPages `json:"-"`
}

// tableAsk is a page of a table in an order and filter: Sort is 1 + the
// column sorted by (0: the source's order), Filter lower-case.
type tableAsk struct {
	Sort   int
	Desc   bool
	Filter string
	Page   int
}

// tablePage is a page of a table's rows, as text, for the tableAsk it
// answers (its Page within the rows that match), and how many match.
type tablePage struct {
	Ask     tableAsk
	Matched int
	Rows    [][]string
}

// superseded reports whether a need not be answered: a page table's rows
// asked for while the table has asked for others since (waiting), which
// it shows instead — typing a filter asks at every key, and each answer
// filters a million URLs.
func superseded(a *Ask, waiting []*Ask) bool {
	if a.Kind != "rows" {
		return false
	}
	for _, b := range waiting {
		if b.Kind == "rows" && b.Held == a.Held {
			return true
		}
	}
	return false
}
