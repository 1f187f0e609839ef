package observe

import (
	"context"
	"hash/maphash"
	"math"
	"slices"
	"unsafe"

	"github.com/freshplan/freshplan/core/internal/canonurl"
)

// Kinds of change signal an observation carries.
const (
	sigFlag    uint8 = iota // sig is 1 when the fetch saw a change, 0 when not
	sigDigest               // sig is a hash of the content digest
	sigSame                 // a revisit record without a digest: unchanged
	sigUnknown              // a change flag left empty: the baseline if it is the URL's first fetch, else unknown
)

// obs is one usable row, as the readers file it and as finish merges it.
type obs struct {
	at, lm float64
	sig    uint64
	url    int32 // index in collector.urls
	kind   uint8
}

// Codes a row's signal is kept under in a block: a flag (0 or 1), a
// digest (its hash kept in block.sig) or a revisit without a digest.
const (
	codeFlag0 uint8 = iota
	codeFlag1
	codeDigest
	codeSame
	codeUnknown
)

// block holds up to blockSize rows, a column per field. The columns sig
// and lm are nil until a row of the block has a digest or a Last-Modified
// time, so a row of a file with neither takes 13 bytes.
type block struct {
	at   []float64
	url  []int32
	code []uint8
	sig  []uint64  // digest hashes, 0 for rows without one
	lm   []float64 // Last-Modified times, NaN for rows without one
}

// urlInfo is what is known of one URL besides its fetches.
type urlInfo struct {
	url, host     string
	weight, delay float64
	// The URL's last row filed (when rows > 0): a row repeating it is a
	// duplicate, counted and dropped as it streams in.
	last obs
	rows int
}

// collector gathers the observations of a file, URL by URL, and turns
// them into histories at the end.
type collector struct {
	log      *Log
	stripWWW bool
	seed     maphash.Seed
	index    map[string]int32 // URL, or urlkey for archives → index in urls
	urls     []urlInfo
	hosts    map[string]string // each host string once
	blocks   []block           // the rows, in blocks of blockSize so that growing copies nothing
	nobs     int               // rows in blocks
	// Rows given to add (kept or dropped as duplicates), and whether the
	// last had an empty change flag: what the CSV reader's shortcut for a
	// repeated line needs to know.
	adds         int
	addedUnknown bool
	compactAt    int      // nobs at which compact next runs
	digests      bool     // whether a block has a sig column
	sigs         []uint64 // scratch for countRepeats
}

func newCollector(log *Log, stripWWW bool) *collector {
	return &collector{log: log, stripWWW: stripWWW, seed: maphash.MakeSeed(),
		index: map[string]int32{}, hosts: map[string]string{}}
}

// lookup returns the index of the URL filed under key, if there is one.
// A key that is another spelling of a URL's (see find) is filed as the
// URL's index complemented, and counted as respelled each row.
func (c *collector) lookup(key []byte) (int32, bool) {
	i, ok := c.index[string(key)]
	if i < 0 {
		c.log.Respelled++
		return ^i, true
	}
	return i, ok
}

// find returns the index of the URL a row writes as u, if it is known,
// else the key to file it under: its canonical spelling (canonurl), so
// that one page written several ways is one URL (the caller counts the
// row as respelled when it files it under a key other than u). A
// spelling seen before costs one lookup; the check of its spelling is
// made once, when it is first met, and a spelling found to be another's
// is filed beside it.
func (c *collector) find(u []byte) (int32, bool, []byte) {
	if i, ok := c.lookup(u); ok {
		return i, true, nil
	}
	if canonurl.IsBytes(u) {
		return 0, false, u
	}
	canon := canonurl.Of(string(u))
	if i, ok := c.index[canon]; ok {
		c.index[string(u)] = ^i
		c.log.respelled(string(u), canon)
		return i, true, nil
	}
	return 0, false, []byte(canon)
}

// blockSize is the number of rows in one block of collector.blocks.
const blockSize = 1 << 16

// addURL files a new URL under key and returns its index.
func (c *collector) addURL(key, url, host string) int32 {
	if h, ok := c.hosts[host]; ok {
		host = h
	} else {
		c.hosts[host] = host
	}
	i := int32(len(c.urls))
	c.index[key] = i
	c.urls = append(c.urls, urlInfo{url: url, host: host, weight: 1})
	return i
}

