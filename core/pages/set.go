package pages

import (
	"io"
	"math"
	"slices"
	"strings"
	"unsafe"
)

// Set is a pages table as columns: the URLs one string, each page's its
// slice of it, hosts by index, a column every page shares one value of
// as that value, and the rare change models and exposures by page index.
// A million pages are their URLs' bytes and 20 to 36 bytes a page,
// against about 150 bytes a page and two million strings as a []Page,
// and the collector has nothing in the columns to mark. It is a Table.
type Set struct {
	URLs      string  // every URL, back to back
	Ends      []int   // page i's URL ends at Ends[i] and starts where page i−1's ends; nil: no URLs
	HostOf    []int32 // page i's host is HostNames[HostOf[i]], numbered as the function Hosts numbers them
	HostNames []string
	Rates     []float64
	// Weights and Delays (the rows' crawl delays) have one value when
	// every page has it.
	Weights, Delays []float64
	Changes         map[int]*Change   // pages with a change model, by index
	Exposures       map[int]*Exposure // pages with an exposure, by index
}

// ReadSet is ReadMax leaving the pages in a Set's columns: the same
// pages, or the same error, without a Page or a string made per row (a
// million pages in WebAssembly: a heap of 140 MB at its peak, against 217
// MB when the reader grew a []Page).
func ReadSet(r io.Reader, file string, size, maxMemory int64) (*Set, error) {
	s := &setRows{index: map[string]int32{}, seen: newURLSet(0), prev: -1}
	if err := read(r, file, size, maxMemory, s); err != nil {
		return nil, err
	}
	return s.set(), nil
}

// NewSet makes the set of pg, hostOf[i] being the index of page i's host
// in names (as Hosts numbers them).
func NewSet(pg []Page, hostOf []int32, names []string) *Set {
	n := len(pg)
	s := &setRows{hostOf: hostOf, hosts: names, ends: make([]int, 0, n), rates: make([]float64, 0, n)}
	total := 0
	for _, p := range pg {
		total += len(p.URL)
	}
	s.text = make([]byte, 0, total)
	for i, p := range pg {
		s.file(i, p)
	}
	return s.set()
}

func (s *Set) Len() int { return len(s.Rates) }

// URL is page i's URL ("" in a set without them).
func (s *Set) URL(i int) string {
	if s.Ends == nil {
		return ""
	}
	lo := 0
	if i > 0 {
		lo = s.Ends[i-1]
	}
	return s.URLs[lo:s.Ends[i]]
}

// Page is page i; its strings share the set's.
func (s *Set) Page(i int) Page {
	return Page{URL: s.URL(i), Host: s.Host(i), Rate: s.Rates[i], Weight: s.Weight(i), CrawlDelay: s.CrawlDelay(i),
		Change: s.Changes[i], Exposure: s.Exposures[i]}
}

// Hosts is the pages' hosts (HostOf, HostNames).
func (s *Set) Hosts() (hostOf []int32, names []string) { return s.HostOf, s.HostNames }

func (s *Set) Host(i int) string        { return s.HostNames[s.HostOf[i]] }
func (s *Set) Weight(i int) float64     { return at(s.Weights, i) }
func (s *Set) CrawlDelay(i int) float64 { return at(s.Delays, i) }

// Pages makes the set's pages as a []Page (their strings share the
// set's).
func (s *Set) Pages() []Page {
	pg := make([]Page, s.Len())
	for i := range pg {
		pg[i] = s.Page(i)
	}
	return pg
}

// HostDelays is each host's longest crawl delay asked for by its rows.
func (s *Set) HostDelays() []float64 {
	d := make([]float64, len(s.HostNames))
	for i, h := range s.HostOf {
		d[h] = math.Max(d[h], s.CrawlDelay(i))
	}
	return d
}

// at is page i's value in a column: a column of one value is every
// page's.
func at(col []float64, i int) float64 {
	if len(col) == 1 {
		return col[0]
	}
	return col[i]
}

// setRows are rows read into a Set's columns: each URL's bytes appended
// to one buffer, the weights and delays as one value while every row has
// it (fileShared).
type setRows struct {
	text                   []byte // the URLs
	ends, lines            []int
	hostOf                 []int32
	hosts                  []string
	index                  map[string]int32 // host → its index
	prev                   int32            // the last row's host, −1 before any
	rates, weights, delays []float64
	changes                map[int]*Change
	exposures              map[int]*Exposure
	seen                   *urlSet
	asPages                bool // the rows are to be made a []Page (ReadMax)
}

// add files page p, read on line, unless a page filed before has its
// URL: it then returns that page's line (else 0).
func (s *setRows) add(p Page, line int) int {
	i := len(s.rates)
	lo := len(s.text)
	// Tables list a host's pages together: the row before's host is
	// tried first.
	h := s.prev
	if h < 0 || s.hosts[h] != p.Host {
		var ok bool
		if h, ok = s.index[p.Host]; !ok {
			h = int32(len(s.hosts))
			s.hosts = append(s.hosts, strings.Clone(p.Host))
			s.index[s.hosts[h]] = h
		}
	}
	s.prev = h
	s.hostOf = append(s.hostOf, h)
	s.lines = append(s.lines, line)
	s.file(i, p)
	u := s.text[lo:]
	first := s.seen.addURL(p.URL, i, func(j int) bool {
		start := 0
		if j > 0 {
			start = s.ends[j-1]
		}
		return string(s.text[start:s.ends[j]]) == string(u)
	})
	if first >= 0 {
		return s.lines[first]
	}
	return 0
}

