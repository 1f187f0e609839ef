package app

import (
	"context"
	"os"
	"runtime"
	"strconv"
	"testing"
	"time"
)

// TestBenchCompute times a whole job (read, every policy, the sweep, the
// budget search) natively, to compare with the tab (e2e TestBenchFile):
// FRESHPLAN_BENCH_FILE=/tmp/paper.csv [FRESHPLAN_BENCH_BUDGET=8640000]
// [FRESHPLAN_BENCH_STAGES=1 for every policy only] go test -run TestBenchCompute -v ./app
func TestBenchCompute(t *testing.T) {
	path := os.Getenv("FRESHPLAN_BENCH_FILE")
	if path == "" {
		t.Skip("set FRESHPLAN_BENCH_FILE to a pages table to time")
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	pg, err := Decode(context.Background(), f, path, info.Size(), nil) // sized, as the app reads

	if err != nil {
		t.Fatal(err)
	}
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	t.Logf("read in %v (memory from the system %d MB)", time.Since(start).Round(time.Millisecond), m.Sys>>20)
	d := newDataset(path, 0, false, pg)
	t.Logf("read %d pages on %d hosts in %v", len(pg), len(d.pages.HostNames), time.Since(start).Round(time.Millisecond))
	fm := defaultForm()
	fm.Budget = strconv.Itoa(niceRound(4 * float64(len(pg))))
	if b := os.Getenv("FRESHPLAN_BENCH_BUDGET"); b != "" {
		fm.Budget = b
	}
	q, errs := fm.request()
	if errs != nil {
		t.Fatal(errs)
	}
	q.Stages = allStages
	if s, err := strconv.Atoi(os.Getenv("FRESHPLAN_BENCH_STAGES")); err == nil {
		q.Stages = Stages(s)
	}
	start = time.Now()
	Compute(context.Background(), setOf(pg), q, func(s *Stage) {
		if s.Kind != "progress" {
			var m runtime.MemStats
			runtime.ReadMemStats(&m)
			t.Logf("%s after %v (memory from the system %d MB, heap %d MB)", s.Kind, time.Since(start).Round(time.Millisecond), m.Sys>>20, m.HeapAlloc>>20)
		}
		if s.Kind == "plan" {
			v := newPlanViews(d, s.Plan, q, func() {}, nil)
			t.Logf("budget %d: psp %.4f; views made (%d dots) after %v", s.Plan.Budget, s.Plan.Values["psp"], len(v.scatter.Series[len(v.scatter.Series)-1].Points), time.Since(start).Round(time.Millisecond))
		}
		if s.Kind == "error" {
			t.Fatal(s.Note)
		}
	})
}
