package export

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"math"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/freshplan/freshplan/core/pages"
	"github.com/freshplan/freshplan/core/plan"
	"github.com/freshplan/freshplan/core/staleness"
)

// testPages are four hand-made pages: URLs and a host that need CSV
// quoting, a weight ≠ 1, a crawl delay, and a page of weight 0.
var testPages = []pages.Page{
	{URL: "https://a.com/1", Host: "a.com", Rate: 10, Weight: 1},
	{URL: "https://a.com/2,x", Host: "a.com", Rate: 1, Weight: 2.5},
	{URL: `https://b.org/"q"`, Host: "b.org", Rate: 0.5, Weight: 1, CrawlDelay: 120},
	{URL: "https://c.net/never", Host: "c,net", Rate: 3, Weight: 0},
}

func testPlan(t *testing.T, obj staleness.Objective) *plan.Plan {
	t.Helper()
	p := plan.DefaultParams()
	p.Horizon = time.Hour
	p.Politeness = time.Minute
	p.Budget = 12
	p.Objective = obj
	pl, err := plan.Run(context.Background(), append([]pages.Page(nil), testPages...), p)
	if err != nil {
		t.Fatalf("plan.Run: %v", err)
	}
	return pl
}

// readCSV parses CSV output strictly and checks its header.
func readCSV(t *testing.T, what string, b []byte, header string) [][]string {
	t.Helper()
	cr := csv.NewReader(bytes.NewReader(b))
	rows, err := cr.ReadAll()
	if err != nil {
		t.Fatalf("%s is not valid CSV: %v\n%s", what, err, b)
	}
	if len(rows) == 0 || strings.Join(rows[0], ",") != header {
		t.Fatalf("%s header %q, want %q", what, rows, header)
	}
	return rows[1:]
}

func TestInterval(t *testing.T) {
	for _, tc := range []struct {
		x, T, want float64
		ok         bool
	}{
		{4, 3600, 900, true},
		{0.5, 3600, 7200, true},
		{0, 3600, 0, false},
		{-1, 3600, 0, false},
		{math.NaN(), 3600, 0, false},
	} {
		got, ok := Interval(tc.x, tc.T)
		if got != tc.want || ok != tc.ok {
			t.Errorf("Interval(%v, %v) = %v, %v; want %v, %v", tc.x, tc.T, got, ok, tc.want, tc.ok)
		}
	}
}

// TestSeedsFormats checks the exact lines of each seed format for visits
// set by hand: 3, 7, 0 and 7200 visits in an hour.
func TestSeedsFormats(t *testing.T) {
	pl := testPlan(t, staleness.Stale)
	pl.Result(pl.Params.Policy).Visits = []float64{3, 7, 0, 7200}
	want := map[string]string{
		"nutch": "https://a.com/1\tnutch.fetchInterval=1200\tnutch.fetchInterval.fixed=true\n" +
			"https://a.com/2,x\tnutch.fetchInterval=514\tnutch.fetchInterval.fixed=true\tnutch.score=2.5\n" +
			"https://b.org/\"q\"\tnutch.fetchInterval=31536000\tnutch.fetchInterval.fixed=true\n" +
			"https://c.net/never\tnutch.fetchInterval=1\tnutch.fetchInterval.fixed=true\tnutch.score=0\n",
		"stormcrawler": "https://a.com/1\tscheduler.delay.mins=20\n" +
			"https://a.com/2,x\tscheduler.delay.mins=9\n" +
			"https://b.org/\"q\"\tscheduler.delay.mins=525600\n" +
			"https://c.net/never\tscheduler.delay.mins=1\n",
		"csv": "url,host,interval_seconds,visits\n" +
			"https://a.com/1,a.com,1200,3\n" +
			"\"https://a.com/2,x\",a.com,514,7\n" +
			"\"https://b.org/\"\"q\"\"\",b.org,31536000,0\n" +
			"https://c.net/never,\"c,net\",1,7200\n",
	}
	for _, format := range Formats {
		var b bytes.Buffer
		if err := Seeds(&b, pl, format); err != nil {
			t.Errorf("Seeds %s: %v", format, err)
			continue
		}
		if b.String() != want[format] {
			t.Errorf("Seeds %s:\n%s\nwant\n%s", format, b.String(), want[format])
		}
	}
	if Unvisited != 365*86400 {
		t.Errorf("Unvisited = %d, want one year", Unvisited)
	}
	var b bytes.Buffer
	if err := Seeds(&b, pl, "heritrix"); err == nil || !strings.Contains(err.Error(), "heritrix") {
		t.Errorf("Seeds heritrix: %v, want an error naming the format", err)
	}
}

