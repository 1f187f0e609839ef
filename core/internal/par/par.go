// Package par runs independent pieces of work on the machine's threads.
package par

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Do runs the functions on as many goroutines as there are threads,
// taking them in order, and returns the first error in their order. No
// more run at once: each may hold its own large state (a plan's per-page
// figures: 60 MB at paper scale), so that running every one interleaved
// would hold them all. On one thread it runs them one after the other and
// stops at the first error.
func Do(fns ...func() error) error {
	errs := make([]error, len(fns))
	workers := min(runtime.GOMAXPROCS(0), len(fns))
	if workers <= 1 {
		for k, f := range fns {
			if errs[k] = f(); errs[k] != nil {
				return errs[k]
			}
		}
		return nil
	}
	var next atomic.Int32
	var wg sync.WaitGroup
	for range workers {
		wg.Go(func() {
			for k := int(next.Add(1) - 1); k < len(fns); k = int(next.Add(1) - 1) {
				errs[k] = fns[k]()
			}
		})
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
