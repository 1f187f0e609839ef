package app

import (
	"bytes"
	"context"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/web"
)

func TestFormat(t *testing.T) {
	for _, c := range []struct{ got, want string }{
		{fmtInt(0), "0"},
		{fmtInt(999), "999"},
		{fmtInt(1000), "1,000"},
		{fmtInt(-1234567), "-1,234,567"},
		{fmtNum(0.0012345), "0.00123"},
		{fmtNum(0.0111), "0.0111"},
		{fmtNum(1.5), "1.5"},
		{fmtNum(12.34), "12.3"},
		{fmtNum(123.4), "123"},
		{fmtNum(12345.6), "12,346"},
		{fmtNum(math.Inf(1)), "∞"},
		{fmtNum(math.NaN()), "–"},
		{fmtPct(0.8571, 2), "85.71%"},
		{fmtPoints(0.0422), "+4.22 pt"},
		{fmtPoints(-0.0055), "−0.55 pt"},
		{fmtPointsAbs(-0.0055), "0.55 pt"},
		{fmtSeconds(0.25), "250 ms"},
		{fmtSeconds(15), "15 s"},
		{fmtSeconds(720), "12 min"},
		{fmtSeconds(3 * 3600), "3 h"},
		{fmtSeconds(86400 * 3), "3 d"},
		{fmtSeconds(math.Inf(1)), "never"},
		{fmtBytes(999), "999 B"},
		{fmtBytes(6_700_000), "6.7 MB"},
		{fmtTick(0.01), "0.01"},
		{fmtTick(2000), "2000"},
		{fmtTick(20000), "20k"},
		{fmtTick(1.5e6), "1.5M"},
		{plural(1, "page", "pages"), "1 page"},
		{plural(3000, "page", "pages"), "3,000 pages"},
	} {
		if c.got != c.want {
			t.Errorf("got %q, want %q", c.got, c.want)
		}
	}
	if got := niceRound(12345); got != 12000 {
		t.Errorf("niceRound(12345) = %d", got)
	}
}

func TestScale(t *testing.T) {
	s := newScale(0.0111, 48, true, 50, 550)
	if s.D0 != 0.01 || s.D1 != 100 {
		t.Errorf("log scale over [0.0111, 48] spans [%v, %v], want whole decades [0.01, 100]", s.D0, s.D1)
	}
	if s.At(0.01) != 50 || s.At(100) != 550 || math.Abs(s.At(1)-300) > 1e-9 {
		t.Errorf("log scale positions %v %v %v", s.At(0.01), s.At(1), s.At(100))
	}
	var labels []string
	for _, tk := range s.Ticks() {
		if !tk.Minor {
			labels = append(labels, tk.Label)
		}
	}
	if !slices.Equal(labels, []string{"0.01", "0.1", "1", "10", "100"}) {
		t.Errorf("log ticks %v", labels)
	}
	z := s.withZeroBand(20)
	if !(z.At(0) < z.At(0.01)) || z.At(0.01) != 70 {
		t.Errorf("zero band: 0 at %v, 0.01 at %v", z.At(0), z.At(0.01))
	}
	y := newScale(0, 87, false, 300, 20)
	if y.D0 != 0 || y.D1 != 100 || y.At(0) != 300 || y.At(100) != 20 {
		t.Errorf("linear y scale %+v", y)
	}
	if got := niceStep(0.37); got != 0.5 {
		t.Errorf("niceStep(0.37) = %v", got)
	}
	edges := logBins(0.0111, 48, 4)
	if len(edges) != 17 || edges[0] != 0.01 || math.Abs(edges[16]-100) > 1e-9 {
		t.Errorf("log bins %v", edges)
	}
	if !spansDecades(1, 1000) || spansDecades(10, 500) {
		t.Error("spansDecades")
	}
}