// TestSeedsFromPlan checks the seed lists of a real plan against its
// visits: interval = T/visits rounded, Unvisited for pages not visited.
func TestSeedsFromPlan(t *testing.T) {
	pl := testPlan(t, staleness.Stale)
	r := pl.Result(pl.Params.Policy)
	T := pl.Params.Horizon.Seconds()
	var b bytes.Buffer
	if err := Seeds(&b, pl, "nutch"); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
	if len(lines) != pl.Table.Len() {
		t.Fatalf("%d nutch lines for %d pages", len(lines), pl.Table.Len())
	}
	for i, line := range lines {
		f := strings.Split(line, "\t")
		want := int64(Unvisited)
		if r.Visits[i] > 0 {
			want = int64(math.Max(1, math.Round(T/r.Visits[i])))
		}
		if f[0] != pl.Table.Page(i).URL || f[1] != "nutch.fetchInterval="+strconv.FormatInt(want, 10) || f[2] != "nutch.fetchInterval.fixed=true" {
			t.Errorf("nutch line %d %q: want URL %q, interval %d", i, line, pl.Table.Page(i).URL, want)
		}
		hasScore := len(f) == 4 && f[3] == "nutch.score="+strconv.FormatFloat(pl.Table.Page(i).Weight, 'g', -1, 64)
		if (pl.Table.Page(i).Weight != 1) != hasScore || len(f) > 4 {
			t.Errorf("nutch line %d %q: weight %v", i, line, pl.Table.Page(i).Weight)
		}
	}
}

func TestScheduleCSV(t *testing.T) {
	pl := testPlan(t, staleness.Stale)
	var b bytes.Buffer
	if err := Schedule(&b, pl); err != nil {
		t.Fatal(err)
	}
	rows := readCSV(t, "schedule", b.Bytes(), "time_seconds,crawler,url,host")
	if len(rows) != len(pl.Schedule) || len(rows) == 0 {
		t.Fatalf("%d rows for %d visits", len(rows), len(pl.Schedule))
	}
	prev := -1.0
	for k, row := range rows {
		v := pl.Schedule[k]
		tm, err := strconv.ParseFloat(row[0], 64)
		// Times are written to the microsecond (float noise dropped).
		if err != nil || math.Abs(tm-v.Time) > 0.5e-6 || tm < prev {
			t.Errorf("row %d time %q, want %v to the microsecond, in time order", k, row[0], v.Time)
		}
		if strings.Contains(row[0], "99999") {
			t.Errorf("row %d time %q carries float noise", k, row[0])
		}
		prev = tm
		if row[1] != strconv.Itoa(int(v.Crawler)) || row[2] != pl.Table.Page(int(v.Page)).URL || row[3] != pl.Table.Page(int(v.Page)).Host {
			t.Errorf("row %d %q, want crawler %d, page %+v", k, row, v.Crawler, pl.Table.Page(int(v.Page)))
		}
	}
}

func TestPagesCSV(t *testing.T) {
	pl := testPlan(t, staleness.Stale)
	r := pl.Result(pl.Params.Policy)
	r.Visits[2] = 0 // one unvisited page
	var b bytes.Buffer
	if err := Pages(&b, pl); err != nil {
		t.Fatal(err)
	}
	rows := readCSV(t, "pages", b.Bytes(), "url,host,changes_per_day,weight,visits,interval_seconds,staleness")
	if len(rows) != pl.Table.Len() {
		t.Fatalf("%d rows for %d pages", len(rows), pl.Table.Len())
	}
	T := pl.Params.Horizon.Seconds()
	for i, row := range rows {
		p := pl.Table.Page(i)
		num := func(s string) float64 {
			v, err := strconv.ParseFloat(s, 64)
			if err != nil {
				t.Errorf("row %d: %q is not a number", i, s)
			}
			return v
		}
		if row[0] != p.URL || row[1] != p.Host || num(row[2]) != p.Rate || num(row[3]) != p.Weight || num(row[4]) != r.Visits[i] || num(row[6]) != r.Page[i] {
			t.Errorf("row %d %q, want %+v visits %v staleness %v", i, row, p, r.Visits[i], r.Page[i])
		}
		switch {
		case r.Visits[i] == 0 && row[5] != "":
			t.Errorf("row %d: unvisited page has interval %q, want empty", i, row[5])
		case r.Visits[i] > 0 && num(row[5]) != T/r.Visits[i]:
			t.Errorf("row %d: interval %q, want %v", i, row[5], T/r.Visits[i])
		}
	}
}

