package app

import (
	"testing"
	"time"
)

// TestInProcessWithoutData: a job that brings its own input (a read job,
// which readInWorker sends whatever the engine) has no dataset; planning
// in the page (no Worker, or one that failed) runs it rather than
// dereferencing the dataset it does not have.
func TestInProcessWithoutData(t *testing.T) {
	e := &inProcess{}
	got := make(chan *Stage, 16)
	e.run(Request{Seq: 1}, nil, func(s *Stage) { got <- s })
	select {
	case s := <-got:
		if s.Seq != 1 {
			t.Errorf("stage of job %d, want 1", s.Seq)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the job sent nothing")
	}
}