func TestForm(t *testing.T) {
	q, errs := defaultForm().request()
	if errs != nil {
		t.Fatalf("default form: %v", errs)
	}
	if q.Horizon != 86400 || q.Budget != SampleBudget || q.Politeness != 15 || q.Target != 0.9 || q.Policy != "psp" {
		t.Errorf("default request %+v", q)
	}
	for _, c := range []struct {
		field, value, wantErr string
	}{
		{fBudget, "abc", "not a number"},
		{fBudget, "0", "at least 1"},
		{fBudget, "2.5", "whole number"},
		{fBudget, "3e9", "at most"},
		{fHorizon, "24", "add a unit"},
		{fHorizon, "0h", "longer than 0"},
		{fHorizon, "soon", "not a duration"},
		{fPoliteness, "-1", "negative"},
		{fPoliteness, "2d", "longer than the horizon"},
		{fTarget, "100", "between 0 and 100"},
		{fPolicy, "lru", "one of"},
	} {
		f := defaultForm()
		f.set(c.field, c.value)
		_, errs := f.request()
		if !strings.Contains(errs[c.field], c.wantErr) {
			t.Errorf("%s = %q: message %q, want %q", c.field, c.value, errs[c.field], c.wantErr)
		}
	}
	f := defaultForm()
	f.set(fBudget, "20k")
	f.set(fHorizon, "7d")
	f.set(fPoliteness, "1m")
	f.set(fTarget, "95%")
	q, errs = f.request()
	if errs != nil || q.Budget != 20000 || q.Horizon != 7*86400 || q.Politeness != 60 || q.Target != 0.95 {
		t.Errorf("20k, 7d, 1m, 95%%: %+v %v", q, errs)
	}
	f = defaultForm()
	f.set(fMode, "crawlers")
	f.set(fCrawlers, "10")
	f.set(fRate, "0.5")
	q, errs = f.request()
	if errs != nil || q.Crawlers != 10 || q.Rate != 0.5 || q.Budget != 0 {
		t.Errorf("crawlers × rate: %+v %v", q, errs)
	}
	f.set(fRate, "0.000001")
	if _, errs = f.request(); !strings.Contains(errs[fRate], "no visit") {
		t.Errorf("crawlers too slow for a visit: %v", errs)
	}
	for in, want := range map[string]time.Duration{"24h": 24 * time.Hour, "1d12h": 36 * time.Hour, "2w": 14 * 24 * time.Hour, "90m": 90 * time.Minute, "1.5d": 36 * time.Hour} {
		if got, err := parseDuration(in); err != nil || got != want {
			t.Errorf("parseDuration(%q) = %v, %v", in, got, err)
		}
	}
}

func samplePages(t testing.TB) []pages.Page {
	t.Helper()
	pg, err := pages.Read(bytes.NewReader(web.SamplePages), web.SampleName)
	if err != nil {
		t.Fatal(err)
	}
	return pg
}

