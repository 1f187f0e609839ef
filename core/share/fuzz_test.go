package share

import (
	"reflect"
	"strings"
	"testing"
)

// FuzzDecode feeds Decode arbitrary fragments (SPEC §9): it must never
// panic; it must refuse with one short line and a zero State, or return a
// state that Encode writes again and Decode reads back unchanged.
func FuzzDecode(f *testing.F) {
	sample := params0
	sample.Sample = true
	odd := Params{Horizon: 5e-324, Politeness: 1e300, Budget: 1, Crawlers: 3, Rate: 0.25,
		Objective: "age", Model: "horizon", Policy: "mwolf", Target: 0.999, HalfLife: 30}
	big := FingerprintOf("big log (1).cdx", nil)
	big.Size = 1 << 40
	for _, s := range []State{
		{Params: sample},
		NewState(params0, "pages.csv", csvData),
		NewState(odd, "empty.csv", []byte{}),
		NewState(params0, "zeros.bin", make([]byte, 5000)),
		NewState(params0, "noise.bin", randomBytes(9, 64)),
		NewState(odd, "a b+c&d=e%f#g 日本.csv", []byte("url,time,changed\nhttps://a.com/,2024-01-01T00:00:00Z,1\n")),
		{Params: params0, File: big},
		{Params: Params{Horizon: 86400, Politeness: 15, Objective: "staleness", Model: "steady", Policy: "psp", Target: 0.9, SkipBad: true}, File: big},
	} {
		frag := mustEncode(f, s)
		f.Add(frag)
		f.Add("#" + frag)
		f.Add(frag[:len(frag)*2/3])
	}
	for _, s := range []string{
		"", "#", "v1", "v2", "v1&", "v1&&", "v1&=", "v1&h", "v1&h=1&h=1", "v99999999999",
		head + "&s=1&z=1", head + "&e=a&z=1&x=00&d=AA", head + "&f=%zz&z=1&x=0",
		head + "&e=a&z=67108864&x=" + strings.Repeat("0", 64) + "&d=" + strings.Repeat("A", 100),
		head + "&e=a&z=3&x=" + strings.Repeat("f", 64) + "&d=__8",
		strings.Replace(head, "h=86400", "h=0x1p-2", 1) + "&s=1",
		strings.Replace(head, "t=0.9", "t=NaN", 1) + "&s=1",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, link string) {
		s, err := Decode(link)
		if err != nil {
			msg := err.Error()
			if msg == "" || len(msg) > 400 || strings.ContainsAny(msg, "\n\r") {
				t.Fatalf("message %q is not one short line", msg)
			}
			if !reflect.DeepEqual(s, State{}) {
				t.Fatalf("Decode returned %+.100v beside its error", s)
			}
			return
		}
		if _, err := Describe(link); err != nil {
			t.Fatalf("Describe refuses what Decode accepts: %v", err)
		}
		frag, err := Encode(s, MaxFragment) // Decode reads links longer than MaxLink
		if err != nil {
			t.Fatalf("Encode refuses a decoded state %+.200v: %v", s, err)
		}
		again, err := Decode(frag)
		if err != nil {
			t.Fatalf("Decode(Encode(s)): %v", err)
		}
		if !reflect.DeepEqual(again, s) {
			t.Fatalf("Decode(Encode(s)) = %+.200v\nwant %+.200v", again, s)
		}
	})
}
