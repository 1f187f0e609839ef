package adaptive

import (
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"slices"
	"strconv"
	"testing"
)

// realChanges is the part of shared/data/real-changes.csv (1,980 pages of
// peps.python.org, go.dev and rust-lang.github.io; public-domain, BSD and
// MIT/Apache sources, see shared/data/README.md) that a replay of 2024
// reads: each page's last change before 2024 (what Last-Modified reports
// at the first visit), its changes in 2024, and, for a page that appears
// later, its first change. Kept here so that the test runs in any clone.
const realChanges = "testdata/changes-2024.csv"

// loadReal reads url,host,time rows into one sorted change list per URL.
func loadReal(t *testing.T) [][]float64 {
	t.Helper()
	f, err := os.Open(realChanges)
	if err != nil {
		t.Fatalf("the real change histories: %v", err)
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.FieldsPerRecord = 3
	byURL := map[string][]float64{}
	var order []string
	for line := 1; ; line++ {
		rec, err := r.Read()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			t.Fatalf("%s: %v", realChanges, err)
		}
		if line == 1 && rec[2] == "time" {
			continue
		}
		v, err := strconv.ParseFloat(rec[2], 64)
		if err != nil {
			t.Fatalf("%s line %d: bad time %q", realChanges, line, rec[2])
		}
		if _, ok := byURL[rec[0]]; !ok {
			order = append(order, rec[0])
		}
		byURL[rec[0]] = append(byURL[rec[0]], v)
	}
	pages := make([][]float64, 0, len(order))
	for _, u := range order {
		c := byURL[u]
		slices.Sort(c)
		pages = append(pages, c)
	}
	return pages
}

// replay returns the mean staleness, total visits and detected changes of
// one scheduler over all pages.
func replay(s Scheduler, pages [][]float64, start, end float64) (stale float64, visits, detected int) {
	for _, c := range pages {
		v := s.Visits(c, start, end)
		f, d := Staleness(c, v, start, end)
		stale += f
		visits += len(v)
		detected += d
	}
	return stale / float64(len(pages)), visits, detected
}

// describe gives a scheduler's intervals in days.
func describe(s Scheduler) string {
	switch s := s.(type) {
	case Nutch:
		return fmt.Sprintf("init %.4g d, min %.4g d, max %.4g d", s.InitInterval/day, s.MinInterval/day, s.MaxInterval/day)
	case StormCrawler:
		return fmt.Sprintf("default %.4g d, min %.4g d, max %.4g d", s.DefaultInterval/day, s.MinInterval/day, s.MaxInterval/day)
	}
	return s.Name()
}

// uniform visits every gap seconds from start.
type uniform struct{ gap float64 }

func (u uniform) Name() string { return "uniform" }
func (u uniform) Visits(_ []float64, start, end float64) []float64 {
	var v []float64
	for t := start; t < end; t += u.gap {
		v = append(v, t)
	}
	return v
}

// TestRealTunedBudget tunes both schedulers to one visit per page per week
// over 2024 on the real histories and checks they spend that budget within
// 1%; it logs the staleness of the default and tuned schedulers.
func TestRealTunedBudget(t *testing.T) {
	pages := loadReal(t)
	if len(pages) < 1000 {
		t.Fatalf("%s: only %d pages", realChanges, len(pages))
	}
	const start, end = 1704067200.0, 1735689600.0 // 2024-01-01, 2025-01-01 UTC
	week := 7 * day
	target := int(float64(len(pages)) * (end - start) / week)

	tn, vn := TuneNutch(DefaultNutch(), pages, start, end, target)
	ts, vs := TuneStormCrawler(DefaultStormCrawler(), pages, start, end, target)
	lm := DefaultNutch()
	lm.ServerLastModified = true
	tl, vl := TuneNutch(lm, pages, start, end, target)
	cases := []struct {
		name  string
		s     Scheduler
		tuned bool
		want  int
	}{
		{"nutch default", DefaultNutch(), false, 0},
		{"nutch code defaults", NutchCodeDefaults(), false, 0},
		{"nutch tuned", tn, true, vn},
		{"nutch+lastmod tuned", tl, true, vl},
		{"stormcrawler default", DefaultStormCrawler(), false, 0},
		{"stormcrawler tuned", ts, true, vs},
		{"uniform weekly", uniform{week}, false, 0},
	}
	for _, c := range cases {
		stale, visits, detected := replay(c.s, pages, start, end)
		t.Logf("%-22s staleness %.4f  visits %6d (%.3f/page/week)  detected %4d  %s",
			c.name, stale, visits, float64(visits)/float64(len(pages))/((end-start)/week), detected, describe(c.s))
		if !c.tuned {
			continue
		}
		if visits != c.want {
			t.Errorf("%s: Tune reported %d visits, replay makes %d", c.name, c.want, visits)
		}
		if math.Abs(float64(visits-target)) > 0.01*float64(target) {
			t.Errorf("%s: %d visits, target %d (more than 1%% off)", c.name, visits, target)
		}
	}
}