func TestWire(t *testing.T) {
	pg := samplePages(t)
	d := newDataset("s", 0, true, pg)
	q, _ := defaultForm().request()
	q.Seq, q.Stages, q.Known = 7, allStages, map[int]float64{10: 0.5}
	b, err := packJob(q, d, false)
	if err != nil {
		t.Fatal(err)
	}
	q2, pg2, err := unpackJob(b, nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(q, q2) || pg2.Len() != len(pg) {
		t.Fatalf("job round trip: %+v → %+v", q, q2)
	}
	for i := range pg {
		if p := pg2.Page(i); p.Rate != pg[i].Rate || p.Weight != pg[i].Weight || p.Host != "h"+strconv.Itoa(int(d.pages.HostOf[i])) || p.URL != "" {
			t.Fatalf("page %d: %+v → %+v", i, pg[i], p)
		}
	}
	// A job on the pages the worker holds sends none, and plans those.
	q.Seq = 8
	held, err := packJob(q, d, true)
	if err != nil {
		t.Fatal(err)
	}
	if len(held) >= len(b)/4 {
		t.Errorf("a job on held pages is %d bytes, the same job with its pages %d", len(held), len(b))
	}
	if q3, pg3, err := unpackJob(held, pg2, 0); err != nil || q3.Seq != 8 || pg3 != pg2 {
		t.Errorf("a job on held pages: %v, %+v", err, pg3)
	}
	if _, _, err := unpackJob(held, nil, 0); err == nil {
		t.Errorf("a job on held pages decodes in a worker that holds none")
	}
	for k := range len(b) {
		if _, _, err := unpackJob(b[:k], nil, 0); err == nil {
			t.Fatalf("a job cut to %d bytes decodes", k)
		}
		if k > 64 {
			break
		}
	}
	var stages []*Stage
	Compute(context.Background(), d.pages, q, func(s *Stage) { stages = append(stages, s) })
	for _, s := range stages {
		if s.Plan != nil {
			s.Plan.Values["inf"] = math.Inf(1) // age can be infinite
		}
		b, err := packStage(s)
		if err != nil {
			t.Fatalf("%s: %v", s.Kind, err)
		}
		s2, err := unpackStage(b)
		if err != nil {
			t.Fatalf("%s: %v", s.Kind, err)
		}
		if !reflect.DeepEqual(s, s2) {
			t.Errorf("%s stage round trip differs", s.Kind)
		}
	}
	if _, err := unpackStage([]byte("FPW2garbage")); err == nil {
		t.Error("garbage decodes")
	}
}

func TestNamePages(t *testing.T) {
	d := newDataset("x", 0, false, []pages.Page{{URL: "https://a/1", Host: "a"}, {URL: "https://a/2", Host: "a"}})
	got := namePages("page 2 (2): crawl delay 9e9 s is not between 0 and the horizon; page 7 (7)", d)
	if got != "page 2 (https://a/2): crawl delay 9e9 s is not between 0 and the horizon; page 7 (7)" {
		t.Error(got)
	}
}

func TestContainsFold(t *testing.T) {
	for _, c := range []struct {
		s, sub string
		want   bool
	}{
		{"https://News.Example.com/a", "news.example", true},
		{"abc", "", true},
		{"abc", "abcd", false},
		{"aab", "ab", true},
		{"ABC", "bc", true},
		{"abc", "x", false},
	} {
		if got := containsFold(c.s, c.sub); got != c.want {
			t.Errorf("containsFold(%q, %q) = %v", c.s, c.sub, got)
		}
	}
}

// TestWireSameValues: a column every page shares crosses as one value and
// comes back for every page; the rates always cross in full, so a
// message cannot claim more pages than its size holds; the names come
// back as far as they were sent (names).
func TestWireSameValues(t *testing.T) {
	for _, tc := range []struct {
		name  string
		pg    []pages.Page
		hosts []string
		short []bool // which of the four columns cross as one value (the URLs' ends, when they go, never)
	}{
		{"one host, default weight and delay", []pages.Page{{Host: "a", Rate: 1, Weight: 1}, {Host: "a", Rate: 2, Weight: 1}, {Host: "a", Rate: 2, Weight: 1}},
			[]string{"a"}, []bool{false, true, true, true}},
		{"varied", []pages.Page{{Host: "a", Rate: 1, Weight: 1}, {Host: "b", Rate: 1, Weight: 2, CrawlDelay: 30}, {Host: "a", Rate: 1, Weight: 1}},
			[]string{"a", "b"}, []bool{false, false, false, false}},
		{"weights shared, delays and hosts not", []pages.Page{{Host: "a", Rate: 1, Weight: 2}, {Host: "b", Rate: 1, Weight: 2, CrawlDelay: 30}, {Host: "b", Rate: 4, Weight: 2}},
			[]string{"a", "b"}, []bool{false, true, false, false}},
		{"one page", []pages.Page{{Host: "a", Rate: 3, Weight: 0.5, CrawlDelay: 5}}, []string{"a"}, []bool{false, true, true, true}},
	} {
		hostOf := make([]int32, len(tc.pg))
		for i := range tc.pg {
			tc.pg[i].URL = "https://" + tc.pg[i].Host + "/" + strconv.Itoa(i)
			hostOf[i] = int32(slices.Index(tc.hosts, tc.pg[i].Host))
		}
		for _, with := range []names{noNames, hostNames, allNames} {
			m, blob, cols := packPages(pages.NewSet(tc.pg, hostOf, tc.hosts), with)
			for k, c := range cols {
				if (len(c) == 1) != (k < 4 && tc.short[k]) && len(tc.pg) > 1 {
					t.Errorf("%s: column %d crosses as %d values", tc.name, k, len(c))
				}
			}
			b, err := pack(m, blob, cols...)
			if err != nil {
				t.Fatal(err)
			}
			var m2 pagesMsg
			w := bytesReader(b)
			a, err := unpack(w, &m2)
			if err != nil {
				t.Fatal(err)
			}
			set, err := unpackPages(m2, a, w)
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			// What does not cross: the URLs but with allNames, the
			// hosts' names (for stand-ins, "h" and their number) with
			// noNames.
			want := slices.Clone(tc.pg)
			for i := range want {
				if with != allNames {
					want[i].URL = ""
				}
				if with == noNames {
					want[i].Host = "h" + strconv.Itoa(int(hostOf[i]))
				}
			}
			if got := set.Pages(); !reflect.DeepEqual(got, want) {
				t.Errorf("%s, names %d: %+v came back as %+v", tc.name, with, want, got)
			}
		}
	}
	short := [][]float64{{1}, {1}, {0}, {0}}
	if _, err := unpackPages(pagesMsg{Pages: 1 << 30, Hosts: 1}, short, bytesReader(nil)); err == nil {
		t.Error("a message of one rate for 2^30 pages decodes")
	}
}
