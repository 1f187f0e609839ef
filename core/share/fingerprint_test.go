package share

import (
	"fmt"
	"slices"
	"strings"
	"testing"
)

func TestFingerprintCheck(t *testing.T) {
	f := FingerprintOf("pages.csv", csvData)
	longer := slices.Concat(csvData, []byte("\n"))
	edited := slices.Clone(csvData)
	edited[len(edited)-2] = '2' // same size, another hash
	for _, tc := range []struct {
		name string
		file string
		data []byte
		want string // "" for a match
	}{
		{"same file", "pages.csv", csvData, ""},
		{"renamed", "copy of pages (1).csv", csvData, ""},
		{"longer", "pages.csv", longer, "pages.csv is not the file this link was made from: it has 78 bytes and SHA-256 " + hexOf(FingerprintOf("", longer))[:8] + "…, the link expects 77 bytes and SHA-256 " + hexOf(f)[:8] + "…"},
		{"edited, renamed", "new.csv", edited, "new.csv is not the file this link was made from: it has 77 bytes and SHA-256 " + hexOf(FingerprintOf("", edited))[:8] + "…, the link expects 77 bytes and SHA-256 " + hexOf(f)[:8] + "… (it was made from pages.csv)"},
		{"empty", "", nil, "this file is not the file this link was made from: it has 0 bytes and SHA-256 e3b0c442…, the link expects 77 bytes and SHA-256 " + hexOf(f)[:8] + "… (it was made from pages.csv)"},
	} {
		err := f.Check(tc.file, tc.data)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want != "" && (err == nil || err.Error() != tc.want):
			t.Errorf("%s: error %v\nwant %s", tc.name, err, tc.want)
		}
	}
}

// hexOf returns f's SHA-256 in hexadecimal.
func hexOf(f Fingerprint) string {
	const digits = "0123456789abcdef"
	b := make([]byte, 0, 64)
	for _, c := range f.SHA256 {
		b = append(b, digits[c>>4], digits[c&15])
	}
	return string(b)
}

// TestAbbreviate shows hashes equal in their first 8 digits to the first
// digit that differs.
func TestAbbreviate(t *testing.T) {
	var a, b [32]byte
	a[5], b[5] = 0x12, 0x13
	x, y := abbreviate(a, b)
	if x != "000000000012" || y != "000000000013" {
		t.Errorf("abbreviate = %s, %s", x, y)
	}
	if x, y = abbreviate(a, a); len(x) != 64 || x != y {
		t.Errorf("abbreviate(a, a) = %s, %s", x, y)
	}
}

func TestPrompt(t *testing.T) {
	f := Fingerprint{Name: "big.csv", Size: 80 << 20, SHA256: [32]byte{0x77, 0xde, 0x0c, 0x5e, 0xff}}
	want := "Drop big.csv to see this plan: the link holds its fingerprint (80 MiB, SHA-256 77de0c5e…), not its data."
	if got := f.Prompt(); got != want {
		t.Errorf("Prompt() = %s\nwant %s", got, want)
	}
}

func TestByteSize(t *testing.T) {
	for _, tc := range []struct {
		n           int64
		count, size string
	}{
		{0, "0 bytes", "0 bytes"},
		{1, "1 byte", "1 byte"},
		{999, "999 bytes", "999 bytes"},
		{1023, "1,023 bytes", "1,023 bytes"},
		{1024, "1,024 bytes", "1 KiB"},
		{1536, "1,536 bytes", "1.5 KiB"},
		{123 << 10, "125,952 bytes", "123 KiB"},
		{MaxInflated, "67,108,864 bytes", "64 MiB"},
		{1<<40 + 1<<39, "1,649,267,441,664 bytes", "1.5 TiB"},
		{-1234, "-1,234 bytes", "-1,234 bytes"},
	} {
		if got := byteCount(tc.n); got != tc.count {
			t.Errorf("byteCount(%d) = %s, want %s", tc.n, got, tc.count)
		}
		if got := byteSize(tc.n); got != tc.size {
			t.Errorf("byteSize(%d) = %s, want %s", tc.n, got, tc.size)
		}
	}
}

func TestDescribe(t *testing.T) {
	sample := params0
	sample.Sample = true
	big := FingerprintOf("big.csv", nil)
	big.Size = 80 << 20
	skipping := params0
	skipping.SkipBad = true
	embedded := mustEncode(t, NewState(params0, "pages.csv", csvData))
	d := len(embedded) - strings.Index(embedded, "&d=") - 3
	for _, tc := range []struct {
		s    State
		want string
	}{
		{State{Params: sample}, "The link holds the parameters and plans the built-in sample."},
		{NewState(params0, "pages.csv", csvData), fmt.Sprintf("The link holds the parameters and the data of pages.csv (77 bytes, %d bytes in the link).", d)},
		{State{Params: params0, File: big}, "The link holds the parameters and a fingerprint of big.csv (80 MiB), which is too big for a link of 8,000 characters: whoever opens it must drop the same file."},
		{State{Params: skipping, File: big}, "The link holds the parameters and a fingerprint of big.csv (80 MiB), which is too big for a link of 8,000 characters: whoever opens it must drop the same file. Its bad rows are skipped, as they were here."},
	} {
		got, err := Describe(mustEncode(t, tc.s))
		if err != nil || got != tc.want {
			t.Errorf("Describe = %s, %v\nwant %s", got, err, tc.want)
		}
	}
	if _, err := Describe("v9"); err == nil {
		t.Errorf("Describe(v9) gave no error")
	}
}
