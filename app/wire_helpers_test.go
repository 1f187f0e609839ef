package app

import (
	"context"
	"reflect"
	"testing"

	"github.com/freshplan/freshplan/core/plan"
)

// viaWorker runs a job as the page and its worker do: the request and the
// pages packed and unpacked, Compute on the worker's side, and the stage
// of the given kind packed and unpacked on its way back, which it
// returns (checked to cross the wire unchanged).
func viaWorker(t *testing.T, q Request, d *dataset, kind string) *Stage {
	t.Helper()
	msg, err := packJob(q, d, false)
	if err != nil {
		t.Fatal(err)
	}
	q2, pg2, err := unpackJob(msg, nil, 0)
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
		s2 := acrossWire(t, s)
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

// acrossWire returns s packed and unpacked, as a worker sends it.
func acrossWire(t *testing.T, s *Stage) *Stage {
	t.Helper()
	b, err := packStage(s)
	if err != nil {
		t.Fatal(err)
	}
	s2, err := unpackStage(b)
	if err != nil {
		t.Fatal(err)
	}
	if r := s.Read; r != nil && r.Pages != nil {
		// The pages cross apart, to the holder (packHeld), as a worker
		// sends them.
		m, err := packHeld(&heldPages{set: r.Pages, est: r.Est, seq: s.Seq, names: allNames})
		if err != nil {
			t.Fatal(err)
		}
		hp, err := readHeld(bytesReader(m.bytes()))
		if err != nil {
			t.Fatal(err)
		}
		if hp.seq != s.Seq || hp.names != allNames {
			t.Fatalf("held pages of job %d with names %d, want %d and %d", hp.seq, hp.names, s.Seq, allNames)
		}
		s2.Read.Pages, s2.Read.Est = hp.set, hp.est
	}
	return s2
}

// TestSimulateInApp: with simulator runs asked for, the plan stage brings
// each scheduled figure's simulated counterpart across the wire, and the
// figure lies within two half-widths of it.
func TestSimulateInApp(t *testing.T) {
	pg := samplePages(t)
	d := newDataset("sample", 0, true, pg)
	f := defaultForm()
	f.Simulate = "30"
	q, errs := f.request()
	if errs != nil {
		t.Fatal(errs)
	}
	q.Seq, q.Stages = 1, StagePlan
	p := viaWorker(t, q, d, "plan").Plan
	for _, name := range []string{"psp", "mp2", "uniform", "wp", "infcrawlers"} {
		s, ok := p.Sim[name]
		if !ok {
			t.Errorf("%s: no simulated figure", name)
			continue
		}
		if v, half := p.Values[name], (s[2]-s[1])/2; v < s[0]-2*half || v > s[0]+2*half {
			t.Errorf("%s: %.5f against simulated %.5f ± %.2g", name, v, s[0], half)
		}
	}
	if _, ok := p.Sim["cho"]; ok {
		t.Error("cho has no schedule but got a simulated figure")
	}
	f.Simulate = "5000"
	if _, errs := f.request(); errs[fSimulate] == "" {
		t.Error("5,000 runs accepted")
	}
}

// setOf is pg as the page keeps them.
func setOf(pg []plan.Page) *pageSet {
	hostOf, hosts := plan.Hosts(pg, nil)
	return plan.NewSet(pg, hostOf, hosts)
}

// newDataset is the dataset of pg, as reading a file makes it.
func newDataset(name string, size int64, sample bool, pg []plan.Page) *dataset {
	return setDataset(name, size, sample, setOf(pg))
}