// digest returns the hash a digest is compared by: two fetches with equal
// digests have equal hashes, and unequal digests collide with
// probability 2⁻⁶⁴.
func (c *collector) digest(d []byte) uint64 {
	return maphash.Bytes(c.seed, d)
}

// add files one row — unless it repeats its URL's last row (time,
// signal and Last-Modified): a duplicate, counted and dropped at once, so
// that a log of one row repeated holds one row, not millions (issue 22:
// 20M copies took 2.35 GB). Dropping it changes nothing finish would
// make (merge keeps one fetch per time, its Last-Modified the latest
// and its digest the last in file order; countRepeats would count it a
// duplicate). A row whose change flag is empty is kept: past a URL's
// first fetch, merge counts each such row as unflagged.
func (c *collector) add(o obs) {
	c.adds++
	c.addedUnknown = o.kind == sigUnknown
	u := &c.urls[o.url]
	if u.rows > 0 && o.kind != sigUnknown && o.kind == u.last.kind && o.at == u.last.at && o.sig == u.last.sig &&
		(o.lm == u.last.lm || math.IsNaN(o.lm) && math.IsNaN(u.last.lm)) {
		c.log.Duplicates++
		return
	}
	u.last = o
	u.rows++
	if c.nobs%blockSize == 0 {
		size := blockSize
		if c.nobs == 0 {
			size = 256 // the first block grows as needed: small files stay small
		}
		c.blocks = append(c.blocks, block{at: make([]float64, 0, size),
			url: make([]int32, 0, size), code: make([]uint8, 0, size)})
	}
	b := &c.blocks[len(c.blocks)-1]
	n := len(b.at)
	code := codeSame
	switch o.kind {
	case sigFlag:
		code = codeFlag0 + uint8(o.sig) // o.sig is 0 or 1
	case sigUnknown:
		code = codeUnknown
	case sigDigest:
		code = codeDigest
		if b.sig == nil {
			b.sig = make([]uint64, n, cap(b.at))
			c.digests = true
		}
	}
	if b.sig != nil {
		b.sig = append(b.sig, o.sig)
	}
	if !math.IsNaN(o.lm) && b.lm == nil {
		b.lm = make([]float64, n, cap(b.at))
		for i := range b.lm {
			b.lm[i] = math.NaN()
		}
	}
	if b.lm != nil {
		b.lm = append(b.lm, o.lm)
	}
	b.at = append(b.at, o.at)
	b.url = append(b.url, o.url)
	b.code = append(b.code, code)
	c.nobs++
	if c.nobs >= max(c.compactAt, compactMin) {
		c.compact()
		c.compactAt = 2 * c.nobs
	}
}

// compactMin is the fewest rows compact runs on.
var compactMin = 1 << 20

// compact drops every row that a later row of its URL repeats exactly
// (time, signal, Last-Modified), counting it a duplicate, so that the
// rows held stay within twice the distinct ones however the duplicates
// are ordered (add alone drops only a row repeating its URL's last). It
// runs each time the rows held double, so its work is linear in all. The
// later row is kept: merge compares the next fetch with the last digest
// at a time in file order, and a URL's last row stays its last. Rows
// with an empty change flag are all kept (merge counts each).
func (c *collector) compact() {
	n := c.nobs
	size := 16
	for size < 2*n {
		size *= 2
	}
	slots := make([]int32, size) // row + 1; 0 empty
	mask := uint64(size - 1)
	keep := make([]bool, n)
	for r := n - 1; r >= 0; r-- {
		b, i := &c.blocks[r/blockSize], r%blockSize
		if b.code[i] == codeUnknown {
			keep[r] = true
			continue
		}
		h := hashRow(b, i)
		for k := h & mask; ; k = (k + 1) & mask {
			j := slots[k]
			if j == 0 {
				slots[k] = int32(r + 1)
				keep[r] = true
				break
			}
			if sameRow(b, i, &c.blocks[(j-1)/blockSize], int(j-1)%blockSize) {
				c.log.Duplicates++
				break
			}
		}
	}
	slots = nil
	w := 0
	for r := range n {
		if !keep[r] {
			continue
		}
		if w != r {
			c.move(w, r)
		}
		w++
	}
	c.nobs = w
	nb := (w + blockSize - 1) / blockSize
	for k := nb; k < len(c.blocks); k++ {
		c.blocks[k] = block{}
	}
	c.blocks = c.blocks[:nb]
	if nb > 0 {
		last := &c.blocks[nb-1]
		m := w - (nb-1)*blockSize
		last.at, last.url, last.code = last.at[:m], last.url[:m], last.code[:m]
		if last.sig != nil {
			last.sig = last.sig[:m]
		}
		if last.lm != nil {
			last.lm = last.lm[:m]
		}
	}
}