func TestHostsCSV(t *testing.T) {
	pl := testPlan(t, staleness.Stale)
	var b bytes.Buffer
	if err := Hosts(&b, pl); err != nil {
		t.Fatal(err)
	}
	rows := readCSV(t, "hosts", b.Bytes(), "host,pages,visits,cap,utilization")
	if len(rows) != len(pl.Hosts) || len(rows) != 3 {
		t.Fatalf("%d rows for %d hosts", len(rows), len(pl.Hosts))
	}
	visits := map[string]int{}
	for _, v := range pl.Schedule {
		visits[pl.Table.Page(int(v.Page)).Host]++
	}
	for i, row := range rows {
		h := pl.Hosts[i]
		if row[0] != h.Name || row[1] != strconv.Itoa(h.Pages) || row[2] != strconv.Itoa(visits[h.Name]) || row[3] != strconv.Itoa(h.Cap) {
			t.Errorf("row %d %q, want %+v with %d scheduled visits", i, row, h, visits[h.Name])
		}
		u, err := strconv.ParseFloat(row[4], 64)
		if err != nil || u != float64(h.Visits)/float64(h.Cap) || u > 1 {
			t.Errorf("row %d utilization %q, want visits/cap ≤ 1", i, row[4])
		}
	}
	if rows[2][0] != "c,net" {
		t.Errorf("host with a comma: %q", rows[2])
	}
}

func TestValueJSON(t *testing.T) {
	for _, tc := range []struct {
		v    float64
		want string
	}{
		{0.25, "0.25"},
		{0, "0"},
		{math.Inf(1), "null"},
		{math.Inf(-1), "null"},
		{math.NaN(), "null"},
		{1e-300, "1e-300"},
	} {
		b, err := json.Marshal(map[string]Value{"x": Value(tc.v)})
		if err != nil || string(b) != `{"x":`+tc.want+`}` {
			t.Errorf("Value(%v) = %s, %v; want %s", tc.v, b, err, tc.want)
		}
	}
}

// TestJSON checks the summary of SPEC §6 for a plan whose age is +Inf
// (a page of weight > 0 that psp never visits).
func TestJSON(t *testing.T) {
	pl := testPlan(t, staleness.Age)
	r := pl.Results["psp"]
	r.Value = math.Inf(1)
	var b bytes.Buffer
	if err := JSON(&b, pl); err != nil {
		t.Fatalf("JSON: %v", err)
	}
	var got map[string]any
	if err := json.Unmarshal(b.Bytes(), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, b.String())
	}
	for _, key := range []string{"pages", "hosts", "model", "budget", "horizon_seconds", "politeness_seconds", "crawlers",
		"staleness", "scheduled_visits", "politeness_violations", "seconds"} {
		if _, ok := got[key]; !ok {
			t.Errorf("JSON lacks %q", key)
		}
	}
	st, _ := got["staleness"].(map[string]any)
	if v, ok := st["psp"]; !ok || v != nil {
		t.Errorf("staleness.psp = %v, want null for +Inf", v)
	}
	if got["pages"] != 4.0 || got["hosts"] != 3.0 || got["budget"] != 12.0 || got["horizon_seconds"] != 3600.0 ||
		got["politeness_seconds"] != 60.0 || got["model"] != "steady" || got["objective"] != "age" ||
		got["scheduled_visits"] != float64(len(pl.Schedule)) || got["politeness_violations"] != 0.0 {
		t.Errorf("summary %s", b.String())
	}
}

// TestNoPolicyFigures: a file of the policy's per-page figures from a plan
// that has none for it says so, and why when the plan knows.
func TestNoPolicyFigures(t *testing.T) {
	pg := []pages.Page{{URL: "https://a.example/", Host: "a.example", Rate: 1, Weight: 1}}
	for _, c := range []struct {
		pl   *plan.Plan
		want string
	}{
		{&plan.Plan{Params: plan.Params{Policy: "cho"}, Table: pages.List(pg), Omitted: map[plan.Policy]string{"cho": "its optimum assumes every page is Poisson"}},
			"policy cho cannot be planned here: its optimum assumes every page is Poisson"},
		{&plan.Plan{Params: plan.Params{Policy: "none"}, Table: pages.List(pg)}, `no per-page figures for policy "none"`},
		{&plan.Plan{Params: plan.Params{Policy: "psp"}, Table: pages.List(pg), Results: map[plan.Policy]*plan.Result{"psp": {Name: "psp", Value: 0.1}}},
			`no per-page figures for policy "psp"`},
	} {
		for _, kind := range []string{"pages", "nutch", "stormcrawler", "csv"} {
			var b bytes.Buffer
			if err := Write(&b, c.pl, kind); err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%s of a %s plan: %v, want %q", kind, c.pl.Params.Policy, err, c.want)
			}
		}
	}
}
