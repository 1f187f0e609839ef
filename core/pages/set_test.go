package pages

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// setPages is a Set's pages, page by page.
func setPages(s *Set) []Page {
	pg := make([]Page, s.Len())
	for i := range pg {
		pg[i] = s.Page(i)
	}
	return pg
}

// TestReadSet: a Set read from a table holds the pages ReadMax reads,
// field for field, its hosts numbered as Hosts numbers them — for
// tables past the rows read before room is counted, told their size or
// not, with URLs to canonicalise, hosts given or taken from the URLs,
// weights and delays varied or shared (then one value), change models;
// and it fails with ReadMax's message where ReadMax does (a URL given
// twice, written the same or another way; a bad rate far down; the
// memory bound).
func TestReadSet(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	table := func(n int, sameWeight, models bool) string {
		var b strings.Builder
		b.WriteString("url,host,changes_per_day,weight,crawl_delay,model,shape\n")
		for i := range n {
			u := fmt.Sprintf("https://h%d.example/p%d", rng.IntN(40), i)
			if rng.IntN(7) == 0 {
				u = fmt.Sprintf("HTTPS://H%d.EXAMPLE:443/p%d", rng.IntN(40), i) // another spelling
			}
			host := ""
			if rng.IntN(3) > 0 {
				host = fmt.Sprintf("host%d", rng.IntN(25))
			}
			w := "1"
			if !sameWeight {
				w = fmt.Sprint(rng.Float64())
			}
			delay := ""
			if rng.IntN(4) == 0 {
				delay = fmt.Sprint(rng.IntN(60))
			}
			model, shape := "", ""
			if models && rng.IntN(9) == 0 {
				model, shape = "pareto", "1.5"
			}
			fmt.Fprintf(&b, "%s,%s,%g,%s,%s,%s,%s\n", u, host, rng.ExpFloat64(), w, delay, model, shape)
		}
		return b.String()
	}
	for _, c := range []struct {
		name string
		csv  string
	}{
		{"small", table(20, false, true)},
		{"past sizing", table(5*sizingRows+3, false, true)},
		{"one weight", table(3*sizingRows, true, false)},
		{"one page", table(1, true, false)},
	} {
		for _, size := range []int64{0, int64(len(c.csv)), 1 << 32} {
			want, err := ReadMax(strings.NewReader(c.csv), "t.csv", size, 0)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			set, err := ReadSet(strings.NewReader(c.csv), "t.csv", size, 0)
			if err != nil {
				t.Fatalf("%s, size %d: %v", c.name, size, err)
			}
			if got := setPages(set); !reflect.DeepEqual(got, want) {
				t.Fatalf("%s, size %d: the set's pages differ from ReadMax's", c.name, size)
			}
			hostOf, names := Hosts(want, nil)
			if !reflect.DeepEqual(set.HostOf, hostOf) || !reflect.DeepEqual(set.HostNames, names) {
				t.Errorf("%s, size %d: hosts numbered otherwise than Hosts does", c.name, size)
			}
			if c.name == "one weight" && (len(set.Weights) != 1 || len(set.Delays) == 1) {
				t.Errorf("%s: %d weights, %d delays kept", c.name, len(set.Weights), len(set.Delays))
			}
		}
	}
	good := table(3*sizingRows, false, false)
	lines := strings.SplitAfter(good, "\n")
	bad := map[string]string{
		"a URL twice":          good + strings.Replace(lines[700], ",", ",", 1),
		"a URL written again":  good + strings.Replace(strings.Replace(lines[9], "https://h", "HTTPS://H", 1), ".example/", ".example:443/", 1),
		"a bad rate far down":  good + "https://x.example/1,,-1,1,,,\n",
		"a field too many":     good + "https://x.example/2,,1,1,,,,\n",
		"nothing but a header": lines[0],
	}
	for name, csv := range bad {
		_, want := ReadMax(strings.NewReader(csv), "t.csv", int64(len(csv)), 0)
		_, got := ReadSet(strings.NewReader(csv), "t.csv", int64(len(csv)), 0)
		if want == nil || got == nil || got.Error() != want.Error() {
			t.Errorf("%s: ReadSet says %v, ReadMax %v", name, got, want)
		}
	}
	// The memory bound stops both, the same way.
	_, want := ReadMax(bytes.NewReader([]byte(good)), "t.csv", int64(len(good)), 50_000)
	_, got := ReadSet(bytes.NewReader([]byte(good)), "t.csv", int64(len(good)), 50_000)
	if want == nil || got == nil {
		t.Errorf("a 50 kB bound: ReadMax %v, ReadSet %v", want, got)
	}
}

