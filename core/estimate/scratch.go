package estimate

import "sync"

// scratch is an estimate's working arrays, kept from one call to the
// next: a backtest re-estimates every page it visited at each
// re-planning, and on a 4.07M-change history made and dropped 6 GB of
// them, which the collector then had to keep up with.
type scratch struct {
	days, ages, weights []float64
	changed             []bool
}

var scratches = sync.Pool{New: func() any { return new(scratch) }}

// getScratch returns a scratch to give back with putScratch once no array
// of it is in use.
func getScratch() *scratch { return scratches.Get().(*scratch) }

func putScratch(s *scratch) { scratches.Put(s) }

// sized returns a of length n, reusing its array when it is large enough;
// its elements are left as they were.
func sized[T any](a []T, n int) []T {
	if cap(a) < n {
		return make([]T, n)
	}
	return a[:n]
}
