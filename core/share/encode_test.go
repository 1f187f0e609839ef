package share

import (
	"bytes"
	"compress/flate"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// params0 are the web app's defaults: a valid Params.
var params0 = Params{Horizon: 86400, Politeness: 15, Budget: 20000, Objective: "staleness",
	Model: "steady", Policy: "psp", Target: 0.9}

// csvData is a small pages table.
var csvData = []byte("url,host,changes_per_day\nhttps://a.com/1,a.com,2.5\nhttps://b.org/x,b.org,0.1\n")

// randomBytes returns n bytes from a fixed seed: incompressible data.
func randomBytes(seed uint64, n int) []byte {
	r := rand.New(rand.NewPCG(seed, 1))
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// address is a page's address, as the app passes it to Budget.
const address = "https://freshplan.example/app/"

// budget is the maxLen the app at address gives Encode.
var budget = Budget(address)

// roundTrip encodes s within maxLen, checks Encode is deterministic,
// decodes, and returns the fragment and the decoded state.
func roundTrip(t *testing.T, s State, maxLen int) (string, State) {
	t.Helper()
	frag, err := Encode(s, maxLen)
	if err != nil {
		t.Fatalf("Encode: %v", err)
	}
	if again, _ := Encode(s, maxLen); again != frag {
		t.Fatalf("Encode is not deterministic:\n%.200s\n%.200s", frag, again)
	}
	got, err := Decode("#" + frag)
	if err != nil {
		t.Fatalf("Decode(%.200s): %v", frag, err)
	}
	if _, err := Describe(frag); err != nil {
		t.Fatalf("Describe: %v", err)
	}
	return frag, got
}

func TestRoundTrip(t *testing.T) {
	sample := params0
	sample.Sample = true
	tenth := 0.1
	odd := Params{Horizon: 5e-324, Politeness: math.Copysign(0, -1), Budget: 999999999999999999,
		Crawlers: 100000, Rate: 1e300, Objective: "age", Model: "horizon", Policy: "a_b-9",
		Target: tenth + 0.2, HalfLife: 1.0 / 3}
	big := FingerprintOf("big export (2).csv", randomBytes(7, 1000))
	big.Size = 80 << 30
	skipping := params0
	skipping.SkipBad = true
	for _, tc := range []struct {
		name   string
		s      State
		prefix string // of the fragment
	}{
		{"sample", State{Params: sample}, "v1&h=86400&p=15&b=20000&c=0&r=0&o=staleness&m=steady&a=psp&t=0.9&l=0&s=1"},
		{"embedded", NewState(params0, "pages.csv", csvData), "v1&h=86400&p=15&b=20000&c=0&r=0&o=staleness&m=steady&a=psp&t=0.9&l=0&e=pages.csv&z=77&x="},
		{"empty file", NewState(odd, "empty.csv", []byte{}), "v1&h=5e-324&p=-0&b=999999999999999999&c=100000&r=1e300&o=age&m=horizon&a=a_b-9&t=0.30000000000000004&l=0.3333333333333333&e=empty.csv&z=0&x=e3b0c442"},
		{"odd name", NewState(params0, "a b+c&d=e%f#g 日本.csv", csvData), "v1&h=86400&p=15&b=20000&c=0&r=0&o=staleness&m=steady&a=psp&t=0.9&l=0&e=a%20b%2Bc%26d%3De%25f%23g%20%E6%97%A5%E6%9C%AC.csv&z=77"},
		{"fingerprint", State{Params: params0, File: big}, "v1&h=86400&p=15&b=20000&c=0&r=0&o=staleness&m=steady&a=psp&t=0.9&l=0&f=big%20export%20%282%29.csv&z=85899345920&x="},
		{"incompressible", NewState(params0, "noise.bin", randomBytes(1, 8000)), "v1&h=86400&p=15&b=20000&c=0&r=0&o=staleness&m=steady&a=psp&t=0.9&l=0&f=noise.bin&z=8000&x="},
		{"history over the link", NewState(params0, "history.csv", history(20000)), "v1&h=86400&p=15&b=20000&c=0&r=0&o=staleness&m=steady&a=psp&t=0.9&l=0&f=history.csv&z="},
		{"bad rows skipped", NewState(skipping, "messy.csv", csvData), "v2&h=86400&p=15&b=20000&c=0&r=0&o=staleness&m=steady&a=psp&t=0.9&l=0&k=1&e=messy.csv&z=77&x="},
		{"bad rows skipped, fingerprint", State{Params: skipping, File: big}, "v2&h=86400&p=15&b=20000&c=0&r=0&o=staleness&m=steady&a=psp&t=0.9&l=0&k=1&f=big%20export%20%282%29.csv&z=85899345920&x="},
	} {
		t.Run(tc.name, func(t *testing.T) {
			frag, got := roundTrip(t, tc.s, budget)
			if !strings.HasPrefix(frag, tc.prefix) {
				t.Errorf("fragment %.300s\nwant prefix %s", frag, tc.prefix)
			}
			if n := len(address) + 1 + len(frag); n > MaxLink {
				t.Errorf("the link is %d characters, over %d", n, MaxLink)
			}
			want := tc.s
			if strings.Contains(tc.prefix, "&f=") && want.Data != nil {
				want.Data = nil // too big to embed: the fingerprint alone comes back
				if strings.Contains(frag, "&d=") {
					t.Errorf("data too big for a link was embedded")
				}
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("Decode(Encode(s)) = %+.200v\nwant %+.200v", got, want)
			}
			if math.Signbit(got.Params.Politeness) != math.Signbit(want.Params.Politeness) {
				t.Errorf("politeness %v, want %v", got.Params.Politeness, want.Params.Politeness)
			}
		})
	}
}

// TestBoundary embeds a file whose fragment is exactly maxLen characters
// and links it by fingerprint when maxLen is one less, whatever the
// fragment's length is modulo 4 (base64's steps).
func TestBoundary(t *testing.T) {
	for i, n := range []int{3000, 3001, 3002, 3003, 4500, 5555} {
		s := NewState(params0, "edge.bin", randomBytes(uint64(10+i), n))
		full := mustEncode(t, s)
		if !strings.Contains(full, "&d=") {
			t.Fatalf("%d random bytes are not embedded in a link of up to %d characters", n, MaxFragment)
		}
		if frag, got := roundTrip(t, s, len(full)); frag != full || !reflect.DeepEqual(got, s) {
			t.Errorf("%d bytes in a fragment of exactly maxLen = %d characters are not embedded", n, len(full))
		}
		frag, got := roundTrip(t, s, len(full)-1)
		fp := s
		fp.Data = nil
		if strings.Contains(frag, "&d=") || !reflect.DeepEqual(got, fp) || len(frag) > len(full)-1 {
			t.Errorf("%d bytes whose fragment is %d characters are embedded within %d: %.200s", n, len(full), len(full)-1, frag)
		}
	}
}

// TestLinkFitsAChat: within Budget, a link of a big file is at most
// MaxLink characters, address included, and holds the fingerprint; the
// biggest file that is embedded gives a link of at most MaxLink, and one
// more byte of it does not; a file whose fingerprint alone makes the link
// too long still gets the fingerprint, the shortest link there is.
func TestLinkFitsAChat(t *testing.T) {
	// A change history of 1.4 MB, as in issue 20 (whose link was 166,836
	// characters with the file in it).
	hist := history(30000)
	if len(hist) < 1300000 || len(hist) > 1500000 {
		t.Fatalf("the history is %d bytes", len(hist))
	}
	s := NewState(params0, "history.csv", hist)
	frag, got := roundTrip(t, s, budget)
	fp := s
	fp.Data = nil
	if strings.Contains(frag, "&d=") || !reflect.DeepEqual(got, fp) {
		t.Errorf("a %d-byte history is embedded: %.200s", len(hist), frag)
	}
	if n := len(address) + 1 + len(frag); n > MaxLink {
		t.Errorf("the link of a %d-byte history is %d characters", len(hist), n)
	}
	if old := mustEncode(t, s); len(old) < 100000 || !strings.Contains(old, "&d=") {
		t.Errorf("within MaxFragment the history takes %d characters (embedded: %t), not over 100,000 embedded", len(old), strings.Contains(old, "&d="))
	}

	// The longest prefix of the history that is embedded.
	embeds := func(n int) bool {
		frag, err := Encode(NewState(params0, "history.csv", hist[:n]), budget)
		if err != nil {
			t.Fatal(err)
		}
		if l := len(address) + 1 + len(frag); l > MaxLink {
			t.Fatalf("the link of %d bytes is %d characters", n, l)
		}
		return strings.Contains(frag, "&d=")
	}
	lo, hi := 0, len(hist) // embeds(lo), !embeds(hi)
	if !embeds(lo) || embeds(hi) {
		t.Fatalf("embeds(0) = %t, embeds(%d) = %t", embeds(lo), hi, embeds(hi))
	}
	for hi-lo > 1 {
		if mid := (lo + hi) / 2; embeds(mid) {
			lo = mid
		} else {
			hi = mid
		}
	}
	at := mustEncode(t, NewState(params0, "history.csv", hist[:lo]))
	over := mustEncode(t, NewState(params0, "history.csv", hist[:lo+1]))
	if n := len(address) + 1 + len(at); n > MaxLink || n < MaxLink-8 {
		t.Errorf("the longest link with data (%d bytes of the history) is %d characters: want at most %d, and within a few", lo, n, MaxLink)
	}
	if n := len(address) + 1 + len(over); n <= MaxLink && !embeds(lo+1) {
		t.Errorf("%d bytes would make a link of %d characters yet are not embedded", lo+1, n)
	}
	t.Logf("%d bytes of a change history are embedded in a link of %d characters", lo, len(address)+1+len(at))

	// An address that leaves no room: the fingerprint all the same.
	long := strings.Repeat("x", MaxLink)
	frag, got = roundTrip(t, NewState(params0, "pages.csv", csvData), Budget(long))
	if strings.Contains(frag, "&d=") || got.Data != nil || got.File != FingerprintOf("pages.csv", csvData) {
		t.Errorf("with no room a link embeds its data: %.200s", frag)
	}
}

func TestBudget(t *testing.T) {
	for addr, want := range map[string]int{
		"":                             MaxLink - 1,
		"http://127.0.0.1:8000/":       MaxLink - 23,
		"https://ex.org/日本/":           MaxLink - 19, // characters, not bytes
		strings.Repeat("a", 2*MaxLink): -MaxLink - 1,
	} {
		if got := Budget(addr); got != want {
			t.Errorf("Budget(%.40q) = %d, want %d", addr, got, want)
		}
	}
}

// TestEmbeddedBoundary: within MaxFragment, data whose packed stream is
// exactly MaxEmbedded bytes is embedded and one more byte of it is linked
// by fingerprint — the longest links Encode made before MaxLink, which
// Decode still opens.
func TestEmbeddedBoundary(t *testing.T) {
	if testing.Short() {
		t.Skip("packs ~1 MiB several times")
	}
	src := randomBytes(3, MaxEmbedded)
	n := MaxEmbedded - 100
	var size int
	for range 10 { // random data is stored: the size grows with n, mostly in steps of 1
		if size = packedSize(t, src[:n]); size == MaxEmbedded {
			break
		}
		n += MaxEmbedded - size
	}
	if size != MaxEmbedded {
		t.Fatalf("no length packs to exactly %d bytes (last %d bytes packed to %d)", MaxEmbedded, n, size)
	}
	if _, ok := deflate(src[:n+1], MaxFragment); ok {
		t.Fatalf("%d bytes pack into %d: the boundary moved", n+1, MaxEmbedded)
	}
	at := NewState(params0, "edge.bin", src[:n])
	if frag, got := roundTrip(t, at, MaxFragment); !reflect.DeepEqual(got, at) || !strings.Contains(frag, "&d=") {
		t.Errorf("%d bytes packed to exactly %d are not embedded", n, MaxEmbedded)
	}
	over := NewState(params0, "edge.bin", src[:n+1])
	frag, got := roundTrip(t, over, MaxFragment)
	over.Data = nil
	if !reflect.DeepEqual(got, over) || strings.Contains(frag, "&d=") {
		t.Errorf("%d bytes packed to more than %d are embedded", n+1, MaxEmbedded)
	}
}

// history returns a change history of n rows, as freshplan's own export
// writes one: text that packs about tenfold.
func history(n int) []byte {
	r := rand.New(rand.NewPCG(20, 7))
	var b strings.Builder
	b.WriteString("url,time,changed\n")
	t := int64(1700000000)
	for i := range n {
		t += int64(r.IntN(30))
		fmt.Fprintf(&b, "https://site%d.example/page/%d,%d,%d\n", i%40, r.IntN(3000), t, r.IntN(2))
	}
	return []byte(b.String())
}

// packedSize returns the length of data packed as deflate packs it, but
// uncapped.
func packedSize(t *testing.T, data []byte) int {
	var b bytes.Buffer
	w, err := flate.NewWriter(&b, flate.BestCompression)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(data)
	w.Close()
	return b.Len()
}

// TestTooLongToEmbed links a file over MaxInflated bytes by its
// fingerprint, however well it packs, and without packing it.
func TestTooLongToEmbed(t *testing.T) {
	if testing.Short() {
		t.Skip("hashes 64 MiB")
	}
	data := make([]byte, MaxInflated+1)
	s := NewState(params0, "zeros.bin", data)
	frag, got := roundTrip(t, s, MaxFragment)
	if strings.Contains(frag, "&d=") || got.Data != nil || got.File != s.File {
		t.Errorf("a %d-byte file was embedded: %.300s", len(data), frag)
	}
	// At MaxInflated, zeros pack to ~64 KiB and are embedded when the
	// link may be that long, and not in a link that fits a chat.
	s = NewState(params0, "zeros.bin", data[:MaxInflated])
	if frag, got := roundTrip(t, s, MaxFragment); !strings.Contains(frag, "&d=") || !bytes.Equal(got.Data, s.Data) {
		t.Errorf("%d zeros were not embedded", MaxInflated)
	}
	if frag, got := roundTrip(t, s, budget); strings.Contains(frag, "&d=") || got.Data != nil {
		t.Errorf("%d zeros were embedded in a link within %d characters", MaxInflated, budget)
	}
}

// TestRoundTripRandom round-trips random valid states.
func TestRoundTripRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(42, 42))
	floats := func() float64 {
		switch r.IntN(4) {
		case 0:
			return 0
		case 1:
			return float64(r.IntN(1000))
		case 2:
			return r.ExpFloat64() * math.Pow(10, float64(r.IntN(40)-20))
		}
		return math.Float64frombits(r.Uint64() &^ (1 << 63)) // any bits: NaN and Inf are replaced below
	}
	names := []string{"pages.csv", "log 2024.cdx", "ünïcødé+&=%#.csv", "a", strings.Repeat("n", maxName), "x😀y"}
	policies := []string{"psp", "mp2", "mwolf", "uniform", "proportional", "cho", "azar", "none"}
	for i := range 300 {
		p := Params{Horizon: floats(), Politeness: floats(), Budget: r.IntN(1 << 31), Crawlers: r.IntN(100), Rate: floats(),
			Objective: []string{"staleness", "age"}[r.IntN(2)], Model: []string{"steady", "horizon"}[r.IntN(2)],
			Policy: policies[r.IntN(len(policies))], Target: r.Float64(), HalfLife: floats()}
		if !(p.Horizon > 0) || math.IsInf(p.Horizon, 0) || math.IsNaN(p.Horizon) {
			p.Horizon = 3600
		}
		for _, x := range []*float64{&p.Politeness, &p.Rate, &p.HalfLife} {
			if math.IsInf(*x, 0) || math.IsNaN(*x) {
				*x = 1
			}
		}
		if p.Target == 0 {
			p.Target = 0.5
		}
		var s State
		name := names[r.IntN(len(names))]
		kind := r.IntN(3)
		p.SkipBad = kind > 0 && r.IntN(2) == 0 // a file's bad rows may have been skipped; the sample has none
		switch kind {
		case 0:
			p.Sample = true
			s = State{Params: p}
		case 1:
			data := make([]byte, r.IntN(5000))
			for j := range data { // text-like: some repetition, some noise
				data[j] = "abc,\n0123456789"[r.IntN(15)]
			}
			s = NewState(p, name, data)
		default:
			var h [32]byte
			for j := range h {
				h[j] = byte(r.Uint32())
			}
			s = State{Params: p, File: Fingerprint{Name: name, Size: r.Int64(), SHA256: h}}
		}
		frag, got := roundTrip(t, s, budget)
		if s.Data != nil && !strings.Contains(frag, "&d=") {
			if len(frag) > budget {
				t.Errorf("state %d: a fingerprint link of %d characters, over %d", i, len(frag), budget)
			}
			s.Data = nil // the fingerprint alone comes back
		}
		if !reflect.DeepEqual(got, s) {
			t.Errorf("state %d: Decode(Encode(s)) = %+.200v\nwant %+.200v", i, got, s)
		}
	}
}

