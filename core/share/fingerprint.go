package share

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Fingerprint names a file a link was made from without holding it: its
// name, size and SHA-256 (SPEC §7). Only Size and SHA256 decide whether a
// file matches; Name is for messages, so a renamed copy is accepted.
type Fingerprint struct {
	Name   string   // the file's name when the link was made
	Size   int64    // its length in bytes
	SHA256 [32]byte // the SHA-256 of its bytes
}

// FingerprintOf returns the fingerprint of the file called name holding
// data. A caller reading a big file in pieces may fill a Fingerprint
// itself with crypto/sha256 and compare it with Verify.
func FingerprintOf(name string, data []byte) Fingerprint {
	return Fingerprint{Name: name, Size: int64(len(data)), SHA256: sha256.Sum256(data)}
}

// Check returns nil if data, dropped as a file called name, is the file f
// was made from (same size and SHA-256, whatever its name), and otherwise
// an error saying how it differs.
func (f Fingerprint) Check(name string, data []byte) error {
	return f.Verify(FingerprintOf(name, data))
}

// Verify returns nil if got has f's size and SHA-256, and otherwise an
// error for the user, such as "new.csv is not the file this link was made
// from: it has 1,204 bytes and SHA-256 3b1f09ac…, the link expects 1,180
// bytes and SHA-256 77de0c5e… (it was made from pages.csv)".
func (f Fingerprint) Verify(got Fingerprint) error {
	if got.Size == f.Size && got.SHA256 == f.SHA256 {
		return nil
	}
	have, want := abbreviate(got.SHA256, f.SHA256)
	name := got.Name
	if name == "" {
		name = "this file"
	}
	made := ""
	if f.Name != got.Name {
		made = " (it was made from " + f.Name + ")"
	}
	return fmt.Errorf("%s is not the file this link was made from: it has %s and SHA-256 %s…, the link expects %s and SHA-256 %s…%s",
		name, byteCount(got.Size), have, byteCount(f.Size), want, made)
}

// Prompt returns what the app shows when a link holds f instead of the
// data: "Drop pages.csv to see this plan: the link holds its fingerprint
// (80 MiB, SHA-256 77de0c5e…), not its data."
func (f Fingerprint) Prompt() string {
	return fmt.Sprintf("Drop %s to see this plan: the link holds its fingerprint (%s, SHA-256 %s…), not its data.",
		f.Name, byteSize(f.Size), hex.EncodeToString(f.SHA256[:4]))
}

// abbreviate returns the hexadecimal digits of a and b cut to the first 8
// or, if those are equal, to the shortest prefix that tells them apart.
func abbreviate(a, b [32]byte) (string, string) {
	x, y := hex.EncodeToString(a[:]), hex.EncodeToString(b[:])
	n := 8
	for n < len(x) && x[:n] == y[:n] {
		n++
	}
	return x[:n], y[:n]
}

// maxName is the longest file name, in bytes, a link holds.
const maxName = 255

// validName reports whether a link may hold name: 1 to maxName bytes of
// UTF-8 without control characters or bidirectional overrides, which could
// disguise the name in a message.
func validName(name string) bool {
	if name == "" || len(name) > maxName || !utf8.ValidString(name) {
		return false
	}
	for _, r := range name {
		if unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) {
			return false
		}
	}
	return true
}

// byteCount writes n bytes with thousands separators: "1 byte",
// "1,204 bytes".
func byteCount(n int64) string {
	if n == 1 {
		return "1 byte"
	}
	s := strconv.FormatInt(n, 10)
	start := 0
	if n < 0 {
		start = 1
	}
	out := []byte(s[:start])
	for i := start; i < len(s); i++ {
		if i > start && (len(s)-i)%3 == 0 {
			out = append(out, ',')
		}
		out = append(out, s[i])
	}
	return string(out) + " bytes"
}

// byteSize writes n bytes for a reader: "800 bytes", "1.5 KiB", "123 KiB",
// "64 MiB", with one decimal below 10 unless it is 0.
func byteSize(n int64) string {
	if n < 1024 {
		return byteCount(n)
	}
	x, unit := float64(n)/1024, "KiB"
	for _, u := range []string{"MiB", "GiB", "TiB", "PiB", "EiB"} {
		if x < 1024 {
			break
		}
		x, unit = x/1024, u
	}
	if x < 9.95 {
		return strings.TrimSuffix(strconv.FormatFloat(x, 'f', 1, 64), ".0") + " " + unit
	}
	return strconv.FormatFloat(x, 'f', 0, 64) + " " + unit
}
