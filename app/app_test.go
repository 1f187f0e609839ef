package app

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/core/plan"
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

func TestDecode(t *testing.T) {
	var last Progress
	calls := 0
	in := web.SamplePages
	pg, err := Decode(context.Background(), bytes.NewReader(in), "sample.csv", int64(len(in)), func(p Progress) { last, calls = p, calls+1 })
	if err != nil {
		t.Fatal(err)
	}
	if len(pg) != 3000 {
		t.Errorf("%d pages", len(pg))
	}
	if last.Bytes != int64(len(in)) || last.Total != int64(len(in)) || last.Rows != 3001 || calls < 2 {
		t.Errorf("last progress %+v after %d calls", last, calls)
	}
}

// TestDecodeObservationLog: a fetch log is estimated (with the host's
// prior, so a page with no change seen still gets a rate) and planned.
func TestDecodeObservationLog(t *testing.T) {
	in := "url,time,changed\n" +
		"https://a.example/1,2024-01-01T00:00:00Z,0\nhttps://a.example/1,2024-01-02T00:00:00Z,1\nhttps://a.example/1,2024-01-03T00:00:00Z,1\n" +
		"https://a.example/2,2024-01-01T00:00:00Z,0\nhttps://a.example/2,2024-01-03T00:00:00Z,0\n"
	pg, err := Decode(context.Background(), strings.NewReader(in), "fetches.csv", int64(len(in)), nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(pg) != 2 || pg[0].Host != "a.example" || !(pg[0].Rate > pg[1].Rate) || !(pg[1].Rate > 0) {
		t.Errorf("pages %+v; want two, the changing one faster, neither at rate 0", pg)
	}
}

// TestDecodeArchiveIndexes: the web-archive indexes a person drops — CDX
// (with its legend), CDXJ and the Wayback CDX server's JSON — are told
// from their first line and estimated as the CLI does, each to the same
// two pages with the same rates.
func TestDecodeArchiveIndexes(t *testing.T) {
	captures := [][3]string{
		{"20240101000000", "https://a.example/1", "AAAA"}, {"20240102000000", "https://a.example/1", "BBBB"},
		{"20240103000000", "https://a.example/1", "CCCC"}, {"20240101000000", "https://a.example/2", "DDDD"},
		{"20240103000000", "https://a.example/2", "DDDD"},
	}
	var cdx, cdxj, wayback strings.Builder
	cdx.WriteString(" CDX N b a m s k r M S V g\n")
	wayback.WriteString(`[["urlkey","timestamp","original","mimetype","statuscode","digest","length"]`)
	for _, c := range captures {
		key := "example,a)/" + c[1][len(c[1])-1:] // the SURT key a page's captures share
		fmt.Fprintf(&cdx, "%s %s %s text/html 200 %s - - 100 0 a.warc.gz\n", key, c[0], c[1], c[2])
		fmt.Fprintf(&cdxj, `%s %s {"url": %q, "mime": "text/html", "status": "200", "digest": %q}`+"\n", key, c[0], c[1], c[2])
		fmt.Fprintf(&wayback, `,[%q,"%s","%s","text/html","200","%s","100"]`, key, c[0], c[1], c[2])
	}
	wayback.WriteString("]")
	var want []pages.Page
	for _, f := range []struct{ name, in string }{{"index.cdx", cdx.String()}, {"index.cdxj", cdxj.String()}, {"wayback.json", wayback.String()}} {
		pg, err := Decode(context.Background(), strings.NewReader(f.in), f.name, int64(len(f.in)), nil)
		if err != nil {
			t.Fatalf("%s: %v", f.name, err)
		}
		if len(pg) != 2 || pg[0].URL != "https://a.example/1" || !(pg[0].Rate > pg[1].Rate) || !(pg[1].Rate > 0) {
			t.Errorf("%s: pages %+v; want two, the changing one faster, neither at rate 0", f.name, pg)
		}
		if want == nil {
			want = pg
		} else if !reflect.DeepEqual(pg, want) {
			t.Errorf("%s: pages %+v, the CDX's %+v", f.name, pg, want)
		}
	}
}

func TestDecodeErrors(t *testing.T) {
	for _, c := range []struct {
		name, in           string
		line               int
		field, msg         string
		before, mark, text string
	}{
		{name: "rate", in: "url,host,changes_per_day\nhttps://a/1,a,1\nhttps://a/2,a,2\nhttps://a/3,a,often\n",
			line: 4, field: "changes_per_day", msg: `"often" is not`, before: "https://a/3,a,", mark: "often", text: "https://a/3,a,often"},
		{name: "quoted", in: "url,changes_per_day,weight\nhttps://a/1,1,1\n\"https://a/2\",\"x\"\"y\",1\n",
			line: 3, field: "changes_per_day", mark: `"x""y"`},
		{name: "duplicate", in: "url,changes_per_day\nhttps://a/1,1\nhttps://a/1,2\n", line: 3, field: "url", msg: "already appears on line 2"},
		{name: "header", in: "url,host,weight\nhttps://a/1,a,1\n", line: 1, msg: "no time column"},
		{name: "log row", in: "url,time,changed\nhttps://a/1,2024-01-01T00:00:00Z,0\nhttps://a/1,yesterday,1\n", line: 3, field: "time", msg: `"yesterday" is not a time`, mark: "yesterday"},
		{name: "empty", in: "", msg: "empty"},
		{name: "gzip", in: "\x1f\x8b\x08\x00", msg: "gzip"},
		{name: "weights", in: "url,changes_per_day,weight\nhttps://a/1,1,0\n", msg: "weight 0"},
		{name: "fast", in: "url,changes_per_day\nhttps://a/1,1e300\n", line: 2, field: "changes_per_day", msg: `"1e300" is more than 1e+08; want at most 1e+08`, mark: "1e300"}, // at its line and column since issue 22
	} {
		_, err := Decode(context.Background(), strings.NewReader(c.in), c.name+".csv", 0, nil)
		var ie *InputError
		if !errors.As(err, &ie) {
			t.Errorf("%s: error %v is not an *InputError", c.name, err)
			continue
		}
		if ie.File != c.name+".csv" || ie.Line != c.line || ie.Field != c.field || !strings.Contains(ie.Msg, c.msg) {
			t.Errorf("%s: %+v", c.name, ie)
		}
		if c.mark != "" && (ie.Mark != c.mark || (c.before != "" && ie.Before != c.before)) {
			t.Errorf("%s: marked %q|%q|%q", c.name, ie.Before, ie.Mark, ie.After)
		}
		if c.text != "" && ie.Text != c.text {
			t.Errorf("%s: quoted %q", c.name, ie.Text)
		}
	}
}

// TestDecodeFarLine: the line quoted is the one named, deep in a big file.
func TestDecodeFarLine(t *testing.T) {
	var b strings.Builder
	b.WriteString("url,changes_per_day\n")
	for i := range 200000 {
		if i == 150000 {
			b.WriteString("https://x.example/bad,-3\n")
			continue
		}
		b.WriteString("https://x.example/" + strings.Repeat("p", i%40) + "/" + strconv.Itoa(i) + ",1\n")
	}
	_, err := Decode(context.Background(), strings.NewReader(b.String()), "big.csv", 0, nil)
	var ie *InputError
	if !errors.As(err, &ie) || ie.Line != 150002 || ie.Text != "https://x.example/bad,-3" || ie.Mark != "-3" {
		t.Fatalf("%#v", err)
	}
}

func TestDecodeCancel(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	n := 0
	_, err := Decode(ctx, bytes.NewReader(bytes.Repeat(web.SamplePages, 20)), "big.csv", 0, func(Progress) {
		if n++; n == 3 {
			cancel()
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled read: %v", err)
	}
}

func TestSplitField(t *testing.T) {
	for _, c := range []struct {
		line                string
		col                 int
		before, mark, after string
	}{
		{"a,b,c", 2, "a,", "b", ",c"},
		{"a,b,c", 3, "a,b,", "c", ""},
		{`"x,y",b`, 1, "", `"x,y"`, ",b"},
		{"a,b", 5, "a,b", "", ""},
		{"a,b", 0, "a,b", "", ""},
	} {
		b, m, a := splitField(c.line, c.col)
		if b != c.before || m != c.mark || a != c.after {
			t.Errorf("splitField(%q, %d) = %q %q %q", c.line, c.col, b, m, a)
		}
	}
	long := strings.Repeat("é", 300) + ",bad"
	b, m, _ := splitField(long, 2)
	if m != "bad" || !strings.HasPrefix(b, "…") || len([]rune(b)) > quoteMax/2+2 {
		t.Errorf("long line cut to %q %q", b, m)
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
	d := newDataset("s", 0, true, pg, nil)
	q, _ := defaultForm().request()
	q.Seq, q.Stages, q.Known = 7, allStages, map[int]float64{10: 0.5}
	b, err := packJob(q, d)
	if err != nil {
		t.Fatal(err)
	}
	q2, pg2, err := unpackJob(b)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(q, q2) || len(pg2) != len(pg) {
		t.Fatalf("job round trip: %+v → %+v", q, q2)
	}
	for i := range pg {
		if pg2[i].Rate != pg[i].Rate || pg2[i].Weight != pg[i].Weight || pg2[i].Host != "h"+strconv.Itoa(int(d.hostOf[i])) || pg2[i].URL != "" {
			t.Fatalf("page %d: %+v → %+v", i, pg[i], pg2[i])
		}
	}
	for k := range len(b) {
		if _, _, err := unpackJob(b[:k]); err == nil {
			t.Fatalf("a job cut to %d bytes decodes", k)
		}
		if k > 64 {
			break
		}
	}
	var stages []*Stage
	Compute(context.Background(), pg, q, func(s *Stage) { stages = append(stages, s) })
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

func TestCompute(t *testing.T) {
	pg := samplePages(t)
	q, _ := defaultForm().request()
	q.Seq, q.Stages = 3, allStages
	got := map[string]*Stage{}
	var kinds []string
	Compute(context.Background(), pg, q, func(s *Stage) {
		if s.Seq != 3 {
			t.Errorf("stage of job %d", s.Seq)
		}
		if s.Kind != "progress" {
			kinds = append(kinds, s.Kind)
			got[s.Kind] = s
		}
	})
	if !slices.Equal(kinds, []string{"plan", "sweep", "target", "done"}) {
		t.Fatalf("stages %v", kinds)
	}
	p := got["plan"].Plan
	if p.Budget != SampleBudget || len(p.Visits) != len(pg) || len(p.HostLoad) != 36 || p.Violations != 0 {
		t.Errorf("plan: budget %d, %d visits, %d hosts, %d violations", p.Budget, len(p.Visits), len(p.HostLoad), p.Violations)
	}
	if !(p.Values["wp"] <= p.Values["psp"]+1e-12 && p.Values["nonpolite"] <= p.Values["wp"]+1e-12) {
		t.Errorf("bounds out of order: %v", p.Values)
	}
	var total float64
	for h, load := range p.HostLoad {
		total += load
		if load > p.HostCap[h]+1e-9 {
			t.Errorf("psp overloads host %d: %v > %v", h, load, p.HostCap[h])
		}
	}
	if math.Abs(total+float64(p.Dropped)-float64(SampleBudget)) > 1e-9 {
		t.Errorf("psp makes %v visits and drops %d of %d", total, p.Dropped, SampleBudget)
	}
	sw := got["sweep"].Sweep
	if len(sw.Budgets) != len(plan.SweepFactors) || !slices.IsSorted(sw.Budgets) || len(sw.Points) < 9*len(plan.SweepFactors) {
		t.Errorf("sweep budgets %v, %d points", sw.Budgets, len(sw.Points))
	}
	tr := got["target"].Target
	if tr.Unreachable || tr.Budget <= SampleBudget || tr.Freshness < 0.9 || tr.Runs == 0 {
		t.Fatalf("target %+v", tr)
	}
	// One fewer visit does not reach it (the search stops within 5%).
	lower := int(float64(tr.Budget) / 1.05)
	q2 := q
	q2.Budget, q2.Stages = lower, StagePlan
	Compute(context.Background(), pg, q2, func(s *Stage) {
		if s.Kind == "plan" && 1-s.Plan.Values["psp"] >= 0.9 {
			t.Errorf("at %d visits psp already reaches 90%% (%v); the search found %d", lower, 1-s.Plan.Values["psp"], tr.Budget)
		}
	})

	// A target no polite plan reaches.
	q3 := q
	q3.Target, q3.Stages = 0.9999, StageTarget
	Compute(context.Background(), pg, q3, func(s *Stage) {
		if s.Kind == "target" && (!s.Target.Unreachable || s.Target.MaxBudget == 0) {
			t.Errorf("99.99%%: %+v", s.Target)
		}
	})
	// Under age, there is no freshness target.
	q4 := q
	q4.Objective, q4.Stages = "age", StageTarget
	Compute(context.Background(), pg, q4, func(s *Stage) {
		if s.Kind == "target" && !s.Target.Age {
			t.Errorf("age target: %+v", s.Target)
		}
	})
	// Errors come as a stage.
	q5 := q
	q5.Politeness, q5.Horizon = 100, 50
	var errStage *Stage
	Compute(context.Background(), pg, q5, func(s *Stage) {
		if s.Kind == "error" {
			errStage = s
		}
	})
	if errStage == nil || !strings.Contains(errStage.Note, "politeness") {
		t.Errorf("bad parameters: %+v", errStage)
	}
}

func TestComputeCancel(t *testing.T) {
	pg := samplePages(t)
	q, _ := defaultForm().request()
	q.Stages = allStages
	ctx, cancel := context.WithCancel(context.Background())
	var kinds []string
	Compute(ctx, pg, q, func(s *Stage) {
		kinds = append(kinds, s.Kind)
		if s.Kind == "plan" {
			cancel()
		}
	})
	if slices.Contains(kinds, "done") || slices.Contains(kinds, "target") || slices.Contains(kinds, "error") {
		t.Errorf("a cancelled job went on: %v", kinds)
	}
}

func TestNamePages(t *testing.T) {
	d := newDataset("x", 0, false, []pages.Page{{URL: "https://a/1", Host: "a"}, {URL: "https://a/2", Host: "a"}}, nil)
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

// TestComputeEarly: a plan of at least earlyBudget visits comes twice:
// first with psp, the bounds and uniform, across the wire, then whole; a
// smaller one once.
func TestComputeEarly(t *testing.T) {
	pg := samplePages(t)[:300]
	q, _ := defaultForm().request()
	q.Seq, q.Stages, q.Budget = 4, StagePlan, earlyBudget
	var plans []*PlanResult
	Compute(context.Background(), pg, q, func(s *Stage) {
		if s.Kind == "error" {
			t.Fatal(s.Note)
		}
		if s.Kind == "plan" {
			plans = append(plans, acrossWire(t, s).Plan)
		}
	})
	if len(plans) != 2 || !plans[0].Early || plans[1].Early {
		t.Fatalf("%d plan stages", len(plans))
	}
	first, last := plans[0], plans[1]
	for _, name := range []string{"psp", "wp", "nonpolite", "infcrawlers", "uniform"} {
		if v, ok := first.Values[name]; !ok || v != last.Values[name] {
			t.Errorf("%s: early %v (%v), final %v", name, v, ok, last.Values[name])
		}
	}
	if _, ok := first.Values["mp2"]; ok || len(first.Values) >= len(last.Values) {
		t.Errorf("early values %v, final %v", first.Values, last.Values)
	}
	if !slices.Equal(first.Visits, last.Visits) || !slices.Equal(first.HostLoad, last.HostLoad) {
		t.Error("psp's visits differ between the early and the final plan")
	}
	q.Budget = earlyBudget - 1
	n := 0
	Compute(context.Background(), pg, q, func(s *Stage) {
		if s.Kind == "plan" {
			n++
		}
	})
	if n != 1 {
		t.Errorf("%d plan stages below earlyBudget", n)
	}
}

// TestSweepNote: the budgets the sweep leaves to the CLI (too big for
// the tab) are named under the chart with the command CLI gives.
func TestSweepNote(t *testing.T) {
	old := CLI
	defer func() { CLI = old }()
	CLI = fakeCLI{}
	cmds := cliSweep(plan.DefaultParams(), []int{34_560_000})
	want := "SWEEP 34560000"
	if len(cmds) != 1 || cmds[0] != want {
		t.Errorf("commands %q, want %q", cmds, want)
	}
	sw := &SweepResult{Budgets: []int{1_080_000, 8_640_000}, TooBig: []int{34_560_000}, CLI: cmds,
		Points: []plan.Point{{Budget: 1_080_000, Name: "psp", Value: 0.9}, {Budget: 8_640_000, Name: "psp", Value: 0.6}}}
	if spec := sweepSpec(sw, 8_640_000, nil, objective("staleness")); !strings.Contains(spec.Note, want) {
		t.Errorf("chart note %q: want %q", spec.Note, want)
	}
}

// fakeCLI stands for cmd/freshplan's commands (tested there, where the
// flags are): it says which budgets it was asked for.
type fakeCLI struct{}

func (fakeCLI) Sweep(p plan.Params, budgets []int) []string {
	return []string{"SWEEP " + strings.Trim(fmt.Sprint(budgets), "[]")}
}
func (fakeCLI) Schedule(p plan.Params, x int, policy string) string {
	return fmt.Sprintf("SCHEDULE %d %s", x, policy)
}

// TestWireSameValues: a column every page shares crosses as one value and
// comes back for every page; the rates always cross in full, so a
// message cannot claim more pages than its size holds.
func TestWireSameValues(t *testing.T) {
	for _, tc := range []struct {
		name  string
		pg    []pages.Page
		hosts []string
		short []bool // which of the four columns cross as one value
	}{
		{"one host, default weight and delay", []pages.Page{{Host: "a", Rate: 1, Weight: 1}, {Host: "a", Rate: 2, Weight: 1}, {Host: "a", Rate: 2, Weight: 1}},
			[]string{"a"}, []bool{false, true, true, true}},
		{"varied", []pages.Page{{Host: "a", Rate: 1, Weight: 1}, {Host: "b", Rate: 1, Weight: 2, CrawlDelay: 30}, {Host: "a", Rate: 1, Weight: 1}},
			[]string{"a", "b"}, []bool{false, false, false, false}},
		{"one page", []pages.Page{{Host: "a", Rate: 3, Weight: 0.5, CrawlDelay: 5}}, []string{"a"}, []bool{false, true, true, true}},
	} {
		hostOf := make([]int32, len(tc.pg))
		for i, p := range tc.pg {
			hostOf[i] = int32(slices.Index(tc.hosts, p.Host))
		}
		m, blob, cols := packPages(tc.pg, hostOf, tc.hosts, true)
		for k, c := range cols {
			if (len(c) == 1) != tc.short[k] && len(tc.pg) > 1 {
				t.Errorf("%s: column %d crosses as %d values", tc.name, k, len(c))
			}
		}
		b, err := pack(m, blob, cols...)
		if err != nil {
			t.Fatal(err)
		}
		var m2 pagesMsg
		a, blob2, err := unpack(b, &m2)
		if err != nil {
			t.Fatal(err)
		}
		got, _, err := unpackPages(m2, a, blob2)
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if !reflect.DeepEqual(got, tc.pg) {
			t.Errorf("%s: %+v came back as %+v", tc.name, tc.pg, got)
		}
	}
	short := [][]float64{{1}, {1}, {0}, {0}}
	if _, _, err := unpackPages(pagesMsg{Pages: 1 << 30, Hosts: 1}, short, nil); err == nil {
		t.Error("a message of one rate for 2^30 pages decodes")
	}
}
