package share

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/hex"
	"reflect"
	"runtime"
	"strings"
	"testing"
)

// head is the parameters of params0 as Encode writes them.
const head = "v1&h=86400&p=15&b=20000&c=0&r=0&o=staleness&m=steady&a=psp&t=0.9&l=0"

// pack returns data as a raw DEFLATE stream at level, in base64url.
func pack(t testing.TB, data []byte, level int) string {
	var b bytes.Buffer
	w, err := flate.NewWriter(&b, level)
	if err != nil {
		t.Fatal(err)
	}
	w.Write(data)
	w.Close()
	return base64.RawURLEncoding.EncodeToString(b.Bytes())
}

// mustEncode returns Encode(s, MaxFragment) — the file embedded whenever
// it packs into MaxEmbedded, as links were made before MaxLink and as
// Decode still reads them — or stops the test.
func mustEncode(t testing.TB, s State) string {
	frag, err := Encode(s, MaxFragment)
	if err != nil {
		t.Fatal(err)
	}
	return frag
}

// TestDecodeRefuses decodes broken links, each with its exact message.
func TestDecodeRefuses(t *testing.T) {
	sum := FingerprintOf("pages.csv", csvData)
	x := hex.EncodeToString(sum.SHA256[:])
	file := head + "&f=pages.csv&z=77&x=" + x
	embedded := mustEncode(t, NewState(params0, "pages.csv", csvData))
	d := embedded[strings.Index(embedded, "&d=")+3:]
	noise := mustEncode(t, NewState(params0, "noise.bin", randomBytes(5, 300))) // stored: a flipped character changes one byte
	flipped := []byte(noise)
	if flipped[len(flipped)-10] == 'A' {
		flipped[len(flipped)-10] = 'B'
	} else {
		flipped[len(flipped)-10] = 'A'
	}
	withHead := func(rest string) string { return head + rest }
	replace := func(s, old, new string) string {
		if !strings.Contains(s, old) {
			t.Fatalf("%q has no %q", s, old)
		}
		return strings.Replace(s, old, new, 1)
	}
	for _, tc := range []struct {
		name, link, want string
	}{
		{"empty", "", "the link holds no plan: there is nothing after its # — copy the whole link"},
		{"only #", "#", "the link holds no plan: there is nothing after its # — copy the whole link"},
		{"too long", "v1&" + strings.Repeat("a", MaxFragment), "the link is too long (1,048,579 bytes); a freshplan link is at most 1 MiB"},
		{"v3", "v3", "this link was made by a newer freshplan (v3); reload the page to update freshplan, then open the link again"},
		{"v2 without its flag", replace(file, "v1", "v2"), "the link is incomplete: it has no skip-bad-rows flag (k) — copy the whole link"},
		{"v2 flag not 1", replace(replace(file, "v1", "v2"), "&f=", "&k=0&f="), `the link's skip-bad-rows flag (k) is "0"; expected 1`},
		{"v1 with v2's flag", replace(file, "&f=", "&k=1&f="), `the link has an unknown key "k": it was edited or damaged — copy the whole link again`},
		{"v2 of the sample", replace(replace(file, "v1", "v2"), "&f=pages.csv&z=77&x="+x, "&k=1&s=1"), "the link is damaged: a plan of the sample has no skip-bad-rows flag (k)"},
		{"v7 link", replace(file, "v1", "v7"), "this link was made by a newer freshplan (v7); reload the page to update freshplan, then open the link again"},
		{"v0", replace(file, "v1", "v0"), `this is not a freshplan link: it should start with #v1, not "v0"`},
		{"V1", replace(file, "v1", "V1"), `this is not a freshplan link: it should start with #v1, not "V1"`},
		{"a whole URL", "https://example.com/#" + file, `this is not a freshplan link: it should start with #v1, not "https://example.com/#v1"`},
		{"version only", "v1", "the link is incomplete: it has no horizon (h) — copy the whole link"},
		{"missing key", replace(file, "&b=20000", ""), "the link is incomplete: it has no budget (b) — copy the whole link"},
		{"cut in a key", head + "&f", "the link is incomplete: it ends early — copy the whole link"},
		{"no data section", head, "the link is incomplete: it does not say which data to plan — copy the whole link"},
		{"not key=value", replace(file, "&c=0", "&c0"), `the link is damaged: "c0" is not of the form key=value — copy the whole link again`},
		{"unknown key", file + "&q=1", `the link has an unknown key "q": it was edited or damaged — copy the whole link again`},
		{"repeated key", file + "&h=60", "the link is damaged: it has its horizon (h) twice"},
		{"bad number", replace(file, "h=86400", "h=1day"), `the link's horizon (h) is "1day"; expected a number of seconds greater than 0`},
		{"empty number", replace(file, "h=86400", "h="), `the link's horizon (h) is ""; expected a number of seconds greater than 0`},
		{"hexadecimal number", replace(file, "h=86400", "h=0x1p-2"), `the link's horizon (h) is "0x1p-2"; expected a number of seconds greater than 0`},
		{"number with an underscore", replace(file, "h=86400", "h=8_6400"), `the link's horizon (h) is "8_6400"; expected a number of seconds greater than 0`},
		{"number with a dot alone", replace(file, "h=86400", "h=86400."), `the link's horizon (h) is "86400."; expected a number of seconds greater than 0`},
		{"zero horizon", replace(file, "h=86400", "h=0"), `the link's horizon (h) is "0"; expected a number of seconds greater than 0`},
		{"NaN", replace(file, "r=0", "r=NaN"), `the link's rate (r) is "NaN"; expected a number of pages per second, 0 or more`},
		{"Inf", replace(file, "p=15", "p=inf"), `the link's politeness (p) is "inf"; expected a number of seconds, 0 or more`},
		{"overflow", replace(file, "l=0", "l=1e999"), `the link's half-life (l) is "1e999"; expected a number of days, 0 or more (0 for none)`},
		{"negative politeness", replace(file, "p=15", "p=-1"), `the link's politeness (p) is "-1"; expected a number of seconds, 0 or more`},
		{"negative budget", replace(file, "b=20000", "b=-5"), `the link's budget (b) is "-5"; expected a whole number of visits, 0 or more`},
		{"signed budget", replace(file, "b=20000", "b=+5"), `the link's budget (b) is "+5"; expected a whole number of visits, 0 or more`},
		{"fractional crawlers", replace(file, "c=0", "c=1.5"), `the link's number of crawlers (c) is "1.5"; expected a whole number, 0 or more`},
		{"huge budget", replace(file, "b=20000", "b=9999999999999999999"), `the link's budget (b) is "9999999999999999999"; expected a whole number of visits, 0 or more`},
		{"target 1", replace(file, "t=0.9", "t=1"), `the link's freshness target (t) is "1"; expected a number between 0 and 1`},
		{"objective", replace(file, "o=staleness", "o=freshness"), `the link's objective (o) is "freshness"; expected staleness, age or harmonic`},
		{"model", replace(file, "m=steady", "m=Steady"), `the link's model (m) is "Steady"; expected steady or horizon`},
		{"policy", replace(file, "a=psp", "a=PSP"), `the link's policy (a) is "PSP"; expected a name of 1 to 32 lower-case letters, digits, _ or -`},
		{"long policy", replace(file, "a=psp", "a="+strings.Repeat("p", 50)), `the link's policy (a) is "pppppppppppppppppppppppppppppppppppppppp"…; expected a name of 1 to 32 lower-case letters, digits, _ or -`},
		{"bad escape", replace(file, "pages.csv", "pages%zz.csv"), "the link is damaged: its file name (f) has a broken %-escape"},
		{"sample and file", file + "&s=1", "the link is damaged: it holds more than one of the sample (s), a file (e) and a fingerprint (f)"},
		{"sample flag", withHead("&s=yes"), `the link's sample flag (s) is "yes"; expected 1`},
		{"sample with size", withHead("&s=1&z=4"), "the link is damaged: a plan of the sample has no file size (z)"},
		{"fingerprint with data", file + "&d=" + d, "the link is damaged: a link holding a fingerprint (f) has no data (d)"},
		{"empty name", replace(file, "f=pages.csv", "f="), `the link's file name (f) is ""; expected 1 to 255 bytes of text without control characters`},
		{"newline in name", replace(file, "f=pages.csv", "f=a%0Ab"), `the link's file name (f) is "a\nb"; expected 1 to 255 bytes of text without control characters`},
		{"bad UTF-8 name", replace(file, "f=pages.csv", "f=%FF"), `the link's file name (f) is "\xff"; expected 1 to 255 bytes of text without control characters`},
		{"no size", withHead("&f=pages.csv"), "the link is incomplete: it has no file size (z) — copy the whole link"},
		{"negative size", replace(file, "z=77", "z=-77"), `the link's file size (z) is "-77"; expected a whole number of bytes`},
		{"size overflow", replace(file, "z=77", "z=9223372036854775808"), `the link's file size (z) is "9223372036854775808"; expected a whole number of bytes`},
		{"no hash", withHead("&f=pages.csv&z=77"), "the link is incomplete: it has no SHA-256 fingerprint (x) — copy the whole link"},
		{"cut hash", file[:len(file)-25], "the link is incomplete: its SHA-256 fingerprint (x) ends early — copy the whole link"},
		{"cut hash, odd", file[:len(file)-1], "the link is incomplete: its SHA-256 fingerprint (x) ends early — copy the whole link"},
		{"bad hash", file[:len(file)-1] + "g", `the link's SHA-256 fingerprint (x) is "` + x[:40] + `"…; expected 64 hexadecimal digits`},
		{"long hash", file + "0", `the link's SHA-256 fingerprint (x) is "` + x[:40] + `"…; expected 64 hexadecimal digits`},
		{"no data", embedded[:strings.Index(embedded, "&d=")], "the link is incomplete: it has no data (d) — copy the whole link"},
		{"declared size over the limit", replace(embedded, "z=77", "z=67108865"), "the link's data would unpack to 67,108,865 bytes, more than the 64 MiB freshplan unpacks from a link"},
		{"data too long", replace(embedded, d, strings.Repeat("A", base64.RawURLEncoding.EncodedLen(MaxEmbedded)+1)), "the link's data is longer than the 512 KiB of packed data a link holds"},
		{"bad base64", replace(embedded, d, d[:5]+"!"+d[6:]), `the link is damaged: its data (d) has "!" at position 6, which base64url does not use — copy the whole link again`},
		{"standard base64", replace(embedded, d, d[:5]+"+"+d[6:]), `the link is damaged: its data (d) has "+" at position 6, which base64url does not use — copy the whole link again`},
		{"base64 cut to 4n+1", replace(embedded, d, d[:4*(len(d)/4-1)+1]), "the link is incomplete: its data ends early — copy the whole link"},
		{"base64 cut by 1", embedded[:len(embedded)-1], "the link is incomplete: its data ends early — copy the whole link"},
		{"base64 cut by half", embedded[:len(embedded)-len(d)/2], "the link is incomplete: its data ends early — copy the whole link"},
		{"base64 cut to 1", replace(embedded, d, d[:2]), "the link is incomplete: its data ends early — copy the whole link"},
		{"empty data", replace(embedded, d, ""), "the link is incomplete: its data ends early — copy the whole link"},
		{"small link, big size", replace(embedded, "z=77", "z=67108864"), "the link is incomplete: its data ends early — copy the whole link"},
		{"flipped byte", string(flipped), "the link is damaged: its data does not match the fingerprint it carries — copy the whole link again"},
		{"not deflate", replace(embedded, d, base64.RawURLEncoding.EncodeToString([]byte{0xff, 0xff, 0xff, 0xff})), "the link is damaged: its data is not valid compressed data — copy the whole link again"},
		{"declares less", replace(embedded, "z=77", "z=76"), "the link is damaged: its data unpacks to more than the 76 bytes it declares — copy the whole link again"},
		{"declares nothing", replace(embedded, "z=77", "z=0"), "the link is damaged: its data unpacks to more than the 0 bytes it declares — copy the whole link again"},
		{"declares more", replace(embedded, "z=77", "z=78"), "the link is damaged: its data unpacks to 77 bytes, not the 78 bytes it declares — copy the whole link again"},
		{"stray bytes", replace(embedded, d, base64.RawURLEncoding.EncodeToString(append(mustDecode64(t, d), 0))),
			"the link is damaged: its data has stray bytes after its end — copy the whole link again"},
	} {
		got, err := Decode(tc.link)
		if err == nil {
			t.Errorf("%s: Decode(%.100q) = %+.100v, want error %s", tc.name, tc.link, got, tc.want)
		} else if err.Error() != tc.want {
			t.Errorf("%s: Decode(%.100q)\n got %s\nwant %s", tc.name, tc.link, err, tc.want)
		} else if !reflect.DeepEqual(got, State{}) {
			t.Errorf("%s: Decode returned %+.100v beside its error", tc.name, got)
		}
	}
}