// hashRow hashes row i of b's fields that make it a duplicate.
func hashRow(b *block, i int) uint64 {
	h := uint64(b.url[i])*0x9e3779b97f4a7c15 ^ math.Float64bits(b.at[i])
	h = h*0xbf58476d1ce4e5b9 ^ uint64(b.code[i])
	if b.sig != nil { // 0 when not a digest: as a block without the column
		h ^= b.sig[i] * 0x94d049bb133111eb
	}
	if b.lm != nil && !math.IsNaN(b.lm[i]) { // NaN: as a block without the column
		h ^= math.Float64bits(b.lm[i]) * 0x9e3779b97f4a7c15
	}
	return h ^ h>>31
}

// sameRow reports whether row i of a and row j of b are the same fetch
// with the same signal and Last-Modified.
func sameRow(a *block, i int, b *block, j int) bool {
	sig := func(x *block, k int) uint64 {
		if x.sig == nil {
			return 0
		}
		return x.sig[k]
	}
	lm := func(x *block, k int) float64 {
		if x.lm == nil {
			return math.NaN()
		}
		return x.lm[k]
	}
	la, lb := lm(a, i), lm(b, j)
	return a.url[i] == b.url[j] && a.at[i] == b.at[j] && a.code[i] == b.code[j] && sig(a, i) == sig(b, j) &&
		(la == lb || math.IsNaN(la) && math.IsNaN(lb))
}

// move copies row r over row w (w < r), making the columns row w's
// block lacks.
func (c *collector) move(w, r int) {
	src, i := &c.blocks[r/blockSize], r%blockSize
	dst, k := &c.blocks[w/blockSize], w%blockSize
	dst.at[k], dst.url[k], dst.code[k] = src.at[i], src.url[i], src.code[i]
	if src.sig != nil && dst.sig == nil {
		dst.sig = make([]uint64, len(dst.at), cap(dst.at))
	}
	if dst.sig != nil {
		dst.sig[k] = 0
		if src.sig != nil {
			dst.sig[k] = src.sig[i]
		}
	}
	if src.lm != nil && dst.lm == nil {
		dst.lm = make([]float64, len(dst.at), cap(dst.at))
		for x := range dst.lm {
			dst.lm[x] = math.NaN()
		}
	}
	if dst.lm != nil {
		dst.lm[k] = math.NaN()
		if src.lm != nil {
			dst.lm[k] = src.lm[i]
		}
	}
}

// need returns about the most memory the collector holds while finish
// runs: its rows, in blocks and then in the arrays finish makes of them,
// and the histories.
func (c *collector) need() int64 {
	per := int64(8 + 4 + 1 + 8) // a row in a block: at, url, code, lm
	if c.digests {
		per += 8
	}
	fetch := int64(unsafe.Sizeof(Fetch{})) + 1 // finish's fetches and codes
	if c.digests {
		fetch += 8
	}
	return int64(c.nobs)*(per+fetch) + int64(len(c.urls))*int64(unsafe.Sizeof(History{})+unsafe.Sizeof(urlInfo{})+8)
}

