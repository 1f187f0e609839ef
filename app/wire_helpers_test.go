package app

import (
	"context"
	"reflect"
	"testing"
)

// viaWorker runs a job as the page and its worker do: the request and the
// pages packed and unpacked, Compute on the worker's side, and the stage
// of the given kind packed and unpacked on its way back, which it
// returns (checked to cross the wire unchanged).
func viaWorker(t *testing.T, q Request, d *dataset, kind string) *Stage {
	t.Helper()
	msg, err := packJob(q, d)
	if err != nil {
		t.Fatal(err)
	}
	q2, pg2, err := unpackJob(msg)
	if err != nil {
		t.Fatal(err)
	}
	var got *Stage
	Compute(context.Background(), pg2, q2, func(s *Stage) {
		if s.Kind == "error" {
			t.Fatalf("%s: %s", kind, s.Note)
		}
		if s.Kind != kind {
			return
		}
		b, err := packStage(s)
		if err != nil {
			t.Fatal(err)
		}
		s2, err := unpackStage(b)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(s, s2) {
			t.Errorf("the %s stage changes on the wire", kind)
		}
		got = s2
	})
	if got == nil {
		t.Fatalf("no %s stage", kind)
	}
	return got
}