// TestEncodeRefuses checks Encode refuses what a link cannot hold.
func TestEncodeRefuses(t *testing.T) {
	with := func(f func(*Params)) Params { p := params0; f(&p); return p }
	good := FingerprintOf("pages.csv", csvData)
	for _, tc := range []struct {
		name string
		s    State
		want string
	}{
		{"NaN horizon", State{Params: with(func(p *Params) { p.Horizon = math.NaN() }), File: good},
			`share: cannot make a link: the horizon is "NaN"; expected a number of seconds greater than 0`},
		{"zero horizon", State{Params: with(func(p *Params) { p.Horizon = 0 }), File: good},
			`share: cannot make a link: the horizon is "0"; expected a number of seconds greater than 0`},
		{"infinite rate", State{Params: with(func(p *Params) { p.Rate = math.Inf(1) }), File: good},
			`share: cannot make a link: the rate is "+Inf"; expected a number of pages per second, 0 or more`},
		{"negative budget", State{Params: with(func(p *Params) { p.Budget = -5 }), File: good},
			`share: cannot make a link: the budget is "-5"; expected a whole number of visits, 0 or more`},
		{"policy", State{Params: with(func(p *Params) { p.Policy = "PSP" }), File: good},
			`share: cannot make a link: the policy is "PSP"; expected a name of 1 to 32 lower-case letters, digits, _ or -`},
		{"target 1", State{Params: with(func(p *Params) { p.Target = 1 }), File: good},
			`share: cannot make a link: the freshness target is "1"; expected a number between 0 and 1`},
		{"objective", State{Params: with(func(p *Params) { p.Objective = "" }), File: good},
			`share: cannot make a link: the objective is ""; expected staleness, age or harmonic`},
		{"sample with data", State{Params: with(func(p *Params) { p.Sample = true }), Data: csvData, File: good},
			"share: cannot make a link: a plan of the sample has no data or file of its own"},
		{"sample with bad rows skipped", State{Params: with(func(p *Params) { p.Sample, p.SkipBad = true, true })},
			"share: cannot make a link: the sample has no bad rows to skip"},
		{"data without fingerprint", State{Params: params0, Data: csvData},
			"share: cannot make a link: File is not the fingerprint of Data (use NewState)"},
		{"nothing", State{Params: params0},
			"share: cannot make a link: the state has no data, no file and is not the sample"},
		{"no name", NewState(params0, "", csvData),
			`share: cannot make a link: the file name "" is not 1 to 255 bytes of text without control characters`},
		{"newline in name", NewState(params0, "a\nb.csv", csvData),
			`share: cannot make a link: the file name "a\nb.csv" is not 1 to 255 bytes of text without control characters`},
		{"bidi override", NewState(params0, "evil\u202Evsc.exe", csvData),
			`share: cannot make a link: the file name "evil\u202evsc.exe" is not 1 to 255 bytes of text without control characters`},
		{"long name", NewState(params0, strings.Repeat("n", maxName+1), csvData),
			`share: cannot make a link: the file name "nnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnnn"… is not 1 to 255 bytes of text without control characters`},
		{"negative size", State{Params: params0, File: Fingerprint{Name: "a.csv", Size: -1}},
			"share: cannot make a link: the file size -1 is negative"},
		{"stale fingerprint", State{Params: params0, Data: csvData[1:], File: good},
			"share: cannot make a link: File is not the fingerprint of Data (use NewState)"},
	} {
		frag, err := Encode(tc.s, MaxFragment)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%s: Encode = %.100q, %v\nwant error %s", tc.name, frag, err, tc.want)
		}
	}
}

// TestNumParams checks decode.go's key indexes against params.
func TestNumParams(t *testing.T) {
	if len(params) != numParams {
		t.Fatalf("len(params) = %d, numParams = %d", len(params), numParams)
	}
	seen := map[string]bool{}
	for i := range numKeys {
		k := strings.Fields(strings.NewReplacer("(", " ", ")", " ").Replace(keyName(i)))
		name := k[len(k)-1]
		if seen[name] || key(name) != i {
			t.Errorf("key %q of index %d is repeated or misplaced", name, i)
		}
		seen[name] = true
	}
}