// TestNewSetKeepsPages: a set made of pages gives back every page as it
// was, field by field, whichever columns collapse to one value: random
// pages with URLs of every length (the empty one too), weights and crawl
// delays varied or shared, change models and exposures here and there.
func TestNewSetKeepsPages(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	random := func(n int, sameWeight, sameDelay bool) []Page {
		pg := make([]Page, n)
		for i := range pg {
			p := Page{URL: "https://h" + strconv.Itoa(rng.IntN(7)) + "/" + strconv.Itoa(i)[:rng.IntN(len(strconv.Itoa(i))+1)],
				Rate: rng.ExpFloat64(), Weight: 1}
			if rng.IntN(9) == 0 {
				p.URL = ""
			}
			p.Host = "h" + strconv.Itoa(rng.IntN(5))
			if !sameWeight {
				p.Weight = rng.Float64()
			}
			if !sameDelay && rng.IntN(3) == 0 {
				p.CrawlDelay = float64(rng.IntN(60))
			}
			if rng.IntN(10) == 0 {
				p.Change = &Change{Model: "quasi", Times: []float64{rng.Float64()}}
			}
			if rng.IntN(10) == 0 {
				p.Exposure = &Exposure{Wrong: rng.Float64(), Returned: []Returned{{Position: 1 + rng.IntN(9), Prob: rng.Float64()}}}
			}
			pg[i] = p
		}
		return pg
	}
	for name, pg := range map[string][]Page{
		"varied":                   random(500, false, false),
		"one weight":               random(300, true, false),
		"one weight and one delay": random(300, true, true),
		"one page":                 random(1, false, false),
		"none":                     {},
	} {
		hostOf, hosts := Hosts(pg, nil)
		s := NewSet(pg, hostOf, hosts)
		if s.Len() != len(pg) {
			t.Fatalf("%s: %d pages in the set, want %d", name, s.Len(), len(pg))
		}
		for i, p := range pg {
			if got := s.Page(i); !reflect.DeepEqual(got, p) {
				t.Fatalf("%s: page %d is %+v, want %+v", name, i, got, p)
			}
		}
		if got := s.Pages(); len(pg) > 0 && !reflect.DeepEqual(got, pg) {
			t.Errorf("%s: the pages made differ", name)
		}
		// Each host's longest crawl delay, page by page.
		want := make([]float64, len(hosts))
		for i, p := range pg {
			want[hostOf[i]] = math.Max(want[hostOf[i]], p.CrawlDelay)
		}
		if got := s.HostDelays(); !reflect.DeepEqual(got, want) && len(hosts) > 0 {
			t.Errorf("%s: host delays %v, want %v", name, got, want)
		}
	}
}

// TestFileShared: a column filed row by row reads back every row's value
// (at), and is one value exactly when every row has the same — the first
// other value at any row, signed zeros told apart.
func TestFileShared(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	for trial := range 300 {
		n := 1 + rng.IntN(50)
		vals := make([]float64, n)
		same := trial%3 == 0
		for i := range vals {
			vals[i] = 1
			if !same && rng.IntN(n) == 0 {
				vals[i] = []float64{2, 0.5, math.Copysign(0, -1), 0}[rng.IntN(4)]
			}
		}
		if trial%5 == 0 {
			vals[0] = 0
			vals[n-1] = math.Copysign(0, -1) // −0 after 0: another value
		}
		var col []float64
		for i, v := range vals {
			col = fileShared(col, i, v, n)
		}
		allSame := true
		for _, v := range vals {
			allSame = allSame && math.Float64bits(v) == math.Float64bits(vals[0])
		}
		if allSame != (len(col) == 1) || !allSame && len(col) != n {
			t.Fatalf("trial %d: %d values, all the same %v, the column holds %d", trial, n, allSame, len(col))
		}
		for i, v := range vals {
			if math.Float64bits(at(col, i)) != math.Float64bits(v) {
				t.Fatalf("trial %d: row %d reads %v, filed %v", trial, i, at(col, i), v)
			}
		}
	}
}