// file appends page i's URL and values (not its host) to the columns.
func (s *setRows) file(i int, p Page) {
	s.text = append(s.text, p.URL...)
	s.ends = append(s.ends, len(s.text))
	s.rates = append(s.rates, p.Rate)
	s.weights, s.delays = fileShared(s.weights, i, p.Weight, cap(s.rates)), fileShared(s.delays, i, p.CrawlDelay, cap(s.rates))
	if p.Change != nil {
		if s.changes == nil {
			s.changes = map[int]*Change{}
		}
		s.changes[i] = p.Change
	}
	if p.Exposure != nil {
		if s.exposures == nil {
			s.exposures = map[int]*Exposure{}
		}
		s.exposures[i] = p.Exposure
	}
}

func (s *setRows) len() int   { return len(s.rates) }
func (s *setRows) full() bool { return len(s.rates) == cap(s.rates) }

// rowBytes: an end, a line, a host index, a rate, a weight, a delay and
// two slots of the URL set; and the Page made of them, for ReadMax.
func (s *setRows) rowBytes() int64 {
	const row = 8 + 8 + 4 + 8 + 8 + 8 + 16
	if s.asPages {
		return row + int64(unsafe.Sizeof(Page{}))
	}
	return row
}

// grow makes room for n rows, and for their URLs at the length of those
// read so far.
func (s *setRows) grow(n int) {
	s.seen.reserve(n)
	s.ends, s.lines, s.hostOf = room(s.ends, n), room(s.lines, n), room(s.hostOf, n)
	s.rates = room(s.rates, n)
	if len(s.weights) > 1 {
		s.weights = room(s.weights, n)
	}
	if len(s.delays) > 1 {
		s.delays = room(s.delays, n)
	}
	if k := len(s.rates); k > 0 {
		s.text = room(s.text, int(float64(len(s.text))/float64(k)*float64(n)*1.1))
	}
}

// fileShared files row i's value v in col, a column kept as one value
// while every row read has it (at reads it so) and in full from the first
// row that does not: most tables give every page weight 1 and no crawl
// delay, and two full columns were 16 MB of a million rows' peak. A full
// column is made with room for size rows.
func fileShared(col []float64, i int, v float64, size int) []float64 {
	switch {
	case i == 0:
		return append(col[:0], v)
	case len(col) > 1:
		return append(col, v)
	case math.Float64bits(v) == math.Float64bits(col[0]):
		return col
	}
	full := make([]float64, i, max(size, i+1))
	for k := range full {
		full[k] = col[0]
	}
	return append(full, v)
}

// room returns x with room for n elements (make and copy, not
// slices.Grow, which rounds a small step up by append's growth rule).
func room[T any](x []T, n int) []T {
	if n <= cap(x) {
		return x
	}
	y := make([]T, len(x), n)
	copy(y, x)
	return y
}

// fit returns x, copied without its spare room when that is more than an
// eighth of it: the reading's last step's room would be held as long as
// the rows (24 MB of a million Pages).
func fit[T any](x []T) []T {
	if cap(x)-len(x) > len(x)/8 {
		return slices.Clone(x)
	}
	return x
}

// set is the Set of the rows read, to be kept: its columns without the
// reading's last spare room, and shared where every page has one value.
func (s *setRows) set() *Set {
	return s.columns(fit(s.ends), fit(s.hostOf), fit(s.rates), shared(fit(s.weights)), shared(fit(s.delays)))
}

// pages are the rows read as a []Page (ReadMax): made from the columns
// as they are, which are let go after, the URLs' text alone kept, fitted.
func (s *setRows) pages() []Page {
	return s.columns(s.ends, s.hostOf, s.rates, s.weights, s.delays).Pages()
}

// columns is the Set of the rows' URLs and hosts with the columns given.
func (s *setRows) columns(ends []int, hostOf []int32, rates, weights, delays []float64) *Set {
	text := fit(s.text)
	set := &Set{Ends: ends, HostOf: hostOf, HostNames: s.hosts, Rates: rates, Weights: weights, Delays: delays,
		Changes: s.changes, Exposures: s.exposures}
	if len(text) > 0 {
		// The buffer is the set's alone from now on, never written again.
		set.URLs = unsafe.String(unsafe.SliceData(text), len(text))
	}
	return set
}

// shared is col, or its one value when every page has the same.
func shared(col []float64) []float64 {
	for _, v := range col {
		if math.Float64bits(v) != math.Float64bits(col[0]) {
			return col
		}
	}
	if len(col) == 0 {
		return col
	}
	return []float64{col[0]}
}
