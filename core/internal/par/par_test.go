package par

import (
	"errors"
	"runtime"
	"slices"
	"testing"
)

// TestDoOnOneThread: on one thread the jobs run one after the
// other, in order, each finished before the next starts; the first error
// stops them.
func TestDoOnOneThread(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	var order []int
	running := 0
	job := func(k int, err error) func() error {
		return func() error {
			running++
			if running != 1 {
				t.Errorf("job %d runs beside another", k)
			}
			runtime.Gosched()
			order = append(order, k)
			running--
			return err
		}
	}
	stop := errors.New("stop")
	if err := Do(job(0, nil), job(1, nil), job(2, stop), job(3, nil)); err != stop {
		t.Errorf("error %v, want %v", err, stop)
	}
	if !slices.Equal(order, []int{0, 1, 2}) {
		t.Errorf("ran %v, want 0, 1, 2", order)
	}
}