// mustDecode64 returns the bytes of unpadded base64url s.
func mustDecode64(t testing.TB, s string) []byte {
	b, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestDecodeAccepts reads links Encode did not write byte for byte.
func TestDecodeAccepts(t *testing.T) {
	s := NewState(params0, "pages.csv", csvData)
	frag := mustEncode(t, s)
	keys := strings.Split(frag, "&")
	for i, j := 1, len(keys)-1; i < j; i, j = i+1, j-1 {
		keys[i], keys[j] = keys[j], keys[i]
	}
	for _, link := range []string{
		frag, "#" + frag, " #" + frag + "\n", // copied with blanks around
		strings.Join(keys, "&"),                              // any order
		strings.Replace(frag, "pages.csv", "%70ages.csv", 1), // an escape Encode would not write
		strings.Replace(frag, "h=86400", "h=8.64e4", 1),
	} {
		got, err := Decode(link)
		if err != nil || !reflect.DeepEqual(got, s) {
			t.Errorf("Decode(%.100q) = %+.100v, %v\nwant %+.100v", link, got, err, s)
		}
	}
}

// allocated returns the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestZipBomb decodes small links whose data unpacks to far more than
// they declare: each is refused, having allocated about what it declares.
func TestZipBomb(t *testing.T) {
	zeros := make([]byte, 8<<20)
	bomb := pack(t, zeros, flate.BestCompression) // 8 MiB in ~11 KiB of base64
	sum := FingerprintOf("bomb.csv", zeros)
	link := func(size string) string {
		return head + "&e=bomb.csv&z=" + size + "&x=" + hex.EncodeToString(sum.SHA256[:]) + "&d=" + bomb
	}
	for _, tc := range []struct {
		size, want string
		most       uint64 // bytes Decode may allocate
	}{
		{"1000", "the link is damaged: its data unpacks to more than the 1,000 bytes it declares — copy the whole link again", 256 << 10},
		{"1048576", "the link is damaged: its data unpacks to more than the 1,048,576 bytes it declares — copy the whole link again", 1<<20 + 256<<10},
		// The size it unpacks to, but more than the stream could ever hold.
		{"67108864", "the link is incomplete: its data ends early — copy the whole link", 256 << 10},
	} {
		var err error
		bytes := allocated(func() { _, err = Decode(link(tc.size)) })
		if err == nil || err.Error() != tc.want {
			t.Errorf("z=%s: error %v, want %s", tc.size, err, tc.want)
		}
		if bytes > tc.most {
			t.Errorf("z=%s: Decode allocated %d bytes, more than %d", tc.size, bytes, tc.most)
		}
		t.Logf("z=%s: Decode allocated %d bytes", tc.size, bytes)
	}
	// The honest link unpacks.
	if got, err := Decode(link("8388608")); err != nil || !bytes.Equal(got.Data, zeros) {
		t.Errorf("the honest 8 MiB link: %v", err)
	}
}

// TestZipBombAtTheLimit decodes a link declaring MaxInflated bytes whose
// data unpacks to more: it is refused after unpacking MaxInflated + 1.
func TestZipBombAtTheLimit(t *testing.T) {
	if testing.Short() {
		t.Skip("unpacks 64 MiB")
	}
	zeros := make([]byte, MaxInflated+1<<20)
	bomb := pack(t, zeros, flate.BestSpeed) // ~110 KiB of base64
	zeros = nil
	link := head + "&e=bomb.csv&z=67108864&x=" + strings.Repeat("0", 64) + "&d=" + bomb
	var err error
	bytes := allocated(func() { _, err = Decode(link) })
	want := "the link is damaged: its data unpacks to more than the 67,108,864 bytes it declares — copy the whole link again"
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %s", err, want)
	}
	if most := uint64(MaxInflated + 1<<20); bytes > most {
		t.Errorf("Decode allocated %d bytes, more than %d", bytes, most)
	}
	t.Logf("Decode allocated %d bytes", bytes)
}

// TestMaxRatio checks maxRatio against the best flate does: zeros.
func TestMaxRatio(t *testing.T) {
	zeros := make([]byte, 8<<20)
	for _, level := range []int{flate.BestSpeed, flate.DefaultCompression, flate.BestCompression} {
		n := len(mustDecode64(t, pack(t, zeros, level)))
		if int64(len(zeros)) > maxRatio*int64(n) {
			t.Errorf("level %d packs %d zeros into %d bytes, beyond maxRatio %d", level, len(zeros), n, maxRatio)
		}
	}
}