// finish returns the histories, one per URL in order of first appearance,
// each URL's fetches sorted by time (rows at the same time merged, see
// the package comment), and counts duplicates, merged rows and URLs with
// a single fetch into the log.
//
// The rows are first scattered, URL by URL in file order, into the array
// the fetches end up in (At and LastModified there, the signal beside it
// in codes and sigs), each block let go of once scattered. Each URL's rows
// are then merged into fetches in place: a URL has no more fetches than
// rows, so the fetches written never overtake the rows still to be read.
func (c *collector) finish(ctx context.Context) ([]History, error) {
	n := len(c.urls)
	c.index, c.hosts = nil, nil // only needed while reading
	start := make([]int32, n+1)
	for _, b := range c.blocks {
		for _, u := range b.url {
			start[u+1]++
		}
	}
	for u := 0; u < n; u++ {
		start[u+1] += start[u]
	}
	fetches := make([]Fetch, c.nobs)
	codes := make([]uint8, c.nobs)
	var sigs []uint64
	if c.digests {
		sigs = make([]uint64, c.nobs)
	}
	next := slices.Clone(start[:n])
	for k := range c.blocks {
		b := &c.blocks[k]
		for i, u := range b.url {
			p := next[u]
			next[u]++
			lm := math.NaN()
			if b.lm != nil {
				lm = b.lm[i]
			}
			fetches[p] = Fetch{At: b.at[i], LastModified: lm}
			codes[p] = b.code[i]
			if b.sig != nil {
				sigs[p] = b.sig[i]
			}
		}
		*b = block{}
	}
	next, c.blocks = nil, nil

	hist := make([]History, n)
	out := fetches[:0]
	var rows []obs
	for u := 0; u < n; u++ {
		if u&0xffff == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
		}
		rows = rows[:0]
		for p := start[u]; p < start[u+1]; p++ {
			o := obs{at: fetches[p].At, lm: fetches[p].LastModified}
			switch codes[p] {
			case codeFlag0, codeFlag1:
				o.kind, o.sig = sigFlag, uint64(codes[p]-codeFlag0)
			case codeDigest:
				o.kind, o.sig = sigDigest, sigs[p]
			case codeUnknown:
				o.kind = sigUnknown
			default:
				o.kind = sigSame
			}
			rows = append(rows, o)
		}
		if !slices.IsSortedFunc(rows, byTime) {
			slices.SortStableFunc(rows, byTime)
		}
		first := len(out)
		out = c.merge(out, rows) // within cap(fetches): writes over rows already read
		info := c.urls[u]
		hist[u] = History{URL: info.url, Host: info.host, Fetches: out[first:len(out):len(out)],
			Weight: info.weight, CrawlDelay: info.delay}
		if len(out)-first == 1 {
			c.log.Single++
		}
	}
	c.urls = nil
	return hist, nil
}

// signalKnown reports whether a row's signal is known: all but an empty flag.
func signalKnown(o obs) bool { return o.kind != sigUnknown }

func byTime(a, b obs) int {
	switch {
	case a.at < b.at:
		return -1
	case a.at > b.at:
		return 1
	}
	return 0
}

// merge appends the fetches of one URL's rows, sorted by time, to dst.
// Rows at the same time make one fetch: a row whose signal repeats one
// already seen at that time is a duplicate; other rows there are merged
// (the fetch is a change when any of them shows one, and the digest the
// next fetch is compared with is the last one in file order).
func (c *collector) merge(dst []Fetch, rows []obs) []Fetch {
	base := len(dst)
	var prev uint64 // the digest the next fetch is compared with
	known := false  // whether prev is set
	for i := 0; i < len(rows); {
		j := i + 1
		for j < len(rows) && rows[j].at == rows[i].at {
			j++
		}
		group := rows[i:j]
		i = j
		if len(dst) > base && group[0].kind == sigUnknown && !slices.ContainsFunc(group, signalKnown) {
			// Past the baseline, a fetch whose change flag was left empty
			// says nothing of its interval: dropped, and the next fetch's
			// flag read over both intervals.
			c.log.Unflagged += len(group)
			continue
		}
		if len(group) > 1 {
			c.countRepeats(group)
		}
		f := Fetch{At: group[0].at, LastModified: math.NaN()}
		changed := false
		for _, o := range group {
			if !math.IsNaN(o.lm) && !(o.lm <= f.LastModified) {
				f.LastModified = o.lm
			}
			switch o.kind {
			case sigFlag:
				changed = changed || o.sig == 1
			case sigDigest:
				changed = changed || (known && o.sig != prev)
			}
		}
		for _, o := range group {
			if o.kind == sigDigest {
				prev, known = o.sig, true
			}
		}
		f.Changed = changed && len(dst) > base // the first fetch is the baseline
		dst = append(dst, f)
	}
	return dst
}

// countRepeats counts, among rows at one time, those whose signal repeats
// an earlier one (Duplicates) and those that differ (Merged). A revisit
// without a digest repeats whatever else was fetched at that time.
func (c *collector) countRepeats(group []obs) {
	c.sigs = c.sigs[:0]
	same := 0
	for _, o := range group {
		if o.kind == sigSame || o.kind == sigUnknown {
			same++
			continue
		}
		c.sigs = append(c.sigs, o.sig)
	}
	if len(c.sigs) == 0 {
		c.log.Duplicates += same - 1
		return
	}
	slices.Sort(c.sigs)
	distinct := len(slices.Compact(c.sigs))
	c.log.Duplicates += len(group) - distinct
	c.log.Merged += distinct - 1
}
