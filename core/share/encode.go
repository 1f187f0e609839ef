package share

import (
	"bytes"
	"compress/flate"
	"encoding/base64"
	"encoding/hex"
	"errors"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Encode returns the fragment, without its leading "#", of a link to s
// (SPEC §7; the format is in the package comment). It embeds s.Data when
// the whole fragment, data included, is at most maxLen characters, the
// data packs into MaxEmbedded bytes and is at most MaxInflated bytes
// long, and otherwise writes its fingerprint; it stops packing as soon as
// the packed data outgrows what fits. The app passes Budget(address), so
// that its links, address and all, are at most MaxLink characters; a
// maxLen of MaxFragment embeds all that MaxEmbedded allows, as links were
// made before MaxLink. A fingerprint is written whatever maxLen is: it is
// the shortest link of a file. The same state and maxLen always give the
// same fragment, and Decode returns s from it, except that data too big
// to embed comes back as its fingerprint alone (Data nil).
//
// Encode refuses a state a link cannot hold: a parameter out of range, a
// file name that is empty, longer than 255 bytes or has control
// characters, a File that is not FingerprintOf(File.Name, Data) when Data
// is given, a sample with data or a file, or no data, file nor sample.
func Encode(s State, maxLen int) (string, error) {
	if err := s.Params.check(); err != nil {
		return "", err
	}
	var b strings.Builder
	if s.Params.SkipBad {
		b.WriteString(VersionSkip)
	} else {
		b.WriteString(Version)
	}
	for _, k := range params {
		b.WriteString("&" + k.key + "=" + k.format(&s.Params))
	}
	if s.Params.SkipBad {
		b.WriteString("&k=1")
	}
	f := s.File
	switch {
	case s.Params.Sample && s.Params.SkipBad:
		return "", errors.New("share: cannot make a link: the sample has no bad rows to skip")
	case s.Params.Sample:
		if s.Data != nil || f != (Fingerprint{}) {
			return "", errors.New("share: cannot make a link: a plan of the sample has no data or file of its own")
		}
		b.WriteString("&s=1")
		return b.String(), nil
	case s.Data == nil && f == (Fingerprint{}):
		return "", errors.New("share: cannot make a link: the state has no data, no file and is not the sample")
	case s.Data != nil && f != FingerprintOf(f.Name, s.Data):
		return "", errors.New("share: cannot make a link: File is not the fingerprint of Data (use NewState)")
	case !validName(f.Name):
		return "", errors.New("share: cannot make a link: the file name " + quote(f.Name) + " is not 1 to 255 bytes of text without control characters")
	case f.Size < 0:
		return "", errors.New("share: cannot make a link: the file size " + strconv.FormatInt(f.Size, 10) + " is negative")
	}
	// "&e=NAME" and "&f=NAME" are as long: the fragment with the data is
	// the fingerprint's, then "&d=" and the data's base64.
	name := escape(f.Name)
	tail := "&z=" + strconv.FormatInt(f.Size, 10) + "&x=" + hex.EncodeToString(f.SHA256[:])
	room := maxLen - (b.Len() + len("&e=") + len(name) + len(tail) + len("&d="))
	packed, ok := deflate(s.Data, base64.RawURLEncoding.DecodedLen(room))
	if !ok {
		b.WriteString("&f=" + name + tail)
		return b.String(), nil
	}
	b.WriteString("&e=" + name + tail + "&d=" + base64.RawURLEncoding.EncodeToString(packed))
	return b.String(), nil
}

// Budget returns the maxLen to give Encode for a page at address, the link
// without its "#" and fragment (e.g. "https://example.org/freshplan/"):
// MaxLink less the address's characters and the "#", so that a link with
// the data in it is at most MaxLink characters. A fragment's characters
// are all ASCII: its length in bytes is its length in characters.
func Budget(address string) int {
	return MaxLink - utf8.RuneCountInString(address) - len("#")
}

// deflate returns data as a raw DEFLATE stream at best compression and
// whether it may be embedded: data at most MaxInflated bytes, packed into
// at most room bytes and MaxEmbedded. It stops packing as soon as the
// stream outgrows that, so a big file costs little.
func deflate(data []byte, room int) ([]byte, bool) {
	if data == nil || len(data) > MaxInflated || room < 0 {
		return nil, false
	}
	w := &capped{max: min(room, MaxEmbedded)}
	zw, err := flate.NewWriter(w, flate.BestCompression)
	if err != nil {
		return nil, false
	}
	if _, err := zw.Write(data); err != nil {
		return nil, false
	}
	if err := zw.Close(); err != nil {
		return nil, false
	}
	return w.buf.Bytes(), true
}

// errFull is capped's refusal to grow past its limit.
var errFull = errors.New("share: the packed data is too big to embed")

// capped is a buffer that refuses to hold more than max bytes.
type capped struct {
	buf bytes.Buffer
	max int
}

func (c *capped) Write(p []byte) (int, error) {
	if c.buf.Len()+len(p) > c.max {
		return 0, errFull
	}
	return c.buf.Write(p)
}

// escape %-escapes a value for a fragment: everything but letters, digits
// and "-_.~", with a space as %20 (a "+" would read back as a plus).
func escape(v string) string {
	return strings.ReplaceAll(url.QueryEscape(v), "+", "%20")
}

// quote returns v in Go quotes for a message, cut to 40 characters.
func quote(v string) string {
	const most = 40
	n := 0
	for i := range v {
		if n == most {
			return strconv.Quote(v[:i]) + "…"
		}
		n++
	}
	return strconv.Quote(v)
}
